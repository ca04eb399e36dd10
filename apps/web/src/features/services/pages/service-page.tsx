import { Link } from 'react-router';
import { PageMeta } from '../../../components/layout/page-meta';
import { Icon, buttonClass } from '../../../components/ui';
import { brand } from '../../../lib/brand';
import { JsonLd } from '../../../lib/head';
import { useStartVisitPath } from '../../auth';
import { consultationLabel, findServicePage, type ServicePageContent } from '../services';
import '../../../components/layout/content.css';
import '../services.css';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const STEPS = [
  { title: 'Book your visit', text: 'Create your account or sign in, choose a plan or a single visit, and tell us your symptoms.' },
  {
    title: 'Meet your doctor by secure video',
    text: 'A US board-certified doctor licensed in your state reviews your history and talks with you face to face.',
  },
  {
    title: 'Get treatment',
    text: 'Leave with a care plan. If medication is appropriate, your prescription is sent to the pharmacy you choose.',
  },
];

function structuredData(page: ServicePageContent) {
  return {
    '@context': 'https://schema.org',
    '@type': 'MedicalWebPage',
    name: `Virtual ${page.title}`,
    description: page.metaDescription,
    mainEntity: {
      '@type': 'Service',
      name: `Virtual ${page.title}`,
      serviceType: 'Telehealth consultation',
      description: page.description,
      provider: { '@type': 'Organization', name: brand.name, telephone: brand.supportPhone, email: brand.supportEmail },
      areaServed: { '@type': 'Country', name: 'United States' },
      availableChannel: { '@type': 'ServiceChannel', name: 'Secure video or phone visit' },
      hoursAvailable: { '@type': 'OpeningHoursSpecification', dayOfWeek: DAYS, opens: '00:00', closes: '23:59' },
      offers: { '@type': 'Offer', price: page.price.toFixed(2), priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    },
  };
}

/** The one template of the four service pages (docs/product.md, Public site). */
function ServiceTemplate({ page }: { page: ServicePageContent }) {
  const startPath = useStartVisitPath();
  // Signed in, the request form opens with this page's service chosen.
  const start = startPath === '/visits/new' ? `${startPath}?service=${page.slug}` : startPath;
  const label = consultationLabel(page);
  return (
    <div className="service-page" data-service={page.slug}>
      <PageMeta title={`Virtual ${page.title}`} description={page.metaDescription} />
      <JsonLd id="service" data={structuredData(page)} />

      <section className="svc-hero" aria-labelledby="service-title">
        <div className="svc-hero__inner">
          <div>
            <p className="section__eyebrow svc-hero__eyebrow">
              <Link to="/#services">Our services</Link> <span aria-hidden="true">/</span> {page.title}
            </p>
            <h1 id="service-title">{page.heading}</h1>
            <p className="svc-hero__lead">{page.description}</p>
            <div className="svc-hero__actions">
              <Link className={buttonClass('primary')} to={start}>
                {label}
              </Link>
              <a className="svc-hero__how" href="#how-it-works">
                How It Works <Icon name="arrow" size={18} />
              </a>
            </div>
            <ul className="svc-hero__highlights">
              {page.highlights.map((item) => (
                <li key={item}>
                  <Icon name="check" size={18} /> {item}
                </li>
              ))}
            </ul>
            <p className="svc-hero__price">
              ${page.price} per visit. Individual and Family memberships include unlimited visits with no per-visit fee.
            </p>
          </div>
          <figure className="svc-hero__media">
            <img src={page.image.src} alt={page.image.alt} width={400} height={300} loading="lazy" />
          </figure>
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <div className="section__inner">
          <header className="section__header">
            <h2 id="why-title">Why Choose Virtual {page.title}?</h2>
          </header>
          <ul className="svc-why">
            {page.why.map((item) => (
              <li key={item.title}>
                <span className="svc-why__icon">
                  <Icon name={item.icon} />
                </span>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="conditions-title">
        <div className="section__inner">
          <header className="section__header">
            <h2 id="conditions-title">Conditions We Treat</h2>
            <p className="section__intro">
              Our doctors commonly help with the conditions below. Your doctor decides whether a virtual visit is right for you and will
              tell you if you need in-person care.
            </p>
          </header>
          <ul className="check-list svc-conditions">
            {page.conditions.map((condition) => (
              <li key={condition}>{condition}</li>
            ))}
          </ul>
          <p className="svc-emergency" role="note">
            <Icon name="alert" size={20} />
            <span>
              <strong>Not for emergencies.</strong> {page.caution}
            </span>
          </p>
        </div>
      </section>

      <section id="how-it-works" className="section" aria-labelledby="how-title">
        <div className="section__inner">
          <header className="section__header">
            <h2 id="how-title">How It Works</h2>
          </header>
          <ol className="svc-steps">
            {STEPS.map((step, index) => (
              <li key={step.title}>
                <span className="svc-steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="svc-cta" aria-labelledby="cta-title">
        <div className="svc-cta__inner">
          <h2 id="cta-title">Ready to Get Started?</h2>
          <p>A licensed physician is available in minutes, 24/7, 365 days a year.</p>
          <Link className={buttonClass('primary')} to={start}>
            {label}
          </Link>
        </div>
      </section>
    </div>
  );
}

/** A service page route: /services/{slug}. */
export default function ServicePage({ slug }: { slug: ServicePageContent['slug'] }) {
  return <ServiceTemplate page={findServicePage(slug)} />;
}
