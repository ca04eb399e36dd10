import {
  addDays,
  AUTO_RENEWAL_TERMS_VERSION,
  autoRenewalTerms,
  isActiveStatus,
  MEMBERSHIP_TERM_DAYS,
  messages,
  VISIT_PRICES_CENTS,
  visitPurchaseName,
  type Plan,
  type VisitPayment,
  type VisitService,
} from '@app/shared';
import type { z } from 'zod';
import type { subscriptionRequestSchema } from '@app/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { conflict, DomainError, forbidden, invalid, rateLimited, type Outcome } from '../../lib/errors';
import type { Limits } from '../../lib/limits';
import type { Log } from '../../lib/logging';
import { findPlan } from '../plans';
import { leaseForDelivery, type MailDelivery, type MailTemplates } from '../mail';
import { lockUser, toProfile, type UserRow } from '../users';
import type { ChargeResult, PaymentGateway } from './gateway';
import { ownAccount } from './membership.service';
import { insertConsent } from './membership-terms.repository';
import { receiptMail, visitReceiptMail } from './receipts.service';
import {
  claimIdempotencyKey,
  claimPendingPayments,
  findCheckoutByClientKey,
  findIdempotencyKey,
  findPayer,
  insertCheckoutAttempt,
  recordCheckoutSettlement,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  takeOverIdempotencyKey,
  type Payer,
  type PaymentRow,
} from './repository';

type Checkout = z.output<typeof subscriptionRequestSchema>;

/** What checkout uses: its rows, the gateway, the card-testing limits, the receipt's mail, a log, and when to reconcile. */
export interface CheckoutDeps {
  db: Database;
  gateway: PaymentGateway;
  limits: Limits;
  mail: MailDelivery;
  templates: MailTemplates;
  log: Log;
  config: Pick<Config, 'reconcileAfterMs'>;
}

/** What settling an attempt with the gateway's answer uses: reconciliation settles without the checkout's limits. */
type SettleDeps = Pick<CheckoutDeps, 'db' | 'gateway' | 'mail' | 'templates'>;

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;
const REPLAY_WAIT_MS = 15_000;
/** What a checkout refused because another is in flight suggests as Retry-After. */
const IN_FLIGHT_RETRY_S = 5;
/** How long one reconciliation holds a pending attempt while it asks the gateway. */
export const RECONCILE_LEASE_MS = 60_000;

/** Request fingerprint for idempotency: everything but the card number and CVC, which are never kept. */
export function fingerprint<Body extends { cardDetails: { cardNumber: string; cvv: string } }>(body: Body) {
  const { cardNumber, cvv: _cvv, ...card } = body.cardDetails;
  return sha256(JSON.stringify({ ...body, cardDetails: { ...card, last4: cardNumber.slice(-4) } }));
}

/** What a purchase buys: a plan's membership (ledger kind checkout), or one visit of a service at its price. */
type Purchase = { kind: 'checkout'; plan: Plan } | { kind: 'visit'; service: VisitService };

/** The purchase a ledger row records: a visit's row names its service where a membership's names its plan. */
const purchaseOf = (payment: Pick<PaymentRow, 'kind' | 'planId'>): Purchase =>
  payment.kind === 'visit'
    ? { kind: 'visit', service: payment.planId as VisitService }
    : { kind: 'checkout', plan: findPlan(payment.planId as Plan['id']) };

/** What the ledger and the gateway are told of a purchase; the amount always comes from the catalogue. */
const priced = (purchase: Purchase) =>
  purchase.kind === 'checkout'
    ? { planId: purchase.plan.id, amountCents: purchase.plan.priceCents, description: `${purchase.plan.title} membership` }
    : { planId: purchase.service, amountCents: VISIT_PRICES_CENTS[purchase.service], description: visitPurchaseName(purchase.service) };

/** One purchase as a request asks for it: what it buys, the card it is paid with, who may buy it, and its fingerprint. */
interface Order {
  purchase: Purchase;
  card: VisitPayment;
  /** The payer when they may buy this; otherwise throws why not. */
  mayBuy: (payer: Payer | null) => Payer;
  fingerprint: string;
  /** The auto-renewal terms the patient agreed to next to the pay button, kept with the purchase. */
  consent: { text: string; version: string } | null;
}

interface Answer {
  outcome: Outcome;
  body: Record<string, unknown>;
  replayed?: boolean;
}

