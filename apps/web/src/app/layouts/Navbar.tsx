import { useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { buttonClass } from '../../components/ui';
import { brand } from '../../lib/brand';
import { logout, useSession } from '../../features/auth';

export function LogoMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="currentColor" />
      <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="#fff" />
    </svg>
  );
}

/** Where 'Book an Appointment' leads: the admin dashboard, the profile, or sign-up. */
export function useBookingTarget() {
  const session = useSession();
  if (session.isAdmin) return '/admin';
  return session.signedIn ? '/profile' : '/consult';
}

export function Navbar({ formVariant }: { formVariant: boolean }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const booking = useBookingTarget();
  // The menu closes by itself on every page change: it is open only for the page it was opened on.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;

  async function signOut() {
    setOpenOn(null);
    await logout();
    navigate('/login', { replace: true });
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      setOpenOn(null);
      document.getElementById('nav-toggle')?.focus();
    }
  }

  const linkClass = ({ isActive }: { isActive: boolean }) => `nav__link${isActive ? ' nav__link--active' : ''}`;

  return (
    <header className={`site-nav${formVariant ? ' site-nav--form' : ''}`} onKeyDown={onKeyDown}>
      <div className="site-nav__inner">
        <Link to="/" className="brand" aria-label={`${brand.name} home`}>
          <LogoMark />
          <span className="brand__name">{brand.name}</span>
        </Link>
        <button
          id="nav-toggle"
          type="button"
          className="site-nav__toggle"
          aria-expanded={open}
          aria-controls="site-menu"
          onClick={() => setOpenOn(open ? null : location.pathname)}
        >
          <span className="site-nav__toggle-icon" aria-hidden="true" />
          {open ? 'Close' : 'Menu'}
        </button>
        <nav id="site-menu" className={`site-nav__menu${open ? ' site-nav__menu--open' : ''}`} aria-label="Main">
          <ul className="nav__list">
            <li>
              <NavLink to="/" end className={linkClass}>
                Home
              </NavLink>
            </li>
            {session.isAdmin && (
              <li>
                <NavLink to="/admin" className={linkClass}>
                  Admin
                </NavLink>
              </li>
            )}
            {session.signedIn && !session.isAdmin && (
              <li>
                <NavLink to="/profile" className={linkClass}>
                  My Profile
                </NavLink>
              </li>
            )}
            {session.signedIn ? (
              <li>
                <button type="button" className="nav__link nav__button" onClick={signOut}>
                  Sign Out
                </button>
              </li>
            ) : (
              <li>
                <NavLink to="/login" className={linkClass}>
                  Sign In
                </NavLink>
              </li>
            )}
          </ul>
          <Link to={booking} className={buttonClass('primary', 'sm', false, 'site-nav__cta')}>
            Book an Appointment
          </Link>
        </nav>
      </div>
    </header>
  );
}
