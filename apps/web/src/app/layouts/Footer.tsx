import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { useSession } from '../../features/auth';
import { LogoMark, useBookingTarget } from './Navbar';

const YEAR = new Date().getFullYear();

export function Footer() {
  const session = useSession();
  const booking = useBookingTarget();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="brand brand--footer">
            <LogoMark />
            <span className="brand__name">{brand.name}</span>
          </p>
          <p>Virtual visits with US board-certified doctors by phone or video, 24 hours a day, 365 days a year.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to={booking}>Book an Appointment</Link>
            </li>
            {!session.signedIn && (
              <li>
                <Link to="/login">Sign In</Link>
              </li>
            )}
          </ul>
        </nav>
        <p className="site-footer__emergency">
          <strong>Medical emergency?</strong> Call 911 or go to the nearest emergency room.
        </p>
      </div>
      <p className="site-footer__legal">
        © {YEAR} {brand.name}. {brand.name} is not a medical provider; care is given by licensed physicians of
        independent medical groups.
      </p>
    </footer>
  );
}
