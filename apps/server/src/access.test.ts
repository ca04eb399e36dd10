import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app';
import { users } from './db/schema';
import { api, checkoutBody, createTestApp, signedInPatient, signupBody } from './test/harness';

/** A valid request for each route that names an account by :id, so only ownership decides the answer. */
const validRequests: Record<string, { body: () => unknown; headers?: () => Record<string, string> }> = {
  'PUT /api/users/:id/subscription': { body: () => checkoutBody(), headers: () => ({ 'idempotency-key': randomUUID() }) },
  'PUT /api/users/:id/planUpdate': { body: () => ({ subscriptionPlan: 'familyMonthly' }) },
};

// One server for the whole file; it notes the :id routes as it registers them, for #18.
let app: App;
const idRoutes: string[] = [];
beforeAll(async () => {
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Admin routes name any account by design: plugins/admin-api.test.ts proves only an admin reaches them (#19).
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/admin') && route.url.includes(':id'))
      for (const method of methods) idRoutes.push(`${method} ${route.url}`);
  };
  app = await createTestApp({}, { onRoute });
});
afterAll(() => app.close());

describe('#18 every route that names an account by id answers only its owner', () => {
  it('#18 has a valid request for every :id route in the route list', () => {
    expect(idRoutes.length).toBeGreaterThan(0);
    expect(idRoutes.filter((route) => !validRequests[route])).toEqual([]);
  });

  it('#18 owner → answered, another patient → 403, anonymous → 401, for every :id route', async () => {
    for (const route of idRoutes) {
      const [method, pattern] = route.split(' ') as ['PUT' | 'POST' | 'GET' | 'DELETE', string];
      const sample = validRequests[route]!;
      const owner = await signedInPatient(app);
      const other = await signedInPatient(app);
      const url = pattern.replace(':id', owner.user.id as string);
      const send = (token?: string) =>
        app.inject({
          method,
          url,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...sample.headers?.() },
          payload: JSON.stringify(sample.body()),
        });
      expect((await send()).statusCode, `${route} anonymous`).toBe(401);
      expect((await send(other.token)).statusCode, `${route} another patient`).toBe(403);
      expect((await send(owner.token)).statusCode, `${route} owner`).toBe(200);
    }
  });
});

describe('#20 mass assignment', () => {
  it('#20 sign-up refuses roles, verification and a password hash, and creates nothing', async () => {
    for (const extra of [{ roles: ['ROLE_ADMIN'] }, { verified: true }, { passwordHash: 'x' }]) {
      const body = signupBody(extra);
      const res = await api(app).post('/api/users/register', body);
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(await app.ctx.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    }
  });

  it('#20 sign-up ignores the subscription fields the old form sends: the server sets them', async () => {
    const body = signupBody({ subscriptionStatus: 'active', subscriptionAmount: 0.01 });
    expect((await api(app).post('/api/users/register', body)).status).toBe(201);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, body.email));
    expect(row).toMatchObject({ subscriptionStatus: 'pending', subscriptionAmountCents: 2999, roles: ['ROLE_USER'], verified: false });
  });

  it('#20 a plan change carries nothing else, and no answer ever holds a password hash', async () => {
    const { user, token, body } = await signedInPatient(app);
    const id = user.id as string;
    const res = await api(app).put(
      `/api/users/${id}/planUpdate`,
      { subscriptionPlan: 'familyMonthly', roles: ['ROLE_ADMIN'], verified: true },
      token,
    );
    expect(res.status).toBe(400);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, id));
    expect(row!.roles).toEqual(['ROLE_USER']);
    const answers = [
      await api(app).get('/api/users/me', token),
      await api(app).post('/api/auth/login', { email: body.email, password: body.password }),
      await api(app).put(`/api/users/${id}/subscription`, checkoutBody(), token, { 'idempotency-key': randomUUID() }),
    ];
    for (const answer of answers) {
      expect(answer.text).not.toMatch(/\$argon2|passwordHash|password_hash/);
    }
  });
});
