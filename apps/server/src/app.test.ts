import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app';
import { api, createTestApp, signupBody } from './test/harness';

describe('serving the web app', () => {
  let app: App;
  beforeAll(async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>CareConnect</title>');
    writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
    writeFileSync(join(webDist, 'app.html'), '<!doctype html><title>CareConnect app</title>');
    mkdirSync(join(webDist, 'services', 'urgent-care'), { recursive: true });
    writeFileSync(join(webDist, 'services', 'urgent-care', 'index.html'), '<!doctype html><title>Urgent care</title>');
    app = await createTestApp({}, { webDist });
  });
  afterAll(() => app.close());

  it('answers / with the prerendered home page', async () => {
    expect((await api(app).get('/')).text).toContain('<title>CareConnect</title>');
  });

  it.each(['/login', '/profile', '/verify-email/abc', '/api/auth/verify-admin-login/abc', '/api/verify-admin-login'])('answers GET %s with the app shell', async (url) => {
    const res = await api(app).get(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('<title>CareConnect app</title>');
  });

  it('answers a prerendered page with its own HTML, with or without a trailing slash or query', async () => {
    for (const url of ['/services/urgent-care', '/services/urgent-care/', '/services/urgent-care?ref=x']) {
      const res = await api(app).get(url);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<title>Urgent care</title>');
    }
    expect((await api(app).get('/services/unknown')).text).toContain('<title>CareConnect app</title>');
  });

  it('serves built files and security headers', async () => {
    const res = await api(app).get('/app.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps unknown API paths and non-GET requests as JSON 404s', async () => {
    for (const res of [await api(app).get('/api/unknown'), await api(app).post('/somewhere', {})]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(messages.notFound);
    }
  });

});

describe('unexpected failures', () => {
  it('answer 500 with a generic message that reveals nothing internal', async () => {
    const app = await createTestApp();
    try {
      await app.ctx.db.execute(sql`DROP TABLE mail_outbox`);
      const res = await api(app).post('/api/users/register', signupBody());
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: messages.serverError });
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/site-config', () => {
  it('offers no chat widget by default, and the configured one with its origin allowed by the CSP', async () => {
    const plain = await createTestApp();
    const withChat = await createTestApp({ CHAT_WIDGET_URL: 'https://chat.example.net/widget.js' });
    try {
      expect((await api(plain).get('/api/site-config')).body).toEqual({ chatWidgetUrl: null });
      const res = await api(withChat).get('/api/site-config');
      expect(res.body).toEqual({ chatWidgetUrl: 'https://chat.example.net/widget.js' });
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/chat\.example\.net/);
      expect((await api(plain).get('/api/site-config')).headers['content-security-policy']).not.toContain('chat.example.net');
    } finally {
      await plain.close();
      await withChat.close();
    }
  });
});
