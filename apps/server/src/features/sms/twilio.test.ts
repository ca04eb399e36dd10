import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { messages } from '@app/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { loadConfig } from '../../config';
import { consentRecords, smsOutbox, users } from '../../db/schema';
import { retryDelayMs } from '../../lib/outbox-worker';
import { api, createTestApp, signedInPatient } from '../../test/harness';
import { twilioSignature } from './twilio-gateway';

interface Received {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/** A real HTTP server on 127.0.0.1 speaking the provider's Messages API, answering each request with `status`. */
class ProviderServer {
  received: Received[] = [];
  status = 201;
  port = 0;
  private server: Server | null = null;

  async start() {
    const server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        this.received.push({
          path: request.url ?? '',
          authorization: request.headers.authorization,
          contentType: request.headers['content-type'],
          form: Object.fromEntries(new URLSearchParams(body)),
        });
        response.writeHead(this.status, { 'content-type': 'application/json' });
        // A refusal quotes the number, as Twilio's do: the outbox must not keep or log it.
        response.end(
          JSON.stringify(
            this.status < 300 ? { sid: 'SM123', status: 'queued' } : { code: 21211, message: `The 'To' number ${body} is not valid.` },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

const SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'test-auth-token-0123456789abcdef';
const APP_URL = 'https://care.example';
const INBOUND = '/api/sms/inbound';

const provider = new ProviderServer();
const server = {} as { app: App; http: ReturnType<typeof api> };
let logText = '';
beforeAll(async () => {
  await provider.start();
  const logs = new PassThrough();
  logs.on('data', (chunk: Buffer) => (logText += chunk.toString()));
  server.app = await createTestApp(
    {
      LOG_LEVEL: 'debug',
      APP_URL,
      SMS_URL: `http://127.0.0.1:${provider.port}/`,
      SMS_ACCOUNT_SID: SID,
      SMS_AUTH_TOKEN: AUTH_TOKEN,
      SMS_FROM: '+13145550199',
    },
    { logStream: logs },
  );
  server.http = api(server.app);
});
afterAll(async () => {
  await server.app.close();
  await provider.stop();
});

let phones = 0;
const newPhone = () => `314555${String(2000 + ++phones)}`;

/** Moves the clock forward (as seen by Date) so that due times pass. */
const advanceClock = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe('the Twilio-compatible gateway', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    provider.status = 201;
    advanceClock(24 * 3_600_000);
    await server.app.ctx.sms.deliverDue();
    provider.received = [];
  });
  afterEach(() => vi.useRealTimers());

  const queued = async () => {
    const phone = newPhone();
    const { user } = await signedInPatient(server.app, { customerPhone: phone });
    expect(await server.app.ctx.db.transaction((tx) => server.app.ctx.sms.queueText(tx, String(user.id), 'doctor-ready'))).toBe(true);
    const [row] = await server.app.ctx.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.userId, String(user.id)));
    return { phone, id: row!.id };
  };
  const rowOf = async (id: string) => (await server.app.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0]!;

  it('posts the form to the account’s Messages resource with basic auth, and forgets the number once sent', async () => {
    const { phone, id } = await queued();
    expect(await server.app.ctx.sms.deliverDue()).toBe(1);
    expect(provider.received).toHaveLength(1);
    const [request] = provider.received;
    expect(request!.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request!.contentType).toContain('application/x-www-form-urlencoded');
    expect(request!.authorization).toBe(`Basic ${Buffer.from(`${SID}:${AUTH_TOKEN}`).toString('base64')}`);
    expect(request!.form).toEqual({ To: `+1${phone}`, From: '+13145550199', Body: expect.stringContaining('Your doctor is ready') });
    expect(await rowOf(id)).toMatchObject({ sentAt: expect.any(Date), recipient: null, body: null, attempts: 1 });
    // Sent once is sent.
    advanceClock(2 * 60_000);
    expect(await server.app.ctx.sms.deliverDue()).toBe(0);
    expect(provider.received).toHaveLength(1);
  });

