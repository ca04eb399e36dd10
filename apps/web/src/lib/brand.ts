/** The brand as the site shows it. */
export const brand = {
  name: 'CareConnect 24/7',
  tagline: 'Virtual doctor visits, day and night',
} as const;
