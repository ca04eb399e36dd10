import { Icon } from '../../components/ui';
import { brand } from '../../lib/brand';

/** The brand's social profiles as icon links (top bar and footer). */
export function SocialLinks({ className, iconSize }: { className: string; iconSize: number }) {
  return (
    <ul className={className} aria-label="Follow us">
      {brand.social.map(({ name, icon, href }) => (
        <li key={name}>
          <a href={href} aria-label={name} title={name} rel="noopener noreferrer">
            <Icon name={icon} size={iconSize} />
          </a>
        </li>
      ))}
    </ul>
  );
}
