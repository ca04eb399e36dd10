/**
 * The brand and contact details when nothing else is configured. The server reads BRAND_NAME,
 * SUPPORT_EMAIL, SUPPORT_PHONE and HQ_ADDRESS at start (its e-mails); the web build reads the same
 * variables (its pages); both fall back to these.
 */
export const BRAND_DEFAULTS = {
  name: 'CareConnect 24/7',
  supportEmail: 'support@careconnect247.example',
  careersEmail: 'careers@careconnect247.example',
  supportPhone: '+1 (314) 555-0147',
  headquarters: 'Saint Louis, Missouri, USA',
} as const;
