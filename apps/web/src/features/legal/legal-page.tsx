import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../components/layout/page-meta';
import { brand } from '../../lib/brand';
import '../../components/layout/content.css';
import './legal.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

const LAST_UPDATED = { label: 'October 2025', iso: '2025-10-01' };

/** The frame of the legal pages: heading, last-updated date, notice, contents list, sections. */
export function LegalPage({
  title,
  metaTitle,
  description,
  notice,
  intro,
  sections,
}: {
  title: string;
  metaTitle?: string;
  description: string;
  notice?: ReactNode;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <div className="legal">
      <PageMeta title={metaTitle ?? title} description={description} />
      <header className="legal__header">
        <div className="legal__header-inner">
          <h1 id="legal-title">{title}</h1>
          <p className="legal__updated">
            Last updated: <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.label}</time>
          </p>
        </div>
      </header>
      {notice && <div className="legal__notice-wrap">{notice}</div>}
      <div className="legal__layout">
        <nav className="legal__toc" aria-labelledby="legal-toc-title">
          <h2 id="legal-toc-title">On this page</h2>
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="legal__body">
          {intro}
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="legal__section">
              <h2 id={`${section.id}-title`}>{section.title}</h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The postal address, support e-mail, phone and contact page link (both legal pages end with it). */
export function ContactDetails({ department }: { department: string }) {
  return (
    <>
      <address className="legal__address">
        {brand.name}
        <br />
        Attn: {department}
        <br />
        {brand.headquarters}
      </address>
      <ul>
        <li>
          E-mail: <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
        </li>
        <li>
          Phone: <a href={brand.supportPhoneHref}>{brand.supportPhone}</a> (24 hours a day, 7 days a week)
        </li>
        <li>
          Online: our <Link to="/contact">contact page</Link>
        </li>
      </ul>
    </>
  );
}
