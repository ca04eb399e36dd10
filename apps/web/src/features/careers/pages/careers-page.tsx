import { Link } from 'react-router';
import { PageMeta } from '../../../components/layout/page-meta';
import { brand } from '../../../lib/brand';
import './careers.css';

interface Role {
  title: string;
  team: string;
  where: string;
  summary: string;
  points: string[];
}

const roles: Role[] = [
  {
    title: 'Telehealth Physician',
    team: 'Clinical',
    where: 'Remote, US-licensed (multi-state licensure a plus)',
    summary:
      'See patients by video and phone for urgent and primary care, prescribe when appropriate and coordinate follow-up with our care team.',
    points: [
      'Board certification in Family, Internal or Emergency Medicine',
      'Flexible shifts, days, nights or weekends',
      'Malpractice coverage provided',
    ],
  },
  {
    title: 'Nurse Care Coordinator',
    team: 'Clinical',
    where: 'Remote, US (RN license required)',
    summary:
      'Be the steady voice between visits: triage questions, arrange lab work and specialist referrals, and make sure every care plan is followed through.',
    points: [
      'Active RN license; compact license preferred',
      'Two or more years in ambulatory or telehealth nursing',
      'Calm, clear and kind on the phone',
    ],
  },
  {
    title: 'Patient Support Specialist',
    team: 'Member Care',
    where: 'Remote, US or Saint Louis, Missouri',
    summary:
      'Help members with appointments, plans and billing by phone, e-mail and chat, and turn what you hear into ideas that make the service better.',
    points: ['Experience in customer support, ideally in healthcare', 'Comfortable with rotating shifts in a 24/7 team', 'Spanish a plus'],
  },
  {
    title: 'Full-stack Engineer',
    team: 'Product & Engineering',
    where: 'Remote, US time zones',
    summary:
      'Build the patient website, the clinician tools and the services behind them, with TypeScript, React, Node.js and PostgreSQL, and with privacy and accessibility as everyday habits.',
    points: [
      'Several years shipping web products end to end',
      'Care for security, testing and plain-spoken code',
      'Healthcare or payments experience welcome',
    ],
  },
];

const reasons = [
  {
    title: 'Care that reaches people',
    text: 'Our members are parents at 2 a.m., caregivers between shifts and people far from a clinic. What you do here helps them the same day.',
  },
  {
    title: 'Remote, and close-knit',
    text: 'Most of us work from home across the United States, with a hub in Saint Louis. We meet often, write things down and look out for each other.',
  },
  {
    title: 'Room to grow',
    text: 'A yearly learning budget, mentoring, and paid time for CME and certifications, so you keep getting better at what you love.',
  },
  {
    title: 'Benefits that matter',
    text: 'Medical, dental and vision coverage, a free family membership, a 401(k) match and paid parental leave.',
  },
];

const applyHref = (role?: string) => `mailto:${brand.careersEmail}${role ? `?subject=${encodeURIComponent(`Application: ${role}`)}` : ''}`;

/** /careers: why work with us, open roles, how to apply. */
export default function CareersPage() {
  return (
    <div className="careers">
      <PageMeta
        title="Careers"
        description={`Join ${brand.name}: remote roles for US-licensed physicians, nurses, patient support specialists and engineers building virtual care.`}
      />
      <section className="careers__hero" aria-labelledby="careers-title">
        <div className="careers__hero-inner">
          <p className="careers__eyebrow">Careers at {brand.name}</p>
          <h1 id="careers-title">Help us bring a doctor to anyone, any hour</h1>
          <p className="careers__lead">
            We are a team of physicians, nurses, support specialists and engineers making quality care as easy to reach as a phone call. If
            that sounds like your kind of work, we would love to meet you.
          </p>
          <a className="btn btn--primary careers__hero-cta" href="#open-roles">
            See open roles
          </a>
        </div>
      </section>

      <section className="careers__section" aria-labelledby="why-title">
        <h2 id="why-title">Why work with us</h2>
        <ul className="careers__reasons">
          {reasons.map((reason) => (
            <li key={reason.title} className="careers__reason">
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="careers__section" id="open-roles" aria-labelledby="roles-title">
        <h2 id="roles-title">Open roles</h2>
        <ul className="careers__roles">
          {roles.map((role) => (
            <li key={role.title} className="careers__role">
              <article aria-labelledby={`role-${role.title.replace(/\W+/g, '-').toLowerCase()}`}>
                <p className="careers__team">{role.team}</p>
                <h3 id={`role-${role.title.replace(/\W+/g, '-').toLowerCase()}`}>{role.title}</h3>
                <p className="careers__where">{role.where}</p>
                <p>{role.summary}</p>
                <ul className="careers__points">
                  {role.points.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
                <a className="careers__apply" href={applyHref(role.title)}>
                  Apply for {role.title}
                </a>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section className="careers__section careers__how" aria-labelledby="apply-title">
        <h2 id="apply-title">How to apply</h2>
        <ol className="careers__steps">
          <li>
            E-mail your résumé or CV to <a href={applyHref()}>{brand.careersEmail}</a>, with the role in the subject line.
          </li>
          <li>Tell us in a few lines why this work matters to you. No cover-letter formula needed.</li>
          <li>We reply to every application within two weeks, and a first conversation takes about 30 minutes.</li>
        </ol>
        <p className="careers__note">
          Don't see your role? Write to us anyway. We are an equal opportunity employer and welcome people of every background. Questions
          about the service itself? <Link to="/contact">Contact our care team</Link>.
        </p>
      </section>
    </div>
  );
}
