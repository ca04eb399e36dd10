import { brand } from '../../lib/brand';
import { Icon } from '../../components/ui';

/** The contact strip above the navigation bar (spec 1 §2.2). */
export function TopBar() {
  return (
    <div className="topbar">
      <div className="topbar__inner">
        <p className="topbar__hours">
          <Icon name="clock" size={16} />
          <span>{brand.hours}</span>
        </p>
        <a className="topbar__contact" href={brand.supportPhoneHref}>
          <Icon name="phone" size={16} />
          <span>{brand.supportPhone}</span>
        </a>
        <a className="topbar__contact" href={`mailto:${brand.supportEmail}`}>
          <Icon name="mail" size={16} />
          <span>{brand.supportEmail}</span>
        </a>
        <ul className="topbar__social" aria-label="Follow us">
          {brand.social.map(({ name, icon, href }) => (
            <li key={name}>
              <a href={href} aria-label={name} title={name} rel="noopener noreferrer">
                <Icon name={icon} size={16} />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
