import { describe, expect, it } from 'vitest';
import { registerWebApp } from '../../plugins/web-app';
import { useBareApp } from '../../test/bare-app';
import { planRoutes } from './routes';

describe('GET /api/plans', () => {
  // The catalogue needs no database: a bare server with the real route, and the whole server's answer
  // to unknown paths (plugins/web-app.ts, without a web build). The e2e smoke test asks the whole server.
  const server = useBareApp({}, async (app) => {
    await app.register(planRoutes);
    registerWebApp(app, null);
  });
  const get = async (url: string) => {
    const res = await server.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  };

  it('serves the catalogue with every field the site shows, prices in integer cents', async () => {
    const res = await get('/api/plans');
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
    const res = await get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('The requested resource was not found.');
  });
});
