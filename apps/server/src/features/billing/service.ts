import { formatUsd, messages, toCentralIso, type Plan } from '@app/shared';
import type { z } from 'zod';
import type { subscriptionRequestSchema } from '@app/shared';
import type { AppContext } from '../../context';
import { sha256 } from '../../lib/crypto';
import { HttpError, badRequest, forbidden } from '../../lib/errors';
import { enqueueMail } from '../mail/repository';
import { findPlan } from '../plans/catalogue';
import { findUserById, toProfile, updateUser, type UserRow } from '../users/repository';
import type { ChargeResult } from './gateway';
import { claimIdempotencyKey, insertPayment, listPayments, saveMembership, storeIdempotentAnswer, updatePayment } from './repository';

type Checkout = z.output<typeof subscriptionRequestSchema>;

export const MEMBERSHIP_TERM_DAYS = 30;
const DAY_MS = 86_400_000;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;
const REPLAY_WAIT_MS = 15_000;

export const isActive = (user: Pick<UserRow, 'subscriptionStatus'>) => user.subscriptionStatus?.toLowerCase() === 'active';
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
const dateLabel = (date: Date) => date.toLocaleDateString('en-US', { timeZone: 'America/Chicago', dateStyle: 'long' });

/** A user may act only on their own account; another id is refused before anything is read. */
function ownAccount(auth: { userId: string }, userId: string) {
  if (auth.userId !== userId) throw forbidden(messages.notYourAccount);
}

/** Request fingerprint for idempotency: everything but the card number and CVC, which are never kept. */
function fingerprint(body: Checkout) {
  const { cardNumber, cvv: _cvv, ...card } = body.cardDetails;
  return sha256(JSON.stringify({ ...body, cardDetails: { ...card, last4: cardNumber.slice(-4) } }));
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  replayed?: boolean;
}

/**
 * PUT /api/users/{id}/subscription. The same Idempotency-Key replays the first answer, also when two
 * requests race; the amount always comes from the catalogue.
 */
export async function checkout(ctx: AppContext, auth: { userId: string }, userId: string, body: Checkout, idempotencyKey: string | undefined): Promise<Answer> {
  ownAccount(auth, userId);
  if (!idempotencyKey || !IDEMPOTENCY_KEY.test(idempotencyKey)) throw badRequest(messages.idempotencyKeyRequired);
  const claim = await claimIdempotencyKey(ctx.db, userId, idempotencyKey, fingerprint(body));
  if (!claim.created) {
    if (claim.row.requestHash !== fingerprint(body)) throw new HttpError(422, messages.idempotencyKeyReused);
    return replay(ctx, userId, idempotencyKey);
  }
  let answer: Answer;
  try {
    answer = await charge(ctx, userId, body, idempotencyKey);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    answer = { status: error.statusCode, body: { message: error.message, ...error.extra } };
  }
  await storeIdempotentAnswer(ctx.db, userId, idempotencyKey, answer.status, answer.body);
  return answer;
}