  it('retries a text the provider fails with a 5xx, further out each time, and sends it once it is back', async () => {
    const { id } = await queued();
    provider.status = 503;
    expect(await server.app.ctx.sms.deliverDue()).toBe(0);
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lastError: 'SMS provider answered 503 (code 21211)' });
    expect(failed.recipient).toMatch(/^\+1/);
    expect(failed.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(retryDelayMs(1) - 5_000);
    // Not due yet: the worker leaves it alone.
    expect(await server.app.ctx.sms.deliverDue()).toBe(0);
    expect(provider.received).toHaveLength(1);

    provider.status = 201;
    advanceClock(retryDelayMs(1));
    expect(await server.app.ctx.sms.deliverDue()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ attempts: 2, sentAt: expect.any(Date), lastError: null });
  });

  it('gives up a text the provider refuses with a 4xx, and forgets its number', async () => {
    const { id } = await queued();
    provider.status = 400;
    expect(await server.app.ctx.sms.deliverDue()).toBe(0);
    expect(await rowOf(id)).toMatchObject({ attempts: 1, sentAt: null, failedAt: expect.any(Date), recipient: null, body: null });
    advanceClock(24 * 3_600_000);
    provider.status = 201;
    expect(await server.app.ctx.sms.deliverDue()).toBe(0);
    expect(provider.received).toHaveLength(1);
  });

  it('never sends a text twice when two instances deliver at once', async () => {
    const ids = await Promise.all([queued(), queued(), queued(), queued()]);
    const other = await createTestApp({
      SMS_URL: `http://127.0.0.1:${provider.port}`,
      SMS_ACCOUNT_SID: SID,
      SMS_AUTH_TOKEN: AUTH_TOKEN,
      SMS_FROM: '+13145550199',
    });
    try {
      // The other instance has a database of its own; its worker is pointed at this one's outbox.
      const { createTextMessages, createSmsGateway } = await import('./service');
      const rival = createTextMessages({
        db: server.app.ctx.db,
        gateway: createSmsGateway(other.ctx.config),
        config: other.ctx.config,
        log: other.ctx.log,
      });
      const [a, b] = await Promise.all([server.app.ctx.sms.deliverDue(), rival.deliverDue()]);
      expect(a + b).toBe(ids.length);
      expect(provider.received).toHaveLength(ids.length);
    } finally {
      await other.close();
    }
  });

  it('has no dev outbox when texts really leave', async () => {
    expect((await server.http.get('/dev/texts')).status).toBe(404);
    expect((await server.http.get('/api/dev/texts')).status).toBe(404);
  });
});

/** A webhook call as the provider makes it: form-encoded, signed for `signedUrl` unless a signature is given. */
const inbound = (params: Record<string, string>, options: { signature?: string | null; signedUrl?: string } = {}) => {
  const signature =
    options.signature === undefined ? twilioSignature(AUTH_TOKEN, options.signedUrl ?? `${APP_URL}${INBOUND}`, params) : options.signature;
  return server.app.inject({
    method: 'POST',
    url: INBOUND,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature === null ? {} : { 'x-twilio-signature': signature }) },
    payload: new URLSearchParams(params).toString(),
  });
};

const twilioParams = (from: string, body: string) => ({
  MessageSid: 'SM0123',
  AccountSid: SID,
  From: from,
  To: '+13145550199',
  Body: body,
});

