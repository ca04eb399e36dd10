import { useSyncExternalStore } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const noop = () => undefined;
const neverChanges = () => noop;

function reducedMotionList(): MediaQueryList | null {
  try {
    return typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
  } catch {
    return null;
  }
}

function subscribeReducedMotion(listener: () => void) {
  const list = reducedMotionList();
  list?.addEventListener?.('change', listener);
  return () => list?.removeEventListener?.('change', listener);
}

/**
 * Whether the visitor asked for reduced motion: true or false in the browser, null while
 * prerendering and hydrating (the HTML then carries both forms and CSS picks one).
 */
export function useReducedMotion(): boolean | null {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => reducedMotionList()?.matches ?? false,
    () => null,
  );
}

export type HeroVariant = 'a' | 'b';

/** Picked once per page load (spec 1 §2.4: at random on each load). */
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
