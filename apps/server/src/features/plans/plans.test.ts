import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { api, createTestApp } from '../../test/harness';

describe('GET /api/plans', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('serves the catalogue with every field the site shows, prices in integer cents', async () => {
    const res = await api(app).get('/api/plans');
    expect(res.status).toBe(200);
    const plans = res.body as unknown as Array<Record<string, unknown>>;
    expect(plans.map((p) => [p.id, p.priceCents, p.oldPriceCents, p.period])).toEqual([
      ['individualMonthly', 2999, 3999, 'month'],
      ['familyMonthly', 4999, 5999, 'month'],
      ['oneTimeVisit', 5999, 6999, 'visit'],
    ]);
    for (const plan of plans)
      expect(Object.keys(plan).sort()).toEqual([
        'description',
        'features',
        'id',
        'offer',
        'oldPriceCents',
        'period',
        'priceCents',
        'title',
      ]);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await api(app).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('The requested resource was not found.');
  });
});