describe('the inbound webhook', () => {
  const consentOf = (ids: string[]) =>
    server.app.ctx.db.select().from(consentRecords).where(inArray(consentRecords.userId, ids)).orderBy(consentRecords.id);
  const smsOf = async (id: string) =>
    (await server.app.ctx.db.select({ on: users.smsPolicyAccepted }).from(users).where(eq(users.id, id)))[0]!.on;

  it('checks the signature against Twilio’s own example', () => {
    // From Twilio's webhook security documentation.
    const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });

  it('refuses, with 403 and nothing recorded, a call without a signature, with a wrong one, or signed for another URL', async () => {
    const phone = newPhone();
    const { user } = await signedInPatient(server.app, { customerPhone: phone });
    const params = twilioParams(`+1${phone}`, 'STOP');
    for (const response of [
      await inbound(params, { signature: null }),
      await inbound(params, { signature: twilioSignature('another-auth-token-0123456789', `${APP_URL}${INBOUND}`, params) }),
      await inbound(params, { signedUrl: `http://localhost:3000${INBOUND}` }),
      await inbound({ ...params, Body: 'START' }, { signature: twilioSignature(AUTH_TOKEN, `${APP_URL}${INBOUND}`, params) }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: messages.accessDenied });
    }
    expect(await smsOf(String(user.id))).toBe(true);
    expect(await consentOf([String(user.id)])).toEqual([]);
  });

  it('turns texts off with STOP (or a synonym, any case) for every account with the number, and on with START, keeping each as a consent record', async () => {
    const phone = newPhone();
    const first = await signedInPatient(server.app, { customerPhone: phone });
    // The same number typed another way on a second account.
    const second = await signedInPatient(server.app, { customerPhone: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}` });
    const bystander = await signedInPatient(server.app, { customerPhone: newPhone() });
    const ids = [String(first.user.id), String(second.user.id)];

    const stop = await inbound(twilioParams(`+1${phone}`, '  unsubscribe '));
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toContain('text/xml');
    expect(stop.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    for (const id of ids) expect(await smsOf(id)).toBe(false);
    expect(await smsOf(String(bystander.user.id))).toBe(true);
    expect(await server.app.ctx.db.transaction((tx) => server.app.ctx.sms.queueText(tx, ids[0]!, 'doctor-ready'))).toBe(false);

    expect((await inbound(twilioParams(`+1${phone}`, 'Start'))).statusCode).toBe(200);
    for (const id of ids) expect(await smsOf(id)).toBe(true);

    const records = (await consentOf(ids)).map(({ userId, granted, source, ip }) => ({ userId, granted, source, ip }));
    expect(records).toEqual(
      expect.arrayContaining([
        ...ids.map((userId) => ({ userId, granted: false, source: 'sms-keyword', ip: null })),
        ...ids.map((userId) => ({ userId, granted: true, source: 'sms-keyword', ip: null })),
      ]),
    );
    expect(records).toHaveLength(4);
    expect(await consentOf([String(bystander.user.id)])).toEqual([]);
  });

  it('answers HELP (or INFO) with the help reply in TwiML, and any other text with nothing', async () => {
    const phone = newPhone();
    const { user } = await signedInPatient(server.app, { customerPhone: phone });
    const help = await inbound(twilioParams(`+1${phone}`, 'info'));
    expect(help.statusCode).toBe(200);
    const reply = messages.smsHelpReply(server.app.ctx.config.brand.name, server.app.ctx.config.brand.supportPhone).replace(/&/g, '&amp;');
    expect(help.body).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response><Message>${reply}</Message></Response>`);
    const other = await inbound(twilioParams(`+1${phone}`, 'I have a rash, stop it'));
    expect(other.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await smsOf(String(user.id))).toBe(true);
    expect(await consentOf([String(user.id)])).toEqual([]);
  });

  it('is in the API description, taking a form body', async () => {
    const document = (await server.http.get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const webhook = document.paths[INBOUND]!.post!;
    expect(webhook.operationId).toBe('receiveText');
    expect(Object.keys((webhook.requestBody as { content: Record<string, unknown> }).content)).toEqual([
      'application/x-www-form-urlencoded',
    ]);
  });

  it('takes form bodies on the webhook alone', async () => {
    const { token } = await signedInPatient(server.app, { customerPhone: newPhone() });
    const form = await server.app.inject({
      method: 'PUT',
      url: '/api/users/me/notifications',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
      payload: 'sms=false',
    });
    expect(form.statusCode).toBe(415);
  });

  it('logs no phone number and no auth token', () => {
    expect(logText).toContain(INBOUND);
    expect(logText).not.toContain(AUTH_TOKEN);
    for (let n = 1; n <= phones; n++) expect(logText).not.toContain(String(2000 + n).padStart(4, '0') + '"');
    expect(logText).not.toMatch(/314555\d{4}/);
  });
});

describe('the SMS settings', () => {
  const base = {
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/sms-config-test',
    JWT_SECRET: 'x'.repeat(32),
    PHI_KEY: Buffer.alloc(32, 1).toString('base64'),
  };
  const all = { SMS_URL: 'https://api.twilio.com', SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: AUTH_TOKEN, SMS_FROM: '+13145550199' };

  it('take all four or none, and name what is missing or wrong', () => {
    expect(loadConfig(base).sms).toBeNull();
    expect(loadConfig({ ...base, ...all }).sms).toEqual({
      url: 'https://api.twilio.com',
      accountSid: SID,
      authToken: AUTH_TOKEN,
      from: '+13145550199',
    });
    expect(() => loadConfig({ ...base, ...all, SMS_AUTH_TOKEN: '' })).toThrow(/SMS_AUTH_TOKEN: is required with SMS_URL/);
    expect(() => loadConfig({ ...base, ...all, SMS_URL: 'ftp://api.twilio.com' })).toThrow(/SMS_URL: must look like/);
    expect(() => loadConfig({ ...base, ...all, SMS_FROM: '314-555-0199' })).toThrow(/SMS_FROM: must be a phone number in E.164/);
  });
});