/**
 * PUT /api/users/{id}/subscription. The same Idempotency-Key replays the first answer, also when two
 * requests race or the first one died; the amount always comes from the catalogue.
 */
export async function checkout(
  ctx: CheckoutDeps,
  auth: { userId: string },
  userId: string,
  body: Checkout,
  idempotencyKey: string | undefined,
  ip: string,
): Promise<Answer> {
  ownAccount(auth, userId);
  const plan = findPlan(body.planId);
  const renews = plan.period === 'month';
  // A renewing plan is bought only under the auto-renewal terms the page shows now.
  if (renews && body.autoRenewalTermsVersion !== AUTO_RENEWAL_TERMS_VERSION)
    throw new DomainError('unprocessable', messages.renewalTermsOutdated);
  const order = {
    purchase: { kind: 'checkout', plan },
    card: body,
    mayBuy: mayBuyMembership,
    fingerprint: fingerprint(body),
    consent: renews ? { text: autoRenewalTerms(plan), version: AUTO_RENEWAL_TERMS_VERSION } : null,
  } as const;
  return purchaseOnce(ctx, userId, order, idempotencyKey, ip);
}

/**
 * Pays for one visit of `service` at its price, by the checkout's rules: the same Idempotency-Key
 * charges once and replays the first answer. Returns the payment's id; a refusal or a declined card
 * is thrown as the error it was answered with (402 for a decline).
 */
export async function payForVisit(
  ctx: CheckoutDeps,
  userId: string,
  service: VisitService,
  card: VisitPayment,
  idempotencyKey: string | undefined,
  ip: string,
): Promise<string> {
  const order = {
    purchase: { kind: 'visit', service },
    card,
    mayBuy: mayBuyVisit,
    fingerprint: fingerprint({ service, ...card }),
    consent: null,
  } as const;
  const answer = await purchaseOnce(ctx, userId, order, idempotencyKey, ip);
  const { message, ...details } = answer.body;
  if (answer.outcome !== 'ok') throw new DomainError(answer.outcome, String(message), details);
  return String(details.paymentId);
}

/** Takes the Idempotency-Key, then charges, or answers as the first request with that key did. */
async function purchaseOnce(ctx: CheckoutDeps, userId: string, order: Order, idempotencyKey: string | undefined, ip: string) {
  if (!idempotencyKey || !IDEMPOTENCY_KEY.test(idempotencyKey)) throw invalid(messages.idempotencyKeyRequired);
  const claim = await claimIdempotencyKey(ctx.db, userId, idempotencyKey, order.fingerprint);
  if (!claim.created) {
    if (claim.row.requestHash !== order.fingerprint) throw new DomainError('unprocessable', messages.idempotencyKeyReused);
    return replay(ctx, userId, order, idempotencyKey, ip);
  }
  return answerOnce(ctx, userId, order, idempotencyKey, ip, claim.payer);
}

/**
 * Runs the checkout and records its answer for the key. A refusal that says when to retry (rate
 * limit, another purchase in flight) frees the key, as nothing happened; a failed gateway records nothing, so
 * a replay asks the gateway what became of the attempt.
 */
async function answerOnce(ctx: CheckoutDeps, userId: string, order: Order, key: string, ip: string, payer: Payer | null): Promise<Answer> {
  try {
    return await charge(ctx, userId, order, key, ip, payer);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const temporary = error.retryAfterSeconds !== undefined;
    if (temporary) await releaseIdempotencyKey(ctx.db, userId, key);
    if (temporary || error.kind === 'upstream-failed') throw error;
    const answer = { outcome: error.kind, body: { message: error.message, ...error.details } };
    await storeIdempotentAnswer(ctx.db, userId, key, answer.outcome, answer.body);
    return answer;
  }
}

const recorded = (row: { responseOutcome: Outcome | null; responseBody: string | null }): Answer | null =>
  row.responseOutcome !== null && row.responseBody !== null
    ? { outcome: row.responseOutcome, body: JSON.parse(row.responseBody) as Record<string, unknown>, replayed: true }
    : null;

/**
 * Waits for the first request with this key to finish, then answers as it did. When that request
 * died (its key is older than the reconciliation threshold), its attempt is settled with the gateway
 * now, or, if it never reached the ledger, this request takes the key over.
 */
