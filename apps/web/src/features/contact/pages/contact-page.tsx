import { Link } from 'react-router';
import { PageMeta } from '../../../components/layout/page-meta';
import { brand } from '../../../lib/brand';
import mapUrl from '../assets/missouri-map.svg';
import { EnquiryForm } from '../components/enquiry-form';
import './contact.css';

/** /contact (docs/product.md, Public site): customer service, the enquiry form, headquarters with a map. */
export default function ContactPage() {
  return (
    <div className="contact">
      <PageMeta
        title="Contact us"
        description={`Reach the ${brand.name} care team any day, any hour: phone, e-mail or an enquiry form. Headquarters in ${brand.headquarters}.`}
      />
      {/* On small screens this page has no navbar: a plain brand link leads home. */}
      <div className="contact__brand">
        <Link to="/">{brand.name}</Link>
      </div>
      <header className="contact__hero">
        <p className="contact__eyebrow">We're here 24/7</p>
        <h1>Contact us</h1>
        <p className="contact__lead">
          Questions about a visit, your membership or billing? Our care team answers every day of the year, by phone, e-mail or through the
          form below.
        </p>
      </header>

      <div className="contact__grid">
        <section className="contact__card contact__support" aria-labelledby="support-title">
          <h2 id="support-title" tabIndex={-1}>
            Customer Service
          </h2>
          <p>Talk to a real person about appointments, plans, prescriptions or your account.</p>
          <dl className="contact__details">
            <div>
              <dt>Phone</dt>
              <dd>
                <a href={brand.supportPhoneHref}>{brand.supportPhone}</a>
              </dd>
            </div>
            <div>
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
              </dd>
            </div>
            <div>
              <dt>Hours</dt>
              <dd>{brand.hours}</dd>
            </div>
          </dl>
          <p className="contact__emergency">
            <strong>If you think you have a medical emergency, call 911.</strong>
          </p>
        </section>

        <section className="contact__card contact__form" aria-labelledby="enquiry-title">
          <h2 id="enquiry-title">Send us an enquiry</h2>
          <p className="contact__muted">We reply by e-mail or phone, usually within one business day.</p>
          <EnquiryForm />
        </section>

        <section className="contact__card contact__hq" aria-labelledby="hq-title">
          <h2 id="hq-title">Headquarters</h2>
          <address className="contact__address">{brand.headquarters}</address>
          <figure className="contact__map">
            <img
              src={mapUrl}
              width={640}
              height={520}
              alt="Map of Missouri with a pin on Saint Louis, on the Mississippi River at the state's eastern edge, where our headquarters are."
            />
          </figure>
          <a className="contact__directions" href={brand.directionsUrl} target="_blank" rel="noopener noreferrer">
            Get directions<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </section>
      </div>
    </div>
  );
}
