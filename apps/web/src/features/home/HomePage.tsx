import { Link } from 'react-router';
import { PageTitle } from '../../components/layout/PageTitle';
import { buttonClass } from '../../components/ui';
import { brand } from '../../lib/brand';
import { useSession } from '../auth';
import './home.css';

const highlights = [
  { title: 'Doctors around the clock', text: 'Talk to a US board-certified doctor by phone or video, 24 hours a day, 365 days a year.' },
  { title: 'Prescriptions made simple', text: 'When appropriate, your doctor sends prescriptions straight to your pharmacy.' },
  { title: 'Plans for every stage', text: 'Individual and family memberships, or a single visit with no membership at all.' },
];

/** The welcome page (the full home page comes later). */
export default function HomePage() {
  const session = useSession();
  const start = session.isAdmin ? '/admin' : session.signedIn ? '/profile' : '/consult';
  return (
    <div className="home">
      <PageTitle>Virtual doctor visits 24/7</PageTitle>
      <section className="home__hero" aria-labelledby="home-title">
        <div className="home__hero-inner">
          <div className="home__hero-copy">
            <p className="home__eyebrow">{brand.name}</p>
            <h1 id="home-title">Care from a real doctor, whenever you need it</h1>
            <p className="home__lead">
              Virtual visits by phone or video with US board-certified doctors in all 50 states. Most patients are seen in
              under 20 minutes.
            </p>
            <div className="home__actions">
              <Link className={buttonClass('primary')} to={start}>
                {session.signedIn ? 'Go to my account' : 'Start a Visit'}
              </Link>
              {!session.signedIn && (
                <Link className={buttonClass('secondary')} to="/login">
                  Sign In
                </Link>
              )}
            </div>
            <p className="home__note">In an emergency, call 911.</p>
          </div>
          <ul className="home__facts" aria-label="At a glance">
            <li>
              <strong>Under 20 min</strong>
              <span>urgent care response</span>
            </li>
            <li>
              <strong>24/7/365</strong>
              <span>phone or video visits</span>
            </li>
            <li>
              <strong>All 50 states</strong>
              <span>US board-certified doctors</span>
            </li>
          </ul>
        </div>
      </section>
      <section className="home__highlights" aria-label="Why members choose us">
        {highlights.map((item) => (
          <article key={item.title} className="home__card">
            <h2>{item.title}</h2>
            <p>{item.text}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
