import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { messages } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app';
import { api, createTestApp, signupBody } from './test/harness';

// One app for the file, serving a small web build; only the chat widget needs a server of its own.
let app: App;
const homePage = '<!doctype html><title>CareConnect</title>';
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};`;
const loaderHash = "'sha256-DU/f0YUav/ggbUlgaloKdrQnHxkGx3opOAmh6WDyPUg='";
const stylesheetHash = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(webDist, 'csp.json'), JSON.stringify({ scriptSrc: [loaderHash], styleSrc: [stylesheetHash] }));
  writeFileSync(join(webDist, 'index.html'), homePage);
  writeFileSync(join(webDist, 'index.html.gz'), gzipSync(homePage));
  writeFileSync(join(webDist, 'robots.txt'), 'User-agent: *');
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'main-3f9a1c.js'), script);
  writeFileSync(join(webDist, 'assets', 'main-3f9a1c.js.br'), brotliCompressSync(script));
  writeFileSync(join(webDist, 'assets', 'main-3f9a1c.js.gz'), gzipSync(script));
  writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
  writeFileSync(join(webDist, 'app.html'), '<!doctype html><title>CareConnect app</title>');
  mkdirSync(join(webDist, 'services', 'urgent-care'), { recursive: true });
  writeFileSync(join(webDist, 'services', 'urgent-care', 'index.html'), '<!doctype html><title>Urgent care</title>');
  app = await createTestApp({}, { webDist });
});
afterAll(() => app.close());

describe('serving the web app', () => {
  it('answers / with the prerendered home page', async () => {
    expect((await api(app).get('/')).text).toContain('<title>CareConnect</title>');
  });

  it.each(['/login', '/profile', '/verify-email/abc', '/api/auth/verify-admin-login/abc', '/api/verify-admin-login'])(
    'answers GET %s with the app shell',
    async (url) => {
      const res = await api(app).get(url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('<title>CareConnect app</title>');
    },
  );

  it('answers a prerendered page with its own HTML, with or without a trailing slash or query', async () => {
    for (const url of ['/services/urgent-care', '/services/urgent-care/', '/services/urgent-care?ref=x']) {
      const res = await api(app).get(url);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<title>Urgent care</title>');
    }
    expect((await api(app).get('/services/unknown')).text).toContain('<title>CareConnect app</title>');
  });

  it('answers HEAD for pages as it answers GET, without the body', async () => {
    for (const url of ['/', '/services/urgent-care', '/login']) {
      const res = await app.inject({ method: 'HEAD', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toBe('');
    }
  });

  it('serves built files and security headers', async () => {
    const res = await api(app).get('/app.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("gives API answers a policy that loads nothing and pages the pages' policy, with the other security headers on both", async () => {
    const pagePolicy = (await api(app).get('/')).headers['content-security-policy'];
    expect(pagePolicy).toContain("default-src 'self'");
    for (const url of ['/api/plans', '/api/users/me', '/api/no-such-call', '/API/plans', '//api/plans']) {
      const res = await api(app).get(url);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    // The admin magic-link pages live under /api and are pages.
    for (const url of ['/login', '/services/urgent-care', '/assets/main-3f9a1c.js', '/api/auth/verify-admin-login/abc']) {
      expect((await api(app).get(url)).headers['content-security-policy'], url).toBe(pagePolicy);
    }
  });

  it("allows the build's inline loader by its hash, and no other inline script", async () => {
    const policy = (await api(app).get('/')).headers['content-security-policy'];
    const scriptSrc = String(policy)
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${loaderHash}`);
    expect(policy).toMatch(/script-src-attr 'none'/);
  });

  it("allows the build's inline stylesheets by their hashes, and no other inline style", async () => {
    const policy = String((await api(app).get('/')).headers['content-security-policy']);
    const styleSrc = policy.split(';').find((directive) => directive.startsWith('style-src '));
    expect(styleSrc).toBe(`style-src 'self' ${stylesheetHash}`);
    expect(policy).not.toMatch(/unsafe-inline/);
  });

  it('refuses to start with a csp.json that is not a list of hashes', async () => {
    for (const content of [
      `{"scriptSrc": ["'unsafe-inline'"], "styleSrc": []}`,
      `{"scriptSrc": [], "styleSrc": ["'unsafe-inline'"]}`,
      `{"scriptSrc": "'sha256-x'", "styleSrc": []}`,
      'not json',
    ]) {
      const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
      writeFileSync(join(webDist, 'index.html'), homePage);
      writeFileSync(join(webDist, 'csp.json'), content);
      await expect(createTestApp({}, { webDist })).rejects.toThrow();
    }
  });

  it('sends the precompressed copy the browser accepts, and the plain file to one that accepts none', async () => {
    const get = (url: string, acceptEncoding?: string) =>
      app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

    const brotli = await get('/assets/main-3f9a1c.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/main-3f9a1c.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/main-3f9a1c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // A page has only a gzip copy: a Brotli-first browser gets that one.
    const page = await get('/', 'br, gzip');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(gunzipSync(page.rawPayload).toString()).toBe(homePage);
  });

  it('lets browsers keep content-named assets for a year, check pages on every visit and keep other files for an hour', async () => {
    const cacheControl = async (url: string, acceptEncoding = 'identity') =>
      (await api(app).get(url, undefined, { 'accept-encoding': acceptEncoding })).headers['cache-control'];
    expect(await cacheControl('/assets/main-3f9a1c.js')).toBe('public, max-age=31536000, immutable');
    expect(await cacheControl('/assets/main-3f9a1c.js', 'br')).toBe('public, max-age=31536000, immutable');
    expect(await cacheControl('/')).toBe('no-cache');
    expect(await cacheControl('/', 'gzip')).toBe('no-cache');
    expect(await cacheControl('/services/urgent-care')).toBe('no-cache');
    expect(await cacheControl('/login')).toBe('no-cache');
    expect(await cacheControl('/robots.txt')).toBe('public, max-age=3600');
  });

  it('tags each copy of a file, and answers 304 without a body when the browser holds that copy', async () => {
    const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
    const plain = await get('/assets/main-3f9a1c.js', {});
    const brotli = await get('/assets/main-3f9a1c.js', { 'accept-encoding': 'br' });
    expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(brotli.headers.etag).not.toBe(plain.headers.etag);

    const again = await get('/assets/main-3f9a1c.js', { 'accept-encoding': 'br', 'if-none-match': String(brotli.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The plain copy's tag does not stand for the Brotli copy.
    expect((await get('/assets/main-3f9a1c.js', { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(
      200,
    );

    const page = await get('/services/urgent-care', {});
    const revisit = await get('/services/urgent-care/', { 'if-none-match': `W/${String(page.headers.etag)}, "other"` });
    expect(revisit.statusCode).toBe(304);
    expect(revisit.headers['content-security-policy']).toContain("default-src 'self'");
    // Another page is another tag.
    expect((await get('/login', { 'if-none-match': String(page.headers.etag) })).statusCode).toBe(200);
  });

  it('keeps unknown API paths and non-GET requests as JSON 404s', async () => {
    const unknown = ['/api/unknown', '/API/ADMIN/me', '/api/Admin/me', '//api/admin/me', '/api//admin/me'];
    for (const res of [...(await Promise.all(unknown.map((url) => api(app).get(url)))), await api(app).post('/somewhere', {})]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(messages.notFound);
    }
  });
});

describe('unexpected failures', () => {
  it('answer 500 with a generic message that reveals nothing internal', async () => {
    // The table is put back afterwards, for the other tests of this app.
    await app.ctx.db.execute(sql`ALTER TABLE mail_outbox RENAME TO mail_outbox_hidden`);
    try {
      const res = await api(app).post('/api/users/register', signupBody());
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: messages.serverError });
    } finally {
      await app.ctx.db.execute(sql`ALTER TABLE mail_outbox_hidden RENAME TO mail_outbox`);
    }
  });
});

describe('GET /api/site-config', () => {
  it('offers no chat widget by default, and the configured one with its origin allowed by the CSP', async () => {
    // The policy is made when a server starts: the chat widget's needs a server of its own.
    const plain = app;
    const withChat = await createTestApp({ CHAT_WIDGET_URL: 'https://chat.example.net/widget.js' });
    try {
      expect((await api(plain).get('/api/site-config')).body).toEqual({ chatWidgetUrl: null });
      const res = await api(withChat).get('/api/site-config');
      expect(res.body).toEqual({ chatWidgetUrl: 'https://chat.example.net/widget.js' });
      expect((await api(withChat).get('/')).headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/chat\.example\.net/);
      expect((await api(plain).get('/')).headers['content-security-policy']).not.toContain('chat.example.net');
    } finally {
      await withChat.close();
    }
  });
});
