import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ChunkStyles } from './chunk-styles';
import css from './data-display.css?inline';

/** The room a tooltip keeps from the window's edges. */
const EDGE = 8;

/**
 * A figure's name with its definition, shown on hover and on keyboard focus (a tooltip the name
 * describes itself with), moved back inside the window when it would stick out, and hidden again by
 * Escape without moving focus.
 */
export function DefinedTerm({ children, definition }: { children: ReactNode; definition: string }) {
  const id = useId();
  const tip = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const [shift, setShift] = useState(0);

  useLayoutEffect(() => {
    if (!open || !tip.current) {
      setShift(0);
      return;
    }
    // Measured where it opens (no shift while closed): moved left as far as it sticks out, never past the left edge.
    const { left, right } = tip.current.getBoundingClientRect();
    const overflow = right - (document.documentElement.clientWidth - EDGE);
    setShift(overflow > 0 ? -Math.min(overflow, Math.max(0, left - EDGE)) : 0);
  }, [open]);

  return (
    <span
      className="defined-term"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      <ChunkStyles name="ui-data-display" css={css} />
      <span
        className="defined-term__name"
        tabIndex={0}
        aria-describedby={id}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        {children}
      </span>
      {/* Hidden from the tree as content: it is the name's description, not part of the name. */}
      <span
        ref={tip}
        role="tooltip"
        id={id}
        className={`defined-term__tip${open ? ' defined-term__tip--open' : ''}`}
        style={shift ? { translate: `${shift}px 0` } : undefined}
        aria-hidden="true"
      >
        {definition}
      </span>
    </span>
  );
}
