import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@app/shared';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { registerClientIp } from '../../plugins/client-ip';
import { registerErrorHandler } from '../../plugins/error-handler';
import { bareApp, bareConfig } from '../../test/bare-app';
import { api, useTestApp } from '../../test/harness';
import { createCaptchaService } from './index';
import { captchaRoutes } from './routes';

/** Fetches a challenge and solves it the way the altcha widget does, returning the widget's payload. */
async function solvedToken(app: App, edit: (challenge: Challenge) => void = () => undefined): Promise<string> {
  const res = await api(app).get('/api/captcha/challenge');
  const challenge = res.body as unknown as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the challenge');
  edit(challenge);
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}

const verify = (app: App, token: string) => api(app).post('/api/recaptcha/verify', { token });

// The whole app runs ALTCHA, the default.
const whole = useTestApp({ CAPTCHA: 'altcha' });

/**
 * The captcha mode is fixed when a server starts: each other mode gets a bare server with the real
 * captcha routes and a captcha service of its settings, on the whole app's database. Its `ctx` is the
 * whole app's with those two changed, decorated as buildApp decorates the whole server.
 */
async function captchaServer(env: Record<string, string>): Promise<App> {
  const config = bareConfig(env);
  const ctx = { ...whole.app.ctx, config, captcha: createCaptchaService({ config, db: whole.app.ctx.db }) };
  const app = await bareApp(config, async (server) => {
    server.decorate('ctx', ctx);
    registerErrorHandler(server);
    registerClientIp(server);
    await server.register(captchaRoutes, { ctx });
  });
  return app as unknown as App;
}

