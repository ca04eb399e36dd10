import { useState } from 'react';
import { Button } from './button';

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
