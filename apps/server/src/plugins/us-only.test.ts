import { describe, expect, it } from 'vitest';
import { api, createTestApp, signedInPatient, signupBody, useTestApp } from '../test/harness';
import { US_ONLY_MESSAGE } from './us-only';

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('US-only sign-up and sign-in', () => {
  const server = useTestApp({ GEO_RESTRICT: 'on', TRUST_PROXY: '1' });

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
    await signedInPatient(server.app);
    expect((await server.http.post('/api/users/register', signupBody(), undefined, from('10.0.0.7'))).status).toBe(201);
  });
});

describe('with GEO_RESTRICT=off, or without TRUST_PROXY', () => {
  it('does not check', async () => {
    const off = await createTestApp({ GEO_RESTRICT: 'off', TRUST_PROXY: '1' });
    const untrusted = await createTestApp({ GEO_RESTRICT: 'on' });
    try {
      expect((await api(off).post('/api/users/register', signupBody(), undefined, from('81.2.69.142'))).status).toBe(201);
      // Without TRUST_PROXY the header is ignored: the client is 127.0.0.1.
      expect((await api(untrusted).post('/api/users/register', signupBody(), undefined, from('81.2.69.142'))).status).toBe(201);
    } finally {
      await off.close();
      await untrusted.close();
    }
  });
});