describe('captcha with ALTCHA (the default)', () => {
  let app: App;
  beforeAll(() => {
    app = whole.app;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells the browser which captcha to show', async () => {
    const res = await api(app).get('/api/captcha/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mode: 'altcha' });
  });

  it('hands out fresh, signed challenges that expire in 10 minutes and are never cached', async () => {
    const [a, b] = [await api(app).get('/api/captcha/challenge'), await api(app).get('/api/captcha/challenge')];
    expect(a.status).toBe(200);
    expect(a.headers['cache-control']).toBe('no-store');
    const challenge = a.body as unknown as Challenge;
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt! * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(challenge.parameters.expiresAt! * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect((b.body as unknown as Challenge).parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('accepts a solved challenge once', async () => {
    const token = await solvedToken(app);
    expect((await verify(app, token)).body).toEqual({ success: true });
    expect((await verify(app, token)).body).toEqual({ success: false });
  });

  it('does not take a re-encoded payload of a used challenge for a new one', async () => {
    const token = await solvedToken(app);
    expect((await verify(app, token)).body.success).toBe(true);
    const reencoded = btoa(JSON.stringify(JSON.parse(atob(token)), null, 2));
    expect((await verify(app, reencoded)).body.success).toBe(false);
  });

  it('refuses tampered challenges, wrong solutions and things that are not payloads', async () => {
    const easier = await solvedToken(app, (c) => {
      c.parameters.cost = 1;
    });
    const forged = await solvedToken(app, (c) => {
      c.signature = c.signature!.replace(/^./, (d) => (d === '0' ? '1' : '0'));
    });
    const wrongAnswer = btoa(
      JSON.stringify({ ...JSON.parse(atob(await solvedToken(app))), solution: { counter: 7, derivedKey: '00'.repeat(32) } }),
    );
    const widgetTestMode = btoa(JSON.stringify({ challenge: null, solution: null, test: true }));
    for (const token of [easier, forged, wrongAnswer, widgetTestMode, 'not a payload', btoa('{"challenge":{}}')]) {
      expect((await verify(app, token)).body).toEqual({ success: false });
    }
  });

  it('refuses a challenge that expired before it was solved', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 11 * 60_000 });
    const res = await api(app).get('/api/captcha/challenge');
    vi.useRealTimers();
    const challenge = res.body as unknown as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const token = btoa(JSON.stringify({ challenge, solution }));
    expect((await verify(app, token)).body).toEqual({ success: false });
    expect(await app.ctx.captcha.redeem(token)).toBe(false);
  });

  it('#31 lets sign-up and sign-in redeem a verified token once', async () => {
    const token = await solvedToken(app);
    expect((await verify(app, token)).body.success).toBe(true);
    expect(await app.ctx.captcha.redeem(token)).toBe(true);
    expect(await app.ctx.captcha.redeem(token)).toBe(false);
    expect((await verify(app, token)).body.success).toBe(false);
  });

  it('redeems a fresh solution that was never verified, once', async () => {
    const token = await solvedToken(app);
    expect(await app.ctx.captcha.redeem(token)).toBe(true);
    expect(await app.ctx.captcha.redeem(token)).toBe(false);
    expect((await verify(app, token)).body.success).toBe(false);
  });

  it('#31 refuses a missing token', async () => {
    expect(await app.ctx.captcha.redeem(undefined)).toBe(false);
    expect(await app.ctx.captcha.redeem('')).toBe(false);
  });

  it('#31 lets only one of two concurrent requests use a token', async () => {
    const fresh = await solvedToken(app);
    expect((await Promise.all([app.ctx.captcha.redeem(fresh), app.ctx.captcha.redeem(fresh)])).sort()).toEqual([false, true]);

    const verified = await solvedToken(app);
    expect((await verify(app, verified)).body.success).toBe(true);
    expect((await Promise.all([app.ctx.captcha.redeem(verified), app.ctx.captcha.redeem(verified)])).sort()).toEqual([false, true]);

    const twice = await solvedToken(app);
    const answers = await Promise.all([verify(app, twice), verify(app, twice)]);
    expect(answers.map((a) => a.body.success).sort()).toEqual([false, true]);
  });

  it('answers a bad body with 400 and a message', async () => {
    const http = api(app);
    const missing = await http.post('/api/recaptcha/verify', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(messages.captchaRequired);
    const wrongType = await http.post('/api/recaptcha/verify', { token: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors).toEqual({ token: messages.captchaRequired });
    expect((await http.post('/api/recaptcha/verify', { token: '' })).status).toBe(400);
    const tooLong = await http.post('/api/recaptcha/verify', { token: 'a'.repeat(10_001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(messages.tooLong(10_000));
    const unknown = await http.post('/api/recaptcha/verify', { token: 'abc', extra: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(messages.unknownField('extra'));
    const malformed = await http.post('/api/recaptcha/verify', '{"token":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(messages.malformedJson);
  });
});

describe('captcha turned off', () => {
  let app: App;
  beforeAll(async () => {
    app = await captchaServer({ CAPTCHA: 'off' });
  });
  afterAll(() => app.close());

  it('says so, serves no challenge, and lets the browser flow through', async () => {
    expect((await api(app).get('/api/captcha/config')).body).toEqual({ mode: 'off' });
    const challenge = await api(app).get('/api/captcha/challenge');
    expect(challenge.status).toBe(404);
    expect(challenge.body.message).toBe(messages.notFound);
    expect((await verify(app, 'anything')).body).toEqual({ success: true });
    expect(await app.ctx.captcha.redeem(undefined)).toBe(true);
  });
});

describe('captcha with reCAPTCHA', () => {
  // Google's siteverify stands outside our network; this local server answers as it does.
  const answers: Record<string, object> = {
    good: { success: true, action: 'login', score: 0.9, hostname: 'localhost' },
    good2: { success: true, action: 'login', score: 0.9 },
    checkbox: { success: true, hostname: 'localhost' },
    lowScore: { success: true, action: 'login', score: 0.1 },
    otherAction: { success: true, action: 'signup', score: 0.9 },
    bad: { success: false, 'error-codes': ['invalid-input-response'] },
  };
  const received: URLSearchParams[] = [];
  let siteverify: Server;
  let app: App;

  beforeAll(async () => {
    siteverify = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        received.push(form);
        const ok = req.method === 'POST' && req.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
        res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answers[form.get('response') ?? ''] ?? answers.bad));
      });
    });
    await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
    const { port } = siteverify.address() as AddressInfo;
    app = await captchaServer({
      CAPTCHA: 'recaptcha',
      RECAPTCHA_SITE_KEY: 'site-key-123',
      RECAPTCHA_SECRET: 'secret-456',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => siteverify.close(resolve));
  });

  it('gives the browser the site key and no ALTCHA challenge', async () => {
    expect((await api(app).get('/api/captcha/config')).body).toEqual({ mode: 'recaptcha', siteKey: 'site-key-123' });
    expect((await api(app).get('/api/captcha/challenge')).status).toBe(404);
  });

  it('asks siteverify with the secret, the token and the visitor IP, and accepts a token once', async () => {
    expect((await verify(app, 'good')).body).toEqual({ success: true });
    expect(Object.fromEntries(received.at(-1)!)).toEqual({ secret: 'secret-456', response: 'good', remoteip: '127.0.0.1' });
    expect((await verify(app, 'good')).body).toEqual({ success: false });
    expect(await app.ctx.captcha.redeem('good')).toBe(true);
    expect(await app.ctx.captcha.redeem('good')).toBe(false);
  });

  it('accepts a checkbox (v2) answer and redeems an unverified token once', async () => {
    expect(await app.ctx.captcha.redeem('checkbox')).toBe(true);
    expect(await app.ctx.captcha.redeem('checkbox')).toBe(false);
    expect((await Promise.all([app.ctx.captcha.redeem('good2'), app.ctx.captcha.redeem('good2')])).sort()).toEqual([false, true]);
  });

  it('refuses a failed check, a low score and another action', async () => {
    for (const token of ['bad', 'lowScore', 'otherAction', 'unknown']) {
      expect((await verify(app, token)).body).toEqual({ success: false });
      expect(await app.ctx.captcha.redeem(token)).toBe(false);
    }
  });
});

describe('reCAPTCHA when Google cannot be reached', () => {
  it('answers 503 with its shared message instead of refusing the visitor', async () => {
    const app = await captchaServer({
      CAPTCHA: 'recaptcha',
      RECAPTCHA_SITE_KEY: 'site-key-123',
      RECAPTCHA_SECRET: 'secret-456',
      // Port 9 (discard) has no listener here: the call fails at once.
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
    });
    try {
      const res = await verify(app, 'anything');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: messages.captchaCallError });
    } finally {
      await app.close();
    }
  });
});