/** Waits for the first request with this key to finish, then answers as it did. */
async function replay(ctx: AppContext, userId: string, key: string): Promise<Answer> {
  const deadline = Date.now() + REPLAY_WAIT_MS;
  for (;;) {
    const { row } = await claimIdempotencyKey(ctx.db, userId, key, '');
    if (row.responseStatus !== null && row.responseBody !== null) {
      return { status: row.responseStatus, body: JSON.parse(row.responseBody) as Record<string, unknown>, replayed: true };
    }
    if (Date.now() > deadline) throw new HttpError(409, messages.paymentInProgress);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function charge(ctx: AppContext, userId: string, body: Checkout, idempotencyKey: string): Promise<Answer> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw forbidden(messages.paymentVerifyAccount);
  if (!user.verified) throw forbidden(messages.paymentVerifyEmailFirst);
  if (isActive(user) && user.subscriptionPlan !== 'oneTimeVisit') throw new HttpError(409, messages.paymentAlreadyActive);

  const plan = findPlan(body.planId);
  const card = body.cardDetails;
  const number = card.cardNumber.replace(/\D/g, '');
  const [month, year] = card.expiry.split('/').map(Number) as [number, number];
  const payment = (await insertPayment(ctx.db, {
    userId,
    planId: plan.id,
    kind: 'checkout',
    amount: plan.price,
    gateway: ctx.gateway.name,
    status: 'pending',
    cardLast4: number.slice(-4),
  }))!;

  let result: ChargeResult;
  try {
    result = await ctx.gateway.chargeCard(
      { number, expMonth: month, expYear: 2000 + year, cvc: card.cvv, holderName: card.cardholderName },
      { amount: plan.price, currency: 'USD', description: `${plan.title} membership`, idempotencyKey: `checkout:${userId}:${idempotencyKey}` },
    );
  } catch (error) {
    ctx.log.error({ err: error, paymentId: payment.id }, 'payment gateway call failed');
    await updatePayment(ctx.db, payment.id, { status: 'failed', failureCode: 'gateway_error' });
    throw new HttpError(502, messages.paymentUnavailable);
  }
  if (!result.ok) {
    await updatePayment(ctx.db, payment.id, { status: 'failed', failureCode: result.code });
    return { status: 402, body: { message: messages.declined[result.code], code: result.code } };
  }

  const paidAt = new Date();
  const renewsAt = plan.period === 'month' ? addDays(paidAt, MEMBERSHIP_TERM_DAYS) : null;
  const { updated, receiptId } = await ctx.db.transaction(async (tx) => {
    await updatePayment(tx, payment.id, { status: 'succeeded', gatewayReference: result.reference, cardBrand: result.brand, cardLast4: result.last4 });
    const saved = await updateUser(tx, userId, {
      subscriptionStatus: 'active',
      subscriptionPlan: plan.id,
      subscriptionAmount: plan.price,
      methodOfSubscription: 'online',
      subscriptionStartDate: paidAt,
      nextSubscriptionRenewDate: renewsAt,
      subscriptionEndDate: renewsAt,
      subscriptionCancelledDate: null,
      subscriptionMethodOfCancelling: null,
      billingStreet: body.billingAddress.street,
      billingCity: body.billingAddress.city,
      billingState: body.billingAddress.state,
      billingZip: body.billingAddress.zip,
      billingCountry: body.billingAddress.country,
      cardholderName: card.cardholderName,
      cardLast4: result.last4,
      cardExpiry: card.expiry,
      cardBrand: result.brand,
    });
    await saveMembership(tx, userId, { gatewayToken: result.paymentMethodToken, nextChargeAt: renewsAt, failedRenewals: 0, lockedUntil: null });
    return { updated: saved, receiptId: await enqueueMail(tx, receiptMail(ctx, saved, plan, paidAt, result.reference, renewsAt)) };
  });
  ctx.mail.deliverSoon(receiptId);
  return {
    status: 200,
    body: { message: messages.paymentSuccess, statusMessage: messages.paymentSuccess, user: toProfile(updated) },
  };
}

export function receiptMail(ctx: AppContext, user: UserRow, plan: Plan, paidAt: Date, reference: string, renewsAt: Date | null) {
  return ctx.templates.receipt(user.email, user.firstName, {
    planTitle: plan.title,
    amount: formatUsd(plan.price),
    date: dateLabel(paidAt),
    card: user.cardBrand ? `${user.cardBrand} ending ${user.cardLast4}` : `card ending ${user.cardLast4}`,
    reference,
    renewsOn: renewsAt ? dateLabel(renewsAt) : null,
  });
}

/** PUT /api/users/{id}/planUpdate: the chosen plan, until a membership is active. */
export async function updatePlan(ctx: AppContext, auth: { userId: string }, userId: string, planId: Plan['id']) {
  ownAccount(auth, userId);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw forbidden(messages.missingAccount);
  if (isActive(user)) throw forbidden(messages.planChangeRefused);
  const plan = findPlan(planId);
  const saved = await updateUser(ctx.db, userId, { subscriptionPlan: plan.id, subscriptionAmount: plan.price, subscriptionStatus: user.subscriptionStatus ?? 'pending' });
  return { message: messages.planSaved, subscriptionPlan: saved.subscriptionPlan, subscriptionAmount: saved.subscriptionAmount };
}

export async function paymentHistory(ctx: AppContext, userId: string) {
  const rows = await listPayments(ctx.db, userId);
  return rows.map((row) => ({
    id: row.id,
    date: toCentralIso(row.createdAt),
    planId: row.planId,
    planName: findPlan(row.planId as Plan['id']).title,
    kind: row.kind,
    amount: row.amount,
    currency: row.currency,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    status: row.status,
    failureCode: row.failureCode,
  }));
}

