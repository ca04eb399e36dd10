import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClass } from '../../components/ui';
import { useSession } from '../../features/auth';
import { brand } from '../../lib/brand';
import { accountLinkOf, useSignOut } from './account-links';
import { NavDropdown, type OpenDropdown } from './nav-dropdown';
import { blogsMenu, learnMenu, servicesMenu } from './nav-items';
import { TopBar } from './top-bar';

export function LogoMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="currentColor" />
      <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="#fff" />
    </svg>
  );
}

/** Where 'Book an Appointment' leads: the admin dashboard, the clinic, a visit request, or sign-up. */
export function useBookingTarget() {
  const session = useSession();
  if (session.isAdmin) return '/admin';
  if (session.isClinician) return '/clinic';
  return session.signedIn ? '/visits/new' : '/consult';
}

const linkClass = ({ isActive }: { isActive: boolean }) => `nav__link${isActive ? ' nav__link--active' : ''}`;

/**
 * The contact strip and the navigation bar (docs/product.md, Public site). Below 901px the menu folds behind a
 * 'Menu' toggle; the form variant (sign-in, sign-up, contact, profile, admin) drops the logo.
 * Menus close by themselves on every navigation: their state belongs to one location.
 */
export function Navbar({ formVariant = false }: { formVariant?: boolean }) {
  const session = useSession();
  const location = useLocation();
  const leave = useSignOut();
  const booking = useBookingTarget();
  const account = accountLinkOf(session);
  const [mobileOpenOn, setMobileOpenOn] = useState<string | null>(null);
  const [dropdown, setDropdown] = useState<(OpenDropdown & { on: string }) | null>(null);
  const mobileOpen = mobileOpenOn === location.key;
  const openDropdown = dropdown?.on === location.key ? dropdown : null;

  const headerRef = useRef<HTMLElement>(null);

  // The open phone menu covers the screen below the bar, and the page behind it stays still.
  useLayoutEffect(() => {
    const header = headerRef.current;
    if (!mobileOpen || !header) return;
    header.style.setProperty('--menu-top', `${Math.max(0, Math.round(header.getBoundingClientRect().bottom))}px`);
    document.documentElement.classList.add('nav-open');
    return () => document.documentElement.classList.remove('nav-open');
  }, [mobileOpen]);

  const setOpenDropdown = (next: OpenDropdown | null) => setDropdown(next && { ...next, on: location.key });
  const closeAll = () => {
    setDropdown(null);
    setMobileOpenOn(null);
  };

  async function signOut() {
    closeAll();
    await leave();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && mobileOpen) {
      setMobileOpenOn(null);
      document.getElementById('nav-toggle')?.focus();
    }
  }

  const dropdownProps = { open: openDropdown, onOpenChange: setOpenDropdown, onNavigate: closeAll };

  return (
    <>
      <TopBar />
      <header ref={headerRef} className={`site-nav${formVariant ? ' site-nav--form' : ''}`} onKeyDown={onKeyDown}>
        <div className="site-nav__inner">
          <Link to="/" className="brand" aria-label={`${brand.name} home`} onClick={closeAll}>
            {!formVariant && <LogoMark />}
            <span className="brand__name">{brand.name}</span>
          </Link>
          <button
            id="nav-toggle"
            type="button"
            className="site-nav__toggle"
            aria-expanded={mobileOpen}
            aria-controls="site-menu"
            onClick={() => setMobileOpenOn(mobileOpen ? null : location.key)}
          >
            <span className={`menu-icon${mobileOpen ? ' menu-icon--open' : ''}`} aria-hidden="true" />
            Menu
          </button>
          <nav id="site-menu" className={`site-nav__menu${mobileOpen ? ' site-nav__menu--open' : ''}`} aria-label="Main">
            <ul className="nav__list">
              <li>
                <NavLink to="/" end className={linkClass} onClick={closeAll}>
                  Home
                </NavLink>
              </li>
              <NavDropdown menu={servicesMenu} {...dropdownProps} />
              <li>
                <Link to="/#plans" className="nav__link" onClick={closeAll}>
                  Plans
                </Link>
              </li>
              <li>
                <Link to="/#about" className="nav__link" onClick={closeAll}>
                  About Us
                </Link>
              </li>
              <NavDropdown menu={learnMenu} {...dropdownProps} />
              <li>
                <NavLink to="/contact" className={linkClass} onClick={closeAll}>
                  Contact Us
                </NavLink>
              </li>
              <NavDropdown menu={blogsMenu} {...dropdownProps} />
              {session.signedIn ? (
                <>
                  <li className="nav__account">
                    {/* One link to the dashboard (or the clinic), here, is enough: a separate Admin menu entry would repeat it. */}
                    <NavLink to={account.to} className={linkClass} onClick={closeAll}>
                      {account.label}
                    </NavLink>
                  </li>
                  <li>
                    <button type="button" className="nav__link nav__button" onClick={signOut}>
                      Sign Out
                    </button>
                  </li>
                </>
              ) : (
                <li className="nav__account">
                  <NavLink to="/login" className={linkClass} onClick={closeAll}>
                    Sign In
                  </NavLink>
                </li>
              )}
            </ul>
            <Link to={booking} className={buttonClass('primary', 'sm', true, 'site-nav__cta site-nav__cta--menu')} onClick={closeAll}>
              Book an Appointment
            </Link>
          </nav>
          <Link to={booking} className={buttonClass('primary', 'sm', false, 'site-nav__cta site-nav__cta--bar')}>
            Book an Appointment
          </Link>
        </div>
      </header>
    </>
  );
}
