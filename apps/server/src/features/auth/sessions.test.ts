import { SignJWT, decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInPatient, useTestApp } from '../../test/harness';
import { SESSION_LIMITS } from './sessions.repository';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

// One server for both blocks: they need nothing of each other's.
const server = useTestApp();

describe('#14 session tokens are strict', () => {
  const me = (token: string) => server.http.get('/api/users/me', token).then((res) => res.status);
  const sign = (claims: Record<string, unknown>, alg = 'HS256') => {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg });
    return jwt.sign(new TextEncoder().encode(server.app.ctx.config.jwtSecret));
  };

  it('#14 refuses a forged alg:none token carrying a live session', async () => {
    const { token } = await signedInPatient(server.app);
    expect(await me(token)).toBe(200);
    const [, payload] = token.split('.');
    expect(await me(`${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`)).toBe(401);
    expect(await me(`${base64url({ alg: 'none' })}.${payload}`)).toBe(401);
  });

  it('#14 refuses a token with one flipped byte, in the signature or in the claims', async () => {
    const { token } = await signedInPatient(server.app);
    const [head, payload, signature] = token.split('.') as [string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0x01;
      return bytes.toString('base64url');
    };
    expect(await me(`${head}.${payload}.${flip(signature)}`)).toBe(401);
    expect(await me(`${head}.${flip(payload)}.${signature}`)).toBe(401);
  });

  it('#14 refuses a token signed with our secret but lacking exp, sub or sid, or expired, or under another algorithm', async () => {
    const { token } = await signedInPatient(server.app);
    const { sub, sid, roles, email } = decodeJwt(token) as { sub: string; sid: string; roles: string[]; email: string };
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub, sid, roles, email, iat: now, exp: now + 3600 };
    // The same claims, complete and well signed, are accepted: what follows fails for the missing part alone.
    expect(await me(await sign(claims))).toBe(200);
    for (const missing of ['exp', 'sub', 'sid', 'iat'] as const) {
      const { [missing]: _dropped, ...rest } = claims;
      expect(await me(await sign(rest)), `without ${missing}`).toBe(401);
    }
    expect(await me(await sign({ ...claims, iat: now - 7200, exp: now - 60 }))).toBe(401);
    expect(await me(await sign(claims, 'HS512'))).toBe(401);
  });
});

describe('#16 automatic logoff', () => {
  afterEach(() => vi.useRealTimers());

  /** A clock the test moves; the database only ever sees times this process hands it. */
  const clock = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    return { at: (ms: number) => vi.setSystemTime(start + ms) };
  };
  const me = (token: string) => server.http.get('/api/users/me', token).then((res) => res.status);

  it('#16 ends a session after 2 idle hours without Remember Me', async () => {
    const time = clock();
    const { token } = await signedInPatient(server.app);
    time.at(SESSION_LIMITS.standard.idleMs - MINUTE_MS);
    expect(await me(token)).toBe(200);
    // Idle time counts from the last request, not from sign-in.
    time.at(2 * SESSION_LIMITS.standard.idleMs - 2 * MINUTE_MS);
    expect(await me(token)).toBe(200);
    time.at(3 * SESSION_LIMITS.standard.idleMs);
    expect(await me(token)).toBe(401);
  });

  it('#16 ends an active session 12 hours after sign-in without Remember Me', async () => {
    const time = clock();
    const { token } = await signedInPatient(server.app);
    for (let hour = 1; hour <= 11; hour++) {
      time.at(hour * 60 * MINUTE_MS);
      expect(await me(token)).toBe(200);
    }
    time.at(SESSION_LIMITS.standard.maxMs - MINUTE_MS);
    expect(await me(token)).toBe(200);
    time.at(SESSION_LIMITS.standard.maxMs + MINUTE_MS);
    expect(await me(token)).toBe(401);
  });

  it('#16 with Remember Me, survives 29 idle days but not 31', async () => {
    const time = clock();
    const { token } = await signedInPatient(server.app, {}, { rememberMe: true });
    time.at(29 * DAY_MS);
    expect(await me(token)).toBe(200);
    time.at(29 * DAY_MS + 31 * DAY_MS);
    expect(await me(token)).toBe(401);
  });

  it('#16 with Remember Me, ends 90 days after sign-in however active', async () => {
    const time = clock();
    const { token } = await signedInPatient(server.app, {}, { rememberMe: true });
    for (let day = 20; day < 90; day += 20) {
      time.at(day * DAY_MS);
      expect(await me(token)).toBe(200);
    }
    time.at(SESSION_LIMITS.remembered.maxMs - MINUTE_MS);
    expect(await me(token)).toBe(200);
    time.at(SESSION_LIMITS.remembered.maxMs + MINUTE_MS);
    expect(await me(token)).toBe(401);
  });
});
