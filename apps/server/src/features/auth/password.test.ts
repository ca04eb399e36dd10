import { messages } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { oneTimeTokens } from '../../db/schema';
import {
  fromNewIp,
  mailFor,
  signedInPatient,
  signupBody,
  strongPassword,
  timeInPairs,
  tokenFromMail,
  useTestApp,
  waitForMail,
} from '../../test/harness';

const NEW_PASSWORD = 'N3w!password';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('POST /api/auth/forgot-password', () => {
  const server = useTestApp({ TRUST_PROXY: '1' });
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

  // A leak (looking the account up, or queueing its mail, before answering) costs every known request
  // the same: it fails each try. Load from test files running beside this one lands on single pairs;
  // two more tries keep such a run from failing CI on a shared machine.
  it(
    '#7 #8 answers a known and an unknown e-mail in the same time: the median difference of 60 paired requests within 1 ms',
    { retry: 2 },
    async () => {
      // One request per pair, so a stall spoils one difference and the median passes over it.
      // Five requests per e-mail per hour: 12 known accounts give the 60 known requests.
      const PAIRS = 60;
      const ACCOUNTS = PAIRS / 5;
      const known: string[] = [];
      for (let i = 0; i < ACCOUNTS; i++) {
        const body = signupBody();
        expect((await server.http.post('/api/users/register', body, undefined, fromNewIp())).status).toBe(201);
        known.push(body.email);
      }
      // Unknown e-mails repeat as often as known ones, so both spend the same limiter work.
      const unknown = known.map((_email, i) => `nobody.${i}.${Date.now()}@example.com`);
      // Warm-up: every pooled connection prepares the limiter's statements once.
      for (let i = 0; i < 12; i++) await forgot(`warm.up.${i}.${Date.now()}@example.com`);
      await settle();

      const timed = async (emails: string[], pair: number, isKnown: boolean) => {
        const email = emails[pair % ACCOUNTS]!;
        const started = performance.now();
        expect((await forgot(email)).status).toBe(200);
        const elapsed = performance.now() - started;
        // The reset mail is the work after the reply: let it finish before the next measurement.
        if (isKnown) await waitForMail(server.app, email, 'password-reset', Math.floor(pair / ACCOUNTS) + 1);
        await settle();
        return elapsed;
      };
      const { difference } = await timeInPairs(
        PAIRS,
        (pair) => timed(known, pair, true),
        (pair) => timed(unknown, pair, false),
      );
      expect(Math.abs(difference)).toBeLessThan(1);
    },
  );

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
  const server = useTestApp();

  const requestReset = async (email: string) => {
    const before = (await mailFor(server.app, email)).filter((m) => m.kind === 'password-reset').length;
    await server.http.post('/api/auth/forgot-password', { email });
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
    const { body } = await signedInPatient(server.app);
    const first = await requestReset(body.email);
    const second = await requestReset(body.email);
    expect((await server.http.put('/api/auth/reset-password', { token: first, newPassword: NEW_PASSWORD })).status).toBe(400);
    await server.app.ctx.db.update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1000) });
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
  const server = useTestApp();

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
