import { randomUUID } from 'node:crypto';
import { messages, RECEIPT_MAX_BYTES, type Expense, type UploadTicket } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expenseUploads } from '../../db/schema';
import { runHousekeeping } from '../../jobs/housekeeping';
import { adminEnv, signedInAdmin, signedInPatient, useTestApp } from '../../test/harness';
import type { App } from '../../app';
import { useS3rver } from '../../test/s3';

const pdf = (size = 200_000) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\n', 0, 'latin1');
  bytes.write('\n%%EOF\n', size - 7, 'latin1');
  return bytes;
};
// A whole 1×1 PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(2000, 7),
  Buffer.from([0xff, 0xd9]),
]);

const FAKE_DATE: { toFake: ['Date'] } = { toFake: ['Date'] };

describe.each([
  ['local disk', () => ({ STORAGE: 'local' })],
  ['S3 (s3rver)', useS3rver],
])('#30 expense receipts on %s', (_driver, storageEnv) => {
  const env: Record<string, string> = { ...adminEnv };
  // The S3 settings exist once s3rver runs: hooks run in order, so the app is built after both.
  const storage = storageEnv();
  beforeAll(() => {
    Object.assign(env, storage);
  });
  const server = useTestApp(env);
  let admin: string;
  let otherAdmin: string;
  let patient: string;
  beforeAll(async () => {
    admin = (await signedInAdmin(server.app)).token;
    const other = await signedInPatient(server.app);
    patient = (await signedInPatient(server.app)).token;
    const view = (await server.http.get(`/api/admin/search?email=${encodeURIComponent(other.user.email as string)}`, admin)).body
      .content as Record<string, unknown>[];
    const promoted = await server.http.put(
      `/api/admin/users/${String(other.user.id)}`,
      { ...view[0], roles: 'ROLE_USER,ROLE_ADMIN', reason: 'Second admin for the tests' },
      admin,
    );
    expect(promoted.status, promoted.text).toBe(200);
    otherAdmin = (await signedInAdmin(server.app, other.user.email as string)).token;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const http = () => server.http;
  const saveExpense = async (id: string, body: Record<string, unknown> = {}, token = admin) => {
    const answer = await http().put(`/api/admin/expenses/${id}`, { title: 'Receipt test', ...body }, token);
    return answer;
  };
  const initiate = async (expenseId: string, body: Record<string, unknown>, token = admin) =>
    http().post(
      '/api/admin/expenses/upload-initiate',
      { expenseId, fileName: 'receipt.pdf', contentType: 'application/pdf', ...body },
      token,
    );

  /** PUTs the bytes to the upload address as a browser would: to our own server (local) or to the bucket (S3). */
  async function upload(app: App, ticket: UploadTicket, bytes: Buffer, headers: Record<string, string> = {}) {
    const url = new URL(ticket.uploadUrl, app.ctx.config.appUrl);
    const allHeaders = { ...ticket.headers, ...headers };
    if (url.origin === new URL(app.ctx.config.appUrl).origin) {
      const answer = await app.inject({ method: 'PUT', url: `${url.pathname}${url.search}`, headers: allHeaders, payload: bytes });
      return { status: answer.statusCode, body: answer.body };
    }
    const answer = await fetch(url, { method: 'PUT', headers: allHeaders, body: bytes });
    return { status: answer.status, body: await answer.text() };
  }

  /** A saved expense with `bytes` uploaded for it (not attached yet). */
  async function uploaded(bytes: Buffer, contentType = 'application/pdf', fileName = 'receipt.pdf') {
    const expenseId = randomUUID();
    expect((await saveExpense(expenseId)).status).toBe(200);
    const started = await initiate(expenseId, { fileName, contentType, size: bytes.length });
    expect(started.status, started.text).toBe(200);
    const ticket = started.body as unknown as UploadTicket;
    const put = await upload(server.app, ticket, bytes);
    return { expenseId, ticket, put };
  }

  const attach = (expenseId: string, ticket: UploadTicket, bytes: Buffer, contentType = 'application/pdf', token = admin) =>
    http().post(
      `/api/admin/expenses/${expenseId}/attach`,
      { fileUrl: ticket.fileUrl, fileName: 'receipt.pdf', contentType, size: bytes.length },
      token,
    );

  const storedKey = async (uploadId: string) => {
    const [row] = await server.app.ctx.db.select().from(expenseUploads).where(eq(expenseUploads.id, uploadId));
    return row?.storageKey ?? null;
  };
  const uploadIdOf = (fileUrl: string) => fileUrl.split('/').at(-1)!;

  it('uploads, attaches and downloads the same bytes back, as an attachment, by one signed link or the admin route', async () => {
    const bytes = pdf();
    const { expenseId, ticket, put } = await uploaded(bytes, 'application/pdf', 'March rent.pdf');
    expect(put.status).toBeLessThan(300);
    expect(Date.parse(ticket.expiresAt) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const attached = await attach(expenseId, ticket, bytes);
    expect(attached.status, attached.text).toBe(200);
    const expense = attached.body as unknown as Expense;
    expect(expense).toMatchObject({
      fileUrl: ticket.fileUrl,
      fileName: 'March rent.pdf',
      fileContentType: 'application/pdf',
      fileSize: bytes.length,
    });

    const listed = (await http().get('/api/admin/expenses?size=500', admin)).body.content as Expense[];
    const downloadUrl = listed.find((e) => e.id === expenseId)!.downloadUrl!;
    for (const [url, token] of [
      [downloadUrl, undefined],
      [expense.fileUrl!, admin],
    ] as const) {
      const answer = await server.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.rawPayload.equals(bytes)).toBe(true);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.headers['content-disposition']).toBe(`attachment; filename="March rent.pdf"; filename*=UTF-8''March%20rent.pdf`);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
  });

  it("lets the browser send the bytes to the upload address: our own origin, or the bucket's in connect-src", async () => {
    const ticket = (await initiate(randomUUID(), { size: 100 })).body as unknown as UploadTicket;
    const origin = new URL(ticket.uploadUrl, server.app.ctx.config.appUrl).origin;
    const connectSrc = /connect-src ([^;]*)/.exec(String((await http().get('/')).headers['content-security-policy']))![1]!.split(' ');
    expect(connectSrc).toContain(origin === new URL(server.app.ctx.config.appUrl).origin ? "'self'" : origin);
  });

  it('accepts JPEG and PNG receipts too, and a PUT of a new expense can carry its file', async () => {
    for (const [bytes, type] of [
      [jpeg, 'image/jpeg'],
      [png, 'image/png'],
    ] as const) {
      const expenseId = randomUUID();
      const started = (await initiate(expenseId, { fileName: 'scan', contentType: type, size: bytes.length }))
        .body as unknown as UploadTicket;
      expect((await upload(server.app, started, bytes)).status).toBeLessThan(300);
      const saved = await saveExpense(expenseId, {
        fileUrl: started.fileUrl,
        fileName: 'scan',
        fileContentType: type,
        fileSize: bytes.length,
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body).toMatchObject({ fileContentType: type, fileSize: bytes.length, fileName: 'scan' });
    }
  });

  it('refuses to start an upload of another type, an empty or over-size file, or without an expense', async () => {
    const expenseId = randomUUID();
    const cases: [Record<string, unknown>, string][] = [
      [{ contentType: 'text/html', size: 10 }, messages.receiptTypeInvalid],
      [{ contentType: 'application/octet-stream', size: 10 }, messages.receiptTypeInvalid],
      [{ contentType: 'image/svg+xml', size: 10 }, messages.receiptTypeInvalid],
      [{ size: 0 }, messages.receiptEmpty],
      [{ size: RECEIPT_MAX_BYTES + 1 }, messages.receiptTooLarge],
      [{ size: 1.5 }, messages.receiptTooLarge],
    ];
    for (const [body, message] of cases) {
      const answer = await initiate(expenseId, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message, JSON.stringify(body)).toBe(message);
    }
    const noExpense = await http().post(
      '/api/admin/expenses/upload-initiate',
      { fileName: 'a.pdf', contentType: 'application/pdf', size: 10 },
      admin,
    );
    expect(noExpense.status).toBe(400);
    expect(noExpense.body.message).toBe(messages.missingExpenseId);
  });

  it('holds an admin to 20 uploads waiting for their file: attaching one or its address expiring frees its place', async () => {
    // The second admin, who has started none.
    const expenseId = randomUUID();
    expect((await saveExpense(expenseId, {}, otherAdmin)).status).toBe(200);
    const bytes = pdf(1000);
    const first = (await initiate(expenseId, { size: bytes.length }, otherAdmin)).body as unknown as UploadTicket;
    expect((await upload(server.app, first, bytes)).status).toBeLessThan(300);
    for (let i = 1; i < 20; i++) expect((await initiate(expenseId, { size: 100 }, otherAdmin)).status).toBe(200);
    const refused = await initiate(expenseId, { size: 100 }, otherAdmin);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(messages.tooManyPendingUploads(20));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Each admin has places of their own.
    expect((await initiate(randomUUID(), { size: 100 })).status).toBe(200);

    expect((await attach(expenseId, first, bytes, 'application/pdf', otherAdmin)).status).toBe(200);
    expect((await initiate(expenseId, { size: 100 }, otherAdmin)).status).toBe(200);
    expect((await initiate(expenseId, { size: 100 }, otherAdmin)).status).toBe(429);
    vi.useFakeTimers(FAKE_DATE);
    vi.setSystemTime(Date.now() + 16 * 60_000);
    expect((await initiate(expenseId, { size: 100 }, otherAdmin)).status).toBe(200);
  });

  it('keeps the file name for display only: a path in it never reaches the storage key', async () => {
    const bytes = pdf(1000);
    const { expenseId, ticket } = await uploaded(bytes, 'application/pdf', '../../../etc/passwd.pdf');
    expect(await storedKey(uploadIdOf(ticket.fileUrl))).toBe(`expenses/${expenseId}/${uploadIdOf(ticket.fileUrl)}`);
    const attached = (await attach(expenseId, ticket, bytes)).body as unknown as Expense;
    expect(attached.fileName).toBe('../../../etc/passwd.pdf');
    const download = await server.app.inject({ method: 'GET', url: attached.downloadUrl! });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="\.\.\/\.\.\/\.\.\/etc\/passwd\.pdf"/);
  });

  it('serves the bytes checked at attach: the upload address, used again before it expires, replaces nothing', async () => {
    const bytes = pdf(2000);
    const { expenseId, ticket } = await uploaded(bytes);
    const attached = await attach(expenseId, ticket, bytes);
    expect(attached.status, attached.text).toBe(200);
    // Other bytes of the same type and length, to the same address.
    const other = pdf(2000);
    other.write('swapped after the check', 100, 'latin1');
    const again = await upload(server.app, ticket, other);
    // Our own address refuses it; a bucket takes it, at a key the expense no longer reads.
    if (new URL(ticket.uploadUrl, server.app.ctx.config.appUrl).origin === new URL(server.app.ctx.config.appUrl).origin) {
      expect(again.status).toBe(403);
    }
    const download = await server.app.inject({
      method: 'GET',
      url: (attached.body as unknown as Expense).fileUrl!,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a file whose bytes are not the declared type, and keeps nothing of it', async () => {
    const { expenseId, ticket, put } = await uploaded(png, 'application/pdf');
    const key = (await storedKey(uploadIdOf(ticket.fileUrl)))!;
    if (put.status < 300) {
      // S3 stored it: the check at attach refuses and deletes it.
      const attached = await attach(expenseId, ticket, png);
      expect(attached.status).toBe(400);
      expect(attached.body.message).toBe(messages.receiptContentMismatch);
    } else {
      expect(put.status).toBe(400);
      expect((JSON.parse(put.body) as { message: string }).message).toBe(messages.receiptContentMismatch);
    }
    expect(await server.app.ctx.storage.stat(key)).toBeNull();
    expect((await attach(expenseId, ticket, png)).status).toBe(400);
  });

  it('refuses a file of another size than the one started', async () => {
    const bytes = pdf(5000);
    const expenseId = randomUUID();
    await saveExpense(expenseId);
    const ticket = (await initiate(expenseId, { size: 4000 })).body as unknown as UploadTicket;
    const put = await upload(server.app, ticket, bytes);
    if (put.status < 300) {
      // s3rver takes any length (S3 itself refuses it, the length being signed): attach checks the size.
      const attached = await attach(expenseId, ticket, Buffer.alloc(4000));
      expect(attached.status).toBe(400);
      expect(attached.body.message).toBe(messages.uploadNotReceived);
    } else {
      expect(put.status).toBe(400);
    }
    expect(await server.app.ctx.storage.stat((await storedKey(uploadIdOf(ticket.fileUrl)))!)).toBeNull();
  });

  it("refuses another admin's pending upload, an upload for another expense, and a made-up file address", async () => {
    const bytes = pdf(3000);
    const { expenseId, ticket } = await uploaded(bytes);
    const byOther = await attach(expenseId, ticket, bytes, 'application/pdf', otherAdmin);
    expect(byOther.status).toBe(400);
    expect(byOther.body.message).toBe(messages.uploadNotFound);
    const otherExpense = randomUUID();
    await saveExpense(otherExpense);
    expect((await attach(otherExpense, ticket, bytes)).status).toBe(400);
    const madeUp = await http().post(
      `/api/admin/expenses/${expenseId}/attach`,
      { fileUrl: 'https://evil.example/x.pdf', fileName: 'x.pdf', contentType: 'application/pdf', size: 10 },
      admin,
    );
    expect(madeUp.status).toBe(400);
    // The rightful admin still can.
    expect((await attach(expenseId, ticket, bytes)).status).toBe(200);
    // Attached once: not twice.
    expect((await attach(otherExpense, ticket, bytes)).status).toBe(400);
  });

  it('answers 404 when attaching to an expense never saved, and refuses downloads to anyone without the link or an admin token', async () => {
    const bytes = pdf(3000);
    const expenseId = randomUUID();
    const ticket = (await initiate(expenseId, { size: bytes.length })).body as unknown as UploadTicket;
    await upload(server.app, ticket, bytes);
    const early = await attach(expenseId, ticket, bytes);
    expect(early.status).toBe(404);
    expect(early.body.message).toBe(messages.expenseNotFound);

    const saved = (
      await saveExpense(expenseId, {
        fileUrl: ticket.fileUrl,
        fileName: 'r.pdf',
        fileContentType: 'application/pdf',
        fileSize: bytes.length,
      })
    ).body as unknown as Expense;
    expect((await http().get(saved.fileUrl!)).status).toBe(401);
    expect((await http().get(saved.fileUrl!, patient)).status).toBe(403);
    const signed = new URL(saved.downloadUrl!, 'http://x');
    const tampered = `${signed.pathname}?expires=${signed.searchParams.get('expires')}&sig=${'A'.repeat(43)}`;
    expect((await http().get(tampered)).status).toBe(403);
    const longer = `${signed.pathname}?expires=${Number(signed.searchParams.get('expires')) + 3600}&sig=${signed.searchParams.get('sig')}`;
    expect((await http().get(longer)).status).toBe(403);
    const otherUpload = `/api/files/${randomUUID()}${signed.search}`;
    expect((await http().get(otherUpload)).status).toBe(403);
    vi.useFakeTimers(FAKE_DATE);
    vi.setSystemTime(Date.now() + 16 * 60_000);
    expect((await http().get(saved.downloadUrl!)).status).toBe(403);
  });

  it('replacing a file deletes the old one; a save without file fields (Clear Attachment) deletes it too; deleting the expense deletes its file', async () => {
    const first = pdf(2000);
    const { expenseId, ticket } = await uploaded(first);
    await attach(expenseId, ticket, first);
    const firstKey = (await storedKey(uploadIdOf(ticket.fileUrl)))!;

    const second = pdf(2500);
    const replacement = (await initiate(expenseId, { size: second.length })).body as unknown as UploadTicket;
    await upload(server.app, replacement, second);
    expect((await attach(expenseId, replacement, second)).status).toBe(200);
    expect(await server.app.ctx.storage.stat(firstKey)).toBeNull();
    expect(await storedKey(uploadIdOf(ticket.fileUrl))).toBeNull();
    const secondKey = (await storedKey(uploadIdOf(replacement.fileUrl)))!;

    // Saving with the same file keeps it.
    const kept = await saveExpense(expenseId, {
      title: 'Kept',
      fileUrl: replacement.fileUrl,
      fileName: 'receipt.pdf',
      fileContentType: 'application/pdf',
      fileSize: second.length,
    });
    expect(kept.body).toMatchObject({ title: 'Kept', fileUrl: replacement.fileUrl });
    expect(await server.app.ctx.storage.stat(secondKey)).toEqual({ size: second.length });

    const cleared = await saveExpense(expenseId, { title: 'Cleared' });
    expect(cleared.body).toMatchObject({ fileUrl: null, fileName: null, fileContentType: null, fileSize: null, downloadUrl: null });
    expect(await server.app.ctx.storage.stat(secondKey)).toBeNull();

    const third = pdf(3000);
    const last = (await initiate(expenseId, { size: third.length })).body as unknown as UploadTicket;
    await upload(server.app, last, third);
    await attach(expenseId, last, third);
    const lastKey = (await storedKey(uploadIdOf(last.fileUrl)))!;
    expect((await http().delete(`/api/admin/expenses/${expenseId}`, admin)).status).toBe(204);
    expect(await server.app.ctx.storage.stat(lastKey)).toBeNull();
    expect((await http().get(last.fileUrl, admin)).status).toBe(404);
  });

  it('housekeeping deletes uploads never attached after 24 hours, and only those', async () => {
    const bytes = pdf(1500);
    const { expenseId, ticket } = await uploaded(bytes);
    const abandoned = await uploaded(bytes);
    await attach(expenseId, ticket, bytes);
    const keptKey = (await storedKey(uploadIdOf(ticket.fileUrl)))!;
    const abandonedKey = (await storedKey(uploadIdOf(abandoned.ticket.fileUrl)))!;
    expect(await server.app.ctx.storage.stat(abandonedKey)).not.toBeNull();

    await runHousekeeping(server.app.ctx, new Date(Date.now() + 23 * 3_600_000));
    expect(await server.app.ctx.storage.stat(abandonedKey)).not.toBeNull();
    const summary = await runHousekeeping(server.app.ctx, new Date(Date.now() + 25 * 3_600_000));
    expect(summary?.abandonedUploads).toBeGreaterThanOrEqual(1);
    expect(await server.app.ctx.storage.stat(abandonedKey)).toBeNull();
    expect(await storedKey(uploadIdOf(abandoned.ticket.fileUrl))).toBeNull();
    expect(await server.app.ctx.storage.stat(keptKey)).toEqual({ size: bytes.length });
    // A day later the idle sessions are gone too: sign in again for the tests that follow.
    admin = (await signedInAdmin(server.app)).token;
  });

  it('writes restored bytes at a key, replacing what is there, and reads them back', async () => {
    const key = `checked/${randomUUID()}/${randomUUID()}`;
    const storage = server.app.ctx.storage;
    await storage.write(key, pdf(300), 'application/pdf');
    const restored = pdf(500);
    await storage.write(key, restored, 'application/pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.openRead(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(restored)).toBe(true);
    await storage.remove(key);
  });

  it('refuses uploads to the local address when its signature is tampered with or expired', async () => {
    const bytes = pdf(1000);
    const expenseId = randomUUID();
    const ticket = (await initiate(expenseId, { size: bytes.length })).body as unknown as UploadTicket;
    const url = new URL(ticket.uploadUrl, server.app.ctx.config.appUrl);
    if (url.origin !== new URL(server.app.ctx.config.appUrl).origin) return; // S3 checks its own signatures.
    const tamperedSize = new URL(url);
    tamperedSize.searchParams.set('size', String(bytes.length + 1));
    const sizeAnswer = await upload(server.app, { ...ticket, uploadUrl: tamperedSize.toString() }, bytes);
    expect(sizeAnswer.status, sizeAnswer.body).toBe(403);
    const tamperedKey = new URL(url);
    tamperedKey.searchParams.set('key', `expenses/${randomUUID()}/${randomUUID()}`);
    expect((await upload(server.app, { ...ticket, uploadUrl: tamperedKey.toString() }, bytes)).status).toBe(403);
    expect((await upload(server.app, ticket, bytes, { 'content-type': 'image/png' })).status).toBe(400);
    vi.useFakeTimers(FAKE_DATE);
    vi.setSystemTime(Date.now() + 16 * 60_000);
    const expired = await upload(server.app, ticket, bytes);
    expect(expired.status).toBe(403);
    expect((JSON.parse(expired.body) as { message: string }).message).toBe(messages.uploadLinkInvalid);
    vi.useRealTimers();
    expect((await upload(server.app, ticket, bytes)).status).toBe(204);
    // Used once: the address cannot overwrite the file.
    expect((await upload(server.app, ticket, bytes)).status).toBe(409);
  });
});
