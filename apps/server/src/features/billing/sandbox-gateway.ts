import { randomBytes } from 'node:crypto';
import { detectCardBrand } from '@app/shared';
import type { ChargeResult, DeclineCode, PaymentGateway } from './gateway';

/** Test cards, as card networks' test modes define them. Any other valid card approves. */
const OUTCOME_BY_CARD: Record<string, DeclineCode | 'approve_then_decline'> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
  '4000000000000341': 'approve_then_decline',
};

// The token says how later charges go, so any server instance answers the same for it.
const TOKEN_PREFIX = 'sbx_pm_';
const DECLINING_TOKEN_PREFIX = 'sbx_pm_declines_';

const id = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/**
 * The default gateway: deterministic like a card network's test mode, charging nothing real.
 * It remembers answers by idempotency key for as long as the process lives.
 */
export function createSandboxGateway(): PaymentGateway {
  const answered = new Map<string, ChargeResult>();
  const once = async (key: string, charge: () => ChargeResult) => {
    const known = answered.get(key);
    if (known) return known;
    const result = charge();
    answered.set(key, result);
    return result;
  };

  return {
    name: 'sandbox',
    chargeCard: (card, request) =>
      once(request.idempotencyKey, () => {
        const outcome = OUTCOME_BY_CARD[card.number];
        if (outcome && outcome !== 'approve_then_decline') return { ok: false, code: outcome };
        return {
          ok: true,
          reference: id('sbx_ch_'),
          paymentMethodToken: id(outcome === 'approve_then_decline' ? DECLINING_TOKEN_PREFIX : TOKEN_PREFIX),
          brand: detectCardBrand(card.number),
          last4: card.number.slice(-4),
        };
      }),
    chargeSaved: (token, request) =>
      once(request.idempotencyKey, () => {
        if (!token.startsWith(TOKEN_PREFIX) || token.startsWith(DECLINING_TOKEN_PREFIX)) return { ok: false, code: 'card_declined' };
        return { ok: true, reference: id('sbx_ch_'), paymentMethodToken: token, brand: null, last4: '' };
      }),
  };
}
