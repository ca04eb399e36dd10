import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { lintConfig, lintFromString, loadConfig } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { api, createTestApp } from '../test/harness';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: { properties: object } }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

/** apps/server, where redocly.yaml and .redocly.lint-ignore.yaml are. */
const serverDir = fileURLToPath(new URL('../../', import.meta.url));

describe('GET /api/openapi.json', () => {
  let app: App;
  let source: string;
  let operations: { method: string; path: string; operation: Operation }[];
  beforeAll(async () => {
    app = await createTestApp();
    const res = await api(app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    source = res.text;
    const paths = res.body.paths as Record<string, Record<string, Operation>>;
    operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
  });
  afterAll(() => app.close());

  it('describes the routes from their zod schemas', () => {
    const paths = new Set(operations.map(({ path }) => path));
    expect([...paths]).toEqual(expect.arrayContaining(['/api/users/register', '/api/auth/login', '/api/auth/reset-password']));
    const register = operations.find(({ method, path }) => method === 'POST' && path === '/api/users/register')!.operation;
    const body = register.requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['email', 'password', 'dob', 'subscriptionPlan']));
  });

  it('describes a file download as the file, a 204 with no body, and refusals as JSON', () => {
    const { responses } = operations.find(({ operation }) => operation.operationId === 'exportExpensesCsv')!.operation;
    expect(Object.keys(responses['200']!.content!)).toEqual(['text/csv']);
    expect(Object.keys(responses['401']!.content!)).toEqual(['application/json']);
    const receipt = operations.find(({ operation }) => operation.operationId === 'downloadReceiptFile')!.operation;
    expect(Object.keys(receipt.responses['200']!.content!)).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    const signOut = operations.find(({ operation }) => operation.operationId === 'signOut')!.operation;
    expect(signOut.responses['204']).toEqual({ description: 'Signed out' });
  });

  it("passes Redocly's recommended rules (apps/server/redocly.yaml) with no problem", async () => {
    const config = await loadConfig({ configPath: `${serverDir}redocly.yaml` });
    expect(await lintConfig({ config })).toEqual([]);
    // Linted as apps/server/openapi.json, the name its reviewed exceptions are filed under.
    const problems = await lintFromString({ source, absoluteRef: `${serverDir}openapi.json`, config });
    expect(problems.filter((p) => !p.ignored).map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
  });

  it('names each operation once, with a summary, its tags and its security', () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const { method, path, operation } of operations) {
      const where = `${method} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][a-zA-Z]+$/);
      expect(operation.summary, where).toMatch(/\S/);
      expect(operation.tags?.length, where).toBeGreaterThan(0);
      expect(operation.security, where).toBeInstanceOf(Array);
    }
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('asks for a token exactly where the server refuses a request without one', async () => {
    const refused: string[] = [];
    const declared: string[] = [];
    for (const { method, path, operation } of operations) {
      const where = `${method} ${path}`;
      // A token is required when every alternative names a scheme; `{}` among them makes it optional.
      if (operation.security!.length > 0 && operation.security!.every((requirement) => Object.keys(requirement).length > 0))
        declared.push(where);
      const url = path.replace(/\{[^}]+\}/g, randomUUID());
      const res = await app.inject({ method: method as 'GET', url });
      if (res.statusCode === 401) refused.push(where);
    }
    expect(declared.length).toBeGreaterThan(20);
    expect(refused).toEqual(declared);
  });
});
