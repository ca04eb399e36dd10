import { notificationPreferencesSchema, notificationPreferencesUpdateSchema } from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser, signedIn } from '../../plugins/auth';
import { devPage, devTime, escapeHtml } from '../mail';
import { DEV_TEXTS_LIMIT, devTextEntry, recentTexts } from './dev-texts.service';
import { assertSignedByProvider, INBOUND_PATH, receiveText } from './inbound.service';
import { notificationPreferences, setNotificationPreferences } from './preferences.service';
import type { TextRow } from './repository';

/** What a provider's webhook posts (Twilio sends more fields, all signed): the sender and the words. */
const inboundTextSchema = z.looseObject({ From: z.string().max(32), Body: z.string().max(1600) });

/** Twilio posts at most a few kilobytes; a form body is accepted on the webhook and nowhere else. */
const FORM_BODY_LIMIT = 16 * 1024;

function status(row: TextRow): string {
  if (row.sentAt) return `sent ${devTime(row.sentAt)}`;
  if (row.failedAt) return `given up ${devTime(row.failedAt)}: ${escapeHtml(row.lastError ?? '')}`;
  if (!row.lastError) return 'pending';
  return `failed (${row.attempts} attempt${row.attempts === 1 ? '' : 's'}, retry at ${devTime(row.nextAttemptAt)}): ${escapeHtml(row.lastError)}`;
}

function devTextsPage(rows: TextRow[]): string {
  const items = rows
    .map(
      (row) =>
        `<tr><td>${devTime(row.createdAt)}</td>` +
        `<td>${escapeHtml(row.recipient ?? '')}</td><td>${escapeHtml(row.kind)}</td><td>${escapeHtml(row.body ?? '')}</td><td>${status(row)}</td></tr>`,
    )
    .join('\n');
  return devPage(
    'Dev texts',
    `<h1>Dev texts</h1>
<p>SMS_URL is not set, so the text messages the site sends stop here. The latest ${DEV_TEXTS_LIMIT} texts, newest first; reload for new ones. <a href="/dev/mailbox">Dev mailbox</a></p>
${rows.length ? `<table><thead><tr><th scope="col">Time</th><th scope="col">To</th><th scope="col">Kind</th><th scope="col">Text</th><th scope="col">Status</th></tr></thead><tbody>\n${items}\n</tbody></table>` : '<p>No texts yet.</p>'}`,
  );
}

const devTextsSchema = z.array(
  z.object({
    id: z.string(),
    to: z.string().nullable(),
    kind: z.string(),
    body: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  }),
);

export const smsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/users/me/notifications',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getMyNotificationPreferences',
        summary: 'Get how the signed-in member is told of their visits: e-mail always, texts if they chose them',
        tags: ['Account'],
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return notificationPreferences(ctx.db, requireUser(request).userId);
    },
  );

  app.put(
    '/api/users/me/notifications',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'updateMyNotificationPreferences',
        summary: 'Turn text messages on or off for the signed-in member (on needs a phone on file)',
        tags: ['Account'],
        body: notificationPreferencesUpdateSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return setNotificationPreferences(ctx.db, requireUser(request).userId, request.body.sms, request.clientIp);
    },
  );

  // The provider's webhook exists only with a provider: without one there is nobody to sign its calls.
  const provider = ctx.config.sms;
  if (provider) {
    await app.register(async (scope) => {
      // In this scope alone: every other route keeps refusing form bodies (415).
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        INBOUND_PATH,
        {
          // Before the schema: an unsigned call is refused whatever it holds, and nothing of it is read.
          preValidation: (request, _reply, done) => {
            try {
              const params = (request.body ?? {}) as Record<string, string>;
              assertSignedByProvider(
                { appUrl: ctx.config.appUrl, sms: provider },
                request.url,
                params,
                request.headers['x-twilio-signature'] as string | undefined,
              );
              done();
            } catch (error) {
              done(error as Error);
            }
          },
          schema: {
            operationId: 'receiveText',
            summary: "The SMS provider's webhook for a text a member sent: STOP, START or HELP (signed by the provider)",
            tags: ['Text messages'],
            consumes: ['application/x-www-form-urlencoded'],
            body: inboundTextSchema,
            response: { 200: z.string() },
          },
        },
        async (request, reply) => {
          const answer = await receiveText(ctx, request.body.From, request.body.Body);
          return reply.type('text/xml; charset=utf-8').header('cache-control', 'no-store').send(answer);
        },
      );
    });
  }

  // Only where the dev mailbox is (never in production, not with real mail), and only for texts that stop here.
  if (provider || ctx.config.smtpUrl || ctx.config.env === 'production') return;

  app.get('/dev/texts', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(devTextsPage(await recentTexts(ctx.db))),
  );

  app.get(
    '/api/dev/texts',
    {
      schema: {
        operationId: 'listDevTexts',
        summary: 'List the text messages the development outbox holds, newest first',
        tags: ['Development'],
        response: { 200: devTextsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return (await recentTexts(ctx.db)).map(devTextEntry);
    },
  );
};
