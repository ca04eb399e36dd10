import { useSyncExternalStore } from 'react';
import { getInFlight, subscribeInFlight } from '../../lib/api-client';

/** The overlay shown while any API call is in flight. It never blocks the page. */
export function GlobalSpinner() {
  const count = useSyncExternalStore(subscribeInFlight, getInFlight, () => 0);
  const busy = count > 0;
  return (
    <div className={`global-spinner${busy ? ' global-spinner--active' : ''}`} role="status" aria-live="polite">
      {busy && (
        <>
          <span className="global-spinner__badge">
            <span className="spinner" aria-hidden="true" />
          </span>
          <span className="sr-only">Loading…</span>
        </>
      )}
    </div>
  );
}
