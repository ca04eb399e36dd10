/**
 * The public pages of the site, for the web app's router and for the prerenderer that writes each
 * of them to HTML at build time: one list, so a page added to one is never missing from the other.
 */
export const SERVICE_SLUGS = ['urgent-care', 'primary-care', 'womens-health', 'pediatric-care'] as const;
export type ServiceSlug = (typeof SERVICE_SLUGS)[number];

export const TIP_SLUGS = ['caregiver-support', 'first-visit', 'preventive-care'] as const;
export type TipSlug = (typeof TIP_SLUGS)[number];

/** The pages a visitor or a search engine can open without signing in, each prerendered. */
export const PRERENDERED_PATHS = [
  '/',
  ...SERVICE_SLUGS.map((slug) => `/services/${slug}`),
  ...TIP_SLUGS.map((slug) => `/tips/${slug}`),
  '/terms-of-service',
  '/privacy-policy',
  '/careers',
  '/contact',
  '/consult',
  '/login',
] as const;
