import { fromMinorUnits, VISIT_PRICES_CENTS, type ServiceSlug } from '@app/shared';
import type { IconName } from '../../components/ui';

/** What one visit of the service costs without a membership, in whole US dollars: the price the visit is charged at. */
const dollars = (slug: ServiceSlug) => fromMinorUnits(VISIT_PRICES_CENTS[slug]);

/** A service page (docs/product.md, Public site): one template, these contents. Prices are per visit (docs/product.md, Public site). */
export interface ServicePageContent {
  slug: ServiceSlug;
  path: string;
  /** Used in 'Why Choose Virtual {title}?'. */
  title: string;
  heading: string;
  description: string;
  metaDescription: string;
  /** US dollars per visit. */
  price: number;
  /** An illustration from public/images/hero, shown beside the hero on wide screens. */
  image: { src: string; alt: string };
  /** Short facts under the hero button. */
  highlights: string[];
  why: { title: string; text: string; icon: IconName }[];
  conditions: string[];
  /** Said before the condition list: when this service is not the right place. */
  caution: string;
}

export const servicePages: ServicePageContent[] = [
  {
    slug: 'urgent-care',
    path: '/services/urgent-care',
    image: { src: '/images/hero/urgent-care.svg', alt: 'A doctor on a smartphone video call next to a clock.' },
    title: 'Urgent Care',
    heading: 'Virtual Urgent Care, day or night',
    description:
      'Sudden fever, a bad cough, a painful sore throat or an earache that will not wait until Monday? Connect with a US board-certified doctor by secure video within 15 minutes, without leaving home.',
    metaDescription: `Virtual urgent care 24/7: see a US board-certified doctor by video within 15 minutes for $${dollars('urgent-care')} per visit. Treatment for flu, infections, rashes and more. Not for emergencies.`,
    price: dollars('urgent-care'),
    highlights: ['A doctor within 15 minutes', 'Open 24/7, 365 days a year', 'E-prescriptions to your pharmacy'],
    why: [
      {
        title: 'Fast care when it matters',
        text: 'Most patients are with a doctor within 15 minutes, at any hour, including nights and holidays.',
        icon: 'clock',
      },
      {
        title: 'No waiting room',
        text: 'Skip the drive and the crowded lobby, and avoid passing germs to others or catching new ones.',
        icon: 'home',
      },
      { title: 'Clear, upfront price', text: 'One visit price, shown before you start, with no surprise facility fees.', icon: 'check' },
      {
        title: 'Prescriptions sent for you',
        text: 'When treatment is appropriate, your doctor sends it to the pharmacy you choose.',
        icon: 'pill',
      },
    ],
    conditions: [
      'Cold and flu symptoms',
      'Fever',
      'Sore throat and strep symptoms',
      'Sinus infections',
      'Coughs and bronchitis',
      'Ear pain',
      'Pink eye',
      'Rashes and skin infections',
      'Urinary tract infections',
      'Nausea, vomiting and diarrhea',
      'Minor cuts, burns and sprains',
      'Allergic reactions that are mild',
    ],
    caution:
      'Call 911 for chest pain, trouble breathing, severe bleeding, sudden weakness or confusion, a severe allergic reaction or any other emergency.',
  },
  {
    slug: 'primary-care',
    path: '/services/primary-care',
    image: { src: '/images/hero/summary.svg', alt: 'A visit summary on a clipboard next to a phone.' },
    title: 'Primary Care',
    heading: 'Virtual Primary Care that knows the whole you',
    description:
      'Build a relationship with a doctor who looks at the whole picture: new symptoms, long-term conditions, medications and prevention, all by secure video from wherever you are.',
    metaDescription: `Virtual primary care with US board-certified doctors: chronic condition check-ins, medication reviews, refills and preventive advice by video for $${dollars('primary-care')} per visit.`,
    price: dollars('primary-care'),
    highlights: ['Ongoing care and check-ins', 'Medication reviews and refills', 'Available 24/7, 365 days a year'],
    why: [
      {
        title: 'Continuity of care',
        text: 'Your visit notes and care plan live in your patient portal, so each visit builds on the last.',
        icon: 'list',
      },
      {
        title: 'Chronic care made easier',
        text: 'Regular check-ins for blood pressure, diabetes, thyroid or cholesterol without time off work.',
        icon: 'calendar',
      },
      {
        title: 'Whole-person attention',
        text: 'Physical and emotional health together, with referrals when you need a specialist or labs.',
        icon: 'stethoscope',
      },
      {
        title: 'Private and secure',
        text: 'Encrypted video visits and records, available only to you and your care team.',
        icon: 'shield',
      },
    ],
    conditions: [
      'High blood pressure',
      'Type 2 diabetes follow-up',
      'High cholesterol',
      'Thyroid conditions',
      'Asthma and allergies',
      'Acid reflux and digestive problems',
      'Headaches and migraines',
      'Sleep problems',
      'Stress, anxiety and low mood',
      'Weight and lifestyle coaching',
      'Medication reviews and refills',
      'Lab result reviews',
    ],
    caution:
      'Virtual visits cannot replace every in-person exam. If your doctor needs to examine you, order imaging or refer you, they will tell you and help you plan it. In an emergency, call 911.',
  },
  {
    slug: 'womens-health',
    path: '/services/womens-health',
    image: { src: '/images/hero/secure-devices.svg', alt: 'A woman doctor on a laptop video call, with a phone and a security shield.' },
    title: "Women's Health",
    heading: "Virtual Women's Health care, privately and on your schedule",
    description:
      'Talk openly with a US board-certified doctor about the health questions that matter to you, from urinary symptoms to birth control and menopause, by secure video, without the waiting room.',
    metaDescription: `Virtual women's health visits: UTIs, yeast infections, birth control consultations and menopause symptoms with US board-certified doctors for $${dollars('womens-health')} per visit, 24/7.`,
    price: dollars('womens-health'),
    highlights: ['Private, judgment-free visits', 'Birth control consultations', 'Available 24/7, 365 days a year'],
    why: [
      { title: 'Comfort and privacy', text: 'Discuss sensitive symptoms from home, at a time that suits you.', icon: 'home' },
      { title: 'Quick relief', text: 'Common infections can often be diagnosed and treated in a single visit.', icon: 'clock' },
      { title: 'Respectful doctors', text: 'Doctors who listen, explain your options and respect your choices.', icon: 'women' },
      {
        title: 'Secure records',
        text: 'Your visit notes stay in your encrypted patient portal, shared only as you allow.',
        icon: 'shield',
      },
    ],
    conditions: [
      'Urinary tract infections',
      'Yeast infections',
      'Bacterial vaginosis',
      'Birth control consultations',
      'Menstrual cramps and irregular periods',
      'Premenstrual symptoms',
      'Menopause symptoms',
      'Hormone-related acne and hair changes',
      'Breast changes (assessment and referral)',
      'Sexual health questions',
    ],
    caution:
      'If you are pregnant and have bleeding, severe pain, or reduced baby movements, or you have any other emergency, call 911 or go to the nearest emergency room.',
  },
  {
    slug: 'pediatric-care',
    path: '/services/pediatric-care',
    image: { src: '/images/hero/family.svg', alt: 'Two parents and two children standing together in front of a house.' },
    title: 'Pediatric Care',
    heading: 'Virtual Pediatric Care for the moments that worry you',
    description:
      'When your child wakes up with a fever, a rash or an earache, connect with a US board-certified doctor by secure video in minutes. For children aged 2 to 17, with a parent or legal guardian present during the visit.',
    metaDescription: `Virtual pediatric care 24/7 for children aged 2-17: fevers, colds, ear pain, rashes and pink eye, with a parent present. US board-certified doctors, $${dollars('pediatric-care')} per visit.`,
    price: dollars('pediatric-care'),
    highlights: ['Children aged 2 to 17', 'A parent or guardian joins every visit', 'Available 24/7, 365 days a year'],
    why: [
      {
        title: 'Comfort at home',
        text: 'Your child stays in bed or on the couch, and nobody else in the family has to get up and go.',
        icon: 'home',
      },
      {
        title: 'Help at any hour',
        text: 'Fevers rarely keep office hours. Doctors are available at night, on weekends and on holidays.',
        icon: 'clock',
      },
      {
        title: 'Gentle, kid-friendly doctors',
        text: 'Doctors experienced with children, who talk to them at their level and to you as a partner.',
        icon: 'child',
      },
      {
        title: 'Clear next steps',
        text: 'You leave with a plan, what to watch for, and when your child should be seen in person.',
        icon: 'list',
      },
    ],
    conditions: [
      'Fever',
      'Colds, coughs and flu',
      'Ear pain',
      'Sore throat',
      'Pink eye',
      'Rashes, eczema and hives',
      'Stomach bugs, vomiting and diarrhea',
      'Constipation',
      'Head lice and minor skin infections',
      'Seasonal allergies',
    ],
    caution:
      'Call 911 if your child has trouble breathing, blue lips, a seizure, is very hard to wake, shows signs of severe dehydration, or has any other emergency.',
  },
];

export const findServicePage = (slug: ServicePageContent['slug']) => servicePages.find((page) => page.slug === slug)!;

/** The hero button (docs/product.md, Public site): 'Start Consultation - $49'. */
export const consultationLabel = (page: Pick<ServicePageContent, 'price'>) => `Start Consultation - $${page.price}`;
