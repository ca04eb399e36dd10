import type { ReactNode } from 'react';
import { useState } from 'react';
import { Alert, Button } from '../../../components/ui';
import { failureMessage } from '../query-client';

/** Numbers of a card as labelled tiles (docs/product.md, Admin dashboard). */
export function StatList({ items, compact = false }: { items: readonly (readonly [string, ReactNode])[]; compact?: boolean }) {
  return (
    <dl className={`admin-stats${compact ? ' admin-stats--compact' : ''}`}>
      {items.map(([label, value]) => (
        <div key={label} className="admin-stat">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A section that could not load: the server's message, else the section's own (docs/product.md, Messages), and 'Try again'. */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <Alert tone="error">
      <p>{failureMessage(error, fallback)}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** Prev, 'Page x of y', Next (docs/product.md, Admin dashboard); `page` is 0-based. */
export function Pager({
  label,
  page,
  totalPages,
  onPage,
}: {
  label: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="admin-pager" aria-label={label}>
      <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Prev
      </Button>
      <span aria-live="polite">
        Page {page + 1} of {totalPages}
      </span>
      <Button variant="secondary" size="sm" disabled={page + 1 >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/**
 * A card's 'View Details' / 'Hide Details' (docs/product.md, Admin dashboard). The details stay mounted once opened, so
 * closing the card does not throw away unsaved edits.
 */
export function useDetails(initiallyOpen = false) {
  const [expanded, setExpanded] = useState(initiallyOpen);
  const [opened, setOpened] = useState(initiallyOpen);
  return {
    expanded,
    opened,
    toggle: () => {
      setExpanded((e) => !e);
      setOpened(true);
    },
  };
}

export function DetailsToggle({
  expanded,
  controls,
  className,
  onToggle,
}: {
  expanded: boolean;
  controls: string;
  className: string;
  onToggle: () => void;
}) {
  return (
    <Button variant="secondary" size="sm" className={className} aria-expanded={expanded} aria-controls={controls} onClick={onToggle}>
      {expanded ? 'Hide Details' : 'View Details'}
    </Button>
  );
}
