import { RATE_SCALE, type ExchangeRate } from '@app/shared';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { recordAudit, type Actor, type AuditRequest } from '../audit';
import { insertRate, latestRate, lockRates } from './repository';

/** What the exchange rate uses: its rows, and the configured rate that applies before an admin sets one. */
interface ExchangeRateDeps {
  db: Database;
  config: Pick<Config, 'startingInrPerUsd'>;
}

/** The rate new saves use: the latest an admin set, else the configured starting value. */
export async function currentRate(ctx: ExchangeRateDeps, db: Executor) {
  const row = await latestRate(db);
  return row ?? { inrPerUsdE4: Math.round(ctx.config.startingInrPerUsd * RATE_SCALE), effectiveFrom: null, setBy: null };
}

export async function getExchangeRate(ctx: ExchangeRateDeps): Promise<ExchangeRate> {
  const rate = await currentRate(ctx, ctx.db);
  return { inrPerUsd: rate.inrPerUsdE4 / RATE_SCALE, effectiveFrom: rate.effectiveFrom?.toISOString() ?? null, setBy: rate.setBy };
}

/** A new rate for the saves from now on; saved expenses keep theirs. Audited with the rate it replaced. */
export async function setExchangeRate(ctx: ExchangeRateDeps, admin: Actor, inrPerUsd: number, audit: AuditRequest): Promise<ExchangeRate> {
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
