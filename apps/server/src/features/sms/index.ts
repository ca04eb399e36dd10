// The sms feature's public file: sign-up records its consent, housekeeping prunes the outbox, visits queue texts (decision 053).
export { recordSmsConsent } from './preferences.service';
export { deleteFinishedTexts } from './repository';
export type { TextMessages } from './service';
