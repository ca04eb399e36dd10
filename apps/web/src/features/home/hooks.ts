import { useSyncExternalStore } from 'react';

const noop = () => undefined;
const neverChanges = () => noop;

export type HeroVariant = 'a' | 'b';

/** Picked once per page load (docs/product.md, Public site: at random on each load). */
const loadVariant: HeroVariant = Math.random() < 0.5 ? 'a' : 'b';

/** The hero layout variant: 'a' in prerendered HTML, the load's random pick once hydrated. */
export function useHeroVariant(): HeroVariant {
  return useSyncExternalStore(
    neverChanges,
    () => loadVariant,
    () => 'a',
  );
}

/** False while prerendering and during hydration, true afterwards (and in a plain client render). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
