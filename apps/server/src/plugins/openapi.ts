import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';
import { sessionNeed, type SessionNeed } from './auth';
import { isUsOnly } from './us-only';

/** The groups an operation's `tags` name, by what the caller is doing. */
const tags = [
  { name: 'Site', description: 'What the pages need before anyone signs in: run-time settings, where the visitor is, the captcha.' },
  { name: 'Plans', description: 'The membership plans on sale.' },
  { name: 'Account', description: "Signing up, verifying the e-mail address, and the signed-in user's profile and password." },
  { name: 'Sign-in', description: 'Signing in and out, and resetting a forgotten password.' },
  { name: 'Health history', description: "The signed-in patient's own health history: each save is kept as a new version." },
  { name: 'Visits', description: "The signed-in patient's visits: requests, the waiting room, the thread and the record." },
  { name: 'Clinic', description: "The clinicians' own details and duty, the queue, claims, notes and threads. For clinicians only." },
  {
    name: 'Video',
    description: "A video visit's call, for its patient and the clinician holding it: start, end, signals and relay credentials.",
  },
  { name: 'Billing', description: 'Paying for a plan, changing it, and the payments made.' },
  {
    name: 'Household',
    description: "A family membership's people: children the holder's household keeps, invited adults, leaving and removing.",
  },
  { name: 'Contact', description: 'Questions for the care team.' },
  { name: 'Admin users', description: "The admin's own profile, and the Users tab: list, search, edit, reset e-mail, a user's history." },
  { name: 'Admin analytics', description: 'The Analytics card: the summary, its figures over time, and profit per month.' },
  { name: 'Admin clinicians', description: 'The Clinicians tab: list, invite, edit the licence, turn access off and on.' },
  { name: 'Admin expenses', description: 'The Expenses tab: list, export, create or update, delete, receipts, the exchange rate.' },
  {
    name: 'Admin enquiries',
    description: "The contact form's enquiries: the list by status, one enquiry opened, a reply e-mailed, its status.",
  },
  { name: 'Admin staff', description: 'Disabling and enabling accounts, the admins, and inviting an admin.' },
  {
    name: 'Admin audit log',
    description: "The whole audit trail in pages, filtered; a row's sealed details on request; the chain's state.",
  },
  {
    name: 'Receipt files',
    description: "Addresses a browser uses without the admin's token, each checked by its own signature: a receipt's upload and download.",
  },
  {
    name: 'Development',
    description: 'The development mailbox: the mail the site sends, held when SMTP_URL is unset. Never in production.',
  },
];

const BEARER = 'bearerAuth';

/** The security requirement each kind of route declares: `{}` in a list makes the token optional. */
const securityOf: Record<SessionNeed, FastifySchema['security']> = {
  none: [],
  optional: [{}, { [BEARER]: [] }],
  user: [{ [BEARER]: [] }],
  admin: [{ [BEARER]: [] }],
  clinician: [{ [BEARER]: [] }],
};

/** Every refusal has this shape (plugins/error-handler.ts): a message for the person, and one per field when fields are at fault. */
const refusal = (description: string) =>
  z
    .looseObject({
      message: z.string(),
      errors: z.record(z.string(), z.string()).optional().describe('One message per field at fault, by field name'),
    })
    .describe(description);

/**
 * The refusals a route can answer with besides those it declares itself, read from what enforces
 * them: every route checks its input (plugins/input-guard.ts and its schemas), the session guards
 * refuse a request without a session, adminOnly a user who is not an admin (clinicianOnly, a clinician), usOnly a visitor abroad.
 * They are added to the document only: the routes' own schemas, which Fastify serialises with, stay as they are.
 */
function refusals(route: RouteOptions, need: SessionNeed) {
  return {
    400: refusal('The request is invalid: `message` says why, and `errors` names each field at fault.'),
    ...(need === 'user' || need === 'admin' || need === 'clinician'
      ? { 401: refusal('No live session: the bearer token is missing, expired or signed out.') }
      : {}),
    ...(need === 'admin' ? { 403: refusal('Signed in, but not as an admin.') } : {}),
    ...(need === 'clinician' ? { 403: refusal('Signed in, but not as a clinician.') } : {}),
    ...(isUsOnly(route) ? { 451: refusal('Refused where the visitor is: the service is for people in the United States.') } : {}),
  };
}

/**
 * Each success as it is sent: a 204 with no body at all (not a JSON null), and the file itself for a
 * route whose success is one (a CSV export, a receipt), which names its media types in `produces`;
 * its refusals stay JSON.
 */
function successesAsSent(schema: FastifySchema): FastifySchema {
  const { produces, ...rest } = schema;
  const responses = { ...(rest.response as Record<string, Record<string, unknown>> | undefined) };
  for (const [status, answer] of Object.entries(responses)) {
    const { description } = answer;
    if (status === '204') responses[status] = { type: 'null', description };
    else if (produces && status.startsWith('2')) {
      const file = { schema: { type: 'string', format: 'binary' } };
      responses[status] = { description, content: Object.fromEntries(produces.map((type) => [type, file])) };
    }
  }
  return { ...rest, response: responses };
}

/**
 * The API description at /api/openapi.json, for people and for client generators (decision 042).
 * It comes from the same zod schemas the routes validate with; each route names its operation
 * (operationId, summary, tags) next to its handler, and the security and refusals of each are
 * derived here from the guards that enforce them, so the document cannot say otherwise than the
 * code. plugins/openapi.test.ts lints it with Redocly's recommended rules (apps/server/redocly.yaml).
 * Register it before the routes: it sees each route as it is added.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${config.brand.name} API`,
        version: '1.0.0',
        description: [
          `The API of the ${config.brand.name} membership site, which its web app uses.`,
          'An operation that needs a signed-in user or an admin says so in its `security`: send the token that `signIn`',
          '(or `verifyAdminSignIn`) answers with, as `Authorization: Bearer <token>`. Every refusal is JSON: `{ message, errors? }`.',
        ].join(' '),
      },
      // The document is served by the site it describes, wherever that is deployed: addresses are relative to it.
      servers: [{ url: '/', description: 'The site that serves this document' }],
      components: {
        securitySchemes: {
          [BEARER]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'A session token from signIn or verifyAdminSignIn. Sign-out, a password reset or a disabled account ends it at once.',
          },
        },
      },
      tags,
    },
    transform: (input) => {
      const schema: FastifySchema = input.schema ?? {};
      if (schema.hide) return jsonSchemaTransform(input);
      const need = sessionNeed(input.route);
      const { schema: transformed, url } = jsonSchemaTransform({
        ...input,
        schema: {
          ...schema,
          security: securityOf[need],
          response: { ...refusals(input.route, need), ...(schema.response as object | undefined) },
        },
      });
      return { url, schema: successesAsSent(transformed) };
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
