import type { IconName } from '../../components/ui';

/**
 * The copy of the home page (docs/product.md, Public site). Prices quoted in copy are the catalogue's (GET /api/plans):
 * Individual Monthly $29.99/mo, Family Monthly $49.99/mo, One Time Visit $59.99 per visit.
 */

/** A hero slide (docs/product.md, Data): the image is an original illustration shipped in public/images/hero. */
export interface HeroSlide {
  id: string;
  title: string;
  support: string;
  image: string;
  alt: string;
}

const heroImage = (name: string) => `/images/hero/${name}.svg`;

export const heroSlides: HeroSlide[] = [
  {
    id: 'urgent-care',
    title: 'Urgent care response in under 20 minutes',
    support: 'Describe your symptoms and a doctor typically responds in under 20 minutes, day or night.',
    image: heroImage('urgent-care'),
    alt: 'A doctor on a smartphone video call next to a clock.',
  },
  {
    id: 'pricing',
    title: 'Transparent pricing',
    support: 'Memberships from $29.99/mo or $59.99 for a single visit. You see the price before you pay.',
    image: heroImage('pricing'),
    alt: 'A checklist receipt with a price tag and a coin.',
  },
  {
    id: 'devices',
    title: 'Secure visits on any device',
    support: 'Join by video or phone from your smartphone, tablet or computer over an encrypted connection.',
    image: heroImage('secure-devices'),
    alt: 'A laptop and a phone showing a video visit, with a security shield and padlock.',
  },
  {
    id: 'family',
    title: 'Family memberships',
    support: 'One plan for your household, with pediatric visits for children aged 2 to 17 included.',
    image: heroImage('family'),
    alt: 'Two parents and two children standing together in front of a house.',
  },
  {
    id: 'follow-up',
    title: 'Personalized follow-up',
    support: 'Your doctor can plan a check-in to see how you are doing and adjust your care.',
    image: heroImage('follow-up'),
    alt: 'A calendar with a day marked, a check mark and a message bubble.',
  },
  {
    id: 'specialists',
    title: 'Specialists in all 50 states',
    support: 'US board-certified doctors licensed where you are, from Alaska to Florida.',
    image: heroImage('specialists'),
    alt: 'A map of the United States with location pins and a doctor portrait.',
  },
  {
    id: 'lab',
    title: 'Same-day lab coordination',
    support: 'When you need tests, we help you arrange them at a lab near you, often the same day.',
    image: heroImage('lab'),
    alt: 'Laboratory test tubes in a rack beside a flask.',
  },
  {
    id: 'summary',
    title: 'Instant after-visit summaries',
    support: 'Your diagnosis, instructions and any prescriptions appear in your patient portal right after the visit.',
    image: heroImage('summary'),
    alt: 'A medical summary on a clipboard next to a phone showing a new notification.',
  },
  {
    id: 'preventive',
    title: 'Preventive coaching',
    support: 'Practical guidance on sleep, nutrition, activity and screenings to help you stay well.',
    image: heroImage('preventive'),
    alt: 'A heart with a heartbeat line, the sun, an apple and a glass of water.',
  },
  {
    id: 'behavioral-health',
    title: 'Behavioral health support',
    support: 'Talk with a clinician about stress, anxiety, low mood or sleep, privately and on your schedule.',
    image: heroImage('behavioral-health'),
    alt: 'A calm person beside a speech bubble with a heart and a potted plant.',
  },
  {
    id: 'pharmacy',
    title: 'Nationwide pharmacy coordination',
    support: 'When a prescription is appropriate, your doctor sends it to the pharmacy you choose.',
    image: heroImage('pharmacy'),
    alt: 'A pharmacy storefront and a prescription bottle.',
  },
];

export const tickerMessages = [
  'Memberships from $29.99/mo',
  'Switch plans anytime with no hidden fees',
  '24/7 virtual care with same-day follow ups',
  'We are here for you wherever you are',
];

/** A service entry (docs/product.md, Data): only entries with a link show 'Learn More'. */
export interface ServiceEntry {
  id: string;
  title: string;
  desc: string;
  bullets: [string, string, string];
  icon: IconName;
  link?: string;
  /** The in-page anchor (docs/product.md, Public site), when the card has one. */
  anchor?: string;
}

export const services: ServiceEntry[] = [
  {
    id: 'primary-care',
    anchor: 'primary-health-care',
    title: 'Primary Health Care',
    desc: 'Everyday care from a doctor who looks at the whole picture, from new symptoms to long-term conditions.',
    bullets: [
      'Colds, flu, infections and rashes',
      'Blood pressure, diabetes and cholesterol check-ins',
      'Prescription refills when appropriate',
    ],
    icon: 'stethoscope',
    link: '/services/primary-care',
  },
  {
    id: 'dental',
    title: 'Dental Treatment',
    desc: 'Advice for toothaches and mouth problems until you can see your dentist in person.',
    bullets: ['Toothache and gum pain assessment', 'Signs of infection and when to seek urgent care', 'Short-term pain relief plans'],
    icon: 'tooth',
  },
  {
    id: 'womens-health',
    anchor: 'womens-health',
    title: "Women's Health",
    desc: 'Private, respectful care for the health questions women ask most often.',
    bullets: ['Urinary tract infections and yeast infections', 'Birth control consultations', 'Menstrual and menopause symptoms'],
    icon: 'women',
    link: '/services/womens-health',
  },
  {
    id: 'ear-infection',
    title: 'Ear Infection',
    desc: 'Relief for earaches in adults and children, with a clear plan for the next few days.',
    bullets: ['Ear pain, pressure and fullness', "Swimmer's ear", 'Guidance on when an in-person exam is needed'],
    icon: 'ear',
  },
  {
    id: 'sinus',
    title: 'Sinus/Cough & Allergy',
    desc: 'Breathe easier with treatment for sinus pressure, lingering coughs and seasonal allergies.',
    bullets: ['Sinus infections and congestion', 'Coughs, colds and sore throats', 'Seasonal and indoor allergies'],
    icon: 'wind',
  },
  {
    id: 'pediatric-care',
    anchor: 'kids-treatment',
    title: 'Pediatric Care',
    desc: 'Gentle virtual visits for children, with a parent or guardian on the call.',
    bullets: ['Fevers, colds and stomach bugs', 'Rashes, pink eye and minor injuries', 'Advice for worried parents, day or night'],
    icon: 'child',
    link: '/services/pediatric-care',
  },
];
