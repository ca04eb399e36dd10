import { generateCustomerId, USER_SEARCH_COUNT_LIMIT, type AdminUser } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { adminEnv, signedInAdmin, signedInPatient, useTestApp } from '../../test/harness';
import { insertUser, type NewUser } from '../users/repository';

const DOMAIN = 'members.example';
const server = useTestApp(adminEnv);

const members: Partial<NewUser>[] = [
  {
    email: `ann@${DOMAIN}`,
    firstName: 'Ann',
    lastName: 'Lee',
    subscriptionStatus: 'active',
    subscriptionPlan: 'familyMonthly',
    verified: true,
  },
  {
    email: `bo@${DOMAIN}`,
    firstName: 'Bo',
    lastName: 'Ray',
    subscriptionStatus: 'active',
    subscriptionPlan: 'individualMonthly',
    verified: false,
  },
  {
    email: `cy@${DOMAIN}`,
    firstName: 'Cy',
    lastName: 'Day',
    subscriptionStatus: 'cancelled',
    subscriptionPlan: 'familyMonthly',
    verified: true,
  },
  { email: `di@${DOMAIN}`, firstName: 'Di', lastName: 'Fox', subscriptionStatus: null, subscriptionPlan: null, verified: true },
];

describe('the Members table: filters, the search over name, e-mail and customer id, and a member of their own', () => {
  let admin: string;
  let patient: string;
  const customerIds = new Map<string, string>();
  beforeAll(async () => {
    admin = (await signedInAdmin(server.app)).token;
    patient = (await signedInPatient(server.app)).token;
    for (const member of members) {
      const customerId = generateCustomerId();
      await insertUser(server.app.ctx.db, { passwordHash: 'not-a-hash', customerId, ...member } as NewUser);
      customerIds.set(member.email!, customerId);
    }
  });
  const list = async (query: string) => {
    const res = await server.http.get(`/api/admin/all?q=${DOMAIN}&sortBy=email&${query}`, admin);
    expect(res.status, query).toBe(200);
    return (res.body.content as AdminUser[]).map((user) => user.email.split('@')[0]);
  };

  it('narrows the list by status, plan and verified, each alone and together', async () => {
    expect(await list('status=active')).toEqual(['ann', 'bo']);
    expect(await list('plan=familyMonthly')).toEqual(['ann', 'cy']);
    expect(await list('verified=false')).toEqual(['bo']);
    expect(await list('verified=true&plan=familyMonthly&status=cancelled')).toEqual(['cy']);
    expect(await list('status=&plan=&verified=')).toEqual(['ann', 'bo', 'cy', 'di']);
  });

  it('counts the filtered result', async () => {
    const res = await server.http.get(`/api/admin/all?q=${DOMAIN}&status=active`, admin);
    expect(res.body).toMatchObject({ totalElements: 2, summary: { activeSubscriptions: 2, verified: 1 } });
  });

  it('finds a member by their customer id typed in any case, and by no part of it', async () => {
    const id = customerIds.get(`cy@${DOMAIN}`)!;
    const search = async (q: string) =>
      ((await server.http.get(`/api/admin/all?q=${encodeURIComponent(q)}`, admin)).body.content as AdminUser[]).map((u) => u.email);
    expect(await search(id.toLowerCase())).toEqual([`cy@${DOMAIN}`]);
    expect(await search(` ${id} `)).toEqual([`cy@${DOMAIN}`]);
    expect(await search(id.slice(0, -1))).toEqual([]);
  });

  it('refuses an unknown status, plan or verified value with a 400 naming it', async () => {
    for (const query of ['status=gone', 'plan=goldMonthly', 'verified=yes']) {
      const res = await server.http.get(`/api/admin/all?${query}`, admin);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toEqual(expect.any(String));
    }
  });

  it('reads one member for an admin, recorded under that member before it is answered', async () => {
    const listed = (await server.http.get(`/api/admin/all?q=ann@${DOMAIN}`, admin)).body.content as AdminUser[];
    const res = await server.http.get(`/api/admin/users/${listed[0]!.id}`, admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(listed[0]);
    const rows = await server.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'GET /api/admin/users/:id'), eq(auditLog.subjectUserId, listed[0]!.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorRole: 'admin', status: 200 });
  });

  it('answers 404 for an unknown member, 400 for a malformed id, 401 to anonymous and 403 to a patient', async () => {
    expect((await server.http.get(`/api/admin/users/00000000-0000-4000-8000-000000000000`, admin)).status).toBe(404);
    expect((await server.http.get('/api/admin/users/not-an-id', admin)).status).toBe(400);
    const listed = (await server.http.get(`/api/admin/all?q=bo@${DOMAIN}`, admin)).body.content as AdminUser[];
    expect((await server.http.get(`/api/admin/users/${listed[0]!.id}`)).status).toBe(401);
    expect((await server.http.get(`/api/admin/users/${listed[0]!.id}`, patient)).status).toBe(403);
  });
});

describe('the Members table filtered without a search, past the counted limit (decisions 026 and 078)', () => {
  // A combination nobody else in this file's database has.
  const FILTER = 'status=past_due&plan=oneTimeVisit&verified=false';
  const addMatches = (count: number, roles: string[] = ['ROLE_USER']) =>
    server.app.ctx.db.insert(users).values(
      Array.from({ length: count }, (_, i) => ({
        email: `filtered.${i}.${generateCustomerId().toLowerCase()}@${DOMAIN}`,
        passwordHash: 'not-a-hash',
        customerId: generateCustomerId(),
        roles,
        subscriptionStatus: 'past_due' as const,
        subscriptionPlan: 'oneTimeVisit' as const,
        verified: false,
      })),
    );

  it('counts exactly up to the limit, then says "more than" with no summary, and its pages stop at the limit', async () => {
    const { token } = await signedInAdmin(server.app);
    const filtered = (query: string) => server.http.get(`/api/admin/all?${FILTER}&${query}`, token);
    await addMatches(USER_SEARCH_COUNT_LIMIT - 1);
    await addMatches(1, ['ROLE_USER', 'ROLE_ADMIN']);
    expect((await filtered('size=10')).body).toMatchObject({
      totalElements: USER_SEARCH_COUNT_LIMIT,
      countCapped: false,
      summary: { admins: 1, activeSubscriptions: 0, verified: 0 },
    });

    await addMatches(1);
    const capped = await filtered('size=10');
    expect(capped.body).toMatchObject({ totalElements: USER_SEARCH_COUNT_LIMIT, countCapped: true, summary: null });
    expect(capped.body.content).toHaveLength(10);
    expect((await filtered(`size=10&page=${USER_SEARCH_COUNT_LIMIT / 10 - 1}`)).body.content).toHaveLength(10);
    expect((await filtered(`size=10&page=${USER_SEARCH_COUNT_LIMIT / 10}`)).body.content).toEqual([]);
  });
});
