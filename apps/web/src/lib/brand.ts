import { BRAND_DEFAULTS } from '@app/shared';

/**
 * The brand as the site shows it: BRAND_NAME, SUPPORT_EMAIL, SUPPORT_PHONE, HQ_ADDRESS and
 * CAREERS_EMAIL at build time (the server's own variables, see vite.config.ts), else the shared defaults.
 */
const env = import.meta.env;
const pick = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value.trim() : fallback);

const supportPhone = pick(env.SUPPORT_PHONE, BRAND_DEFAULTS.supportPhone);

/** A tel: address for a displayed phone number ('+1 (314) 555-0147' → 'tel:+13145550147'). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export const brand = {
  name: pick(env.BRAND_NAME, BRAND_DEFAULTS.name),
  tagline: 'Virtual doctor visits, day and night',
  supportEmail: pick(env.SUPPORT_EMAIL, BRAND_DEFAULTS.supportEmail),
  supportPhone,
  supportPhoneHref: telHref(supportPhone),
  careersEmail: pick(env.CAREERS_EMAIL, BRAND_DEFAULTS.careersEmail),
  hours: 'Monday to Sunday - 24hrs',
  headquarters: pick(env.HQ_ADDRESS, BRAND_DEFAULTS.headquarters),
  directionsUrl: 'https://www.google.com/maps/dir/?api=1&destination=Saint+Louis,+Missouri',
  social: [
    { name: 'Facebook', icon: 'facebook', href: 'https://www.facebook.com/careconnect247' },
    { name: 'Instagram', icon: 'instagram', href: 'https://www.instagram.com/careconnect247' },
    { name: 'LinkedIn', icon: 'linkedin', href: 'https://www.linkedin.com/company/careconnect247' },
    { name: 'Twitter', icon: 'twitter', href: 'https://twitter.com/careconnect247' },
  ],
} as const;
