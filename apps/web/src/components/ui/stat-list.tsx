import type { ReactNode } from 'react';
import { ChunkStyles } from './chunk-styles';
import css from './data-display.css?inline';

/** Numbers as labelled tiles (docs/product.md, Admin dashboard); `compact` for a row of many. */
export function StatList({ items, compact = false }: { items: readonly (readonly [string, ReactNode])[]; compact?: boolean }) {
  return (
    <dl className={`stat-list${compact ? ' stat-list--compact' : ''}`}>
      <ChunkStyles name="ui-data-display" css={css} />
      {items.map(([label, value]) => (
        <div key={label} className="stat-list__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
