import { useId, useState, type ReactNode } from 'react';
import { ChunkStyles } from './chunk-styles';
import css from './data-display.css?inline';

/**
 * A figure's name with its definition, shown on hover and on keyboard focus (a tooltip the name
 * describes itself with), and hidden again by Escape without moving focus.
 */
export function DefinedTerm({ children, definition }: { children: ReactNode; definition: string }) {
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  return (
    <span
      className={`defined-term${dismissed ? ' defined-term--dismissed' : ''}`}
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      <ChunkStyles name="ui-data-display" css={css} />
      <span
        className="defined-term__name"
        tabIndex={0}
        aria-describedby={id}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDismissed(true);
        }}
      >
        {children}
      </span>
      {/* Hidden from the tree as content: it is the name's description, not part of the name. */}
      <span role="tooltip" id={id} className="defined-term__tip" aria-hidden="true">
        {definition}
      </span>
    </span>
  );
}
