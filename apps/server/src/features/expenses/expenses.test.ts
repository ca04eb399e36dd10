import { randomUUID } from 'node:crypto';
import { addIsoMonths, centralDay, messages, type Expense, type ExpensePage, type Profit } from '@app/shared';
import { like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { adminEnv, signedInAdmin, signedInPatient, useTestApp } from '../../test/harness';
import { checkAuditChain } from '../audit/service';

// A known starting rate, so the conversions below are exact.
const env = { ...adminEnv, EXCHANGE_RATE_INR_PER_USD: '80' };
const at = (iso: string) => ({ seconds: Date.parse(iso) / 1000, nanos: 0 });

describe('admin expenses', () => {
  const server = useTestApp(env);
  let admin: string;
  let patient: string;
  beforeAll(async () => {
    admin = (await signedInAdmin(server.app)).token;
    patient = (await signedInPatient(server.app)).token;
  });
  const save = (id: string, body: Record<string, unknown>, token = admin) => server.http.put(`/api/admin/expenses/${id}`, body, token);
  const list = async (query = '') => {
    const answer = await server.http.get(`/api/admin/expenses${query}`, admin);
    expect(answer.status).toBe(200);
    return answer.body as unknown as ExpensePage;
  };

  it('answers 401 without a session and 403 to a patient, on every expense route', async () => {
    const id = randomUUID();
    const routes: [method: 'get' | 'put' | 'post' | 'delete', url: string][] = [
      ['get', '/api/admin/expenses'],
      ['get', '/api/admin/expenses/export.csv'],
      ['get', '/api/admin/expenses/exchange-rate'],
      ['put', '/api/admin/expenses/exchange-rate'],
      ['put', `/api/admin/expenses/${id}`],
      ['delete', `/api/admin/expenses/${id}`],
      ['post', '/api/admin/expenses/upload-initiate'],
      ['post', `/api/admin/expenses/${id}/attach`],
      ['get', `/api/admin/expenses/uploads/${id}`],
      ['get', '/api/admin/analytics/profit?from=2026-01&to=2026-02'],
    ];
    for (const [method, url] of routes) {
      const call = (token?: string) =>
        method === 'get' || method === 'delete' ? server.http[method](url, token) : server.http[method](url, {}, token);
      expect((await call()).status, `${method} ${url} anonymous`).toBe(401);
      expect((await call(patient)).status, `${method} ${url} patient`).toBe(403);
    }
  });

  it('creates with the PUT, normalised as docs/product.md (Validation) says, with createdBy from the session and both amounts at the stored rate', async () => {
    const id = randomUUID();
    const answer = await save(id, {
      id,
      title: '  Clinic rent ',
      description: ' March ',
      originalCurrency: ' inr ',
      originalAmount: 1000,
      spentAt: at('2026-02-10T06:00:00Z'),
      createdBy: 'someone.else@example.com',
    });
    expect(answer.status).toBe(200);
    const expense = answer.body as unknown as Expense;
    expect(expense).toMatchObject({
      id,
      title: 'Clinic rent',
      description: 'March',
      originalCurrency: 'INR',
      originalAmount: 1000,
      amountInr: 1000,
      amountUsd: 12.5,
      exchangeRate: 80,
      spentAt: at('2026-02-10T06:00:00Z'),
      createdBy: adminEnv.ADMIN_EMAIL,
      fileUrl: null,
      downloadUrl: null,
    });
    // USD converts the other way, to the paisa.
    const usd = await save(randomUUID(), { originalCurrency: 'USD', originalAmount: '12.34', spentAt: '2026-02-11T12:00:00Z' });
    expect(usd.body).toMatchObject({ originalAmount: 12.34, amountUsd: 12.34, amountInr: 987.2 });
  });

  it('has no required field: an empty body saves an untitled expense of 0 USD spent now', async () => {
    const id = randomUUID();
    const before = Date.now();
    const answer = await save(id, {});
    expect(answer.status).toBe(200);
    const expense = answer.body as unknown as Expense;
    expect(expense).toMatchObject({ title: '', description: '', originalCurrency: 'USD', originalAmount: 0, amountUsd: 0, amountInr: 0 });
    expect(expense.spentAt.seconds * 1000).toBeGreaterThanOrEqual(before - 1000);
    expect((await server.http.delete(`/api/admin/expenses/${id}`, admin)).status).toBe(204);
  });

  it('updates in place: the author and creation time stay, and history keeps the rate it was saved with until re-saved', async () => {
    const id = randomUUID();
    const created = (await save(id, { title: 'Laptop', originalCurrency: 'USD', originalAmount: 100, spentAt: '2026-02-01T15:00:00Z' }))
      .body as unknown as Expense;
    const rate = await server.http.put('/api/admin/expenses/exchange-rate', { inrPerUsd: 90 }, admin);
    expect(rate.status).toBe(200);
    expect(rate.body).toMatchObject({ inrPerUsd: 90, setBy: adminEnv.ADMIN_EMAIL });
    const listed = (await list()).content.find((e) => e.id === id)!;
    expect(listed).toMatchObject({ amountInr: 8000, exchangeRate: 80 });

    const updated = (await save(id, { ...created, title: 'Laptop (refurbished)', createdBy: 'x@example.com' })).body as unknown as Expense;
    expect(updated).toMatchObject({
      title: 'Laptop (refurbished)',
      createdBy: adminEnv.ADMIN_EMAIL,
      createdAt: created.createdAt,
      amountInr: 9000,
      exchangeRate: 90,
    });
    expect(updated.updatedAt.seconds * 1000 + updated.updatedAt.nanos / 1e6).toBeGreaterThanOrEqual(created.updatedAt.seconds * 1000);
    await server.http.put('/api/admin/expenses/exchange-rate', { inrPerUsd: 80 }, admin);
  });

  it('refuses bad input with a 400 that names the field, and stores nothing', async () => {
    const id = randomUUID();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ originalCurrency: 'EUR' }, 'originalCurrency', messages.currencyInvalid],
      [{ originalCurrency: 5 }, 'originalCurrency', messages.currencyInvalid],
      [{ originalAmount: -1 }, 'originalAmount', messages.expenseAmountInvalid],
      [{ originalAmount: 1.234 }, 'originalAmount', messages.expenseAmountInvalid],
      [{ originalAmount: 'abc' }, 'originalAmount', messages.expenseAmountInvalid],
      [{ originalAmount: 'Infinity' }, 'originalAmount', messages.expenseAmountInvalid],
      [{ originalAmount: 10_000_000.01 }, 'originalAmount', messages.expenseAmountInvalid],
      [{ spentAt: 'not a date' }, 'spentAt', messages.spentAtInvalid],
      [{ spentAt: { seconds: 1e12, nanos: 0 } }, 'spentAt', messages.spentAtInvalid],
      [{ title: 'x'.repeat(201) }, 'title', messages.tooLong(200)],
    ];
    for (const [body, field, message] of cases) {
      const answer = await save(id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.body.errors as Record<string, string>)[field], JSON.stringify(body)).toBe(message);
    }
    expect((await save(id, { cardNumber: '4242424242424242' })).status).toBe(400);
    expect((await save('not-a-uuid', {})).status).toBe(400);
    expect((await list()).content.some((e) => e.id === id)).toBe(false);
  });

  it('#22 takes an amount and the rate only as a JSON number or plain decimal text in range, with a 400 naming the field', async () => {
    const id = randomUUID();
    for (const originalAmount of [true, '0x10', '1e3', ' 12. ', '-0.5', '0.001']) {
      const answer = await save(id, { originalAmount });
      expect(answer.status, JSON.stringify(originalAmount)).toBe(400);
      expect(answer.body.errors, JSON.stringify(originalAmount)).toEqual({ originalAmount: messages.expenseAmountInvalid });
    }
    for (const inrPerUsd of [true, '0x10', '1e2', 0.0001, 9.9999, '1000.0001']) {
      const answer = await server.http.put('/api/admin/expenses/exchange-rate', { inrPerUsd }, admin);
      expect(answer.status, JSON.stringify(inrPerUsd)).toBe(400);
      expect(answer.body.errors, JSON.stringify(inrPerUsd)).toEqual({ inrPerUsd: messages.exchangeRateInvalid });
    }
    expect((await server.http.get('/api/admin/expenses/exchange-rate', admin)).body.inrPerUsd).toBe(80);
    expect((await list('?size=500')).content.some((e) => e.id === id)).toBe(false);
    const saved = await save(id, { originalCurrency: 'INR', originalAmount: ' 8000.50 ' });
    expect(saved.body).toMatchObject({ originalAmount: 8000.5, amountUsd: 100.01 });
    for (const inrPerUsd of [10, '1000'])
      expect((await server.http.put('/api/admin/expenses/exchange-rate', { inrPerUsd }, admin)).status).toBe(200);
    await server.http.put('/api/admin/expenses/exchange-rate', { inrPerUsd: 80 }, admin);
  });

  it('lists newest spent first, filters by America/Chicago days, currency and author, with totals over the whole filtered result', async () => {
    const marker = `filter-${randomUUID().slice(0, 8)}`;
    const rows = [
      // Chicago is on daylight time (UTC−5) from 8 March 2026: 04:30 UTC on 10 March is still 9 March there.
      { spentAt: '2026-03-10T04:30:00Z', originalCurrency: 'USD', originalAmount: 10 },
      { spentAt: '2026-03-10T05:30:00Z', originalCurrency: 'INR', originalAmount: 800 },
      { spentAt: '2026-03-11T04:59:00Z', originalCurrency: 'USD', originalAmount: 20.5 },
      { spentAt: '2026-03-11T05:00:00Z', originalCurrency: 'USD', originalAmount: 1 },
    ];
    for (const row of rows) expect((await save(randomUUID(), { ...row, title: marker })).status).toBe(200);

    const march10 = await list('?startDate=2026-03-10&endDate=2026-03-10&size=50');
    const mine = march10.content.filter((e) => e.title === marker);
    expect(mine.map((e) => e.originalAmount)).toEqual([20.5, 800]);
    expect(march10.totalElements).toBe(2);
    expect(march10.totals).toEqual({ usd: 30.5, inr: 2440 });

    const inr = await list('?startDate=2026-03-09&endDate=2026-03-11&currency=inr');
    expect(inr.content.map((e) => e.originalCurrency)).toEqual(['INR']);
    const byAuthor = await list(`?createdBy=${encodeURIComponent(' CHIEF@careconnect ')}&startDate=2026-03-09&endDate=2026-03-11`);
    expect(byAuthor.totalElements).toBe(4);
    expect((await list('?createdBy=nobody@example.com')).totalElements).toBe(0);

    const all = await list('?size=2');
    expect(all.content).toHaveLength(2);
    expect(all.totalPages).toBe(Math.ceil(all.totalElements / 2));
    const spent = (await list('?size=500')).content.map((e) => e.spentAt.seconds);
    expect(spent).toEqual([...spent].sort((a, b) => b - a));
    const past = await list(`?page=${all.totalPages}&size=2`);
    expect(past.content).toEqual([]);
    expect(past.totalElements).toBe(all.totalElements);
    expect((await list('?startDate=&currency=')).totalElements).toBe(all.totalElements);
  });

  it('refuses bad filters with a 400', async () => {
    for (const query of [
      '?startDate=2026-02-30',
      '?startDate=2026-03-02&endDate=2026-03-01',
      '?currency=EUR',
      '?size=501',
      '?page=-1',
      '?size=0x10',
      '?page=1e1',
      '?sortBy=title',
    ]) {
      expect((await server.http.get(`/api/admin/expenses${query}`, admin)).status, query).toBe(400);
    }
  });

  it('#22 refuses filter days outside 1970 to 2100 with a 400 naming the field, in the list and the export', async () => {
    for (const route of ['/api/admin/expenses', '/api/admin/expenses/export.csv']) {
      for (const [query, field] of [
        ['?startDate=1969-12-31', 'startDate'],
        ['?endDate=2101-01-01', 'endDate'],
        ['?startDate=2026-01-01&endDate=9999-12-31', 'endDate'],
      ] as const) {
        const answer = await server.http.get(`${route}${query}`, admin);
        expect(answer.status, `${route}${query}`).toBe(400);
        expect(answer.body.errors, `${route}${query}`).toEqual({ [field]: messages.dateOutOfRange(1970, 2100) });
      }
      expect((await server.http.get(`${route}?startDate=1970-01-01&endDate=2100-12-31`, admin)).status, route).toBe(200);
    }
  });

  it('deletes: 204, gone from the list, then 404', async () => {
    const id = randomUUID();
    await save(id, { title: 'To delete' });
    expect((await server.http.delete(`/api/admin/expenses/${id}`, admin)).status).toBe(204);
    expect((await list('?size=500')).content.some((e) => e.id === id)).toBe(false);
    const again = await server.http.delete(`/api/admin/expenses/${id}`, admin);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(messages.expenseNotFound);
  });

  it('records every create, update and delete in the audit trail with before and after, and the chain holds', async () => {
    const id = randomUUID();
    await save(id, { title: 'Audited', originalAmount: 5 });
    await save(id, { title: 'Audited', originalAmount: 7 });
    await server.http.delete(`/api/admin/expenses/${id}`, admin);
    const rows = await server.app.ctx.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, '% /api/admin/expenses/:expenseId'))
      .orderBy(auditLog.id);
    const mine = rows.filter((row) => row.details?.expenseId === id);
    expect(mine.map((row) => [row.action, row.details?.created ?? row.details?.deleted ?? false])).toEqual([
      ['PUT /api/admin/expenses/:expenseId', true],
      ['PUT /api/admin/expenses/:expenseId', false],
      ['DELETE /api/admin/expenses/:expenseId', true],
    ]);
    expect(mine[1]!.details?.changes).toContainEqual({ field: 'originalAmount', before: 5, after: 7 });
    expect(mine[2]!.details?.changes).toContainEqual({ field: 'title', before: 'Audited', after: null });
    expect(mine.every((row) => row.subjectUserId === null || row.subjectUserId === row.actorUserId)).toBe(true);
    expect(await checkAuditChain(server.app.ctx.db)).toMatchObject({ intact: true });
  });

  it('exports the filtered expenses as CSV for the accountant, with formulas neutralised', async () => {
    const marker = `csv-${randomUUID().slice(0, 8)}`;
    await save(randomUUID(), {
      title: '=HYPERLINK("http://evil")',
      description: `${marker}, "quoted"`,
      originalCurrency: 'INR',
      originalAmount: 160,
      spentAt: '2025-07-04T17:00:00Z',
    });
    const answer = await server.http.get('/api/admin/expenses/export.csv?startDate=2025-07-04&endDate=2025-07-04&size=1', admin);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="expenses.csv"');
    const lines = answer.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,spent_date,title,description,currency,original_amount,amount_usd,amount_inr,inr_per_usd,created_by,created_at,file_name',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `,2025-07-04,"'=HYPERLINK(""http://evil"")","${marker}, ""quoted""",INR,160.00,2.00,160.00,80.0000,${adminEnv.ADMIN_EMAIL},`,
    );
    expect((await server.http.get('/api/admin/expenses/export.csv?currency=GBP', admin)).status).toBe(400);
  });

  it('keeps the exchange rate as a setting: the configured start, then what an admin sets, validated', async () => {
    const rate = await server.http.get('/api/admin/expenses/exchange-rate', admin);
    expect(rate.status).toBe(200);
    expect(rate.body.inrPerUsd).toBe(80);
    for (const inrPerUsd of [0, -1, 1000.5, 83.12345, 'abc', null]) {
      const answer = await server.http.put('/api/admin/expenses/exchange-rate', { inrPerUsd }, admin);
      expect(answer.status, String(inrPerUsd)).toBe(400);
      expect(answer.body.message).toBe(messages.exchangeRateInvalid);
    }
    const set = await server.http.put('/api/admin/expenses/exchange-rate', { inrPerUsd: 83.1234 }, admin);
    expect(set.body).toMatchObject({ inrPerUsd: 83.1234, setBy: adminEnv.ADMIN_EMAIL });
    expect(Date.parse(set.body.effectiveFrom as string)).toBeGreaterThan(Date.now() - 60_000);
    expect((await server.http.get('/api/admin/expenses/exchange-rate', admin)).body).toEqual(set.body);
    await server.http.put('/api/admin/expenses/exchange-rate', { inrPerUsd: 80 }, admin);
  });

  it('shows profit per month: expenses in dollars against cash collected, and refuses a bad range', async () => {
    await save(randomUUID(), { originalCurrency: 'USD', originalAmount: 300, spentAt: '2024-05-01T05:00:00Z' });
    await save(randomUUID(), { originalCurrency: 'INR', originalAmount: 8000, spentAt: '2024-05-31T12:00:00Z' });
    // 1 June 03:00 UTC is still 31 May in Chicago.
    await save(randomUUID(), { originalCurrency: 'USD', originalAmount: 1, spentAt: '2024-06-01T03:00:00Z' });
    const answer = await server.http.get('/api/admin/analytics/profit?from=2024-04&to=2024-06', admin);
    expect(answer.status).toBe(200);
    expect(answer.body.months).toEqual([
      { month: '2024-04', revenueMonthly: 0, cashCollected: 0, expensesUsd: 0, net: 0, partial: false },
      { month: '2024-05', revenueMonthly: 0, cashCollected: 0, expensesUsd: 401, net: -401, partial: false },
      { month: '2024-06', revenueMonthly: 0, cashCollected: 0, expensesUsd: 0, net: 0, partial: false },
    ]);
    // The month still running is marked.
    const thisMonth = centralDay(new Date()).slice(0, 7);
    const running = await server.http.get(`/api/admin/analytics/profit?from=${addIsoMonths(thisMonth, -1)}&to=${thisMonth}`, admin);
    expect((running.body as Profit).months.map((m) => m.partial)).toEqual([false, true]);
    for (const query of ['from=2024-06&to=2024-04', 'from=2020-01&to=2024-01', 'from=2024-13&to=2024-14', 'from=2024-01']) {
      expect((await server.http.get(`/api/admin/analytics/profit?${query}`, admin)).status, query).toBe(400);
    }
  });
});
