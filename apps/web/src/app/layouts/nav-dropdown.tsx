import { useEffect, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../components/ui';
import type { NavMenu } from './nav-items';

/** How an open dropdown was opened: hover-opened ones close when the mouse leaves. */
export type OpenSource = 'hover' | 'click' | 'focus' | 'keyboard';
export interface OpenDropdown {
  id: string;
  source: OpenSource;
}

export interface NavDropdownProps {
  menu: NavMenu;
  open: OpenDropdown | null;
  onOpenChange: (next: OpenDropdown | null) => void;
  /** A link in the menu was followed. */
  onNavigate: () => void;
}

/**
 * A disclosure menu (a button with aria-expanded and aria-controls, and a list of links). It opens on
 * hover, click or keyboard focus, and closes on Escape (focus back on the button), when focus leaves
 * it, when the mouse leaves a hover-opened menu, or on a click elsewhere. ArrowDown and ArrowUp move
 * through the links (from the button they open the menu), Home and End jump to the ends.
 */
export function NavDropdown({ menu, open, onOpenChange, onNavigate }: NavDropdownProps) {
  const { pathname } = useLocation();
  const isOpen = open?.id === menu.id;
  const rootRef = useRef<HTMLLIElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** Focus that should not open the menu: a pointer press, or focus given back after Escape. */
  const quietFocus = useRef(false);
  /** The link to focus once the list is shown. */
  const focusNext = useRef<'first' | 'last' | null>(null);
  const listId = `nav-menu-${menu.id}`;
  const current = menu.items.some((item) => !item.to.includes('#') && pathname.startsWith(item.to));

  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
  const focusLink = (index: number) => {
    const all = links();
    if (all.length) all[(index + all.length) % all.length]?.focus();
  };

  useLayoutEffect(() => {
    if (!isOpen || !focusNext.current) return;
    const all = Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
    (focusNext.current === 'first' ? all[0] : all[all.length - 1])?.focus();
    focusNext.current = null;
  }, [isOpen]);

  // A press anywhere else closes the menu (focus does not always move on a press, e.g. in Safari).
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onOpenChange(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen, onOpenChange]);

  function show(source: OpenSource, focus: 'first' | 'last' | null = null) {
    if (isOpen) {
      if (focus) focusLink(focus === 'first' ? 0 : -1);
      if (open?.source === 'hover' && source !== 'hover') onOpenChange({ id: menu.id, source });
      return;
    }
    focusNext.current = focus;
    onOpenChange({ id: menu.id, source });
  }

  function close(returnFocus: boolean) {
    onOpenChange(null);
    if (returnFocus) {
      quietFocus.current = true;
      triggerRef.current?.focus();
      quietFocus.current = false;
    }
  }

  function onTriggerClick() {
    quietFocus.current = false;
    // A click pins a hover-opened menu; otherwise it toggles.
    if (isOpen && open?.source !== 'hover') close(false);
    else show('click');
  }

  function onTriggerKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show('keyboard', event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function onListKeyDown(event: KeyboardEvent) {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: all.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      focusLink(moves[event.key]!);
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation();
      close(true);
    }
  }

  function onBlur(event: FocusEvent) {
    if (isOpen && !rootRef.current?.contains(event.relatedTarget)) onOpenChange(null);
  }

  const isMouse = (event: PointerEvent) => event.pointerType === 'mouse';

  return (
    <li
      ref={rootRef}
      className={`nav-dropdown${isOpen ? ' nav-dropdown--open' : ''}`}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onPointerEnter={(event) => {
        if (isMouse(event)) show('hover');
      }}
      onPointerLeave={(event) => {
        if (isMouse(event) && isOpen && open?.source === 'hover') onOpenChange(null);
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        className={`nav__link nav-dropdown__trigger${current ? ' nav__link--active' : ''}`}
        aria-expanded={isOpen}
        aria-controls={listId}
        onPointerDown={() => {
          quietFocus.current = true;
        }}
        onFocus={() => {
          if (!quietFocus.current) show('focus');
        }}
        onBlur={() => {
          quietFocus.current = false;
        }}
        onClick={onTriggerClick}
        onKeyDown={onTriggerKeyDown}
      >
        {menu.label}
        <Icon name="chevron" className="nav-dropdown__chevron" size={14} />
      </button>
      <ul id={listId} ref={listRef} className="nav-dropdown__menu" hidden={!isOpen} onKeyDown={onListKeyDown}>
        {menu.items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="nav-dropdown__link" onClick={onNavigate}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
