import type { ReactNode } from 'react';
import { ChunkStyles } from './chunk-styles';
import css from './data-display.css?inline';
import { DefinedTerm } from './defined-term';

/** A tile's name, its value, and optionally what the figure means (shown on hover and focus). */
type StatItem = readonly [label: string, value: ReactNode, definition?: string];

/** Numbers as labelled tiles (docs/product.md, Admin dashboard); `compact` for a row of many. */
export function StatList({ items, compact = false }: { items: readonly StatItem[]; compact?: boolean }) {
  return (
    <dl className={`stat-list${compact ? ' stat-list--compact' : ''}`}>
      <ChunkStyles name="ui-data-display" css={css} />
      {items.map(([label, value, definition]) => (
        <div key={label} className="stat-list__item">
          <dt>{definition ? <DefinedTerm definition={definition}>{label}</DefinedTerm> : label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
