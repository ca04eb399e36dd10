import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Config } from '../../config';
import { mailBodies } from './delivery';
import type { OutboxRow } from './repository';
import { mailboxEntry, MAILBOX_LIMIT, oneMail, recentMail } from './mailbox.service';
import { devPage, devTime, escapeHtml } from './templates';

function status(row: OutboxRow): string {
  if (row.sentAt) return `sent ${devTime(row.sentAt)}`;
  if (!row.lastError) return 'pending';
  const attempts = `${row.attempts} attempt${row.attempts === 1 ? '' : 's'}`;
  return `failed (${attempts}, retry at ${devTime(row.nextAttemptAt)}): ${escapeHtml(row.lastError)}`;
}

/** Plain text with its web addresses made clickable; everything else escaped. */
const linkify = (text: string) =>
  text
    .split(/(https?:\/\/[^\s<>"']+)/)
    .map((part, i) => (i % 2 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');

// Links in a message open in the whole tab: the site refuses to be framed (frame-ancestors 'none').
const linksToTop = (html: string) =>
  /<head[^>]*>|<html[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>|<html[^>]*>/i, '$&<base target="_top">')
    : `<base target="_top">${html}`;

function listPage(rows: OutboxRow[]): string {
  const items = rows
    .map(
      (row) => `<tr><td>${devTime(row.createdAt)}</td><td>${escapeHtml(row.recipient)}</td>
<td><a href="/dev/mailbox/${row.id}">${escapeHtml(row.subject)}</a></td><td>${escapeHtml(row.kind)}</td><td>${status(row)}</td></tr>`,
    )
    .join('\n');
  return devPage(
    'Dev mailbox',
    `<h1>Dev mailbox</h1>
<p>SMTP_URL is not set, so the e-mail the site sends stops here. The latest ${MAILBOX_LIMIT} messages, newest first; reload for new ones.</p>
${rows.length ? `<table><thead><tr><th scope="col">Time</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Kind</th><th scope="col">Status</th></tr></thead><tbody>\n${items}\n</tbody></table>` : '<p>No mail yet.</p>'}`,
  );
}

function messagePage(row: OutboxRow, config: Pick<Config, 'mailFrom' | 'brand'>): string {
  const { text, html } = mailBodies(config.brand, row);
  return devPage(
    row.subject,
    `<p><a href="/dev/mailbox">← All mail</a></p>
<h1>${escapeHtml(row.subject)}</h1>
<dl><dt>From</dt><dd>${escapeHtml(config.mailFrom)}</dd><dt>To</dt><dd>${escapeHtml(row.recipient)}</dd><dt>Kind</dt><dd>${escapeHtml(row.kind)}</dd>
<dt>Queued</dt><dd>${devTime(row.createdAt)}</dd><dt>Status</dt><dd>${status(row)}</dd></dl>
<h2>HTML body</h2>
<iframe title="HTML body of the message" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(linksToTop(html))}"></iframe>
<h2>Text body</h2>
<pre>${linkify(text)}</pre>`,
  );
}

/**
 * The dev mailbox: without SMTP_URL (never in production) mail goes no further than the outbox, and
 * these pages show it to a person trying the site, and to tests.
 */
const devMailboxSchema = z.array(
  z.object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    kind: z.string(),
    text: z.string(),
    html: z.string(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  }),
);

export const mailboxRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  if (ctx.config.smtpUrl || ctx.config.env === 'production') return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The two pages are for a person in a browser, not API calls: the API description leaves them out.
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(listPage(await recentMail(ctx.db))),
  );

  app.get('/dev/mailbox/:id', { schema: { hide: true, params: z.object({ id: z.uuid() }) } }, async (request, reply) => {
    const row = await oneMail(ctx.db, request.params.id);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(messagePage(row, ctx.config));
  });

  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        operationId: 'listDevMail',
        summary: 'List the mail the development mailbox holds, newest first',
        tags: ['Development'],
        querystring: z.object({ to: z.string().max(320).optional() }),
        response: { 200: devMailboxSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return (await recentMail(ctx.db, request.query.to)).map((row) => mailboxEntry(ctx.config.brand, row));
    },
  );
};
