import { messages, type CardUpdateAnswer, type VisitPayment } from '@app/shared';
import { conflict, DomainError, invalid } from '../../lib/errors';
import { lockUser, updateUser } from '../users';
import { countDecline, fingerprint, IDEMPOTENCY_KEY, refuseCardTesting, type CheckoutDeps } from './checkout.service';
import { replaceGatewayToken } from './card-on-file.repository';
import { runRenewals, changeMembershipTerms } from './renewals.service';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  lockMembershipForChange,
  releaseIdempotencyKey,
  scheduleMemberships,
  storeIdempotentAnswer,
} from './repository';

/** How long a repeated request waits for the first one with its key to answer. */
const REPLAY_WAIT_MS = 15_000;
/** What a request refused because the same card update is under way suggests as Retry-After. */
const IN_PROGRESS_RETRY_S = 5;

/**
 * PUT /api/users/me/card: a new card for a monthly membership's renewals, checked by the gateway
 * (nothing charged, nothing of the card kept but its brand, last four and billing details). A
 * past-due member's failed renewal is tried again on it at once, through the renewal job's path, so
 * its period is charged at most once whatever else runs. The same Idempotency-Key answers as its
 * first request did; a declined card changes nothing (402).
 */
export async function updateCard(
  ctx: CheckoutDeps & Parameters<typeof runRenewals>[0],
  userId: string,
  body: VisitPayment,
  idempotencyKey: string | undefined,
  ip: string,
): Promise<CardUpdateAnswer> {
  if (!idempotencyKey || !IDEMPOTENCY_KEY.test(idempotencyKey)) throw invalid(messages.idempotencyKeyRequired);
  const requestHash = fingerprint(body);
  const claim = await claimIdempotencyKey(ctx.db, userId, idempotencyKey, requestHash);
  if (!claim.created) {
    if (claim.row.requestHash !== requestHash) throw new DomainError('unprocessable', messages.idempotencyKeyReused);
    return replay(ctx, userId, idempotencyKey);
  }
  try {
    const answer = await replaceCard(ctx, userId, body, idempotencyKey, ip);
    await storeIdempotentAnswer(ctx.db, userId, idempotencyKey, 'ok', answer);
    return answer;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // A refusal that says when to retry (rate limit, a renewal in flight) frees the key, as nothing happened.
    if (error.retryAfterSeconds !== undefined) await releaseIdempotencyKey(ctx.db, userId, idempotencyKey);
    else await storeIdempotentAnswer(ctx.db, userId, idempotencyKey, error.kind, { message: error.message, ...error.details });
    throw error;
  }
}

/** Answers as the first request with this key did, once it has. */
async function replay(ctx: Pick<CheckoutDeps, 'db'>, userId: string, key: string): Promise<CardUpdateAnswer> {
  for (const deadline = Date.now() + REPLAY_WAIT_MS; Date.now() <= deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const row = await findIdempotencyKey(ctx.db, userId, key);
    if (!row) break;
    if (row.responseOutcome === null || row.responseBody === null) continue;
    const body = JSON.parse(row.responseBody) as Record<string, unknown>;
    if (row.responseOutcome === 'ok') return body as unknown as CardUpdateAnswer;
    const { message, ...details } = body;
    throw new DomainError(row.responseOutcome, String(message), details);
  }
  throw conflict(messages.cardUpdateInProgress, IN_PROGRESS_RETRY_S);
}

async function replaceCard(
  ctx: CheckoutDeps & Parameters<typeof runRenewals>[0],
  userId: string,
  body: VisitPayment,
  key: string,
  ip: string,
): Promise<CardUpdateAnswer> {
  await refuseCardTesting(ctx, userId, ip);
  const card = body.cardDetails;
  const number = card.cardNumber.replace(/\D/g, '');
  const [month, year] = card.expiry.split('/').map(Number) as [number, number];
  const result = await ctx.gateway.saveCard(
    { number, expMonth: month, expYear: 2000 + year, cvc: card.cvv, holderName: card.cardholderName },
    { idempotencyKey: `card:${userId}:${key}` },
  );
  if (!result.ok) {
    await countDecline(ctx, userId, ip);
    throw new DomainError('payment-declined', messages.declined[result.code], { code: result.code });
  }
  const pastDue = await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    const membership = user && (await lockMembershipForChange(tx, userId));
    const renewing = user?.subscriptionStatus === 'active' || user?.subscriptionStatus === 'past_due';
    if (!user || !membership || !renewing || user.subscriptionPlan === 'oneTimeVisit') throw invalid(messages.cardUpdateNeedsMembership);
    // A renewal being charged now takes its turn first (409 with Retry-After), so it never charges the old card over this one.
    await changeMembershipTerms(tx, userId, {
      status: user.subscriptionStatus,
      plan: user.subscriptionPlan,
      renewsAt: user.nextSubscriptionRenewDate,
    });
    await replaceGatewayToken(tx, userId, result.paymentMethodToken);
    await updateUser(tx, userId, {
      cardBrand: result.brand,
      cardLast4: result.last4,
      cardholderName: card.cardholderName,
      cardExpiry: card.expiry,
      billingStreet: body.billingAddress.street,
      billingCity: body.billingAddress.city,
      billingState: body.billingAddress.state,
      billingZip: body.billingAddress.zip,
      billingCountry: body.billingAddress.country,
    });
    if (user.subscriptionStatus !== 'past_due') return false;
    // The failed renewal is due again now: the renewal below (or the job, on any instance) charges it once.
    await scheduleMemberships(tx, [{ userId, nextChargeAt: new Date(), failedRenewals: membership.failedRenewals }]);
    return true;
  });
  const saved = { brand: result.brand, last4: result.last4 };
  if (!pastDue) return { message: messages.cardUpdated, subscriptionStatus: 'active', card: saved };
  const summary = await runRenewals(ctx, new Date(), userId);
  if (summary.renewed > 0) return { message: messages.cardUpdatedAndPaid, subscriptionStatus: 'active', card: saved };
  if (summary.declined + summary.expired > 0)
    return { message: messages.cardUpdatedRetryDeclined, subscriptionStatus: summary.expired > 0 ? 'expired' : 'past_due', card: saved };
  // Another instance's job claimed the renewal first: it charges the new card.
  return { message: messages.cardUpdated, subscriptionStatus: 'past_due', card: saved };
}
