import { messages } from '@app/shared';
import { PageTitle } from '../../../components/layout/page-title';
import { brand } from '../../../lib/brand';
import { useGeoCheck } from '../geo-check';
import './geo.css';

function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The page a visitor outside the United States sees in place of every page (docs/product.md, Public site). */
export function BlockedPage() {
  const geo = useGeoCheck();
  const where = countryName(geo.status === 'pending' ? null : geo.country);
  return (
    <section className="blocked" aria-labelledby="blocked-title">
      <PageTitle>{messages.geoBlockedTitle}</PageTitle>
      <div className="blocked__card">
        <svg className="blocked__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="3" />
          <path
            d="M4 24h40M24 4c6 6 8 13 8 20s-2 14-8 20M24 4c-6 6-8 13-8 20s2 14 8 20"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
          />
        </svg>
        <h1 id="blocked-title">{messages.geoBlockedTitle}</h1>
        <p className="blocked__lead">{messages.geoBlockedText}</p>
        {where && (
          <p className="blocked__where">
            Your connection appears to come from <strong>{where}</strong>.
          </p>
        )}
        <p>{messages.geoBlockedHelp}</p>
        <ul className="blocked__contact">
          <li>
            Phone: <a href={brand.supportPhoneHref}>{brand.supportPhone}</a>
          </li>
          <li>
            E-mail: <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
          </li>
        </ul>
        <p className="blocked__emergency">If you think you have a medical emergency, call your local emergency number.</p>
      </div>
    </section>
  );
}
