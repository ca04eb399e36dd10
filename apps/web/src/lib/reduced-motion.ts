import { useSyncExternalStore } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function reducedMotionList(): MediaQueryList | null {
  try {
    return typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
  } catch {
    return null;
  }
}

/** Whether the visitor asked for reduced motion, now. False where matchMedia is missing. */
export const prefersReducedMotion = () => reducedMotionList()?.matches ?? false;

function subscribeReducedMotion(listener: () => void) {
  const list = reducedMotionList();
  list?.addEventListener?.('change', listener);
  return () => list?.removeEventListener?.('change', listener);
}

/**
 * Whether the visitor asked for reduced motion, re-rendering when that changes: true or false in the
 * browser, null while prerendering and hydrating (the HTML then carries both forms and CSS picks one).
 */
export function useReducedMotion(): boolean | null {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => null);
}
