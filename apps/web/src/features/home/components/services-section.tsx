import { Link } from 'react-router';
import { Icon } from '../../../components/ui';
import { services } from '../content';

/** Services We Provide (#services): six cards; only those with a page show 'Learn More'. */
export function ServicesSection() {
  return (
    <section id="services" className="section" aria-labelledby="services-title">
      <div className="section__inner">
        <header className="section__header">
          <p className="section__eyebrow">Our services</p>
          <h2 id="services-title">Services We Provide</h2>
          <p className="section__intro">
            Care for the everyday problems that send most people to a clinic, from the comfort of home. Your doctor will tell you if you
            need to be seen in person.
          </p>
        </header>
        <ul className="service-grid">
          {services.map((service) => (
            <li key={service.id} id={service.anchor} className="service-card">
              <span className="service-card__icon">
                <Icon name={service.icon} />
              </span>
              <h3 id={`service-${service.id}`}>{service.title}</h3>
              <p>{service.desc}</p>
              <ul className="check-list">
                {service.bullets.map((bullet) => (
                  <li key={bullet}>{bullet}</li>
                ))}
              </ul>
              {service.link && (
                <Link className="service-card__link" to={service.link}>
                  {/* Three identical 'Learn More' links would tell a screen reader or search engine nothing. */}
                  Learn More<span className="sr-only"> about {service.title}</span> <Icon name="arrow" size={18} />
                </Link>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
