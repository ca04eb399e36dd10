import { HEALTH_LIST_MAX } from '@app/shared';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/ui';

interface EntryListProps<T> {
  /** The id of the fieldset; each row's controls start with it. */
  id: string;
  legend: string;
  /** What one entry is called, for the add and remove buttons: 'allergy'. */
  entryName: string;
  entries: T[];
  blank: T;
  onChange: (entries: T[]) => void;
  /** The controls of one entry; `update` replaces it. */
  renderEntry: (entry: T, index: number, update: (entry: T) => void) => ReactNode;
  /** A message about the list as a whole (too many entries). */
  error?: string | null;
  disabled?: boolean;
  emptyText: string;
}

/** One list of the health history: a row per entry with its own remove button, and an add button that focuses the new row. */
export function EntryList<T>({
  id,
  legend,
  entryName,
  entries,
  blank,
  onChange,
  renderEntry,
  error,
  disabled,
  emptyText,
}: EntryListProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const added = useRef(false);

  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    listRef.current?.querySelector<HTMLElement>('li:last-child input')?.focus();
  }, [entries.length]);

  function add() {
    added.current = true;
    onChange([...entries, blank]);
  }

  return (
    <fieldset className="entry-list" id={id} disabled={disabled} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="entry-list__legend">{legend}</legend>
      {entries.length === 0 ? (
        <p className="muted entry-list__empty">{emptyText}</p>
      ) : (
        <ul ref={listRef} className="entry-list__rows">
          {entries.map((entry, index) => (
            // Rows have no identity but their place: removing one re-renders those after it.
            <li key={index} className="entry-list__row">
              <div className="entry-list__fields">
                {renderEntry(entry, index, (next) => onChange(entries.map((e, i) => (i === index ? next : e))))}
              </div>
              <Button
                variant="ghost"
                size="sm"
                className="entry-list__remove"
                aria-label={`Remove ${entryName} ${index + 1}`}
                onClick={() => onChange(entries.filter((_, i) => i !== index))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      )}
      <div>
        <Button variant="secondary" size="sm" onClick={add} disabled={disabled || entries.length >= HEALTH_LIST_MAX}>
          Add {entryName}
        </Button>
      </div>
    </fieldset>
  );
}
