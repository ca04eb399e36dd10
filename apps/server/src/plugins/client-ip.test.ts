import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { App } from '../app';
import { sessions } from '../db/schema';
import { authRoutes } from '../features/auth/routes';
import { useBareApp } from '../test/bare-app';
import { insertPatient, useTestApp } from '../test/harness';
import { registerAuth } from './auth';
import { registerClientIp } from './client-ip';
import { registerErrorHandler } from './error-handler';

/** Ten wrong passwords for one account from one socket, each claiming another address; then the right one. */
async function loginAfterFailures(app: App, server: Pick<App, 'inject'>, forwardedFor: (i: number) => string) {
  const { body } = await insertPatient(app);
  const login = (email: string, password: string, i: number) =>
    server.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.2',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor(i) },
      payload: JSON.stringify({ email, password }),
    });
  for (let i = 0; i < 10; i++) expect((await login(body.email, 'Wr0ng!pass', i)).statusCode).toBe(401);
  return (await login(body.email, body.password, 10)).statusCode;
}

describe('the client address', () => {
  const trusted = useTestApp({ TRUST_PROXY: '1' });
  // TRUST_PROXY is fixed when a server starts: the default (unset) gets a bare server with the real
  // sign-in route and the plugins it needs, on the whole app's database and limits.
  const untrusted = useBareApp({}, async (app, config) => {
    const ctx = { ...trusted.app.ctx, config };
    registerErrorHandler(app);
    registerClientIp(app);
    registerAuth(app, ctx);
    await app.register(authRoutes, { ctx });
  });

  it('#6 #32 ignores X-Forwarded-For without TRUST_PROXY: a spoofed header does not escape the account+address lock', async () => {
    expect(await loginAfterFailures(trusted.app, untrusted.app, (i) => `8.8.8.${i}`)).toBe(429);
  });

  it('#6 with TRUST_PROXY=1 counts garbage in the header against the connecting address', async () => {
    expect(await loginAfterFailures(trusted.app, trusted.app, (i) => `not-an-ip-${i}`)).toBe(429);
  });

  it('#6 with TRUST_PROXY=1 records the forwarded client on the session, and the socket address for garbage', async () => {
    const app = trusted.app;
    const { body } = await insertPatient(app);
    const sessionIp = async (forwardedFor: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.2',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        payload: JSON.stringify({ email: body.email, password: body.password }),
      });
      const { sid } = decodeJwt(res.json<{ token: string }>().token);
      const [row] = await app.ctx.db
        .select({ ip: sessions.ip })
        .from(sessions)
        .where(eq(sessions.id, String(sid)));
      return row?.ip;
    };
    expect(await sessionIp('1.2.3.4, 24.24.24.24')).toBe('24.24.24.24');
    expect(await sessionIp('24.24.24.24, <script>')).toBe('10.0.0.2');
  });
});
