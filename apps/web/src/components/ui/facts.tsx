import type { ReactNode } from 'react';
import { ChunkStyles } from './chunk-styles';
import css from './data-display.css?inline';

/** Read-only facts as a description list; entries without a value are left out (docs/product.md, Admin dashboard). */
export function Facts({ items, empty }: { items: readonly (readonly [string, ReactNode])[]; empty?: string }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (shown.length === 0) return empty ? <p className="muted">{empty}</p> : null;
  return (
    <dl className="facts">
      <ChunkStyles name="ui-data-display" css={css} />
      {shown.map(([label, value]) => (
        <div key={label} className="facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
