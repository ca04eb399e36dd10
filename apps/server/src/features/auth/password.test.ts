import { AsyncLocalStorage } from 'node:async_hooks';
import { messages } from '@app/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { oneTimeTokens } from '../../db/schema';
import {
  eventually,
  fromNewIp,
  mailFor,
  signedInPatient,
  strongPassword,
  tokenFromMail,
  useTestApp,
  waitForMail,
} from '../../test/harness';

const NEW_PASSWORD = 'N3w!password';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * Records what requests do, step by step, on each side of the moment the caller has the answer: the
 * limits they spend, every use of the database (any property of ctx.db read) and every mail handed
 * to delivery. Steps are told apart by request through the async context they run in, so the work
 * one request leaves for after its answer never lands in another's record. `stop` puts the server back.
 */
function traceWork(app: App) {
  const { ctx } = app;
  const current = new AsyncLocalStorage<{ replied: boolean; beforeReply: string[]; afterReply: string[] }>();
  const note = (step: string) => {
    const record = current.getStore();
    if (record) (record.replied ? record.afterReply : record.beforeReply).push(step);
  };
  const db = ctx.db;
  ctx.db = new Proxy(db, {
    get(target, key) {
      if (typeof key === 'string') note(`db.${key}`);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const consume = ctx.limits.consume.bind(ctx.limits);
  const limits = vi.spyOn(ctx.limits, 'consume').mockImplementation((rule, key, message) => {
    note(`limit ${rule}`);
    return consume(rule, key, message);
  });
  const send = ctx.mail.send.bind(ctx.mail);
  const mail = vi.spyOn(ctx.mail, 'send').mockImplementation((queued) => {
    note('mail.send');
    return send(queued);
  });
  return {
    /** Runs one request; its record keeps filling after the answer, with the work done after it. */
    async request<T>(send: () => Promise<T>) {
      const record = { replied: false, beforeReply: [] as string[], afterReply: [] as string[] };
      const res = await current.run(record, send);
      // Work left for after the answer waits for a later turn of the event loop (plugins/after-reply.ts): none of it has run yet.
      record.replied = true;
      return { res, beforeReply: record.beforeReply, afterReply: record.afterReply };
    },
    stop() {
      ctx.db = db;
      limits.mockRestore();
      mail.mockRestore();
    },
  };
}

// One server for the whole file. With TRUST_PROXY each request for a reset link can come from an
// address of its own (fromNewIp), so the per-address limit never carries over between tests; other
// requests, without X-Forwarded-For, come from the socket's address as they would without it.
const server = useTestApp({ TRUST_PROXY: '1' });

describe('POST /api/auth/forgot-password', () => {
  const forgot = (email: string, headers: Record<string, string> = fromNewIp()) =>
    server.http.post('/api/auth/forgot-password', { email }, undefined, headers);

  it('#8 answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const { body } = await signedInPatient(server.app);
    const unknown = await forgot('no.account@example.com');
    const known = await forgot(body.email);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ message: messages.forgotSuccess });
    const mail = await waitForMail(server.app, body.email, 'password-reset');
    expect(mail.text).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    await settle();
    expect(await mailFor(server.app, 'no.account@example.com')).toHaveLength(0);
  });

  // The answer takes the same time for every e-mail when nothing that depends on the account runs
  // before it: the route spends the two limits, answers, and only then (plugins/after-reply.ts) looks
  // the account up and mails it. Rather than timing requests, the test records that order, for each
  // request apart (see traceWork), and compares a known e-mail's with an unknown one's.
  it('#7 #8 answers a known and an unknown e-mail in the same time: only the same two limits run before the answer, the account lookup and the mail after it', async () => {
    const { body } = await signedInPatient(server.app);
    const unknownEmail = `nobody.${Date.now()}@example.com`;
    const trace = traceWork(server.app);
    try {
      const known = await trace.request(() => forgot(body.email));
      const unknown = await trace.request(() => forgot(unknownEmail));

      for (const { res } of [known, unknown]) {
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ message: messages.forgotSuccess });
      }
      const { date: _knownDate, ...knownHeaders } = known.res.headers;
      const { date: _unknownDate, ...unknownHeaders } = unknown.res.headers;
      expect(knownHeaders).toEqual(unknownHeaders);
      expect(known.res.text).toBe(unknown.res.text);

      // Before the answer: the limits alone, the same for both, no database and no mail.
      expect(known.beforeReply).toEqual(['limit forgotPasswordPerIp', 'limit forgotPasswordPerEmail']);
      expect(unknown.beforeReply).toEqual(known.beforeReply);

      // After it: the lookup for both, and the reset link for the known e-mail alone.
      await eventually('the reset mail handed to delivery', () => Promise.resolve(known.afterReply.includes('mail.send') || undefined));
      await waitForMail(server.app, body.email, 'password-reset');
      expect(known.afterReply).toContainEqual(expect.stringMatching(/^db\./));
      await eventually('the lookup of the unknown e-mail', () =>
        Promise.resolve(unknown.afterReply.some((step) => step.startsWith('db.')) || undefined),
      );
      await settle();
      expect(unknown.afterReply).not.toContain('mail.send');
      expect(await mailFor(server.app, unknownEmail)).toHaveLength(0);
    } finally {
      trace.stop();
    }
  });

  it('#8 takes at most 5 requests per e-mail per hour, known or not, from any address', async () => {
    const { body } = await signedInPatient(server.app);
    for (const email of [body.email, 'limit.unknown@example.com']) {
      for (let i = 0; i < 5; i++) expect((await forgot(email)).status).toBe(200);
      const sixth = await forgot(email);
      expect(sixth.status).toBe(429);
      expect(sixth.body.message).toBe(messages.tooManyRequests);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(59 * 60);
    }
  });

  it('#8 takes at most 5 requests per address per hour, whatever the e-mails', async () => {
    const address = fromNewIp();
    for (let i = 0; i < 5; i++) expect((await forgot(`per.ip.${i}@example.com`, address)).status).toBe(200);
    const sixth = await forgot('per.ip.last@example.com', address);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.each([
    [{}, messages.forgotEmpty],
    [{ email: '' }, messages.forgotEmpty],
    [{ email: '   ' }, messages.forgotEmpty],
    [{ email: 'nope' }, messages.forgotInvalid],
    [{ email: 12 }, messages.forgotEmpty],
    [{ email: 'a@example.com', more: 1 }, messages.unknownField('more')],
  ])('refuses %j', async (payload, message) => {
    const res = await server.http.post('/api/auth/forgot-password', payload);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('PUT /api/auth/reset-password', () => {
  const requestReset = async (email: string) => {
    const before = (await mailFor(server.app, email)).filter((m) => m.kind === 'password-reset').length;
    await server.http.post('/api/auth/forgot-password', { email }, undefined, fromNewIp());
    await waitForMail(server.app, email, 'password-reset', before + 1);
    return tokenFromMail(server.app, email, 'password-reset');
  };

  it('#9 #10 sets the new password once, signs nobody in, ends every session and e-mails a notice', async () => {
    const { body, token: session } = await signedInPatient(server.app);
    const resetToken = await requestReset(body.email);
    const res = await server.http.put('/api/auth/reset-password', { token: resetToken, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: messages.resetSuccess });

    expect((await server.http.get('/api/users/me', session)).status).toBe(401);
    expect((await server.http.post('/api/auth/login', { email: body.email, password: strongPassword })).status).toBe(401);
    expect((await server.http.post('/api/auth/login', { email: body.email, password: NEW_PASSWORD })).status).toBe(200);
    expect((await mailFor(server.app, body.email)).map((m) => m.kind)).toContain('password-changed');

    const reuse = await server.http.put('/api/auth/reset-password', { token: resetToken, newPassword: 'An0ther!pass' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe(messages.resetTokenInvalid);
  });

  it('#9 refuses a link older than 60 minutes, and one replaced by a newer request', async () => {
    const { body, user } = await signedInPatient(server.app);
    const first = await requestReset(body.email);
    const second = await requestReset(body.email);
    expect((await server.http.put('/api/auth/reset-password', { token: first, newPassword: NEW_PASSWORD })).status).toBe(400);
    await server.app.ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id as string));
    expect((await server.http.put('/api/auth/reset-password', { token: second, newPassword: NEW_PASSWORD })).status).toBe(400);
  });

  it.each([
    [{ newPassword: NEW_PASSWORD }, messages.resetTokenRequired],
    [{ token: '', newPassword: NEW_PASSWORD }, messages.resetTokenRequired],
    [{ token: 'abc', newPassword: 'weakpass' }, messages.password],
    [{ token: 'abc', newPassword: 'Sh0rt!' }, messages.password],
    [{ token: 'abc', newPassword: `${'A1!a'.repeat(65)}` }, messages.passwordTooLong],
    [{ token: 'abc', newPassword: 'Password1234!' }, messages.passwordTooCommon],
    [{ token: 'abc', newPassword: NEW_PASSWORD, confirm: NEW_PASSWORD }, messages.unknownField('confirm')],
  ])('refuses %j', async (payload, message) => {
    const res = await server.http.put('/api/auth/reset-password', payload);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('#2 refuses a common password and keeps the link usable', async () => {
    const { body } = await signedInPatient(server.app);
    const resetToken = await requestReset(body.email);
    const common = await server.http.put('/api/auth/reset-password', { token: resetToken, newPassword: 'Password1234!' });
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(messages.passwordTooCommon);
    expect((await server.http.put('/api/auth/reset-password', { token: resetToken, newPassword: NEW_PASSWORD })).status).toBe(200);
  });

  it('does not change the password for an unknown token', async () => {
    const res = await server.http.put('/api/auth/reset-password', { token: 'a'.repeat(43), newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.resetTokenInvalid);
  });
});

describe('PUT /api/users/password', () => {
  it('needs a session', async () => {
    const res = await server.http.put('/api/users/password', { currentPassword: strongPassword, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(401);
  });

  it('#3 needs the current password', async () => {
    const { token } = await signedInPatient(server.app);
    const wrong = await server.http.put('/api/users/password', { currentPassword: 'Wr0ng!pass', newPassword: NEW_PASSWORD }, token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(messages.currentPasswordWrong);
    const missing = await server.http.put('/api/users/password', { newPassword: NEW_PASSWORD }, token);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(messages.currentPasswordRequired);
    const weak = await server.http.put('/api/users/password', { currentPassword: strongPassword, newPassword: 'weak' }, token);
    expect(weak.body.message).toBe(messages.password);
  });

  it('#2 refuses a common new password, and the old one still works', async () => {
    const { body, token } = await signedInPatient(server.app);
    const common = await server.http.put('/api/users/password', { currentPassword: strongPassword, newPassword: 'Welcome2024!' }, token);
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(messages.passwordTooCommon);
    expect((await server.http.post('/api/auth/login', { email: body.email, password: strongPassword })).status).toBe(200);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const { body, token } = await signedInPatient(server.app);
    const other = await server.http.post('/api/auth/login', { email: body.email, password: strongPassword });
    const res = await server.http.put('/api/users/password', { currentPassword: strongPassword, newPassword: NEW_PASSWORD }, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: messages.passwordUpdated });
    expect((await server.http.get('/api/users/me', token)).status).toBe(200);
    expect((await server.http.get('/api/users/me', other.body.token as string)).status).toBe(401);
    expect((await server.http.post('/api/auth/login', { email: body.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('locks after 10 wrong current passwords', async () => {
    const { token } = await signedInPatient(server.app);
    for (let i = 0; i < 10; i++) {
      expect(
        (await server.http.put('/api/users/password', { currentPassword: 'Wr0ng!pass', newPassword: NEW_PASSWORD }, token)).status,
      ).toBe(400);
    }
    expect(
      (await server.http.put('/api/users/password', { currentPassword: strongPassword, newPassword: NEW_PASSWORD }, token)).status,
    ).toBe(429);
  });
});
