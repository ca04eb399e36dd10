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

/**
 * The addresses an admin's e-mailed sign-in link may use (docs/product.md, Admin dashboard: the old site sent several), each
 * a page of the app. Those under /api are pages too: the server and the dev server answer them with
 * the app instead of the API.
 */
export const ADMIN_LINK_PATHS = [
  'admin-login',
  'verify-admin-login',
  'auth/verify-admin-login',
  'api/auth/verify-admin-login',
  'api/verify-admin-login',
] as const;

const ADMIN_LINK_API_PAGES = ADMIN_LINK_PATHS.filter((path) => path.startsWith('api/')).map((path) => new RegExp(`^/${path}(/|\\?|$)`));
/** Whether a request path under /api is one of the admin link pages above. */
export const isAdminLinkPage = (url: string) => ADMIN_LINK_API_PAGES.some((page) => page.test(url));
