/**
 * The brand as the site shows it. The contact details match the server's defaults (SUPPORT_EMAIL,
 * SUPPORT_PHONE, HQ_ADDRESS) and can be changed at build time with the VITE_ variables below.
 */
const env = import.meta.env;
const pick = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value.trim() : fallback);

const supportPhone = pick(env.VITE_SUPPORT_PHONE, '+1 (314) 555-0147');

/** A tel: address for a displayed phone number ('+1 (314) 555-0147' → 'tel:+13145550147'). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export const brand = {
  name: 'CareConnect 24/7',
  tagline: 'Virtual doctor visits, day and night',
  supportEmail: pick(env.VITE_SUPPORT_EMAIL, 'support@careconnect247.example'),
  supportPhone,
  supportPhoneHref: telHref(supportPhone),
  careersEmail: pick(env.VITE_CAREERS_EMAIL, 'careers@careconnect247.example'),
  hours: 'Monday to Sunday - 24hrs',
  headquarters: pick(env.VITE_HQ_ADDRESS, 'Saint Louis, Missouri, USA'),
  directionsUrl: 'https://www.google.com/maps/dir/?api=1&destination=Saint+Louis,+Missouri',
  social: [
    { name: 'Facebook', icon: 'facebook', href: 'https://www.facebook.com/careconnect247' },
    { name: 'Instagram', icon: 'instagram', href: 'https://www.instagram.com/careconnect247' },
    { name: 'LinkedIn', icon: 'linkedin', href: 'https://www.linkedin.com/company/careconnect247' },
    { name: 'Twitter', icon: 'twitter', href: 'https://twitter.com/careconnect247' },
  ],
} as const;
