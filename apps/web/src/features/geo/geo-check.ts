import { useSyncExternalStore } from 'react';
import { getGeo, type GeoAnswer } from './api/get-geo';

export type GeoStatus =
  | { status: 'pending' }
  | { status: 'allowed'; country: string | null; state: string | null }
  | { status: 'blocked'; country: string | null; state: string | null };

/** US or USA leads to the app (docs/product.md, Public site); the server's `allowed` decides when it is given. */
export function geoStatusOf(answer: Partial<GeoAnswer> | null | undefined): GeoStatus {
  const country = typeof answer?.country === 'string' ? answer.country : null;
  const state = typeof answer?.state === 'string' ? answer.state : null;
  const allowed = typeof answer?.allowed === 'boolean' ? answer.allowed : !country || /^(US|USA)$/i.test(country);
  return { status: allowed ? 'allowed' : 'blocked', country, state };
}

/** A failed lookup lets the visitor in: the server still refuses what matters. */
const onFailure: GeoStatus = { status: 'allowed', country: null, state: null };
/** Prerendered HTML shows the site; the browser checks when it takes over. */
const serverSnapshot: GeoStatus = { status: 'allowed', country: null, state: null };

let current: GeoStatus = { status: 'pending' };
let check: Promise<void> | null = null;
const listeners = new Set<() => void>();

function settle(next: GeoStatus) {
  current = next;
  listeners.forEach((listener) => listener());
}

/** Asks the server once per page load; resolves when the answer (or the failure) is in. */
export function startGeoCheck(): Promise<void> {
  check ??= getGeo().then(
    (answer) => settle(geoStatusOf(answer)),
    () => settle(onFailure),
  );
  return check;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  void startGeoCheck();
  return () => listeners.delete(listener);
}

/** The visitor's access: pending until GET /api/geo answers, then allowed or blocked, with the country. */
export function useGeoCheck(): GeoStatus {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => serverSnapshot,
  );
}

/**
 * Only the access decision. A component that needs nothing more re-renders only when the decision
 * changes: a prerendered page whose visitor is let in is not rendered again when the answer arrives.
 */
export function useGeoStatus(): GeoStatus['status'] {
  return useSyncExternalStore(
    subscribe,
    () => current.status,
    () => serverSnapshot.status,
  );
}

/** Tests only: forget the answer so the next render asks again. */
export function resetGeoCheck() {
  current = { status: 'pending' };
  check = null;
}
