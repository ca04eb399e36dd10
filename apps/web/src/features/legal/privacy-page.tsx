import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { ContactDetails, LegalPage, type LegalSection } from './legal-page';

/** docs/product.md, Constants: the privacy policy's constants. */
const PRIVACY = {
  minimumAge: 18,
  atRest: 'AES-256',
  inTransit: 'TLS 1.2',
  recordYears: 7,
} as const;

const sections: LegalSection[] = [
  {
    id: 'data-we-collect',
    title: '1. Information we collect',
    body: (
      <>
        <p>We collect only what we need to provide safe virtual care and run your membership.</p>
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Account details:</strong> your name, e-mail address, phone number, date of birth, ZIP code and postal address, and your
            password (which we store only as a one-way hash).
          </li>
          <li>
            <strong>Health information:</strong> symptoms, medical history, medications, allergies, and anything you share with a Provider
            during a consultation, together with the notes, diagnoses and prescriptions that result.
          </li>
          <li>
            <strong>Payment details:</strong> billing name and address and the card you pay with. Card numbers and security codes go to our
            payment processor for each charge; we never store them, and we keep only the card type and last four digits.
          </li>
          <li>
            <strong>Messages:</strong> what you send us through contact forms, e-mail, phone or text.
          </li>
        </ul>
        <h3>Information collected automatically</h3>
        <ul>
          <li>
            <strong>Device and usage data:</strong> IP address, browser and device type, pages visited and times of access, kept in security
            logs.
          </li>
          <li>
            <strong>Approximate location:</strong> the country and state derived from your IP address, to confirm that you are in the United
            States and to match you with a Provider licensed in your state.
          </li>
          <li>
            <strong>Cookies and similar storage:</strong> used to keep you signed in, remember your preferences and protect your account. We
            do not use advertising cookies.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: '2. How we use your information',
    body: (
      <>
        <ul>
          <li>to create and secure your account and verify your e-mail address;</li>
          <li>to connect you with Providers and support your care, including prescriptions and follow-up;</li>
          <li>to process payments, renewals and refunds;</li>
          <li>to confirm your eligibility, including your age and US location;</li>
          <li>to send you transactional messages about your account, visits and billing;</li>
          <li>to answer your questions and requests;</li>
          <li>to detect, prevent and investigate fraud, abuse and security incidents;</li>
          <li>to maintain and improve the Services, using de-identified or aggregated data where possible;</li>
          <li>to meet our legal, regulatory and record-keeping obligations.</li>
        </ul>
        <p>
          <strong>We do not sell your personal information</strong>, and we do not share it for targeted advertising.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: '3. How we share information',
    body: (
      <>
        <p>We share personal information only as needed to provide the Services, and only with:</p>
        <ul>
          <li>
            <strong>Providers and their medical groups</strong>, who use your health information to treat you;
          </li>
          <li>
            <strong>Pharmacies and laboratories</strong> you choose, to fill prescriptions and arrange tests;
          </li>
          <li>
            <strong>Service providers</strong> who work for us under contract, such as hosting, e-mail and text delivery, and payment
            processing. They may use the information only to provide their service to us and must protect it; where they handle health
            information, they sign business associate agreements;
          </li>
          <li>
            <strong>People you authorize</strong>, such as a caregiver you add to a visit;
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires it, to protect someone’s safety, or to defend legal claims;
          </li>
          <li>
            <strong>A successor</strong>, if {brand.name} is involved in a merger, acquisition or sale of assets, subject to this policy.
          </li>
        </ul>
        <p>
          Health information created by Providers is also protected by the federal HIPAA Privacy Rule; the Providers’ Notice of Privacy
          Practices, available on request, describes your rights under it.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: '4. Security',
    body: (
      <>
        <p>We protect your information with administrative, technical and physical safeguards, including:</p>
        <ul>
          <li>
            encryption of stored data with <strong>{PRIVACY.atRest}</strong> (encryption at rest);
          </li>
          <li>
            encryption of all data sent between your device and our servers with <strong>{PRIVACY.inTransit} or higher</strong> (encryption
            in transit);
          </li>
          <li>passwords stored only as strong one-way hashes, and sessions you can end by signing out;</li>
          <li>access limited to staff and Providers who need it for their work, with audit logs;</li>
          <li>regular security reviews and staff privacy training.</li>
        </ul>
        <p>
          No system is completely secure. Please use a strong, unique password and tell us right away if you suspect unauthorized access. If
          a breach affects your information, we will notify you as the law requires.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: '5. Retention',
    body: (
      <p>
        We keep medical records and the personal data linked to them for {PRIVACY.recordYears} years after your last consultation, or longer
        where federal or state law requires (for example, records of minors may be kept until some years after they turn 18). Billing
        records are kept as tax and accounting laws require. Security logs are kept for a shorter period. When the retention period ends, we
        securely delete the data or make it anonymous.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: '6. Your rights and choices',
    body: (
      <>
        <p>Depending on the state where you live, you may have the right to:</p>
        <ul>
          <li>know what personal information we hold about you and receive a copy of it;</li>
          <li>correct information that is inaccurate;</li>
          <li>ask us to delete your information, subject to the records we must keep by law (see section 5);</li>
          <li>limit our use of sensitive personal information;</li>
          <li>opt out of text messages and optional e-mails at any time;</li>
          <li>appeal our decision on a request.</li>
        </ul>
        <p>
          To make a request, contact us using the details below. We will verify your identity before acting, and you may use an authorized
          agent. We respond within the time the law requires, usually 45 days, and we will not treat you differently for exercising your
          rights.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: '7. Children under 18',
    body: (
      <p>
        You must be at least {PRIVACY.minimumAge} years old to create an account. We do not knowingly collect personal information directly
        from children under {PRIVACY.minimumAge}. A parent or legal guardian may provide a child’s information to arrange care for that
        child and controls it as the child’s representative. If you believe a child under {PRIVACY.minimumAge} has given us information
        without a parent or guardian, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'international',
    title: '8. International transfers',
    body: (
      <p>
        The Services are offered only to people located in the United States, and we store and process personal information in the United
        States. We do not transfer your information outside the United States, except where a service provider acting for us does so under a
        written contract that requires the same level of protection as this policy. If you access the site from outside the United States,
        your information will be handled in the United States under this policy.
      </p>
    ),
  },
  {
    id: 'sms',
    title: '9. SMS terms',
    body: (
      <>
        <p>
          If you opt in to text messages, we use your mobile number only to send transactional messages about your account, visits,
          prescriptions and billing. Message frequency varies, and standard message and data rates may apply.
        </p>
        <ul>
          <li>
            Reply <strong>STOP</strong> to opt out. We will confirm and send no further texts.
          </li>
          <li>
            Reply <strong>START</strong> to opt back in.
          </li>
          <li>
            Reply <strong>HELP</strong> for help, or contact us using the details below.
          </li>
        </ul>
        <p>We do not sell or share your mobile number or your text-messaging consent with third parties for their marketing.</p>
      </>
    ),
  },
  {
    id: 'changes',
    title: '10. Changes to this policy',
    body: (
      <p>
        We may update this policy from time to time. We will post the new version with a new “last updated” date and, for material changes,
        notify you by e-mail or in the patient portal before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: '11. Contact us',
    body: (
      <>
        <p>For privacy questions or requests, contact our privacy team:</p>
        <ContactDetails department="Privacy Officer" />
      </>
    ),
  },
];

/** /privacy-policy (docs/product.md, Public site). */
export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description={`How ${brand.name} collects, uses, shares and protects your information, and your choices. AES-256 at rest, TLS 1.2+ in transit.`}
      intro={
        <p>
          Your health information is personal. This policy explains what information {brand.name} collects when you use our website, patient
          portal and virtual care services, how we use and protect it, and the choices you have. It should be read together with our{' '}
          <Link to="/terms-of-service">Terms and Conditions</Link>.
        </p>
      }
      sections={sections}
    />
  );
}
