import type { IconName } from '../../components/ui';
import { brand } from '../../lib/brand';

/**
 * The copy of the home sections below the plans (How It Works, stories, Why, FAQ), kept apart from
 * content.ts so that it travels in the chunk loaded when those sections come near the screen.
 * Prices quoted are the catalogue's (GET /api/plans).
 */

export interface IconCard {
  title: string;
  text: string;
  icon: IconName;
}

export const howSteps: IconCard[] = [
  { title: 'Create your account', text: 'Sign up in a few minutes with your name, contact details and date of birth.', icon: 'user-plus' },
  { title: 'Choose your plan', text: 'Pick an individual or family membership, or pay for a single visit.', icon: 'list' },
  { title: 'Start a visit', text: 'Tell us what is going on and connect with a doctor by phone or video.', icon: 'video' },
  {
    title: 'Doctor evaluation',
    text: 'A US board-certified doctor reviews your history, asks questions and examines what can be seen on camera.',
    icon: 'stethoscope',
  },
  { title: 'E-prescription', text: 'If medication is appropriate, your doctor sends the prescription to your pharmacy.', icon: 'pill' },
  {
    title: 'Follow-up and care plan',
    text: 'Read your after-visit summary in the portal and book a check-in if you need one.',
    icon: 'calendar',
  },
];

export const testimonials = [
  {
    quote: 'My son spiked a fever at 2 a.m. We were on a video call with a pediatric doctor within minutes, and I finally got some sleep.',
    name: 'Maria',
    detail: 'Family Monthly member, Ohio',
  },
  {
    quote:
      'I travel for work, so having a doctor I can reach from a hotel room has been a relief. The visit summary was in my portal before I hung up.',
    name: 'James',
    detail: 'Individual Monthly member, Texas',
  },
  {
    quote: 'I booked one visit for a sinus infection, saw the price up front, and picked up my prescription on the way home.',
    name: 'Priya',
    detail: 'One Time Visit patient, Missouri',
  },
];

export const whyCards: IconCard[] = [
  {
    title: 'Access to specialists',
    text: 'US board-certified doctors in all 50 states, including pediatrics, primary care and behavioral health.',
    icon: 'badge',
  },
  {
    title: 'Comfort and convenience',
    text: 'See a doctor from your couch, your office or a hotel room. No waiting room, no commute.',
    icon: 'home',
  },
  {
    title: 'Cost-effective and time-saving',
    text: 'Clear prices and no surprise fees. Most visits take less time than the drive to a clinic.',
    icon: 'clock',
  },
  {
    title: 'Privacy and availability',
    text: 'Encrypted visits and records, with doctors available 24 hours a day, 365 days a year.',
    icon: 'shield',
  },
];

export interface FaqEntry {
  /** The element id; /#faq-insurance opens that entry. */
  id: string;
  question: string;
  /** Paragraphs of the answer. */
  answer: string[];
}

export const faqs: FaqEntry[] = [
  {
    id: 'faq-speed',
    question: 'How quickly can I see a doctor?',
    answer: [
      'Most patients are connected with a doctor within 5 to 15 minutes, at any hour. Urgent care requests typically get a response in under 20 minutes. Wait times can be longer at busy moments, and we will always tell you where you are in line.',
    ],
  },
  {
    id: 'faq-conditions',
    question: 'What conditions can be treated through virtual visits?',
    answer: [
      'Our doctors treat many common, non-emergency conditions: colds and flu, sinus infections, coughs, sore throats, allergies, ear pain, pink eye, rashes, urinary tract infections, stomach bugs, and questions about ongoing conditions such as high blood pressure or diabetes. They also support stress, anxiety and sleep concerns.',
      'If your doctor decides you need an in-person exam, tests or a specialist, they will tell you and help you plan the next step.',
    ],
  },
  {
    id: 'faq-prescriptions',
    question: 'Can doctors prescribe medication?',
    answer: [
      'Yes, when it is medically appropriate. Your doctor can send an electronic prescription to the pharmacy you choose. Doctors do not prescribe controlled substances through virtual visits, and a prescription is never guaranteed: it depends on the doctor’s judgment.',
    ],
  },
  {
    id: 'faq-insurance',
    question: 'Do you accept insurance?',
    answer: [
      `${brand.name} is a self-pay service: we do not bill insurance. Many members find our memberships cost less than their copay or deductible. You may be able to pay with an HSA or FSA card; check with your plan administrator. Prescriptions are filled at your pharmacy, where your insurance can still apply.`,
    ],
  },
  {
    id: 'faq-what-is',
    question: `What is ${brand.name}?`,
    answer: [
      `${brand.name} is a US telehealth membership. It connects you with licensed, board-certified doctors by phone or video around the clock, and keeps your visit notes and prescriptions in a secure patient portal. Care is provided by independent medical groups; ${brand.name} itself is not a medical provider.`,
    ],
  },
  {
    id: 'faq-benefits',
    question: 'What are the benefits of a membership?',
    answer: [
      'Members get unlimited 24/7 visits with no per-visit fees, e-prescriptions sent to their pharmacy, after-visit summaries, and a personal health record. The Family Monthly plan covers your household, including pediatric visits for children aged 2 to 17.',
    ],
  },
  {
    id: 'faq-physicians',
    question: 'Who are the physicians?',
    answer: [
      'Every doctor is US board-certified and licensed in the state where you are located at the time of your visit. They practice with independent medical groups and have experience in primary care, urgent care, pediatrics and behavioral health.',
    ],
  },
  {
    id: 'faq-missing',
    question: 'I did not find my question here. What should I do?',
    answer: [
      'Our support team is available 24 hours a day. Call us, write to us, or use the form on the Contact page and we will get back to you quickly.',
    ],
  },
  {
    id: 'faq-how-to',
    question: 'How do I see a doctor?',
    answer: [
      'Create an account, choose a plan, then select Start a Visit. Describe your symptoms, pick phone or video, and a doctor will connect with you. Have your medication list and pharmacy details ready.',
    ],
  },
  {
    id: 'faq-fees',
    question: 'What are the fees?',
    answer: [
      'Individual Monthly is $29.99 a month and Family Monthly is $49.99 a month, each with unlimited visits and no per-visit fees. If you prefer no membership, a One Time Visit is $59.99. Monthly plans renew every 30 days until you cancel; see the Terms and Conditions for cancellation rules.',
    ],
  },
];

/** How many FAQ entries go into the FAQPage structured data (docs/product.md, Public site). */
export const FAQ_STRUCTURED_COUNT = 4;
