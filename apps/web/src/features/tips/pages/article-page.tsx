import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../../components/layout/page-meta';
import { buttonClass } from '../../../components/ui';
import { brand } from '../../../lib/brand';
import { JsonLd } from '../../../lib/head';
import { useStartVisitPath } from '../../auth';
import { CaregiverSupport } from '../articles/caregiver-support';
import { FirstVisit } from '../articles/first-visit';
import { PreventiveCare } from '../articles/preventive-care';
import { findTipArticle, tipArticles, type TipArticleMeta } from '../meta';
import '../../../components/layout/content.css';
import '../tips.css';

const bodies: Record<TipArticleMeta['slug'], ComponentType> = {
  'caregiver-support': CaregiverSupport,
  'first-visit': FirstVisit,
  'preventive-care': PreventiveCare,
};

/** When the articles were written (shown and given to search engines). */
const PUBLISHED = '2025-10-01';

/** A tip article (docs/product.md, Public site): the text, its read time, and a call to action at the end. */
export default function ArticlePage({ slug }: { slug: TipArticleMeta['slug'] }) {
  const article = findTipArticle(slug);
  const Body = bodies[slug];
  const start = useStartVisitPath();
  const others = tipArticles.filter((other) => other.slug !== slug);
  return (
    <article className="article" data-article={slug}>
      <PageMeta title={article.title} description={article.summary} />
      <JsonLd
        id="article"
        data={{
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: article.title,
          description: article.summary,
          datePublished: PUBLISHED,
          author: { '@type': 'Organization', name: `${brand.name} care team` },
          publisher: { '@type': 'Organization', name: brand.name },
          timeRequired: `PT${article.readMinutes}M`,
        }}
      />
      <header className="article__header">
        <div className="article__header-inner">
          <p className="section__eyebrow">
            <Link to="/#blog">Health tips</Link>
          </p>
          <h1>{article.title}</h1>
          <p className="article__meta">
            <span>{article.readMinutes} min read</span>
            <span aria-hidden="true">·</span>
            <span>
              By the {brand.name} care team, <time dateTime={PUBLISHED}>October 2025</time>
            </span>
          </p>
        </div>
      </header>
      <div className="article__body">
        <Body />
        <aside className="article__cta" aria-labelledby="article-cta-title">
          <h2 id="article-cta-title">Talk to a doctor today</h2>
          <p>US board-certified doctors are available by phone or video, 24 hours a day. In an emergency, call 911.</p>
          <Link className={buttonClass('primary')} to={start}>
            {article.cta}
          </Link>
        </aside>
        <nav className="article__more" aria-label="More health tips">
          <h2>More health tips</h2>
          <ul>
            {others.map((other) => (
              <li key={other.slug}>
                <Link to={other.path}>{other.title}</Link> <span>({other.readMinutes} min read)</span>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </article>
  );
}
