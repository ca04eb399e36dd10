import { RATE_SCALE, type ExchangeRate } from '@app/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { recordAudit, type Actor, type AuditRequest } from '../audit';
import { insertRate, latestRate, lockRates } from './repository';

/** The rate new saves use: the latest an admin set, else the configured starting value. */
export async function currentRate(ctx: AppContext, db: Executor) {
  const row = await latestRate(db);
  return row ?? { inrPerUsdE4: Math.round(ctx.config.startingInrPerUsd * RATE_SCALE), effectiveFrom: null, setBy: null };
}

export async function getExchangeRate(ctx: AppContext): Promise<ExchangeRate> {
  const rate = await currentRate(ctx, ctx.db);
  return { inrPerUsd: rate.inrPerUsdE4 / RATE_SCALE, effectiveFrom: rate.effectiveFrom?.toISOString() ?? null, setBy: rate.setBy };
}

/** A new rate for the saves from now on; saved expenses keep theirs. Audited with the rate it replaced. */
export async function setExchangeRate(ctx: AppContext, admin: Actor, inrPerUsd: number, audit: AuditRequest): Promise<ExchangeRate> {
  const row = await ctx.db.transaction(async (tx) => {
    await lockRates(tx);
    const before = await currentRate(ctx, tx);
    const saved = await insertRate(tx, {
      inrPerUsdE4: Math.round(inrPerUsd * RATE_SCALE),
      setBy: admin.email.toLowerCase(),
      effectiveFrom: new Date(),
    });
    const change = { field: 'inrPerUsd', before: before.inrPerUsdE4 / RATE_SCALE, after: saved.inrPerUsdE4 / RATE_SCALE };
    await recordAudit(tx, { ...audit, status: 200, details: { changes: [change] } });
    return saved;
  });
  return { inrPerUsd: row.inrPerUsdE4 / RATE_SCALE, effectiveFrom: row.effectiveFrom.toISOString(), setBy: row.setBy };
}
