// The Expenses tab on BENCH_EXPENSES (100,000) expenses on Postgres, and a 10 MB receipt on each
// storage driver (local disk; S3 through s3rver).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type S3rver from 's3rver';
import { BENCH_ADMIN, latencies, latencyTable, seedWith, signedInAdmin, type CallLatency } from './admin';
import { freePort, json, percentile, round, serverPackage, withPostgresDatabase, withServer, type Env } from '../shared';

export const EXPENSES = Number(process.env.BENCH_EXPENSES ?? 100_000);
const EXPENSES_AIM_MS = 50;
const RECEIPT_BYTES = 10 * 1024 * 1024;
const RECEIPT_RUNS = 5;

export interface ExpenseListResult {
  expenses: number;
  calls: Record<string, CallLatency & { aimMs: number; meetsAim: boolean }>;
}

export interface ReceiptThroughput {
  driver: string;
  megabytes: number;
  runs: number;
  uploadMBps: number;
  uploadMedianMs: number;
  downloadMBps: number;
  downloadMedianMs: number;
}

export interface ExpensesResult {
  list: ExpenseListResult | null;
  receipts: ReceiptThroughput[];
}

/** The Expenses tab's list on `EXPENSES` seeded expenses on Postgres: pages 0-99, and pages of each filter. */
export const benchExpenseList = () =>
  withPostgresDatabase('bench_expenses', async (url): Promise<ExpenseListResult> => {
    const dataDir = mkdtempSync(join(tmpdir(), 'telehealth-bench-expenses-'));
    try {
      const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password };
      await seedWith({ ...process.env, NODE_ENV: 'development', ...env }, ['--users', '0', '--expenses', String(EXPENSES)]);
      return await withServer(async (baseUrl) => {
        const token = await signedInAdmin(baseUrl);
        const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
        const pages = (query: string, count: number) =>
          Array.from({ length: count }, (_, page) => `/api/admin/expenses?page=${page}&size=10${query}`);
        await latencies(baseUrl, token, pages('', 20));
        const rows: Record<string, CallLatency> = {
          'list pages 0-99': await latencies(baseUrl, token, pages('', 100)),
          'currency INR, pages 0-19': await latencies(baseUrl, token, pages('&currency=INR', 20)),
          'last 90 days, pages 0-19': await latencies(baseUrl, token, pages(`&startDate=${day(90)}&endDate=${day(0)}`, 20)),
          'created by one admin, pages 0-19': await latencies(baseUrl, token, pages('&createdBy=finance@', 20)),
          'all filters, pages 0-19': await latencies(
            baseUrl,
            token,
            pages(`&currency=USD&startDate=${day(365)}&endDate=${day(0)}&createdBy=ops@`, 20),
          ),
        };
        const calls = Object.fromEntries(
          Object.entries(rows).map(([call, row]) => [call, { ...row, aimMs: EXPENSES_AIM_MS, meetsAim: row.p95Ms <= EXPENSES_AIM_MS }]),
        );
        return { expenses: EXPENSES, calls };
      }, env);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

/** A 10 MB PDF-looking body: the magic bytes the server checks, then filler. */
function receiptBytes(): Buffer {
  const bytes = Buffer.alloc(RECEIPT_BYTES, 0x20);
  bytes.write('%PDF-1.7\n%âãÏÓ\n', 0, 'latin1');
  return bytes;
}

/** Where the server lets an admin upload a receipt, and where the upload will be found. */
interface UploadTicket {
  uploadUrl: string;
  headers: Record<string, string>;
  fileUrl: string;
}

/**
 * Uploads a 10 MB receipt through the address the server gives, attaches it and downloads it back,
 * `RECEIPT_RUNS` times on the server started with `storageEnv`; the median throughput of each.
 */
export async function receiptThroughput(label: string, storageEnv: Env): Promise<ReceiptThroughput> {
  return withServer(
    async (baseUrl) => {
      const token = await signedInAdmin(baseUrl);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const call = async <T>(method: string, path: string, body: unknown): Promise<T> => {
        const answer = await json<T>(
          await fetch(`${baseUrl}${path}`, { method, headers, body: JSON.stringify(body) }),
          `${method} ${path}`,
        );
        if (answer === null) throw new Error(`${method} ${path} answered no body`);
        return answer;
      };
      const bytes = receiptBytes();
      const up: number[] = [];
      const down: number[] = [];
      for (let run = 0; run < RECEIPT_RUNS; run++) {
        const expenseId = crypto.randomUUID();
        await call('PUT', `/api/admin/expenses/${expenseId}`, { title: 'Bench receipt' });
        const ticket = await call<UploadTicket>('POST', '/api/admin/expenses/upload-initiate', {
          expenseId,
          fileName: 'receipt.pdf',
          contentType: 'application/pdf',
          size: bytes.length,
        });
        let start = performance.now();
        const put = await fetch(new URL(ticket.uploadUrl, baseUrl), { method: 'PUT', headers: ticket.headers, body: bytes });
        if (!put.ok) throw new Error(`upload answered ${put.status}: ${await put.text()}`);
        up.push(performance.now() - start);
        const expense = await call<{ downloadUrl: string }>('POST', `/api/admin/expenses/${expenseId}/attach`, {
          fileUrl: ticket.fileUrl,
          fileName: 'receipt.pdf',
          contentType: 'application/pdf',
          size: bytes.length,
        });
        start = performance.now();
        const got = Buffer.from(await (await fetch(`${baseUrl}${expense.downloadUrl}`)).arrayBuffer());
        down.push(performance.now() - start);
        if (!got.equals(bytes)) throw new Error('the downloaded receipt differs from the upload');
      }
      const mbPerS = (times: number[]) => round(RECEIPT_BYTES / 1024 / 1024 / (percentile(times, 50) / 1000), 1);
      return {
        driver: label,
        megabytes: RECEIPT_BYTES / 1024 / 1024,
        runs: RECEIPT_RUNS,
        uploadMBps: mbPerS(up),
        uploadMedianMs: round(percentile(up, 50)),
        downloadMBps: mbPerS(down),
        downloadMedianMs: round(percentile(down, 50)),
      };
    },
    { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, ...storageEnv },
  );
}

/** The S3 driver against s3rver (a real S3-compatible server) on 127.0.0.1, in a folder of its own. */
export async function withS3rver<T>(fn: (env: Env) => Promise<T>): Promise<T> {
  const { default: S3rverServer } = await serverPackage<{ default: typeof S3rver }>('s3rver');
  const directory = mkdtempSync(join(tmpdir(), 'telehealth-bench-s3-'));
  try {
    const port = await freePort();
    const s3 = new S3rverServer({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: 'receipts', configs: [] }],
    });
    await s3.run();
    try {
      return await fn({
        STORAGE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'us-east-1',
        S3_BUCKET: 'receipts',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      });
    } finally {
      await s3.close();
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

export function printExpenseList(list: ExpenseListResult): void {
  console.log(`Expenses list on Postgres, ${list.expenses} expenses, one request at a time`);
  latencyTable(list.calls);
}

export function printReceipts(receipts: ReceiptThroughput[]): void {
  console.log(
    `A ${RECEIPT_BYTES / 1024 / 1024} MB receipt, uploaded through the address the server gives and downloaded back (median of ${RECEIPT_RUNS})`,
  );
  console.table(
    Object.fromEntries(
      receipts.map((r) => [
        r.driver,
        { 'upload MB/s': r.uploadMBps, 'upload ms': r.uploadMedianMs, 'download MB/s': r.downloadMBps, 'download ms': r.downloadMedianMs },
      ]),
    ),
  );
}
