import { describe, expect, it } from 'vitest';
import { userRoutes } from '../features/users/routes';
import { useBareApp } from '../test/bare-app';
import { signupBody, useTestApp } from '../test/harness';
import { registerAuth } from './auth';
import { registerClientIp } from './client-ip';
import { registerErrorHandler } from './error-handler';
import { US_ONLY_MESSAGE } from './us-only';

const from = (ip: string) => ({ 'x-forwarded-for': ip });

const server = useTestApp({ GEO_RESTRICT: 'on', TRUST_PROXY: '1' });

describe('US-only sign-up and sign-in', () => {
  it('refuses sign-up and sign-in from a non-US address with 451 and saves nothing', async () => {
    const body = signupBody();
    const signup = await server.http.post('/api/users/register', body, undefined, from('81.2.69.142'));
    expect(signup.status).toBe(451);
    expect(signup.body).toEqual({ message: US_ONLY_MESSAGE, country: 'GB' });
    const login = await server.http.post('/api/auth/login', { email: body.email, password: body.password }, undefined, from('193.0.6.139'));
    expect(login.status).toBe(451);
  });

  it('records the state and country of a US address at sign-up', async () => {
    const body = signupBody();
    expect((await server.http.post('/api/users/register', body, undefined, from('8.8.8.8'))).status).toBe(201);
    const [row] = (await server.app.ctx.db.query.users.findMany()).filter((u) => u.email === body.email);
    expect(row).toMatchObject({ customerIp: '8.8.8.8', customerCountry: 'US' });
  });

  it('lets loopback and private addresses through', async () => {
    // Without X-Forwarded-For the client is the socket's address, 127.0.0.1.
    expect((await server.http.post('/api/users/register', signupBody())).status).toBe(201);
    expect((await server.http.post('/api/users/register', signupBody(), undefined, from('10.0.0.7'))).status).toBe(201);
  });
});

describe('with GEO_RESTRICT=off, or without TRUST_PROXY', () => {
  // Both settings are fixed when a server starts: each gets a bare server with the real sign-up route
  // (and the plugins it needs) on the whole app's database and services, instead of a whole app.
  const signUpServer = (env: Record<string, string>) =>
    useBareApp(env, async (app, config) => {
      const ctx = { ...server.app.ctx, config };
      registerErrorHandler(app);
      registerClientIp(app);
      registerAuth(app, ctx);
      await app.register(userRoutes, { ctx });
    });
  const off = signUpServer({ GEO_RESTRICT: 'off', TRUST_PROXY: '1' });
  const untrusted = signUpServer({ GEO_RESTRICT: 'on' });

  it('does not check', async () => {
    const signUp = (app: typeof off.app) =>
      app.inject({ method: 'POST', url: '/api/users/register', headers: from('81.2.69.142'), payload: signupBody() });
    expect((await signUp(off.app)).statusCode).toBe(201);
    // Without TRUST_PROXY the header is ignored: the client is 127.0.0.1.
    expect((await signUp(untrusted.app)).statusCode).toBe(201);
  });
});
