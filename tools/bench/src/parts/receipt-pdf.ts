// receipt-pdf: the server's own receipt and yearly statement PDFs (apps/server/src/features/billing/receipt-pdf.ts),
// drawn RECEIPT_RUNS times each after a warm-up: a receipt of one payment, and a year of twelve renewals.
import { mean, percentile, round } from '../shared';

export const RECEIPT_RUNS = 200;

interface Timing {
  meanMs: number;
  p95Ms: number;
  bytes: number;
}

export interface ReceiptPdfResult {
  runs: number;
  receipt: Timing;
  statement: Timing;
}

export async function benchReceiptPdf(): Promise<ReceiptPdfResult> {
  const { renderReceiptPdf } = await import('../../../../apps/server/src/features/billing/receipt-pdf');
  const company = { legalName: 'CareConnect 24/7, Inc.', address: '100 Market Street, Saint Louis, MO 63101', taxId: '12-3456789' };
  const line = (month: number) => ({
    receiptNumber: `0A1B2C3D4E${String(month).padStart(2, '0')}`,
    paidAt: new Date(Date.UTC(2026, month, 5, 15)),
    bought: 'Individual Monthly membership',
    period: { from: new Date(Date.UTC(2026, month, 5, 15)), to: new Date(Date.UTC(2026, month + 1, 4, 15)) },
    clinician: null,
    clinicianPending: false,
    amountCents: 2999,
    card: { brand: 'Visa', last4: '4242' },
    refundOf: null,
  });
  const receipt = () =>
    renderReceiptPdf({ company, brandName: 'CareConnect 24/7', patientName: 'Avery Stone', lines: [line(0)], year: null });
  const statement = () =>
    renderReceiptPdf({
      company,
      brandName: 'CareConnect 24/7',
      patientName: 'Avery Stone',
      lines: Array.from({ length: 12 }, (_, m) => line(m)),
      year: 2026,
    });
  const timeEach = async (draw: () => Promise<Buffer>): Promise<Timing> => {
    let bytes = (await draw()).length; // warm-up: fonts and code loaded once
    const times: number[] = [];
    for (let i = 0; i < RECEIPT_RUNS; i++) {
      const start = process.hrtime.bigint();
      bytes = (await draw()).length;
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    return { meanMs: round(mean(times)), p95Ms: round(percentile(times, 95)), bytes };
  };
  return { runs: RECEIPT_RUNS, receipt: await timeEach(receipt), statement: await timeEach(statement) };
}

export function printReceiptPdf(r: ReceiptPdfResult): void {
  console.log(`\nreceipt PDFs, ${r.runs} runs each`);
  console.table({ receipt: r.receipt, 'statement (12 payments)': r.statement });
}
