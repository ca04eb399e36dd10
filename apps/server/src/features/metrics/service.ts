import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Log } from '../../lib/logging';
import type { PaymentGateway, RenewalSummary } from '../billing';
import { outboxBacklog, paymentsAwaitingReconciliation } from './repository';

/** A connection pool's counts, as node-postgres keeps them. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** What the gauges read on a scrape: the outbox and the ledger, and the Postgres server's pools by name (none on PGlite). */
interface MetricsDeps {
  db: Database;
  log: Log;
  config: Pick<Config, 'reconcileAfterMs'>;
  pools: Record<string, PoolCounts>;
  /** How many event streams (lib/live) are open now. */
  openEventStreams: () => number;
}

/** A scrape counts at most this many rows per gauge: the queries stay bounded however large a backlog grows. */
const COUNT_CAP = 10_000;
/** A gauge whose query has not answered by then keeps its last value, so a slow database cannot hold a scrape. */
const COLLECT_TIMEOUT_MS = 2_000;
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The Prometheus metrics of one process. Labels are route patterns, methods, status codes and
 * outcomes: never a URL, an address, an e-mail or an id. Counters are counted as things happen;
 * gauges that need the database are read when scraped, each with a bounded query.
 */
export function createMetrics(deps: MetricsDeps) {
  const registry = new Registry();
  const registers = [registry];
  // Process CPU, memory, handles, garbage collection and event-loop lag.
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const charges = new Counter({
    name: 'payments_total',
    help: 'Card charges asked of the gateway, by what asked (checkout or renewal), the answer (approved, declined, error) and the decline code',
    labelNames: ['source', 'outcome', 'decline_code'] as const,
    registers,
  });
  const renewalRuns = new Counter({
    name: 'renewal_runs_total',
    help: 'Runs of the billing job (reconciliation, ended visits, renewals), by result (completed, failed)',
    labelNames: ['result'] as const,
    registers,
  });
  const renewals = new Counter({
    name: 'renewals_total',
    help: 'Memberships handled by renewal runs, by outcome (charged, declined, expired, skipped, voided, cancelled)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const auditFailures = new Counter({
    name: 'audit_write_failures_total',
    help: 'Audit trail rows that could not be appended after their request was answered',
    registers,
  });

  /** Runs a gauge's query within the time allowed; a failure is logged and the gauge keeps its last value. */
  async function bounded<T>(what: string, query: () => Promise<T>, set: (value: T) => void) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${COLLECT_TIMEOUT_MS} ms`)), COLLECT_TIMEOUT_MS);
    });
    try {
      set(await Promise.race([query(), late]));
    } catch (error) {
      deps.log.warn({ gauge: what, err: error }, 'metrics gauge not collected');
    } finally {
      clearTimeout(timer);
    }
  }

  // One outbox query serves both of its gauges: a scrape collects them together, while it is under way.
  let outbox: ReturnType<typeof outboxBacklog> | null = null;
  const outboxNow = () =>
    (outbox ??= outboxBacklog(deps.db, COUNT_CAP).finally(() => {
      outbox = null;
    }));
  new Gauge({
    name: 'mail_outbox_backlog',
    help: `Messages in the outbox not sent yet (counted up to ${COUNT_CAP})`,
    registers,
    async collect() {
      await bounded('mail_outbox_backlog', outboxNow, ({ messages }) => this.set(messages));
    },
  });
  new Gauge({
    name: 'mail_outbox_oldest_age_seconds',
    help: 'How long ago the oldest message not sent yet was queued; 0 when none waits',
    registers,
    async collect() {
      await bounded('mail_outbox_oldest_age_seconds', outboxNow, ({ oldestAgeSeconds }) => this.set(oldestAgeSeconds));
    },
  });
  new Gauge({
    name: 'payments_awaiting_reconciliation',
    help: `Payment attempts still pending past PAYMENT_RECONCILE_AFTER_MS, which reconciliation settles (counted up to ${COUNT_CAP})`,
    registers,
    async collect() {
      const olderThan = () => new Date(Date.now() - deps.config.reconcileAfterMs);
      await bounded(
        'payments_awaiting_reconciliation',
        () => paymentsAwaitingReconciliation(deps.db, olderThan(), COUNT_CAP),
        (count) => this.set(count),
      );
    },
  });
  new Gauge({
    name: 'live_event_streams_open',
    help: 'Event streams open on this process (live updates)',
    registers,
    collect() {
      this.set(deps.openEventStreams());
    },
  });
  if (Object.keys(deps.pools).length > 0) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Postgres connections of each pool: open, idle, and requests waiting for one',
      labelNames: ['pool', 'state'] as const,
      registers,
      collect() {
        for (const [pool, counts] of Object.entries(deps.pools)) {
          this.set({ pool, state: 'open' }, counts.totalCount);
          this.set({ pool, state: 'idle' }, counts.idleCount);
          this.set({ pool, state: 'waiting' }, counts.waitingCount);
        }
      },
    });
  }

  return {
    contentType: registry.contentType,
    /** The metrics as Prometheus text, gauges read now. */
    text: () => registry.metrics(),
    /** A request answered: `route` is its pattern (never the URL), or null when no route matched. */
    observeRequest(method: string, route: string | null, statusCode: number, seconds: number) {
      requestDuration.observe({ method, route: route ?? 'unmatched', status_code: String(statusCode) }, seconds);
    },
    /** A billing job run that completed with its renewals' summary, or failed (null). */
    billingRun(summary: RenewalSummary | null) {
      renewalRuns.inc({ result: summary ? 'completed' : 'failed' });
      if (!summary) return;
      renewals.inc({ outcome: 'charged' }, summary.renewed);
      renewals.inc({ outcome: 'declined' }, summary.declined);
      renewals.inc({ outcome: 'expired' }, summary.expired);
      renewals.inc({ outcome: 'skipped' }, summary.skipped);
      renewals.inc({ outcome: 'voided' }, summary.voided);
      renewals.inc({ outcome: 'cancelled' }, summary.cancelled);
    },
    auditWriteFailed(rows: number) {
      auditFailures.inc(rows);
    },
    /** The gateway, with each charge's answer counted. */
    countCharges(gateway: PaymentGateway): PaymentGateway {
      const counted = async (source: 'checkout' | 'renewal', charge: Promise<Awaited<ReturnType<PaymentGateway['chargeCard']>>>) => {
        try {
          const result = await charge;
          charges.inc({ source, outcome: result.ok ? 'approved' : 'declined', decline_code: result.ok ? '' : result.code });
          return result;
        } catch (error) {
          charges.inc({ source, outcome: 'error', decline_code: '' });
          throw error;
        }
      };
      return {
        name: gateway.name,
        chargeCard: (card, request) => counted('checkout', gateway.chargeCard(card, request)),
        chargeSaved: (token, request) => counted('renewal', gateway.chargeSaved(token, request)),
        lookup: (key) => gateway.lookup(key),
        void: (key) => gateway.void(key),
        saveCard: (card, request) => gateway.saveCard(card, request),
        refund: (request) => gateway.refund(request),
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
