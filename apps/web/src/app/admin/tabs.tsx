import { useRef, type KeyboardEvent, type ReactNode } from 'react';

interface TabItem<Id extends string> {
  id: Id;
  label: string;
}

interface TabsProps<Id extends string> {
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** The content of the selected tab's panel; the other panels stay empty and hidden. */
  children: ReactNode;
}

const tabId = (id: string) => `admin-tab-${id}`;
const panelId = (id: string) => `admin-panel-${id}`;

/**
 * WAI-ARIA tabs with automatic activation: one tab stop, the arrow keys (and Home / End) move between
 * tabs and select them, and the panel that follows is labelled by its tab.
 */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect, children }: TabsProps<Id>) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.id === selected);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  }

  return (
    <>
      <div className="admin-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            className="admin-tabs__tab"
            aria-selected={tab.id === selected}
            aria-controls={panelId(tab.id)}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          className="admin-tabs__panel"
          hidden={tab.id !== selected}
        >
          {tab.id === selected && children}
        </div>
      ))}
    </>
  );
}
