import { messages } from '@app/shared';
import './geo.css';

/** Covers the page while the country lookup runs (docs/product.md, Public site). */
export function GeoPending() {
  return (
    <div className="geo-pending" role="status" aria-live="polite">
      <span className="spinner spinner--lg" aria-hidden="true" />
      <p className="geo-pending__text">{messages.geoChecking}</p>
    </div>
  );
}
