import { US_STATES } from '@app/shared';
import { useId, useState } from 'react';

interface StatePickerProps {
  /** The id prefix of the checkboxes, so two pickers on one page stay apart. */
  id: string;
  selected: readonly string[];
  onChange: (states: string[]) => void;
  error?: string | null;
}

/**
 * The licensed states, as checkboxes a thumb can hit, with a filter to find one among 51 without
 * scrolling: the choices stay checked while filtered out of sight, and the count says how many.
 */
export function StatePicker({ id, selected, onChange, error }: StatePickerProps) {
  const [filter, setFilter] = useState('');
  const hintId = useId();
  const chosen = new Set(selected);
  const needle = filter.trim().toLowerCase();
  const shown = US_STATES.filter(([code, name]) => !needle || name.toLowerCase().includes(needle) || code.toLowerCase() === needle);

  function toggle(code: string, on: boolean) {
    // Kept in the list's order, whatever order they were ticked in.
    onChange(US_STATES.map(([c]) => c).filter((c) => (c === code ? on : chosen.has(c))));
  }

  return (
    <fieldset className="state-picker" aria-describedby={error ? `${id}-error ${hintId}` : hintId} aria-invalid={error ? true : undefined}>
      <legend className="field__label">Licensed states</legend>
      <div className="state-picker__tools">
        <input
          type="search"
          className="input"
          aria-label="Find a state"
          placeholder="Find a state"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        <span className="state-picker__count" id={hintId} aria-live="polite">
          {selected.length === 0 ? 'None chosen' : `${selected.length} chosen: ${selected.join(', ')}`}
        </span>
      </div>
      <ul className="state-picker__list">
        {shown.map(([code, name]) => (
          <li key={code}>
            <label className="state-picker__option">
              <input type="checkbox" checked={chosen.has(code)} onChange={(event) => toggle(code, event.target.checked)} />
              <span>
                {name} <span className="state-picker__code">{code}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </fieldset>
  );
}