async function replay(ctx: CheckoutDeps, userId: string, order: Order, key: string, ip: string): Promise<Answer> {
  const deadline = Date.now() + REPLAY_WAIT_MS;
  for (;;) {
    const row = await findIdempotencyKey(ctx.db, userId, key);
    if (!row) throw conflict(messages.paymentInProgress);
    const answer = recorded(row);
    if (answer) return answer;
    const staleBefore = new Date(Date.now() - ctx.config.reconcileAfterMs);
    if (row.createdAt <= staleBefore) {
      const payment = await findCheckoutByClientKey(ctx.db, userId, key);
      if (payment?.status === 'pending') {
        await reconcileCheckout(ctx, payment.id);
        continue;
      }
      if (!payment && (await takeOverIdempotencyKey(ctx.db, userId, key, staleBefore)))
        return answerOnce(ctx, userId, order, key, ip, await findPayer(ctx.db, userId));
    }
    if (Date.now() > deadline) throw conflict(messages.paymentInProgress);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Card testing: declines are counted per patient and per IP, and checked before the gateway is
 * called. Approved cards cost nothing; a patient's attempts never overlap (one purchase in flight).
 */
export async function refuseCardTesting(ctx: Pick<CheckoutDeps, 'limits'>, userId: string, ip: string) {
  const wait = Math.max(
    ...(await Promise.all([ctx.limits.waitFor('declinedCardByPatient', userId), ctx.limits.waitFor('declinedCardByIp', ip)])),
  );
  if (wait > 0) throw rateLimited(messages.cardAttemptsLimited, wait);
}
export const countDecline = (ctx: Pick<CheckoutDeps, 'limits'>, userId: string, ip: string) =>
  Promise.all([ctx.limits.tryConsume('declinedCardByPatient', userId), ctx.limits.tryConsume('declinedCardByIp', ip)]);

/** A visit's purchase needs an account and a verified e-mail; what already covers a visit is the visits' rule. */
function mayBuyVisit(payer: Payer | null): Payer {
  if (!payer) throw forbidden(messages.paymentVerifyAccount);
  if (!payer.verified) throw forbidden(messages.paymentVerifyEmailFirst);
  return payer;
}

/** A membership's purchase needs, besides, no active recurring membership. */
function mayBuyMembership(payer: Payer | null): Payer {
  const buyer = mayBuyVisit(payer);
  if (isActiveStatus(buyer.subscriptionStatus) && buyer.subscriptionPlan !== 'oneTimeVisit') throw conflict(messages.paymentAlreadyActive);
  return buyer;
}

/** Charges the card for `payer`, the patient as read when the key was taken. */
async function charge(
  ctx: CheckoutDeps,
  userId: string,
  order: Order,
  idempotencyKey: string,
  ip: string,
  payer: Payer | null,
): Promise<Answer> {
  const buyer = order.mayBuy(payer);
  await refuseCardTesting(ctx, userId, ip);
  const { answer, declined } = await chargeCard(ctx, userId, buyer, order, idempotencyKey, ip);
  if (declined) await countDecline(ctx, userId, ip);
  return answer;
}

/** A checkout attempt as settling it needs it (a ledger row has all of it). */
type CheckoutAttempt = Pick<PaymentRow, 'id' | 'userId' | 'planId' | 'kind' | 'amountCents' | 'clientKey' | 'details'>;

async function chargeCard(
  ctx: CheckoutDeps,
  userId: string,
  payer: Payer,
  order: Order,
  idempotencyKey: string,
  ip: string,
): Promise<{ answer: Answer; declined: boolean }> {
  const { planId, amountCents, description } = priced(order.purchase);
  const body = order.card;
  const card = body.cardDetails;
  const number = card.cardNumber.replace(/\D/g, '');
  const [month, year] = card.expiry.split('/').map(Number) as [number, number];
  const attempt = {
    userId,
    planId,
    kind: order.purchase.kind,
    amountCents,
    gateway: ctx.gateway.name,
    cardLast4: number.slice(-4),
    gatewayKey: `checkout:${userId}:${idempotencyKey}`,
    clientKey: idempotencyKey,
    details: {
      billingStreet: body.billingAddress.street,
      billingCity: body.billingAddress.city,
      billingState: body.billingAddress.state,
      billingZip: body.billingAddress.zip,
      billingCountry: body.billingAddress.country,
      cardholderName: card.cardholderName,
      cardExpiry: card.expiry,
    },
  };
  // The attempt is in the ledger before the gateway is called; the partial unique index on a
  // patient's pending checkout lets only one purchase be in flight, on every instance.
  // The consent is kept with the attempt, both or neither.
  const paymentId = await ctx.db.transaction(async (tx) => {
    const id = await insertCheckoutAttempt(tx, attempt, payer);
    if (id && order.consent)
      await insertConsent(tx, { userId, paymentId: id, planId, termsText: order.consent.text, termsVersion: order.consent.version, ip });
    return id;
  });
  if (!paymentId) {
    // Not recorded: the membership changed since it was checked (say why, if it now refuses) or another purchase is in flight.
    order.mayBuy(await findPayer(ctx.db, userId));
    throw conflict(messages.paymentAlreadyInFlight, IN_FLIGHT_RETRY_S);
  }
  const payment: CheckoutAttempt = { id: paymentId, ...attempt };

  let result: ChargeResult;
  try {
    result = await ctx.gateway.chargeCard(
      { number, expMonth: month, expYear: 2000 + year, cvc: card.cvv, holderName: card.cardholderName },
      { amountCents, currency: 'USD', description, idempotencyKey: attempt.gatewayKey },
    );
  } catch (error) {
    // The charge may or may not have happened: ask the gateway now; reconciliation asks again later.
    ctx.log.error({ err: error, paymentId }, 'payment gateway call failed');
    return {
      answer: (await settledAnswer(ctx, userId, idempotencyKey, () => reconcileCheckout(ctx, paymentId))) ?? unavailable(),
      declined: false,
    };
  }
  return {
    answer: (await settledAnswer(ctx, userId, idempotencyKey, () => settleCheckout(ctx, payment, result))) ?? unavailable(),
    declined: !result.ok,
  };
}

const unavailable = (): never => {
  throw new DomainError('upstream-failed', messages.paymentUnavailable);
};

/**
 * Settles the attempt and answers as it recorded; when another request or reconciliation settled
 * it first, answers with what the key recorded then.
 */
async function settledAnswer(ctx: CheckoutDeps, userId: string, key: string, settle: () => Promise<Answer | null>): Promise<Answer | null> {
  let settled: Answer | null;
  try {
    settled = await settle();
  } catch (error) {
    ctx.log.error({ err: error }, 'settling a payment failed; reconciliation will settle it');
    return null;
  }
  if (settled) return settled;
  const row = await findIdempotencyKey(ctx.db, userId, key);
  const answer = row && recorded(row);
  return answer ? { ...answer, replayed: false } : null;
}

/** The gateway's answer for a charge that went through. */
type Charged = Extract<ChargeResult, { ok: true }>;

/**
 * What a paid visit records: the visit's request links the payment, so nothing on the account
 * changes. The money has left the card, so its receipt goes now; the receipt's PDF names the
 * clinician once one takes the visit.
 */
function paidVisit(ctx: SettleDeps, user: UserRow, service: VisitService, payment: CheckoutAttempt, result: Charged, paidAt: Date) {
  const answer: Answer = { outcome: 'ok', body: { message: messages.visitPaid, paymentId: payment.id } };
  const paid = {
    at: paidAt,
    amountCents: payment.amountCents,
    reference: result.reference,
    card: { brand: result.brand, last4: result.last4 },
  };
  return { answer, membership: undefined, receipt: visitReceiptMail(ctx, user, service, paid, payment.id) };
}

/** What a paid membership records: the patient's membership from now, what renewals need, and its receipt. */
function paidMembership(ctx: SettleDeps, user: UserRow, plan: Plan, payment: CheckoutAttempt, result: Charged, paidAt: Date) {
  // A one-time visit is active for one term and never renews.
  const endsAt = addDays(paidAt, MEMBERSHIP_TERM_DAYS);
  const renewsAt = plan.period === 'month' ? endsAt : null;
  const changes = {
    subscriptionStatus: 'active',
    subscriptionPlan: plan.id,
    subscriptionAmountCents: plan.priceCents,
    methodOfSubscription: 'online',
    subscriptionStartDate: paidAt,
    nextSubscriptionRenewDate: renewsAt,
    subscriptionEndDate: endsAt,
    subscriptionCancelledDate: null,
    subscriptionMethodOfCancelling: null,
    subscriptionCancellationReason: null,
    ...payment.details!,
    cardLast4: result.last4,
    cardBrand: result.brand,
  } satisfies Partial<UserRow>;
  const saved: UserRow = { ...user, ...changes };
  const answer: Answer = {
    outcome: 'ok',
    body: { message: messages.paymentSuccess, statusMessage: messages.paymentSuccess, user: toProfile(saved) },
  };
  return {
    answer,
    membership: { user: changes, gatewayToken: result.paymentMethodToken, nextChargeAt: renewsAt },
    receipt: receiptMail(ctx, saved, plan, paidAt, result.reference, renewsAt, payment.id),
  };
}

/**
 * Records the gateway's answer for a checkout attempt, once: the payment, a membership's changes,
 * the receipt in the outbox and the idempotent answer commit together. Returns that answer, or null
 * when the attempt was settled already.
 */
async function settleCheckout(
  ctx: SettleDeps,
  payment: CheckoutAttempt,
  result: ChargeResult,
  paidAt = new Date(),
): Promise<Answer | null> {
  const purchase = purchaseOf(payment);
  const settled = await ctx.db.transaction(async (tx) => {
    // The patient first, as recording an attempt locks them, so the two never deadlock; the locked
    // row is what the answer's profile is made from, with this settlement's changes.
    const user = await lockUser(tx, payment.userId);
    if (!user) return null;
    const key = payment.clientKey;
    if (!result.ok) {
      const answer: Answer = { outcome: 'payment-declined', body: { message: messages.declined[result.code], code: result.code } };
      const recorded = await recordCheckoutSettlement(tx, {
        userId: payment.userId,
        paymentId: payment.id,
        payment: { status: 'failed', failureCode: result.code },
        answer: key ? { key, ...answer } : null,
      });
      return recorded.settled ? { answer, receipt: null } : null;
    }
    const succeeded = {
      status: 'succeeded',
      gatewayReference: result.reference,
      cardBrand: result.brand,
      cardLast4: result.last4,
    } as const;
    const paid =
      purchase.kind === 'visit'
        ? paidVisit(ctx, user, purchase.service, payment, result, paidAt)
        : paidMembership(ctx, user, purchase.plan, payment, result, paidAt);
    const recorded = await recordCheckoutSettlement(tx, {
      userId: payment.userId,
      paymentId: payment.id,
      payment: succeeded,
      answer: key ? { key, ...paid.answer } : null,
      membership: paid.membership,
      // Leased to this process, which sends it as soon as the settlement commits.
      receipt: { mail: paid.receipt, schedule: leaseForDelivery() },
    });
    if (!recorded.settled) return null;
    return { answer: paid.answer, receipt: recorded.receiptId ? { id: recorded.receiptId, mail: paid.receipt } : null };
  });
  if (settled?.receipt) void ctx.mail.send(settled.receipt);
  return settled && { ...settled.answer, replayed: false };
}

/**
 * What the gateway did with an attempt whose answer we never recorded. An attempt it never charged
 * is voided first, so that a request still on its way cannot charge under that key afterwards.
 */
export async function askGateway(ctx: SettleDeps, payment: PaymentRow): Promise<ChargeResult> {
  const found = payment.gatewayKey ? await ctx.gateway.lookup(payment.gatewayKey) : null;
  if (found) return found;
  if (payment.gatewayKey) await ctx.gateway.void(payment.gatewayKey);
  return { ok: false, code: 'processing_error' };
}

/** Settles one pending checkout attempt with the gateway's answer, unless another instance holds it. */
async function reconcileCheckout(ctx: SettleDeps, paymentId: string, now = new Date()): Promise<Answer | null> {
  const [payment] = await claimPendingPayments(ctx.db, now, RECONCILE_LEASE_MS, { id: paymentId });
  return payment ? settleClaimedCheckout(ctx, payment) : null;
}

export async function settleClaimedCheckout(ctx: SettleDeps, payment: PaymentRow): Promise<Answer | null> {
  const result = await askGateway(ctx, payment);
  // Completing needs the billing details; an attempt recorded before they were kept is refunded instead.
  if (result.ok && !payment.details) {
    await ctx.gateway.void(payment.gatewayKey!);
    return settleCheckout(ctx, payment, { ok: false, code: 'processing_error' });
  }
  return settleCheckout(ctx, payment, result);
}
