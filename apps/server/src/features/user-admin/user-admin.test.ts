import { randomUUID } from 'node:crypto';
import {
  generateCustomerId,
  messages,
  USER_SEARCH_COUNT_LIMIT,
  USER_SORT_FIELDS,
  type AdminUser,
  type AuditEvent,
  type UserSortField,
} from '@app/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chainReport } from '../../audit-verify';
import { queryRows } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import {
  adminEnv,
  eventually,
  mailFor,
  signedInAdmin,
  signedInPatient,
  signupBody,
  strongPassword,
  tokenFromMail,
  useTestApp,
  waitForMail,
} from '../../test/harness';
import { checkAuditChain } from '../audit/service';
import { insertUser, type NewUser } from '../users/repository';

const DOMAIN = 'listed.example';
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 18));

/**
 * Users made for the list tests, differing in every sort key, with ties (same name, status, amount)
 * so that only the id can order them; names and e-mails differ at their first letter, so any
 * collation orders them alike.
 */
const fixture: Partial<NewUser>[] = [
  {
    email: `bravo@${DOMAIN}`,
    firstName: 'Ann',
    lastName: 'Lee',
    subscriptionStatus: 'active',
    subscriptionAmountCents: 2999,
    submittedAt: day(3),
    verified: true,
  },
  {
    email: `delta@${DOMAIN}`,
    firstName: 'Ann',
    lastName: 'Lee',
    subscriptionStatus: 'active',
    subscriptionAmountCents: 2999,
    submittedAt: null,
    verified: true,
  },
  {
    email: `alpha@${DOMAIN}`,
    firstName: 'Cy',
    lastName: 'Day',
    subscriptionStatus: 'pending',
    subscriptionAmountCents: null,
    submittedAt: day(1),
  },
  {
    email: `golf@${DOMAIN}`,
    firstName: 'Bo',
    lastName: 'Ray',
    subscriptionStatus: null,
    subscriptionAmountCents: 4999,
    submittedAt: day(9),
    roles: ['ROLE_USER', 'ROLE_ADMIN'],
  },
  {
    email: `echo@${DOMAIN}`,
    firstName: 'Di',
    lastName: 'Fox',
    subscriptionStatus: 'cancelled',
    subscriptionAmountCents: 1500,
    submittedAt: day(5),
    verified: true,
  },
  {
    email: `charlie@${DOMAIN}`,
    firstName: 'Eve',
    lastName: 'Moss',
    subscriptionStatus: null,
    subscriptionAmountCents: null,
    submittedAt: null,
  },
  {
    email: `foxtrot@${DOMAIN}`,
    firstName: 'Flo',
    lastName: 'Kim',
    subscriptionStatus: 'active',
    subscriptionAmountCents: 1500,
    submittedAt: day(2),
    disabledAt: null,
  },
];

type Key = string | number | null;
/** The order the API promises: the key (nulls after every value ascending, before them descending), then the id. */
function expectedOrder(rows: AdminUser[], key: (u: AdminUser) => Key, dir: 'asc' | 'desc') {
  const compare = (a: AdminUser, b: AdminUser) => {
    const [x, y] = [key(a), key(b)];
    const byKey = x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
    return byKey || (a.id < b.id ? -1 : 1);
  };
  const sorted = [...rows].sort(compare);
  return (dir === 'asc' ? sorted : sorted.reverse()).map((u) => u.email);
}
const seconds = (t: AdminUser['submittedAt']) => t?.seconds ?? null;
const sortKeys: Record<UserSortField, (u: AdminUser, created: Map<string, number>) => Key> = {
  default: (u, created) => created.get(u.id)!,
  email: (u) => u.email,
  fullName: (u) => `${u.firstName} ${u.lastName}`,
  submittedDate: (u, created) => seconds(u.submittedAt) ?? created.get(u.id)!,
  subscriptionStatus: (u) => u.subscriptionStatus,
  subscriptionAmount: (u) => u.subscriptionAmount,
};

// The list and search blocks share one server; the edit block below has its own.
const server = useTestApp(adminEnv);

