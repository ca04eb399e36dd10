// The sms feature's public file: sign-up records its consent, housekeeping prunes the outbox (decision 053).
export { recordSmsConsent } from './preferences.service';
export { deleteFinishedTexts } from './repository';
