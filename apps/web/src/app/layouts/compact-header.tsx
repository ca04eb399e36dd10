import { Link, NavLink } from 'react-router';
import { useSession } from '../../features/auth';
import { brand } from '../../lib/brand';
import { accountLinkOf, useSignOut } from './account-links';
import { CONTACT_SUPPORT } from './nav-items';
import { LogoMark } from './navbar';

const linkClass = ({ isActive }: { isActive: boolean }) => `compact-header__link${isActive ? ' compact-header__link--active' : ''}`;

/**
 * The header of a form page at 900px and below, where the navbar steps aside: a signed-in person
 * keeps the way home, to their account, to help and out (decision 060). Visitors get none. The width
 * rule is CSS (layout.css), like the navbar's.
 */
export function CompactHeader() {
  const session = useSession();
  const signOut = useSignOut();
  if (!session.signedIn) return null;
  return (
    <header className="compact-header">
      <div className="compact-header__inner">
        <Link to="/" className="brand compact-header__brand" aria-label={`${brand.name} home`}>
          <LogoMark />
          <span className="brand__name">{brand.name}</span>
        </Link>
        <nav className="compact-header__nav" aria-label="Account">
          <NavLink to={accountLinkOf(session).to} className={linkClass}>
            My account
          </NavLink>
          <Link to={CONTACT_SUPPORT} className="compact-header__link">
            Help
          </Link>
          <button type="button" className="compact-header__link compact-header__sign-out" onClick={() => void signOut()}>
            Sign out
          </button>
        </nav>
      </div>
    </header>
  );
}
