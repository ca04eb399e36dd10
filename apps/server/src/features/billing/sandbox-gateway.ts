import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { detectCardBrand } from '@app/shared';
import type { Executor } from '../../db/client';
import type { SandboxResult } from '../../db/schema';
import type { ChargeRequest, ChargeResult, DeclineCode, PaymentGateway, RefundResult } from './gateway';
import {
  findSandboxCharge,
  recordSandboxCharges,
  voidSandboxKey,
  type NewSandboxCharge,
  type SandboxRecord,
} from './sandbox-gateway.repository';

/** Test cards, as card networks' test modes define them. Any other valid card approves. */
const OUTCOME_BY_CARD: Record<string, DeclineCode | 'approve_then_decline' | 'approve_refund_fails'> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
  '4000000000000341': 'approve_then_decline',
  '4000000000005126': 'approve_refund_fails',
};

// The token says how later charges go, so any server instance answers the same for it.
const TOKEN_PREFIX = 'sbx_pm_';
const DECLINING_TOKEN_PREFIX = 'sbx_pm_declines_';
// The charge's reference says whether it can be refunded, for the same reason.
const UNREFUNDABLE_PREFIX = 'sbx_ch_norefund_';

const id = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/** A voided key answers as a failed charge: the money is back, or was never taken. */
const answerOf = (row: SandboxRecord): ChargeResult =>
  row.voidedAt ? { ok: false, code: 'processing_error' } : (row.result as ChargeResult);

const refundAnswerOf = (row: SandboxRecord): RefundResult =>
  !row.voidedAt && row.result.ok ? { ok: true, reference: row.result.reference } : { ok: false, code: 'refund_failed' };

export interface SandboxOptions {
  /** Delay between recording a charge and answering, as a slow network; lets tests crash in between. */
  latencyMs?: number;
  /**
   * While a file at this path exists, answers wait after the charge is recorded: a test keeps a charge
   * in flight for exactly as long as it needs, however long its server processes take to start.
   */
  holdFile?: string;
}

/** How often a held answer looks whether its hold file is gone. */
const HOLD_POLL_MS = 50;

/**
 * The default gateway: deterministic like a card network's test mode, charging nothing real. Like a
 * real gateway it keeps its record of charges outside our process (its own table), answers the same
 * for a repeated idempotency key, and can be asked about a key and void it.
 */
export function createSandboxGateway(db: Executor, { latencyMs = 0, holdFile }: SandboxOptions = {}): PaymentGateway {
  const record = groupedRecorder(db);
  const recorded = async (request: Pick<ChargeRequest, 'idempotencyKey' | 'amountCents'>, decide: () => SandboxResult) => {
    const row = await record({ idempotencyKey: request.idempotencyKey, result: decide(), amountCents: request.amountCents });
    if (latencyMs > 0) await sleep(latencyMs);
    while (holdFile && existsSync(holdFile)) await sleep(HOLD_POLL_MS);
    return row;
  };
  const once = async (request: Pick<ChargeRequest, 'idempotencyKey' | 'amountCents'>, decide: () => SandboxResult) =>
    answerOf(await recorded(request, decide));
  /** What a test card does: its decline, or its approval with the token (and charge reference) that says what comes later. */
  const approveCard = (card: { number: string }, referencePrefix: string): SandboxResult => {
    const outcome = OUTCOME_BY_CARD[card.number];
    if (outcome && outcome !== 'approve_then_decline' && outcome !== 'approve_refund_fails') return { ok: false, code: outcome };
    return {
      ok: true,
      reference: id(outcome === 'approve_refund_fails' && referencePrefix === 'sbx_ch_' ? UNREFUNDABLE_PREFIX : referencePrefix),
      paymentMethodToken: id(outcome === 'approve_then_decline' ? DECLINING_TOKEN_PREFIX : TOKEN_PREFIX),
      brand: detectCardBrand(card.number),
      last4: card.number.slice(-4),
    };
  };

  return {
    name: 'sandbox',
    chargeCard: (card, request) => once(request, () => approveCard(card, 'sbx_ch_')),
    // A setup intent: the card is checked and its token answered, and nothing is charged.
    saveCard: (card, request) => once({ ...request, amountCents: 0 }, () => approveCard(card, 'sbx_seti_')),
    refund: async (request) =>
      refundAnswerOf(
        await recorded(request, () =>
          request.chargeReference.startsWith(UNREFUNDABLE_PREFIX)
            ? { ok: false, code: 'refund_failed' }
            : { ok: true, reference: id('sbx_re_'), refundOf: request.chargeReference },
        ),
      ),
    chargeSaved: (token, request) =>
      once(request, () => {
        if (!token.startsWith(TOKEN_PREFIX) || token.startsWith(DECLINING_TOKEN_PREFIX)) return { ok: false, code: 'card_declined' };
        return { ok: true, reference: id('sbx_ch_'), paymentMethodToken: token, brand: null, last4: '' };
      }),
    lookup: async (key) => {
      const row = await findSandboxCharge(db, key);
      return row ? answerOf(row) : null;
    },
    void: (key) => voidSandboxKey(db, key),
  };
}

interface Waiting {
  charge: NewSandboxCharge;
  resolve: (record: SandboxRecord) => void;
  reject: (error: unknown) => void;
}

/**
 * Records charges one statement at a time, each statement carrying every charge that arrived while
 * the one before was written: concurrent charges (a renewal batch) share a commit instead of paying
 * one each, and a charge alone is written at once. A caller's answer waits for its row's commit.
 */
function groupedRecorder(db: Executor) {
  let waiting: Waiting[] = [];
  let writing = false;
  const writeAll = async () => {
    writing = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        const records = await recordSandboxCharges(
          db,
          group.map((w) => w.charge),
        );
        for (const w of group) w.resolve(records.get(w.charge.idempotencyKey)!);
      } catch (error) {
        for (const w of group) w.reject(error);
      }
    }
    writing = false;
  };
  return (charge: NewSandboxCharge) =>
    new Promise<SandboxRecord>((resolve, reject) => {
      waiting.push({ charge, resolve, reject });
      if (!writing) void writeAll();
    });
}
