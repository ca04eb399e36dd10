import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../../components/ui';
import { JsonLd } from '../../../lib/head';
import { FAQ_STRUCTURED_COUNT, faqs as allFaqs, type FaqEntry } from '../content-more';
import { useHydrated } from '../hooks';

function faqStructuredData(entries: FaqEntry[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.slice(0, FAQ_STRUCTURED_COUNT).map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer.join(' ') },
    })),
  };
}

/**
 * FAQ (#faq): one entry open at a time, clicking the open one closes it. The entry named by the
 * address hash (/#faq-insurance) opens and scrolls into view. The first four are FAQPage data.
 */
export function FaqSection({ entries = allFaqs }: { entries?: FaqEntry[] }) {
  const location = useLocation();
  // The prerendered HTML has every entry closed; the hash is read once the page is hydrated.
  const hydrated = useHydrated();
  const hash = hydrated ? decodeURIComponent(location.hash.slice(1)) : '';
  const fromHash = entries.some((entry) => entry.id === hash) ? hash : null;
  // A click wins until the hash changes again.
  const [choice, setChoice] = useState<{ hash: string; open: string | null } | null>(null);
  const open = choice && choice.hash === hash ? choice.open : fromHash;

  useEffect(() => {
    if (!fromHash) return;
    document.getElementById(fromHash)?.scrollIntoView?.({ block: 'start' });
  }, [fromHash]);

  const toggle = (id: string) => setChoice({ hash, open: open === id ? null : id });

  return (
    <section id="faq" className="section section--tinted" aria-labelledby="faq-title">
      <JsonLd id="faq" data={faqStructuredData(entries)} />
      <div className="section__inner faq">
        <header className="section__header">
          <p className="section__eyebrow">FAQs</p>
          <h2 id="faq-title">Frequently asked questions</h2>
        </header>
        <div className="faq__list">
          {entries.map((entry) => {
            const isOpen = open === entry.id;
            return (
              <div key={entry.id} id={entry.id} className="faq__item" data-open={isOpen || undefined}>
                <h3 className="faq__question">
                  <button
                    type="button"
                    id={`${entry.id}-button`}
                    aria-expanded={isOpen}
                    aria-controls={`${entry.id}-answer`}
                    onClick={() => toggle(entry.id)}
                  >
                    <span>{entry.question}</span>
                    <Icon name="chevron" className="faq__chevron" />
                  </button>
                </h3>
                <div
                  id={`${entry.id}-answer`}
                  className="faq__answer"
                  role="region"
                  aria-labelledby={`${entry.id}-button`}
                  hidden={!isOpen}
                >
                  {entry.answer.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                  {entry.id === 'faq-missing' && (
                    <p>
                      <Link to="/contact#support-title">Contact our support team</Link>
                    </p>
                  )}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