describe('admin Users list and search', () => {
  let admin: string;
  let patient: string;
  const created = new Map<string, number>();
  beforeAll(async () => {
    admin = (await signedInAdmin(server.app)).token;
    patient = (await signedInPatient(server.app)).token;
    // Made directly, each with its own creation time, so that every sort key is known.
    for (const [i, user] of fixture.entries()) {
      const row = await insertUser(server.app.ctx.db, {
        passwordHash: 'not-a-hash',
        customerId: generateCustomerId(),
        createdAt: day(20 - i),
        ...user,
      } as NewUser);
      created.set(row.id, row.createdAt.getTime() / 1000);
    }
  });
  const list = (query: string, token = admin) => server.http.get(`/api/admin/all?${query}`, token);
  const emails = (body: Record<string, unknown>) => (body.content as AdminUser[]).map((u) => u.email);

  it('answers 401 to anonymous and 403 to a patient', async () => {
    for (const url of ['/api/admin/all', `/api/admin/search?email=${DOMAIN}`]) {
      expect((await server.http.get(url)).status).toBe(401);
      expect((await server.http.get(url, patient)).status).toBe(403);
    }
  });

  it.each(USER_SORT_FIELDS.flatMap((field) => (['asc', 'desc'] as const).map((dir) => [field, dir] as const)))(
    '#21 sorts by %s %s, id breaking ties, and pages of 3 neither repeat nor skip a user',
    async (sortBy, sortDir) => {
      const whole = await list(`q=${DOMAIN}&size=500&sortBy=${sortBy}&sortDir=${sortDir}`);
      expect(whole.status).toBe(200);
      const all = whole.body.content as AdminUser[];
      expect(emails(whole.body)).toEqual(expectedOrder(all, (u) => sortKeys[sortBy](u, created), sortDir));
      const paged: string[] = [];
      for (let page = 0; page < 3; page++)
        paged.push(...emails((await list(`q=${DOMAIN}&size=3&page=${page}&sortBy=${sortBy}&sortDir=${sortDir}`)).body));
      expect(paged).toEqual(emails(whole.body));
    },
  );

  it('defaults to page 0 of 10 ascending, and a page past the end is empty, not an error', async () => {
    const first = await list(`q=${DOMAIN}`);
    expect(first.body).toMatchObject({ totalElements: 7, totalPages: 1 });
    const last = await list(`q=${DOMAIN}&size=3&page=2`);
    expect(last.body).toMatchObject({ totalElements: 7, totalPages: 3 });
    expect(last.body.content).toHaveLength(1);
    const past = await list(`q=${DOMAIN}&size=3&page=3`);
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ content: [], totalElements: 7, totalPages: 3 });
    expect((await list(`q=${DOMAIN}&page=9999999`)).body.content).toEqual([]);
  });

  it('#21 refuses a page size over 500, a negative page, a number written other than in digits, unknown sort fields and directions, and unknown parameters', async () => {
    expect((await list('size=500')).status).toBe(200);
    for (const query of [
      'size=501',
      'size=0',
      'page=-1',
      'page=1.5',
      'size=0x10',
      'size=1e1',
      'size=%205',
      'page=true',
      'sortBy=passwordHash',
      'sortBy=created_at',
      'sortDir=up',
      'sortDir=ASC;',
      'limit=5',
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toEqual(expect.any(String));
    }
    expect((await list('sortBy=&sortDir=')).status).toBe(200);
  });

  it('finds by a case-insensitive piece of the e-mail or the full name, wildcards taken literally', async () => {
    expect(emails((await list('q=ANN%20LEE&sortBy=email')).body)).toEqual([`bravo@${DOMAIN}`, `delta@${DOMAIN}`]);
    expect(emails((await list('q=HARLIE@LIST')).body)).toEqual([`charlie@${DOMAIN}`]);
    expect(emails((await list('q=%20%20eve%20%20')).body)).toEqual([`charlie@${DOMAIN}`]);
    expect((await list('q=%25')).body.totalElements).toBe(0);
    expect((await list('q=_')).body.totalElements).toBe(0);
  });

  it('counts admins, active subscriptions and verified users over the whole filtered result, not the page', async () => {
    const res = await list(`q=${DOMAIN}&size=2`);
    expect(res.body.content).toHaveLength(2);
    expect(res.body).toMatchObject({ totalElements: 7, summary: { admins: 1, activeSubscriptions: 3, verified: 3 } });
    expect((await list('q=ann%20lee')).body.summary).toEqual({ admins: 0, activeSubscriptions: 2, verified: 2 });
  });

  it('matches e-mails as stored: lower-cased, a rule the database itself holds', async () => {
    await expect(
      insertUser(server.app.ctx.db, { email: 'Mixed@Case.example', passwordHash: 'x', customerId: generateCustomerId() }),
    ).rejects.toThrow();
  });

  it('searches by e-mail only, at least 3 characters after trimming', async () => {
    const search = (email: string) => server.http.get(`/api/admin/search?email=${email}&sortBy=email&size=2&page=1`, admin);
    const found = await search(`%20${DOMAIN.toUpperCase()}%20`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ totalElements: 7, totalPages: 4 });
    expect(emails(found.body)).toEqual([`charlie@${DOMAIN}`, `delta@${DOMAIN}`]);
    expect((await search('ann')).body.totalElements).toBe(0);
    for (const short of ['ab', '%20ab%20', '']) {
      const res = await search(short);
      expect(res.status, short).toBe(400);
      expect(res.body.message).toBe(messages.searchTooShort);
    }
  });

  it('shows every field of the admin view, timestamps as seconds and nanos, and never a hash', async () => {
    const res = await list(`q=bravo@${DOMAIN}`);
    const [user] = res.body.content as AdminUser[];
    expect(user).toMatchObject({
      email: `bravo@${DOMAIN}`,
      fullName: 'Ann Lee',
      subscriptionAmount: 29.99,
      submittedAt: { seconds: day(3).getTime() / 1000, nanos: 0 },
      // 18:00 UTC is noon in Chicago: the same calendar day.
      submittedDate: '2026-01-03',
      emailVerificationStat: 'verified',
      cardDetails: null,
      lastFourDigitsOfCard: null,
    });
    expect(res.text).not.toMatch(/not-a-hash|passwordHash|password_hash/);
  });

  it('describes every Users route with its request and answer in the OpenAPI document', async () => {
    const { body } = await server.http.get('/api/openapi.json');
    const paths = body.paths as Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
    for (const [path, method] of [
      ['/api/admin/all', 'get'],
      ['/api/admin/search', 'get'],
      ['/api/admin/users/{id}', 'put'],
      ['/api/admin/users/{id}/reset-password', 'post'],
      ['/api/admin/users/{id}/audit', 'get'],
    ] as const) {
      expect(paths[path]?.[method]?.responses['200']?.content, `${method} ${path}`).toBeDefined();
    }
  });

  it('#28 records every list and search read before answering it: what it asked for, how many users it showed and their ids, sealed', async () => {
    const listed = await list('q=moss');
    // No waiting: the row is written before the answer leaves.
    const rows = await server.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'GET /api/admin/all'));
    const row = rows.find((r) => r.details?.q === 'moss');
    const ids = (listed.body.content as AdminUser[]).map((user) => user.id);
    expect(ids).toHaveLength(1);
    expect(row).toMatchObject({
      actorRole: 'admin',
      status: 200,
      details: { q: 'moss', page: 0, size: 10, count: 1, subjectUserIds: ids },
    });
    const [raw] = await queryRows<{ details: string }>(server.app.ctx.db, sql`SELECT details FROM audit_log WHERE id = ${row!.id}`);
    expect(raw!.details).toMatch(/^v1:/);
    expect(raw!.details).not.toContain(ids[0]);

    const found = await server.http.get(`/api/admin/search?email=${DOMAIN}&sortBy=email&size=3`, admin);
    const searchRows = await server.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'GET /api/admin/search'));
    expect(searchRows.at(-1)).toMatchObject({
      status: 200,
      details: { email: DOMAIN, count: 3, subjectUserIds: (found.body.content as AdminUser[]).map((user) => user.id) },
    });
    // One row per read: the after-answer hook adds none.
    expect(searchRows.filter((r) => r.details?.email === DOMAIN && r.details.size === 3)).toHaveLength(1);
  });

  it('#28 refuses list, search and history reads with a 503, serving nothing, while the trail cannot be written', async () => {
    const db = server.app.ctx.db;
    const [someone] = (await list('size=1')).body.content as AdminUser[];
    await db.execute(
      sql.raw(
        `CREATE FUNCTION audit_log_refuse_all() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'trail unavailable'; END $$`,
      ),
    );
    await db.execute(
      sql.raw('CREATE TRIGGER audit_log_refuse_all BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_all()'),
    );
    try {
      for (const url of ['/api/admin/all?size=5', `/api/admin/search?email=${DOMAIN}`, `/api/admin/users/${someone!.id}/audit`]) {
        const refused = await server.http.get(url, admin);
        expect(refused.status, url).toBe(503);
        expect(refused.body, url).toEqual({ message: messages.auditTrailUnavailable });
        expect(refused.text, url).not.toContain(DOMAIN);
        expect(refused.text, url).not.toContain(someone!.id);
      }
    } finally {
      await db.execute(sql.raw('DROP TRIGGER audit_log_refuse_all ON audit_log'));
      await db.execute(sql.raw('DROP FUNCTION audit_log_refuse_all()'));
    }
    expect((await list('size=1')).status).toBe(200);
  });

  it('keeps the unfiltered counts right through sign-ups, edits and deletes', async () => {
    const db = server.app.ctx.db;
    const counted = async () =>
      (
        await queryRows<Record<string, number>>(
          db,
          sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE 'ROLE_ADMIN' = ANY(roles)))::int AS admins,
            (count(*) FILTER (WHERE subscription_status = 'active'))::int AS "activeSubscriptions", (count(*) FILTER (WHERE verified))::int AS verified FROM users`,
        )
      )[0]!;
    const shown = async () => {
      const { body } = await list('size=1');
      return { total: body.totalElements, ...(body.summary as object) };
    };
    expect(await shown()).toEqual(await counted());
    // Copies of three fixture users, outside its domain, to edit and delete: the fixture the other tests read stays as it is.
    const copy = (user: Partial<NewUser>): NewUser => ({
      ...user,
      email: user.email!.replace(DOMAIN, 'counted.example'),
      passwordHash: 'not-a-hash',
      customerId: generateCustomerId(),
    });
    const [alpha, golf, echo] = [copy(fixture[2]!), copy(fixture[3]!), copy(fixture[4]!)] as const;
    await db.insert(users).values([alpha, golf, echo]);
    expect(await shown()).toEqual(await counted());
    await db.update(users).set({ subscriptionStatus: 'active', verified: true }).where(eq(users.email, alpha.email));
    await db
      .update(users)
      .set({ roles: ['ROLE_USER'] })
      .where(eq(users.email, golf.email));
    await db.update(users).set({ firstName: 'Renamed' }).where(eq(users.email, echo.email));
    await signedInPatient(server.app);
    expect(await shown()).toEqual(await counted());
    await db.delete(users).where(eq(users.email, golf.email));
    expect(await shown()).toEqual(await counted());
    await db.insert(users).values(copy(fixture[3]!));
    expect(await shown()).toEqual(await counted());
  });
});

describe('admin search past the counted limit (decision 026)', () => {
  const MANY = 'many.example';
  const addMatches = (count: number, status: 'active' | null) =>
    server.app.ctx.db.insert(users).values(
      Array.from({ length: count }, () => ({
        email: `${randomUUID()}@${MANY}`,
        passwordHash: 'not-a-hash',
        customerId: generateCustomerId(),
        subscriptionStatus: status,
        verified: true,
      })),
    );
  const ids = (body: Record<string, unknown>) => (body.content as AdminUser[]).map((u) => u.id);

  it('counts exactly up to the limit, then says "more than" with no summary, and pages stop at the limit without repeats', async () => {
    const { token } = await signedInAdmin(server.app);
    const search = (query: string) => server.http.get(`/api/admin/search?email=${MANY}&${query}`, token);
    await addMatches(USER_SEARCH_COUNT_LIMIT - 1, null);
    await addMatches(1, 'active');
    const exact = await search('size=10');
    expect(exact.body).toMatchObject({
      totalElements: USER_SEARCH_COUNT_LIMIT,
      countCapped: false,
      summary: { admins: 0, activeSubscriptions: 1, verified: USER_SEARCH_COUNT_LIMIT },
    });

    await addMatches(1, null);
    const capped = await search('size=10');
    expect(capped.status).toBe(200);
    expect(capped.body).toMatchObject({
      totalElements: USER_SEARCH_COUNT_LIMIT,
      totalPages: USER_SEARCH_COUNT_LIMIT / 10,
      countCapped: true,
      summary: null,
    });
    // The same through the list's `q`, which the Users tab's export and links use.
    expect((await server.http.get(`/api/admin/all?q=${MANY}`, token)).body).toMatchObject({ countCapped: true, summary: null });

    const last = await search(`size=10&page=${USER_SEARCH_COUNT_LIMIT / 10 - 1}&sortBy=email&sortDir=desc`);
    expect(last.body.content).toHaveLength(10);
    expect((await search(`size=10&page=${USER_SEARCH_COUNT_LIMIT / 10}`)).body.content).toEqual([]);
    // Read from the start, both halves (no reading from an end the cap does not know) and no user twice.
    const halves = [await search('size=500&page=0&sortBy=email'), await search('size=500&page=1&sortBy=email')].flatMap((res) =>
      ids(res.body),
    );
    expect(halves).toHaveLength(USER_SEARCH_COUNT_LIMIT);
    expect(new Set(halves).size).toBe(USER_SEARCH_COUNT_LIMIT);
    // A narrower search is exact again, and the unfiltered list keeps exact counts past the limit.
    const oneEmail = (last.body.content as AdminUser[])[0]!.email;
    const narrow = await server.http.get(`/api/admin/search?email=${oneEmail}`, token);
    expect(narrow.body).toMatchObject({ totalElements: 1, countCapped: false, summary: { admins: 0 } });
    const all = await server.http.get('/api/admin/all?size=1', token);
    // Every active subscription in the database, the list block's among them, counted exactly.
    const [active] = await queryRows<{ count: number }>(
      server.app.ctx.db,
      sql`SELECT count(*)::int AS count FROM users WHERE subscription_status = 'active'`,
    );
    expect(all.body).toMatchObject({ countCapped: false, summary: { activeSubscriptions: active!.count } });
    expect(all.body.totalElements).toBeGreaterThan(USER_SEARCH_COUNT_LIMIT);
  });
});

describe('admin user edit, reset e-mail and history', () => {
  // A server of its own: the last-admin test needs the bootstrap admin to be the only admin, and
  // the list block's users include one.
  const server = useTestApp(adminEnv);
  let admin: { token: string; user: Record<string, unknown> };
  let patientToken: string;
  beforeAll(async () => {
    admin = await signedInAdmin(server.app);
    patientToken = (await signedInPatient(server.app)).token;
  });

  /** A patient and their admin view, as the expanded card holds it. */
  async function patientView(overrides: Record<string, unknown> = {}) {
    const patient = await signedInPatient(server.app, overrides);
    const res = await server.http.get(`/api/admin/search?email=${encodeURIComponent(patient.body.email)}`, admin.token);
    return { ...patient, view: (res.body.content as AdminUser[])[0]! };
  }
  /** As the admin unless another token is given ('' for anonymous). */
  const save = (id: string, body: Record<string, unknown>, token = admin.token) => server.http.put(`/api/admin/users/${id}`, body, token);
  const row = async (id: string) => (await server.app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const meStatus = async (token: string) => (await server.http.get('/api/users/me', token)).status;

  it('answers 401 to anonymous and 403 to a patient, changing nothing', async () => {
    const { view } = await patientView();
    for (const [token, status] of [
      ['', 401],
      [patientToken, 403],
    ] as const) {
      expect((await save(view.id, { ...view, firstName: 'Mallory' }, token)).status).toBe(status);
      expect((await server.http.post(`/api/admin/users/${view.id}/reset-password`, {}, token)).status).toBe(status);
      expect((await server.http.get(`/api/admin/users/${view.id}/audit`, token)).status).toBe(status);
    }
    expect((await row(view.id)).firstName).toBe('Avery');
  });

  it('normalises like the form: trimmed names, roles as a comma list, empty amount and all-empty address to null', async () => {
    const { view } = await patientView();
    const res = await save(view.id, {
      ...view,
      firstName: '  Zed ',
      lastName: ' Quinn  ',
      roles: ' user , ,',
      subscriptionAmount: '',
      billingAddress: { street: ' ', city: '', state: '', zip: '', country: '' },
      customerPhone: '  ',
      verified: 'true',
      smsPolicyAccepted: 0,
      reason: 'Refunded: amount cleared',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Zed',
      lastName: 'Quinn',
      fullName: 'Zed Quinn',
      roles: ['ROLE_USER'],
      subscriptionAmount: null,
      billingAddress: null,
      customerPhone: null,
      smsPolicyAccepted: false,
    });
    expect(await row(view.id)).toMatchObject({ subscriptionAmountCents: null, billingStreet: null, customerPhone: null });
  });

  it('stores dollars as cents, and a partly filled address as its parts', async () => {
    const { view } = await patientView();
    const res = await save(view.id, {
      ...view,
      subscriptionAmount: 12.3,
      billingAddress: { street: '1 Main St', city: 'Austin', state: '', zip: '', country: '' },
      reason: 'Discount',
    });
    expect(res.body).toMatchObject({ subscriptionAmount: 12.3, billingAddress: { street: '1 Main St', city: 'Austin', state: '' } });
    expect(await row(view.id)).toMatchObject({ subscriptionAmountCents: 1230, billingCity: 'Austin', billingState: null });
  });

  it('never stores read-only fields, and refuses a card number', async () => {
    const { view } = await patientView();
    const before = await row(view.id);
    const res = await save(view.id, {
      ...view,
      id: randomUUID(),
      customerId: 'CUST-HACKED',
      customerIp: '6.6.6.6',
      submittedDate: '1999-01-01',
      submittedAt: { seconds: 1, nanos: 0 },
      subscriptionEndDate: { seconds: 1, nanos: 0 },
      cardDetails: { cardholderName: 'X', last4: '9999', expiry: '01/30', brand: 'Visa' },
      lastFourDigitsOfCard: '9999',
      cardName: 'X',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: view.id,
      customerId: view.customerId,
      customerIp: view.customerIp,
      submittedAt: view.submittedAt,
      cardDetails: null,
    });
    expect(await row(view.id)).toMatchObject({
      customerId: before.customerId,
      customerIp: before.customerIp,
      submittedAt: before.submittedAt,
      cardLast4: null,
      subscriptionEndDate: null,
    });
    // A card number at the top level is an unknown field; inside the read-only card details it is ignored.
    const attempts: [Record<string, unknown>, number][] = [
      [{ cardNumber: '4242424242424242' }, 400],
      [{ passwordHash: 'x' }, 400],
      [{ cardDetails: { cardNumber: '4242424242424242' } }, 200],
    ];
    for (const [extra, status] of attempts) expect((await save(view.id, { ...view, ...extra })).status, JSON.stringify(extra)).toBe(status);
    expect(JSON.stringify(await row(view.id))).not.toContain('4242424242424242');
  });

  it('answers 404 for an unknown user, 400 for a malformed id or an unknown role, 409 for an e-mail another account has', async () => {
    const { view } = await patientView();
    const other = await patientView();
    expect((await save(randomUUID(), view)).status).toBe(404);
    const malformed = await save('not-a-uuid', view);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(messages.missingUserId);
    const role = await save(view.id, { ...view, roles: 'ROLE_USER, superuser', reason: 'x' });
    expect(role.status).toBe(400);
    expect(role.body.message).toBe(messages.unknownRole('superuser'));
    const taken = await save(view.id, { ...view, email: ` ${other.view.email.toUpperCase()} ` });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(messages.emailTakenByAnother);
    expect((await row(view.id)).email).toBe(view.email);
  });

  it('#22 takes the amount only as a JSON number or plain decimal text, with a 400 naming it', async () => {
    const { view } = await patientView();
    const before = (await row(view.id)).subscriptionAmountCents;
    for (const subscriptionAmount of [true, '0x10', '1e3', '12.345', '-1', 100_000.01]) {
      const res = await save(view.id, { ...view, subscriptionAmount, reason: 'Discount' });
      expect(res.status, JSON.stringify(subscriptionAmount)).toBe(400);
      expect(res.body.errors, JSON.stringify(subscriptionAmount)).toEqual({ subscriptionAmount: messages.amountInvalid });
    }
    expect((await row(view.id)).subscriptionAmountCents).toBe(before);
    expect((await save(view.id, { ...view, subscriptionAmount: ' 29.90 ', reason: 'Discount' })).body).toMatchObject({
      subscriptionAmount: 29.9,
    });
  });

  it('asks for a reason when roles, subscription or amount change, and not otherwise', async () => {
    const { view } = await patientView();
    for (const change of [
      { roles: 'ROLE_USER,ROLE_ADMIN' },
      { subscriptionStatus: 'active' },
      { subscriptionPlan: 'familyMonthly' },
      { subscriptionAmount: 1 },
    ]) {
      const res = await save(view.id, { ...view, ...change, reason: '  ' });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body).toEqual({ message: messages.changeReasonRequired, errors: { reason: messages.changeReasonRequired } });
    }
    expect(await row(view.id)).toMatchObject({ subscriptionStatus: 'pending', roles: ['ROLE_USER'] });
    expect((await save(view.id, { ...view, roles: ['user'], zip: '10001' })).status).toBe(200);
  });

  it('#22 refuses a date of birth in the future or before 1900 with a 400 naming it, and takes one in between', async () => {
    const { view } = await patientView();
    for (const [dob, message] of [
      ['9999-12-31', messages.dobFuture],
      ['1899-12-31', messages.dobInvalid],
      ['0000-01-01', messages.dobInvalid],
    ] as const) {
      const res = await save(view.id, { ...view, dob });
      expect(res.status, dob).toBe(400);
      expect(res.body, dob).toEqual({ message, errors: { dob: message } });
    }
    expect((await save(view.id, { ...view, dob: '1900-01-01' })).body).toMatchObject({ dob: '1900-01-01' });
  });

  it('keeps the admin from removing their own admin role', async () => {
    // The signed-in admin: the bootstrap one, unless the last-admin test has handed over to another.
    const self = await server.http.get(`/api/admin/search?email=${admin.user.email as string}`, admin.token);
    const view = (self.body.content as AdminUser[])[0]!;
    const res = await save(view.id, { ...view, roles: 'ROLE_USER', reason: 'stepping down' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.cannotRemoveOwnAdmin);
    // Their own other edits pass, and keep their session.
    expect((await save(view.id, { ...view, firstName: 'Chief' })).status).toBe(200);
    expect(await meStatus(admin.token)).toBe(200);
  });

  it('keeps the last admin: of two admins demoting each other at once, one wins and the other is refused', async () => {
    // Two admins alone: any a test before this one promoted loses the role.
    await server.app.ctx.db
      .update(users)
      .set({ roles: ['ROLE_USER'] })
      .where(and(sql`'ROLE_ADMIN' = ANY(roles)`, ne(users.id, admin.user.id as string)));
    const { view, body } = await patientView();
    expect((await save(view.id, { ...view, roles: 'user,admin', reason: 'New office manager' })).status).toBe(200);
    const second = await signedInAdmin(server.app, body.email);
    const chiefView = (
      (await server.http.get(`/api/admin/search?email=${adminEnv.ADMIN_EMAIL}`, admin.token)).body.content as AdminUser[]
    )[0]!;
    const secondView = ((await server.http.get(`/api/admin/search?email=${body.email}`, admin.token)).body.content as AdminUser[])[0]!;
    const [a, b] = await Promise.all([
      save(secondView.id, { ...secondView, roles: 'ROLE_USER', reason: 'coup' }, admin.token),
      save(chiefView.id, { ...chiefView, roles: 'ROLE_USER', reason: 'coup' }, second.token),
    ]);
    // The loser gets 409 when its session check came first, or 401 when the winner's change (roles
    // revoke sessions) had already ended its session.
    const loser = [a, b].find((r) => r.status !== 200)!;
    expect([a.status, b.status].filter((status) => status === 200)).toHaveLength(1);
    if (loser.status === 409) expect(loser.body.message).toBe(messages.lastAdminStays);
    else expect(loser.status).toBe(401);
    const [counted] = await queryRows<{ admins: number }>(
      server.app.ctx.db,
      sql`SELECT count(*)::int AS admins FROM users WHERE 'ROLE_ADMIN' = ANY(roles)`,
    );
    expect(counted!.admins).toBe(1);
    // The chief is still an admin only if the second admin's demotion of them failed.
    if (b.status !== 200) expect(await meStatus(admin.token)).toBe(200);
    else admin = await signedInAdmin(server.app, body.email);
  });

  it.each([
    ['e-mail', () => ({ email: `moved.${randomUUID()}@example.com` }), 401],
    ['roles', () => ({ roles: 'ROLE_USER,ROLE_ADMIN', reason: 'promotion' }), 401],
    ['verified', () => ({ verified: false }), 401],
    ['name', () => ({ firstName: 'Renamed' }), 200],
  ])('a change of %s leaves the old session answering %i', async (_what, change, status) => {
    const { view, token } = await patientView();
    expect(await meStatus(token)).toBe(200);
    expect((await save(view.id, { ...view, ...change() })).status).toBe(200);
    expect(await meStatus(token)).toBe(status);
  });

  it('#9 #11 #12 a change of e-mail cancels the reset, verification and admin sign-in links sent before it, and is recorded', async () => {
    const movedTo = () => `moved.${randomUUID()}@example.com`;
    // A reset link to a patient.
    const reader = await patientView();
    await server.http.post('/api/auth/forgot-password', { email: reader.body.email });
    const resetToken = await tokenFromMail(server.app, reader.body.email, 'password-reset');
    // A verification link to a patient who signed up and has not opened it.
    const waiting = signupBody();
    expect((await server.http.post('/api/users/register', waiting)).status).toBe(201);
    const verifyToken = await tokenFromMail(server.app, waiting.email, 'verify-email');
    const waitingView = ((await server.http.get(`/api/admin/search?email=${waiting.email}`, admin.token)).body.content as AdminUser[])[0]!;
    // A sign-in link to a second admin.
    const deputy = await patientView();
    const promoted = await save(deputy.view.id, { ...deputy.view, roles: 'ROLE_USER,ROLE_ADMIN', reason: 'Deputy' });
    expect(promoted.status).toBe(200);
    const signIn = await server.http.post('/api/auth/login', { email: deputy.body.email, password: strongPassword });
    expect(signIn.body.status).toBe('magic_link_sent');
    const adminLinkToken = await tokenFromMail(server.app, deputy.body.email, 'admin-login');

    const newReaderEmail = movedTo();
    for (const [view, email] of [
      [reader.view, newReaderEmail],
      [waitingView, movedTo()],
      [promoted.body as unknown as AdminUser, movedTo()],
    ] as const) {
      expect((await save(view.id, { ...view, email })).status).toBe(200);
    }

    const reset = await server.http.put('/api/auth/reset-password', { token: resetToken, newPassword: 'N3w!passphrase' });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(messages.resetTokenInvalid);
    expect((await server.http.post('/api/auth/login', { email: newReaderEmail, password: 'N3w!passphrase' })).status).toBe(401);
    const verify = await server.http.post('/api/users/verify-email', { token: verifyToken });
    expect(verify.status).toBe(400);
    expect(verify.text).not.toContain('moved.');
    expect((await row(waitingView.id)).verified).toBe(false);
    const adminLink = await server.http.post('/api/auth/verify-admin-login', { token: adminLinkToken });
    expect(adminLink.status).toBe(400);
    expect(adminLink.body.message).toBe(messages.magicLinkInvalid);

    const [latest] = (await server.http.get(`/api/admin/users/${reader.view.id}/audit`, admin.token)).body.content as AuditEvent[];
    expect(latest).toMatchObject({ action: 'PUT /api/admin/users/:id', status: 200, actorUserId: admin.user.id });
    expect(latest!.changes).toEqual([{ field: 'email', before: reader.body.email, after: newReaderEmail }]);
  });

  it('tells the old and the new address of a change of e-mail, in mail whose headers hold the address and fixed text alone', async () => {
    const { view, body } = await patientView();
    const movedTo = `moved.${randomUUID()}@example.com`;
    const saved = await save(view.id, { ...view, email: movedTo, firstName: 'Eve\r\nBcc: spy@evil.example' });
    expect(saved.status).toBe(200);
    const noticesTo = async (email: string) => (await mailFor(server.app, email)).filter((mail) => mail.kind === 'email-changed');
    const [toOld] = await noticesTo(body.email);
    const [toNew] = await noticesTo(movedTo);
    const subject = `The e-mail address of your ${server.app.ctx.config.brand.name} account was changed`;
    expect(toOld).toMatchObject({ recipient: body.email, subject });
    expect(toNew).toMatchObject({ recipient: movedTo, subject });
    expect(toOld!.text).toContain('this address no longer signs in');
    expect(toNew!.text).toContain('sign in with it from now on');
    // Neither letter names the other address.
    expect(toOld!.text).not.toContain(movedTo);
    expect(toNew!.text).not.toContain(body.email);

    // A line break in an address is refused before anything is stored or sent.
    const injected = await save(view.id, { ...(saved.body as unknown as AdminUser), email: `${movedTo}\r\nBcc: spy@evil.example` });
    expect(injected.status).toBe(400);
    expect((await row(view.id)).email).toBe(movedTo);
    expect(await noticesTo(movedTo)).toHaveLength(1);
    expect(await mailFor(server.app, 'spy@evil.example')).toEqual([]);
  });

  it('writes the edit to the trail in its transaction: before and after, the reason, sealed, one row', async () => {
    const { view } = await patientView();
    const res = await save(view.id, {
      ...view,
      subscriptionStatus: 'active',
      subscriptionAmount: 49.99,
      symptoms: 'Rash',
      reason: 'Paid by phone',
    });
    expect(res.status).toBe(200);
    const history = await server.http.get(`/api/admin/users/${view.id}/audit`, admin.token);
    expect(history.status).toBe(200);
    const [latest] = history.body.content as AuditEvent[];
    expect(latest).toMatchObject({
      action: 'PUT /api/admin/users/:id',
      status: 200,
      actorRole: 'admin',
      actorUserId: admin.user.id,
      actorEmail: admin.user.email,
      reason: 'Paid by phone',
    });
    expect(latest!.changes).toEqual([
      { field: 'symptoms', before: 'Sore throat', after: 'Rash' },
      { field: 'subscriptionStatus', before: 'pending', after: 'active' },
      { field: 'subscriptionAmount', before: 29.99, after: 49.99 },
    ]);
    // The hook adds no second row for the edit; the history read itself is recorded before it is answered.
    const historyReads = await server.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, view.id), eq(auditLog.action, 'GET /api/admin/users/:id/audit')));
    expect(historyReads).toMatchObject([
      { actorUserId: admin.user.id, status: 200, details: { page: 0, count: (history.body.content as AuditEvent[]).length } },
    ]);
    const edits = await server.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, view.id), eq(auditLog.action, 'PUT /api/admin/users/:id')));
    expect(edits).toHaveLength(1);
    const [raw] = await queryRows<{ details: string }>(server.app.ctx.db, sql`SELECT details FROM audit_log WHERE id = ${edits[0]!.id}`);
    expect(raw!.details).toMatch(/^v1:/);
    expect(raw!.details).not.toMatch(/Rash|Paid by phone/);
  });

  it('records a refused edit too, from the route, and changes nothing', async () => {
    const { view } = await patientView();
    expect((await save(view.id, { ...view, subscriptionStatus: 'active' })).status).toBe(400);
    const refused = await eventually('the refused edit in the trail', async () => {
      const rows = await server.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectUserId, view.id), eq(auditLog.action, 'PUT /api/admin/users/:id')));
      return rows[0];
    });
    expect(refused).toMatchObject({ status: 400, details: null });
  });

  it('#21 pages the history newest first, its page size capped', async () => {
    const { view } = await patientView();
    for (const zip of ['11111', '22222', '33333']) expect((await save(view.id, { ...view, zip })).status).toBe(200);
    const page = await server.http.get(`/api/admin/users/${view.id}/audit?page=0&size=2`, admin.token);
    expect(page.body).toMatchObject({ totalPages: expect.any(Number), totalElements: expect.any(Number) });
    const [newest, older] = page.body.content as AuditEvent[];
    expect(newest!.changes).toEqual([{ field: 'zip', before: '22222', after: '33333' }]);
    expect(older!.changes).toEqual([{ field: 'zip', before: '11111', after: '22222' }]);
    expect(newest!.id).toBeGreaterThan(older!.id);
    for (const size of ['501', '0x10']) {
      expect((await server.http.get(`/api/admin/users/${view.id}/audit?size=${size}`, admin.token)).status, size).toBe(400);
    }
  });

  it('#28 refuses an UPDATE of the details alone, and the chain check of audit:verify names a row whose details were swapped around the trigger', async () => {
    const { view } = await patientView();
    expect((await save(view.id, { ...view, zip: '99999' })).status).toBe(200);
    const check = await checkAuditChain(server.app.ctx.db);
    expect(check).toEqual({ intact: true, rows: expect.any(Number), anchoredRowId: null });
    expect(chainReport(check)).toMatch(/^audit chain intact \(\d+ rows\)$/);
    const [edit] = await server.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, view.id), eq(auditLog.action, 'PUT /api/admin/users/:id')));
    const swap = server.app.ctx.db
      .update(auditLog)
      .set({ details: { reason: null, changes: [{ field: 'zip', before: '0', after: '1' }] } })
      .where(eq(auditLog.id, edit!.id));
    await expect(swap).rejects.toThrow();
    await server.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`);
      await tx
        .update(auditLog)
        .set({ details: { reason: null, changes: [{ field: 'zip', before: '0', after: '1' }] } })
        .where(eq(auditLog.id, edit!.id));
      await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`);
    });
    const broken = await checkAuditChain(server.app.ctx.db);
    expect(broken).toEqual({ intact: false, brokenRowId: edit!.id, cause: 'edited' });
    expect(chainReport(broken)).toContain(`row ${edit!.id}`);
  });

  it('sends the normal reset e-mail through the outbox, at most 5 per user an hour', async () => {
    const { view, body } = await patientView();
    const reset = () => server.http.post(`/api/admin/users/${view.id}/reset-password`, undefined, admin.token);
    const first = await reset();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: messages.passwordResetInitiated });
    const mail = await waitForMail(server.app, body.email, 'password-reset');
    expect(mail.text).toMatch(/reset-password\?token=/);
    for (let i = 0; i < 4; i++) expect((await reset()).status).toBe(200);
    const limited = await reset();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await server.http.post(`/api/admin/users/${randomUUID()}/reset-password`, undefined, admin.token)).status).toBe(404);
  });
});
