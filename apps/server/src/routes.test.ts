import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app';
import { createTestApp } from './test/harness';

/**
 * Routes whose success is not JSON, so a JSON schema cannot describe it. Each says what it sends
 * instead; everything else declares the JSON of each success, so nothing unlisted can leak and
 * Fastify serialises it with a compiled function.
 */
const NOT_JSON: Record<string, string> = {
  'GET /dev/mailbox': 'the development mailbox page (HTML)',
  'GET /dev/mailbox/:id': 'one development mail as a page (HTML)',
  'GET /dev/texts': 'the development texts page (HTML)',
  'GET /api/admin/expenses/export': 'the CSV file',
  'GET /api/files/:uploadId': 'a receipt file, as stored',
  'GET /api/openapi.json': 'the OpenAPI document, generated',
};

describe('every route', () => {
  let app: App;
  const routes: { name: string; route: RouteOptions }[] = [];
  beforeAll(async () => {
    const onRoute = (route: RouteOptions) => {
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        if (method !== 'HEAD') routes.push({ name: `${method} ${route.url}`, route });
      }
    };
    app = await createTestApp({ MAILBOX: 'on' }, { onRoute });
  });
  afterAll(() => app.close());

  it('declares the JSON of its successful answers, unless its answer is not JSON', () => {
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes
      .filter(
        ({ name, route }) =>
          !NOT_JSON[name] &&
          !Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {}).some((status) => /^2/.test(status)),
      )
      .map(({ name }) => name);
    expect(missing).toEqual([]);
  });
});
