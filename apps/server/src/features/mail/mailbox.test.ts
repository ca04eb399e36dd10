import { messages } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { api, createTestApp } from '../../test/harness';
import { mailOutbox } from '../../db/schema';
import { queueMailToSend } from './repository';

describe('dev mailbox (no SMTP_URL, not production)', () => {
  let app: App;
  let firstId: string;
  let hostileId: string;
  beforeAll(async () => {
    app = await createTestApp();
    const welcome = app.ctx.templates.verifyEmail('Pat@Example.com', 'Pat', 'tok_123');
    const first = await queueMailToSend(app.ctx.db, welcome);
    await app.ctx.mail.send(first);
    firstId = first.id;
    // Queued before the outbox kept letters (migration 0016): its bodies are shown as they were stored.
    const [hostile] = await app.ctx.db
      .insert(mailOutbox)
      .values({
        recipient: 'mallory@example.com',
        kind: 'test',
        subject: '<script>alert(1)</script> & "quotes"',
        textBody: 'Go to https://example.com/a?b=1&c=<x> now, not javascript:alert(1)',
        htmlBody: '<p onclick="x()">Hi</p><a href="https://example.com/next">next</a></body>',
      })
      .returning({ id: mailOutbox.id });
    hostileId = hostile!.id;
  });
  afterAll(() => app.close());

  it('lists the latest messages as a page, newest first, with their status', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(res.body.indexOf(`/dev/mailbox/${hostileId}`)).toBeLessThan(res.body.indexOf(`/dev/mailbox/${firstId}`));
    expect(res.body).toMatch(/verify-email<\/td><td>sent <time/);
    expect(res.body).toMatch(/>test<\/td><td>pending<\/td>/);
  });

  it('shows one message: the HTML body in a script-less sandbox, the text with clickable links', async () => {
    const res = await app.inject({ method: 'GET', url: `/dev/mailbox/${firstId}` });
    expect(res.statusCode).toBe(200);
    const iframe = /<iframe [^>]*>/.exec(res.body)?.[0] ?? '';
    expect(iframe).toMatch(/sandbox="[^"]*allow-top-navigation-by-user-activation[^"]*"/);
    expect(iframe).not.toContain('allow-scripts');
    expect(iframe).not.toContain('allow-same-origin');
    expect(iframe).toContain('srcdoc="&lt;!doctype html&gt;&lt;html lang=&quot;en&quot;&gt;&lt;base target=&quot;_top&quot;&gt;');
    expect(res.body).toContain('<a href="http://localhost:3000/verify-email/tok_123">http://localhost:3000/verify-email/tok_123</a>');
  });

  it('escapes everything of a hostile message', async () => {
    const res = await app.inject({ method: 'GET', url: `/dev/mailbox/${hostileId}` });
    expect(res.body).not.toMatch(/<script|<p onclick/);
    expect(res.body).toContain('srcdoc="&lt;base target=&quot;_top&quot;&gt;&lt;p onclick=&quot;x()&quot;&gt;Hi');
    expect(res.body).toContain(
      '<a href="https://example.com/a?b=1&amp;c=">https://example.com/a?b=1&amp;c=</a>&lt;x&gt; now, not javascript:alert(1)',
    );
  });

  it('answers 404 for a message that does not exist', async () => {
    const res = await api(app).get('/dev/mailbox/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(messages.notFound);
  });

  it('serves the outbox as JSON for tests, newest first, by recipient without case', async () => {
    const all = await api(app).get('/api/dev/mailbox');
    expect(all.status).toBe(200);
    const list = all.body as unknown as Array<Record<string, unknown>>;
    expect(list.map((m) => m.id)).toEqual([hostileId, firstId]);

    const mine = (await api(app).get('/api/dev/mailbox?to=pat%40example.com')).body as unknown as Array<Record<string, unknown>>;
    expect(mine).toHaveLength(1);
    expect(Object.keys(mine[0]!).sort()).toEqual(['createdAt', 'html', 'id', 'kind', 'sentAt', 'subject', 'text', 'to']);
    expect(mine[0]).toMatchObject({ id: firstId, to: 'Pat@Example.com', kind: 'verify-email', sentAt: expect.any(String) });
    expect(mine[0]!.text).toContain('/verify-email/tok_123');
    expect((await api(app).get('/api/dev/mailbox?to=nobody%40example.com')).body).toEqual([]);
  });
});
