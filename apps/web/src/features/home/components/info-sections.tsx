import { Link } from 'react-router';
import { Icon } from '../../../components/ui';
import { brand } from '../../../lib/brand';
import { tipArticles } from '../../tips';
import { howSteps, testimonials, whyCards } from '../content-more';

/** About (#about). */
export function AboutSection() {
  return (
    <section id="about" className="section" aria-labelledby="about-title">
      <div className="section__inner about">
        <div className="about__copy">
          <p className="section__eyebrow">About us</p>
          <h2 id="about-title">Healthcare that fits around your life</h2>
          <p>
            {brand.name} connects you with US board-certified doctors by phone or video, at any hour. We started with a simple idea: getting
            good medical advice should not mean taking a day off work, sitting in a waiting room, or wondering what a visit will cost.
          </p>
          <p>
            Our doctors practice with independent medical groups and are licensed in the state where you are. They treat common illnesses,
            help manage ongoing conditions, support mental well-being and care for children. When something needs hands-on care, they tell
            you where to go next.
          </p>
          <p className="about__note">
            Virtual care is not a substitute for emergency care. If you have chest pain, trouble breathing, signs of a stroke or another
            emergency, call 911.
          </p>
        </div>
        <ul className="about__facts" aria-label="At a glance">
          <li>
            <strong>24/7/365</strong>
            <span>doctors available every hour of every day</span>
          </li>
          <li>
            <strong>5–15 min</strong>
            <span>typical time to connect with a doctor</span>
          </li>
          <li>
            <strong>50 states</strong>
            <span>board-certified doctors licensed where you are</span>
          </li>
        </ul>
      </div>
    </section>
  );
}

/** How It Works (#how): six steps and a phone link. */
export function HowSection() {
  return (
    <section id="how" className="section section--tinted" aria-labelledby="how-title">
      <div className="section__inner">
        <header className="section__header">
          <p className="section__eyebrow">How it works</p>
          <h2 id="how-title">From sign-up to feeling better in six steps</h2>
        </header>
        <ol className="steps">
          {howSteps.map((step, index) => (
            <li key={step.title} className="step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3>
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="how__call">
          Prefer to talk to someone first?{' '}
          <a className="btn btn--secondary" href={brand.supportPhoneHref}>
            <Icon name="phone" size={20} /> Call to Book Now
            <span className="sr-only">: {brand.supportPhone}</span>
          </a>
        </p>
      </div>
    </section>
  );
}

/** Patient Stories (#testimonials): illustrative, and labelled as such. */
export function TestimonialsSection() {
  return (
    <section id="testimonials" className="section" aria-labelledby="testimonials-title">
      <div className="section__inner">
        <header className="section__header">
          <p className="section__eyebrow">Patient stories</p>
          <h2 id="testimonials-title">What virtual care can look like</h2>
          <p className="section__intro">
            Illustrative stories based on common member experiences; names and details are changed. Individual experiences and wait times
            vary.
          </p>
        </header>
        <ul className="story-grid">
          {testimonials.map((story) => (
            <li key={story.name} className="story">
              <figure>
                <Icon name="quote" className="story__mark" />
                <blockquote>
                  <p>{story.quote}</p>
                </blockquote>
                <figcaption>
                  <strong>{story.name}</strong>
                  <span>{story.detail}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Why the brand (#why): four cards. */
export function WhySection() {
  return (
    <section id="why" className="section section--tinted" aria-labelledby="why-title">
      <div className="section__inner">
        <header className="section__header">
          <p className="section__eyebrow">Why choose us</p>
          <h2 id="why-title">Why {brand.name}</h2>
        </header>
        <ul className="why-grid">
          {whyCards.map((card) => (
            <li key={card.title} className="why-card">
              <span className="why-card__icon">
                <Icon name={card.icon} />
              </span>
              <h3>{card.title}</h3>
              <p>{card.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Blog highlights (#blog): the three tip articles. */
export function BlogSection() {
  return (
    <section id="blog" className="section" aria-labelledby="blog-title">
      <div className="section__inner">
        <header className="section__header">
          <p className="section__eyebrow">From our blog</p>
          <h2 id="blog-title">Health tips from our care team</h2>
        </header>
        <ul className="blog-grid">
          {tipArticles.map((article) => (
            <li key={article.slug} className="blog-card">
              <p className="blog-card__meta">{article.readMinutes} min read</p>
              <h3>
                <Link to={article.path}>{article.title}</Link>
              </h3>
              <p>{article.summary}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
