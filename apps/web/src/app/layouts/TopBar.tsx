import { brand } from '../../lib/brand';
import { ClockIcon, MailIcon, PhoneIcon, socialIcons } from './icons';

/** The contact strip above the navigation bar (spec 1 §2.2). */
export function TopBar() {
  return (
    <div className="topbar">
      <div className="topbar__inner">
        <p className="topbar__hours">
          <ClockIcon />
          <span>{brand.hours}</span>
        </p>
        <a className="topbar__contact" href={brand.supportPhoneHref}>
          <PhoneIcon />
          <span>{brand.supportPhone}</span>
        </a>
        <a className="topbar__contact" href={`mailto:${brand.supportEmail}`}>
          <MailIcon />
          <span>{brand.supportEmail}</span>
        </a>
        <ul className="topbar__social" aria-label="Follow us">
          {brand.social.map(({ name, href }) => {
            const Icon = socialIcons[name];
            return (
              <li key={name}>
                <a href={href} aria-label={name} title={name} rel="noopener noreferrer">
                  <Icon />
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
