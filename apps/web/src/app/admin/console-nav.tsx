import { useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Button } from '../../components/ui';
import { brand } from '../../lib/brand';

export interface ConsoleSection {
  /** The path under /admin, '' for the overview. */
  path: string;
  label: string;
}

interface ConsoleNavProps {
  sections: readonly ConsoleSection[];
  /** Who is signed in, once the admin check has answered. */
  who: { name: string; email: string } | null;
  onSignOut: () => void;
}

/**
 * The console's left navigation: every section a link (the current one marked for assistive technology), who is
 * signed in, and Sign Out. Below 900px it folds behind a 'Menu' button, and a chosen link folds it again.
 */
export function ConsoleNav({ sections, who, onSignOut }: ConsoleNavProps) {
  const { pathname } = useLocation();
  // Open on the page where it was opened: a new page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const toggle = useRef<HTMLButtonElement>(null);

  return (
    <div className={`console-nav${open ? ' console-nav--open' : ''}`}>
      <div className="console-nav__bar">
        <span className="console-nav__brand">
          {brand.name} <span className="console-nav__badge">Admin</span>
        </span>
        <button
          ref={toggle}
          type="button"
          className="console-nav__toggle"
          aria-expanded={open}
          aria-controls="console-nav-menu"
          onClick={() => setOpen(!open)}
          onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
        >
          <span className={`menu-icon${open ? ' menu-icon--open' : ''}`} aria-hidden="true" />
          Menu
        </button>
      </div>
      <nav
        id="console-nav-menu"
        className="console-nav__menu"
        aria-label="Admin sections"
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return;
          setOpen(false);
          toggle.current?.focus();
        }}
      >
        <ul className="console-nav__links">
          {sections.map((section) => (
            <li key={section.path}>
              <NavLink
                to={section.path ? `/admin/${section.path}` : '/admin'}
                end={!section.path}
                className="console-nav__link"
                // The current page's own link too: the menu has done its job.
                onClick={() => setOpen(false)}
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="console-nav__who">
          {who && (
            <p>
              Signed in as <strong>{who.name}</strong>
              {who.name !== who.email && <span className="console-nav__email">{who.email}</span>}
            </p>
          )}
          <Button variant="secondary" size="sm" onClick={onSignOut}>
            Sign Out
          </Button>
        </div>
      </nav>
    </div>
  );
}
