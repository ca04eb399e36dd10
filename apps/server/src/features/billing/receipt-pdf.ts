import { formatCentralDate, formatUsd, messages } from '@app/shared';
import type { Config } from '../../config';
import { finishPdf, PDF_INK, PDF_MUTED, startPdf, toWinAnsi } from '../../lib/pdf';

const words = messages.receiptPdf;

/** One payment as a receipt shows it; a refund has a negative amount and names the receipt it gives back. */
export interface ReceiptLine {
  receiptNumber: string;
  paidAt: Date;
  /** What was bought: a plan's membership, a visit, or the refund of one. */
  bought: string;
  /** The days a membership payment covers, first and last. */
  period: { from: Date; to: Date } | null;
  /** The visit's clinician, with their credentials and NPI. */
  clinician: { name: string; npi: string } | null;
  /** True for a visit not yet seen by a clinician. */
  clinicianPending: boolean;
  amountCents: number;
  card: { brand: string | null; last4: string } | null;
  refundOf: string | null;
}

/** What a receipt or a yearly statement shows: the seller, the patient, and the payments. */
export interface ReceiptContent {
  company: Config['company'];
  brandName: string;
  patientName: string;
  lines: ReceiptLine[];
  /** A yearly statement's year; a receipt has one line and none. */
  year: number | null;
}

/** A receipt (one payment) or a yearly statement (a year's payments, and their total), as a US Letter PDF. */
export function renderReceiptPdf({ company, brandName, patientName, lines, year }: ReceiptContent): Promise<Buffer> {
  const title = year === null ? words.receiptTitle : words.statementTitle(year);
  const { doc, done } = startPdf({ Title: title, Author: company.legalName });
  const write = (text: string, font: 'Helvetica' | 'Helvetica-Bold', size: number, color = PDF_INK) =>
    doc.font(font).fontSize(size).fillColor(color).text(toWinAnsi(text));
  const field = (label: string, value: string) => {
    write(label, 'Helvetica-Bold', 9, PDF_MUTED);
    write(value, 'Helvetica', 11);
    doc.moveDown(0.4);
  };
  const period = (p: NonNullable<ReceiptLine['period']>) => `${formatCentralDate(p.from)} to ${formatCentralDate(p.to)}`;
  const card = (c: ReceiptLine['card']) => (c ? words.card(c.brand, c.last4) : '-');
  const clinician = (line: ReceiptLine) =>
    line.clinician ? `${line.clinician.name} · ${words.npi} ${line.clinician.npi}` : line.clinicianPending ? words.noClinicianYet : null;

  write(company.legalName, 'Helvetica-Bold', 16);
  write(`${brandName} · ${company.address}`, 'Helvetica', 9, PDF_MUTED);
  write(words.taxId(company.taxId), 'Helvetica', 9, PDF_MUTED);
  doc.moveDown(0.8);
  write(title, 'Helvetica-Bold', 20);
  doc.moveDown(0.5);
  field(words.patient, patientName);

  if (year === null) {
    const [line] = lines;
    if (line) {
      field(words.receiptNumber, line.receiptNumber);
      field(words.date, formatCentralDate(line.paidAt));
      field(words.bought, line.refundOf ? `${line.bought} · ${words.refundOf(line.refundOf)}` : line.bought);
      if (line.period) field(words.period, period(line.period));
      const seenBy = clinician(line);
      if (seenBy) field(words.clinician, seenBy);
      field(line.amountCents < 0 ? words.refunded : words.amount, formatUsd(Math.abs(line.amountCents)));
      field(words.paidWith, card(line.card));
    }
  } else {
    for (const line of lines) {
      write(`${formatCentralDate(line.paidAt)} · ${words.receiptNumber} ${line.receiptNumber}`, 'Helvetica-Bold', 9, PDF_MUTED);
      const details = [
        line.refundOf ? words.refundOf(line.refundOf) : null,
        line.period ? period(line.period) : null,
        clinician(line),
      ].filter((part) => part !== null);
      write([line.bought, ...details].join(' · '), 'Helvetica', 11);
      write(`${formatUsd(line.amountCents)} · ${card(line.card)}`, 'Helvetica', 11);
      doc.moveDown(0.5);
    }
    doc.moveDown(0.4);
    field(words.total, formatUsd(lines.reduce((sum, line) => sum + line.amountCents, 0)));
  }
  doc.moveDown(0.8);
  write(words.timeZoneNote, 'Helvetica', 9, PDF_MUTED);
  finishPdf(doc, words.footer);
  return done;
}
