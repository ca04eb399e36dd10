/**
 * A text-message provider seen through one interface, as the card gateway is. `send` resolves once
 * the provider took the text; it throws `PermanentDeliveryError` (lib/outbox-worker.ts) for a refusal
 * that sending again cannot change, and any other error for one worth retrying.
 */
export interface SmsGateway {
  readonly name: 'dev-outbox' | 'twilio';
  /** Whether the outbox keeps a sent text's number and body: the dev outbox is where they are read. */
  readonly keepsTexts: boolean;
  send(toE164: string, body: string): Promise<void>;
}

/** Without a provider (development and tests) a text counts as delivered where it is: the outbox, shown at /dev/texts. */
export const devOutboxGateway: SmsGateway = { name: 'dev-outbox', keepsTexts: true, send: () => Promise.resolve() };
