import {
  addDays,
  formatCentralDate,
  formatUsd,
  MEMBERSHIP_TERM_DAYS,
  clinicianName,
  messages,
  visitPurchaseName,
  type Plan,
  type VisitService,
} from '@app/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Letter } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { MailTemplates, OutgoingMail } from '../mail';
import type { UserRow } from '../users';
import { isVisitService, purchaseTitle } from './membership.service';
import { renderReceiptPdf, type ReceiptLine } from './receipt-pdf';
import { findPaidPayment, listPaidPaymentsOfYear, type ReceiptRow } from './receipts.repository';

/** What receipts are made from: the ledger, and the seller they name. */
interface ReceiptDeps {
  db: Database;
  config: Pick<Config, 'company' | 'brand'>;
}

/** How a receipt e-mail names the card charged. */
const chargedTo = (card: { brand: string | null; last4: string | null }) =>
  card.brand ? `${card.brand} ending ${card.last4}` : `card ending ${card.last4}`;

/** A receipt e-mail carries its payment's receipt PDF, drawn when the message is sent. */
const withReceiptPdf = (mail: OutgoingMail, paymentId: string): OutgoingMail => ({
  ...mail,
  letter: { ...mail.letter, attachment: { receiptOf: paymentId } },
});

/** The receipt e-mail of a paid checkout or renewal; the receipt's PDF is attached when it is sent. */
export function receiptMail(
  ctx: { templates: MailTemplates },
  user: Pick<UserRow, 'email' | 'firstName' | 'cardBrand' | 'cardLast4'>,
  plan: Plan,
  paidAt: Date,
  reference: string,
  renewsAt: Date | null,
  paymentId: string,
) {
  const mail = ctx.templates.receipt(user.email, user.firstName, {
    planTitle: plan.title,
    amount: formatUsd(plan.priceCents),
    date: formatCentralDate(paidAt),
    card: chargedTo({ brand: user.cardBrand, last4: user.cardLast4 }),
    reference,
    renewsOn: renewsAt ? formatCentralDate(renewsAt) : null,
  });
  return withReceiptPdf(mail, paymentId);
}

/**
 * The receipt e-mail of a visit paid for by itself, sent when the payment settles: it names the
 * service, the amount paid and the card charged, never what the visit is about.
 */
export function visitReceiptMail(
  ctx: { templates: MailTemplates },
  user: Pick<UserRow, 'email' | 'firstName'>,
  service: VisitService,
  paid: { at: Date; amountCents: number; reference: string; card: { brand: string | null; last4: string } },
  paymentId: string,
) {
  const mail = ctx.templates.visitReceipt(user.email, user.firstName, {
    bought: visitPurchaseName(service),
    amount: formatUsd(paid.amountCents),
    date: formatCentralDate(paid.at),
    card: chargedTo(paid.card),
    reference: paid.reference,
  });
  return withReceiptPdf(mail, paymentId);
}

/**
 * A payment's receipt number: the first 48 bits of its id, in capitals. Printed on the receipt, the
 * statement and a refund's receipt, and unique in practice (a clash needs millions of payments).
 */
export const receiptNumber = (paymentId: string) => paymentId.replace(/-/g, '').slice(0, 12).toUpperCase();

/** What a ledger row shows on a receipt: what it bought, the period a membership covers, a visit's clinician. */
function receiptLine(row: ReceiptRow): ReceiptLine {
  const visit = isVisitService(row.planId);
  const periodStart = row.kind === 'renewal' ? row.periodStart : row.kind === 'checkout' ? row.createdAt : null;
  return {
    receiptNumber: receiptNumber(row.id),
    paidAt: row.createdAt,
    bought: visit ? purchaseTitle(row.planId) : `${purchaseTitle(row.planId)} membership`,
    period: periodStart ? { from: periodStart, to: addDays(periodStart, MEMBERSHIP_TERM_DAYS) } : null,
    clinician: row.clinician ? { name: clinicianName(row.clinician), npi: row.clinician.npi } : null,
    clinicianPending: visit && !row.clinician,
    amountCents: row.amountCents,
    card: row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    refundOf: row.refundOf ? receiptNumber(row.refundOf) : null,
  };
}

const render = (deps: ReceiptDeps, rows: ReceiptRow[], year: number | null) =>
  renderReceiptPdf({
    company: deps.config.company,
    brandName: deps.config.brand.name,
    patientName: `${rows[0]!.firstName} ${rows[0]!.lastName}`.trim(),
    lines: rows.map(receiptLine),
    year,
  });

/** The receipt of one of `userId`'s paid payments (a refund's too), as a PDF; any other payment does not exist for them. */
export async function receiptPdf(deps: ReceiptDeps, userId: string, paymentId: string): Promise<{ fileName: string; pdf: Buffer }> {
  const row = await findPaidPayment(deps.db, paymentId, userId);
  if (!row) throw notFound(messages.receiptNotFound);
  return { fileName: `receipt-${receiptNumber(row.id)}.pdf`, pdf: await render(deps, [row], null) };
}

/** The payments of a US Central calendar year, refunds included, and their total, as a PDF. */
export async function statementPdf(deps: ReceiptDeps, userId: string, year: number): Promise<{ fileName: string; pdf: Buffer }> {
  const rows = await listPaidPaymentsOfYear(deps.db, userId, year);
  if (rows.length === 0) throw notFound(messages.statementEmpty);
  return { fileName: `statement-${year}.pdf`, pdf: await render(deps, rows, year) };
}

/** The files a message carries when it is sent: a receipt's PDF, made from the ledger as it is then. */
export async function mailAttachments(deps: ReceiptDeps, letter: Letter) {
  if (!letter.attachment) return [];
  const row = await findPaidPayment(deps.db, letter.attachment.receiptOf);
  // A payment gone with its account: the message goes without it.
  if (!row) return [];
  return [{ filename: `receipt-${receiptNumber(row.id)}.pdf`, contentType: 'application/pdf', content: await render(deps, [row], null) }];
}
