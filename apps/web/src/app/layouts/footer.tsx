import { Link } from 'react-router';
import { useSession } from '../../features/auth';
import { brand } from '../../lib/brand';
import { Icon } from '../../components/ui';
import { SocialLinks } from './social-links';
import { LogoMark, useBookingTarget } from './navbar';
import { CONTACT_SUPPORT, servicesMenu } from './nav-items';

const YEAR = new Date().getFullYear();

export function Footer() {
  const session = useSession();
  const booking = useBookingTarget();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Link to="/" className="brand brand--footer" aria-label={`${brand.name} home`}>
            <LogoMark />
            <span className="brand__name">{brand.name}</span>
          </Link>
          <p>Virtual visits with US board-certified doctors by phone or video, 24 hours a day, 365 days a year.</p>
          <SocialLinks className="site-footer__social" iconSize={18} />
        </div>

        <nav className="site-footer__col" aria-labelledby="footer-care">
          <h2 id="footer-care" className="site-footer__heading">
            Care
          </h2>
          <ul className="site-footer__links">
            {servicesMenu.items.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
            <li>
              <Link to="/#plans">Plans</Link>
            </li>
          </ul>
        </nav>

        <nav className="site-footer__col" aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__heading">
            Company
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to="/#about">About Us</Link>
            </li>
            <li>
              <Link to="/careers">Careers</Link>
            </li>
            <li>
              <Link to={CONTACT_SUPPORT}>Contact Us</Link>
            </li>
            <li>
              <Link to="/#faq">FAQs</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms-of-service">Terms of Service</Link>
            </li>
          </ul>
        </nav>

        <div className="site-footer__col">
          <h2 className="site-footer__heading">Get in touch</h2>
          <ul className="site-footer__contact">
            <li>
              <Icon name="phone" size={16} />
              <a href={brand.supportPhoneHref}>{brand.supportPhone}</a>
            </li>
            <li>
              <Icon name="mail" size={16} />
              <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
            </li>
            <li>
              <Icon name="clock" size={16} />
              <span>{brand.hours}</span>
            </li>
            <li>
              <Icon name="pin" size={16} />
              <address>{brand.headquarters}</address>
            </li>
          </ul>
          <Link to={booking} className="site-footer__book">
            {session.signedIn ? 'Book an Appointment' : 'Start a Visit'}
          </Link>
        </div>
      </div>

      <div className="site-footer__bottom">
        <p className="site-footer__emergency" role="note">
          <strong>If you think you have a medical emergency, call 911.</strong>
        </p>
        <p className="site-footer__legal">
          © {YEAR} {brand.name}. All rights reserved. {brand.name} is not a medical provider; care is given by licensed physicians of
          independent medical groups.
        </p>
      </div>
    </footer>
  );
}
