import type { CardBrand } from '@app/shared';

export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'processing_error';

/** Card data as typed, held in memory for the one gateway call and never stored. */
interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
}

export type ChargeResult =
  { ok: true; reference: string; paymentMethodToken: string; brand: CardBrand | null; last4: string } | { ok: false; code: DeclineCode };

/** A refund the gateway refused: the charge cannot be refunded (too old, disputed, or refunded already at the gateway). */
export type RefundResult = { ok: true; reference: string } | { ok: false; code: 'refund_failed' };

interface RefundRequest {
  /** The gateway's reference of the charge given back. */
  chargeReference: string;
  /** US cents, at most what is left of the charge. */
  amountCents: number;
  currency: 'USD';
  /** The gateway refunds at most once per key. */
  idempotencyKey: string;
}

export interface ChargeRequest {
  /** US cents. */
  amountCents: number;
  currency: 'USD';
  description: string;
  /** The gateway charges at most once per key, so a retried call cannot charge twice. */
  idempotencyKey: string;
}

/**
 * A card network seen through one interface. `chargeCard` takes the card the browser sent; a
 * gateway with hosted card fields would take its own token there instead (PCI SAQ A), and billing
 * rules stay as they are. `chargeSaved` charges the reusable token for renewals. `lookup` and
 * `void` are what reconciliation needs after our process died between a charge and its commit.
 * `saveCard` checks a card and answers its reusable token without charging it (a setup intent);
 * `refund` gives back all or part of a charge, once per key, so asking again answers the same.
 */
export interface PaymentGateway {
  readonly name: string;
  chargeCard(card: CardInput, request: ChargeRequest): Promise<ChargeResult>;
  chargeSaved(paymentMethodToken: string, request: ChargeRequest): Promise<ChargeResult>;
  /** What the gateway answered for this idempotency key; null when it never charged under it. */
  lookup(idempotencyKey: string): Promise<ChargeResult | null>;
  /** Voids (refunds) the charge made under this key, or makes sure no later call under it charges. */
  void(idempotencyKey: string): Promise<void>;
  saveCard(card: CardInput, request: Pick<ChargeRequest, 'idempotencyKey'>): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
}
