import { formatUsd, MEMBERSHIP_TERMS, SHORTEST_MINIMUM_TERM_DAYS } from '@app/shared';
import { Link } from 'react-router';
import { Icon } from '../../components/ui';
import { brand } from '../../lib/brand';
import { ContactDetails, LegalPage, type LegalSection } from './legal-page';

/** docs/product.md, Constants: the terms' constants; the membership's come from the rules the server applies. */
const TERMS = {
  recordYears: 7,
  cancelNoticeDays: MEMBERSHIP_TERMS.cancelNoticeDays,
  minimumTermDays: SHORTEST_MINIMUM_TERM_DAYS,
} as const;
const { minimumTermDays, earlyCancellationFeeCents } = MEMBERSHIP_TERMS;

const sections: LegalSection[] = [
  {
    id: 'medical-consultations',
    title: 'Medical consultations',
    body: (
      <>
        <p>
          {brand.name} (“{brand.name}”, “we”, “us” or “our”) operates a technology platform that connects members with independent, licensed
          physicians and other clinicians (“Providers”) for virtual consultations by video, phone or secure message. {brand.name} is not a
          medical provider and does not practice medicine. Medical care is provided by Providers who belong to independent medical groups
          and who use their own professional judgment.
        </p>
        <p>
          No physician-patient relationship is created by visiting or using this site, by creating an account, or by reading any information
          on it. A physician-patient relationship is formed only between you and a Provider, and only when the Provider accepts you as a
          patient after reviewing your medical history (see section 6).
        </p>
        <p>
          Information on this site, including articles and frequently asked questions, is general information. It is not medical advice for
          you and does not replace a consultation with a Provider.
        </p>
      </>
    ),
  },
  {
    id: 'use-of-site',
    title: '1. Use of site',
    body: (
      <>
        <p>
          These Terms and Conditions (“Terms”) govern your use of the {brand.name} website, patient portal and related services (together,
          the “Services”). By creating an account or using the Services, you agree to these Terms and to our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link>. If you do not agree, please do not use the Services.
        </p>
        <p>
          We grant you a limited, personal, non-exclusive, non-transferable and revocable license to use the Services for your own health
          care and that of dependents you are authorized to act for. You agree not to:
        </p>
        <ul>
          <li>use the Services for any unlawful purpose or to obtain medication for anyone other than the patient;</li>
          <li>provide false, misleading or incomplete information, or impersonate another person;</li>
          <li>share your account or allow anyone else to use your login;</li>
          <li>
            copy, modify, scrape, reverse engineer or interfere with the Services, or attempt to gain unauthorized access to any system or
            data;
          </li>
          <li>record a consultation without the Provider’s consent, or harass or abuse Providers or staff.</li>
        </ul>
        <p>
          We may update these Terms from time to time. We will post the new version with a new “last updated” date and, for material
          changes, notify you by e-mail or in the portal. Continuing to use the Services after a change takes effect means you accept the
          updated Terms.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: '2. Eligibility',
    body: (
      <>
        <p>
          To create an account you must be at least 18 years old (the age of majority where you live) and able to enter into a binding
          contract. A parent or legal guardian may use the Services for a child or other dependent and must be present during that
          dependent’s consultation.
        </p>
        <p>
          The Services are offered only to people located in the United States. You must be physically located in a US state where a
          Provider is licensed at the time of each consultation, and you agree not to use the Services from outside the United States.
        </p>
        <p>
          To register, you must provide your name, address, telephone number and e-mail address, and accept the cookies the Services need to
          work (for example, to keep you signed in). You agree to keep this information accurate and up to date.
        </p>
        <p>
          You are responsible for keeping your password confidential and for all activity under your account. Tell us immediately at{' '}
          <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a> if you believe your account has been used without your
          permission.
        </p>
      </>
    ),
  },
  {
    id: 'medical-record',
    title: '3. Electronic medical record',
    body: (
      <>
        <p>
          We maintain an electronic medical record (“EMR”) for each patient on behalf of the Providers. It includes the information you give
          us, consultation notes, diagnoses, prescriptions and after-visit summaries. You can view your visit summaries in the patient
          portal and may request a copy of your full record at any time.
        </p>
        <p>
          Your EMR and the personal data associated with it are archived for {TERMS.recordYears} years after your last consultation, or
          longer where federal or state law requires, and are then securely deleted. Deleting your account does not delete medical records
          that we or the Providers are legally required to keep.
        </p>
      </>
    ),
  },
  {
    id: 'payments-refunds',
    title: '4. Payments and refunds',
    body: (
      <>
        <p>
          Prices for memberships and single visits are shown on the site before you pay and are charged in US dollars. Monthly memberships
          are billed in advance every 30 days. A One Time Visit is charged once, when you buy it.
        </p>
        <p>
          If you upgrade or downgrade your membership, the change takes effect at the start of your next full billing cycle. Until then,
          your current plan and its price remain in place.
        </p>
        <p>
          Fees are generally non-refundable once a billing period has started or a consultation has taken place. Refunds, credits and
          exceptions are granted at {brand.name}’s sole discretion. If you believe you were charged in error, contact us within 60 days of
          the charge.
        </p>
        <p>
          {brand.name} does not bill health insurance. You may be able to submit receipts to your insurer, HSA or FSA yourself; we do not
          guarantee reimbursement.
        </p>
      </>
    ),
  },
  {
    id: 'site-control',
    title: '5. Site control',
    body: (
      <>
        <p>
          The Services are controlled and operated from the United States. We may change, suspend or discontinue any part of the Services,
          including features, content, plans and hours of availability, at any time. We will give reasonable notice of changes that
          materially affect a paid membership.
        </p>
        <p>
          We may suspend or close an account that breaks these Terms, that is used fraudulently, or where continuing would put the safety of
          patients or Providers at risk. All content, trademarks and software on the site belong to {brand.name} or its licensors.
        </p>
      </>
    ),
  },
  {
    id: 'legal-notices',
    title: '6. Legal notices',
    body: (
      <>
        <p>
          Before a Provider can treat you, you must complete a medical history assessment. A physician-patient relationship is formed only
          when a Provider has reviewed that assessment and agrees to treat you. Keep your medical history complete and accurate; Providers
          rely on it.
        </p>
        <p>
          Providers decide, in their independent professional judgment, whether a virtual consultation is appropriate and what treatment to
          offer. They may decline to treat you, recommend in-person care, or decline to prescribe. A prescription is never guaranteed, and
          Providers do not prescribe controlled substances through the Services.
        </p>
        <p>
          Virtual care has limits: a Provider cannot physically examine you, and some conditions cannot be diagnosed remotely. You agree to
          seek in-person care when a Provider recommends it.
        </p>
      </>
    ),
  },
  {
    id: 'payment-authorization',
    title: '7. Payment authorization and cancellation',
    body: (
      <>
        <p>
          By choosing a monthly membership, you authorize {brand.name} and its payment processor to charge the card you provide
          automatically every 30 days (“auto-debit”) at the price shown when you enrolled, until you cancel. We will tell you in advance of
          any change to your price, and the change will apply only from a later billing cycle.
        </p>
        <p>You agree to the following cancellation rules:</p>
        <ul>
          <li>
            A cancellation request must be received at least {TERMS.cancelNoticeDays} days before your next renewal date to stop that
            renewal. Requests received later take effect at the following renewal.
          </li>
          <li>
            A monthly auto-debit plan cannot be cancelled within {TERMS.minimumTermDays} days of purchase. Some plans have a longer minimum
            term, which is shown on the plan before you buy it: Individual Monthly {minimumTermDays.individualMonthly} days, Family Monthly{' '}
            {minimumTermDays.familyMonthly} days. A cancellation made earlier takes effect at the first renewal after the minimum term, and
            the renewals before it are charged.
          </li>
          <li>
            {earlyCancellationFeeCents === 0
              ? 'There is no early cancellation fee.'
              : `If you end a plan before its minimum term, an early cancellation fee of ${formatUsd(earlyCancellationFeeCents)} applies.`}
          </li>
          <li>After cancellation, your membership stays active until the end of the period you have paid for.</li>
        </ul>
        <p>
          To cancel, choose “Cancel membership” on your profile: before you confirm, we show what it will cost and the day your membership
          ends, and you can keep your membership until that day. You can also contact us by phone or e-mail, or through the{' '}
          <Link to="/contact">contact page</Link>. We will confirm your cancellation in writing. If a payment fails, we may retry it and may
          pause your membership until the balance is paid.
        </p>
      </>
    ),
  },
  {
    id: 'disclaimer',
    title: '8. Disclaimer',
    body: (
      <>
        <p>
          The Services are provided “as is” and “as available”. To the fullest extent permitted by law, {brand.name} disclaims all
          warranties, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. We
          do not guarantee that the Services will be uninterrupted or error-free, or that a Provider will be available within any particular
          time; wait times shown on the site are typical, not promised.
        </p>
        <p>
          {brand.name} is not responsible for the medical advice or treatment given by Providers, who are solely responsible for their
          professional services. To the fullest extent permitted by law, {brand.name} will not be liable for any indirect, incidental,
          special, consequential or punitive damages, and our total liability for any claim relating to the Services is limited to the
          amount you paid us in the 12 months before the claim arose. Some states do not allow these limitations, so they may not apply to
          you.
        </p>
      </>
    ),
  },
  {
    id: 'indemnity',
    title: '9. Indemnity',
    body: (
      <p>
        You agree to indemnify and hold harmless {brand.name}, its affiliates, officers, employees and agents from any claim, loss or
        expense (including reasonable attorneys’ fees) arising from your breach of these Terms, your misuse of the Services, or information
        you provide that is false or incomplete.
      </p>
    ),
  },
  {
    id: 'dispute-resolution',
    title: '10. Dispute resolution',
    body: (
      <>
        <p>
          Please contact us first: most concerns can be resolved quickly and informally. If we cannot resolve a dispute within 60 days, you
          and {brand.name} agree that any dispute arising from these Terms or the Services will be resolved by binding individual
          arbitration administered under the consumer arbitration rules of the American Arbitration Association, rather than in court,
          except that either party may bring an individual claim in small claims court.
        </p>
        <p>
          Disputes will be resolved only on an individual basis, not as a class, collective or representative action. These Terms are
          governed by the laws of the State of California, without regard to its conflict-of-laws rules, and by the Federal Arbitration Act.
          Claims about medical care given by a Provider are not covered by this section and are governed by the law of the state where you
          received the care.
        </p>
      </>
    ),
  },
  {
    id: 'force-majeure',
    title: '11. Force majeure',
    body: (
      <p>
        We are not liable for any delay or failure to provide the Services caused by events beyond our reasonable control, including natural
        disasters, pandemics, power or internet outages, failures of third-party networks, labor disputes, acts of government, or
        cyberattacks. We will take reasonable steps to restore the Services as quickly as possible.
      </p>
    ),
  },
  {
    id: 'notices',
    title: '12. Notices',
    body: (
      <p>
        We may send notices to the e-mail address on your account, by text message if you have opted in, or by posting them in the patient
        portal. Notices are considered received when sent. You may send notices to us by e-mail or by mail to the postal address below;
        legal notices should be marked “Attn: Legal Department”.
      </p>
    ),
  },
  {
    id: 'entire-agreement',
    title: '13. Entire agreement',
    body: (
      <p>
        These Terms, together with our Privacy Policy and any plan terms shown when you buy, are the entire agreement between you and{' '}
        {brand.name} about the Services and replace any earlier agreements. If any provision is found unenforceable, the rest remain in
        effect. Our failure to enforce a provision is not a waiver. You may not assign these Terms; we may assign them in connection with a
        merger, acquisition or sale of assets.
      </p>
    ),
  },
  {
    id: 'sms-terms',
    title: '14. SMS terms',
    body: (
      <>
        <p>
          If you opt in by ticking the SMS consent box when you sign up or contact us, you agree to receive text messages from {brand.name}{' '}
          at the mobile number you provided. Consent is not a condition of any purchase.
        </p>
        <ul>
          <li>
            We send transactional messages only: account verification, visit updates and reminders, prescription and billing notices, and
            replies to your requests. We do not send marketing texts.
          </li>
          <li>Message frequency varies with your use of the Services. Standard message and data rates may apply.</li>
          <li>
            Reply <strong>STOP</strong> at any time to stop receiving messages; we will confirm and send no further texts unless you opt in
            again. Reply <strong>HELP</strong> for help, or contact us using the details below.
          </li>
          <li>Mobile carriers are not liable for delayed or undelivered messages.</li>
        </ul>
        <p>
          See our <Link to="/privacy-policy#sms">Privacy Policy</Link> for how we handle your mobile number.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact information',
    body: (
      <>
        <p>Questions about these Terms? We are here 24 hours a day.</p>
        <ContactDetails department="Legal Department" />
      </>
    ),
  },
];

/** /terms-of-service (docs/product.md, Public site). */
export default function TermsPage() {
  return (
    <LegalPage
      title="Terms and Conditions"
      description={`The terms for using ${brand.name}: medical consultations, eligibility, payments, cancellation, arbitration and SMS terms.`}
      notice={
        <div className="legal__notice" role="note">
          <Icon name="alert" />
          <p>
            <strong>If you think you have a medical emergency, call 911 immediately</strong> or go to the nearest emergency room. Do not use{' '}
            {brand.name} for emergencies.
          </p>
        </div>
      }
      intro={
        <p>
          Please read these Terms and Conditions carefully. They explain what {brand.name} is and is not, what you can expect from us, and
          the rules for memberships, payments and cancellation.
        </p>
      }
      sections={sections}
    />
  );
}
