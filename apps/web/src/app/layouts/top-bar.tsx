import { brand } from '../../lib/brand';
import { Icon } from '../../components/ui';
import { SocialLinks } from './social-links';

/** The contact strip above the navigation bar (docs/product.md, Public site). */
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
        <SocialLinks className="topbar__social" iconSize={16} />
      </div>
    </div>
  );
}
