import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addDays,
  CLINICIAN_ROLE,
  generateCustomerId,
  completeNpi,
  registrationSchema,
  TELEHEALTH_CONSENT_VERSION,
  type ClinicianCredential,
  type PlanId,
  type VisitNote,
  type VisitRequest,
} from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, PGLITE_IN_MEMORY, type Database } from '../db/client';
import { usePhiKeyring } from '../db/phi-column';
import { clinicians, memberships, payments, users, visitAddenda, visitNotes, visits } from '../db/schema';
import { mailBodies } from '../features/mail/delivery';
import { listRecentMail } from '../features/mail/repository';
import { useAuditKey } from '../features/audit';
import { openSession } from '../features/auth';
import { findUserByEmail, insertUser, newAccount, toProfile, type UserRow } from '../features/users';
import { hashPassword } from '../lib/crypto';
import { createPhiKeyring } from '../lib/phi-cipher';
import { cardPaymentBody, checkoutBody } from './checkout-body';
import { adminQuery, databaseUrl } from './migrated-template';

/** One health-data key for every test app of a test file, so apps built side by side read each other's rows. */
export const testPhiKey = randomBytes(32).toString('base64');
/** One audit key for every test app of a test file, so apps built side by side extend one chain. */
const testAuditKey = randomBytes(32).toString('base64');

/** The settings every test server starts from: quiet, its own secrets, captcha and the geo check off unless `env` turns them on. */
export const testSettings = (dataDir: string, env: Record<string, string> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    CAPTCHA: 'off',
    GEO_RESTRICT: 'off',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PHI_KEY: testPhiKey,
    AUDIT_KEY: testAuditKey,
    ...env,
  });

/** The login role a test server connects as with `serverRole`: it owns nothing (decision 048). */
const TEST_SERVER_ROLE = 'telehealth_test_server';

/** Makes the test server role once per Postgres server; test files starting at once may race to make it. */
async function ensureTestServerRole(serverUrl: string) {
  await adminQuery(serverUrl, `CREATE ROLE ${TEST_SERVER_ROLE} LOGIN NOSUPERUSER`).catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    // 42710: it exists; 23505: another file made it at the same moment.
    if (code !== '42710' && code !== '23505') throw error;
  });
}

/**
 * The configuration of a test server on a fresh database: in-process PGlite (in memory, or in its
 * DATA_DIR with `persistent`, so that several servers can open it one after another) or a
 * database of its own on the Postgres server named by TEST_DATABASE_URL. Captcha and the geo check
 * are off unless a test turns them on. With `serverRole` on the Postgres server, the server connects
 * as a role that owns nothing, and TEST_DATABASE_URL's role migrates (MIGRATION_DATABASE_URL). `drop`
 * removes the database and DATA_DIR.
 */
export async function createTestConfig(env: Record<string, string> = {}, options: { persistent?: boolean; serverRole?: boolean } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'telehealth-test-'));
  const config: Config = {
    ...testSettings(dataDir, {
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      ...(process.env.TEST_DATABASE_URL && options.serverRole ? { MIGRATION_DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      ...env,
    }),
  };
  if (!options.persistent) config.pgliteDir = PGLITE_IN_MEMORY;
  const serverUrl = config.databaseUrl;
  const database = `test_${randomBytes(6).toString('hex')}`;
  if (serverUrl) {
    const template = inject('postgresTemplate');
    await adminQuery(serverUrl, `CREATE DATABASE "${database}"${template ? ` TEMPLATE "${template}"` : ''}`);
    config.databaseUrl = databaseUrl(serverUrl, database);
    if (options.serverRole) {
      await ensureTestServerRole(serverUrl);
      config.migrationDatabaseUrl = config.databaseUrl;
      const asServer = new URL(config.databaseUrl);
      asServer.username = TEST_SERVER_ROLE;
      asServer.password = '';
      config.databaseUrl = asServer.toString();
    }
  }
  const drop = async () => {
    if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { config, drop };
}

let migratedDataDir: Blob | undefined;
/** The migrated database an embedded test database starts as (test/migrated-template.ts), read once per test file. */
function pgliteStartFrom(): Blob | undefined {
  const file = inject('pgliteDataDir');
  if (file) migratedDataDir ??= new Blob([readFileSync(file)]);
  return migratedDataDir;
}

/** A whole server on a fresh database (see createTestConfig). */
export async function createTestApp(env: Record<string, string> = {}, options: BuildOptions & { serverRole?: boolean } = {}): Promise<App> {
  const { serverRole, ...buildOptions } = options;
  const { config, drop } = await createTestConfig(env, { serverRole });
  try {
    return await buildApp(config, { webDist: null, pgliteStartFrom: pgliteStartFrom(), ...buildOptions, onClose: drop });
  } catch (error) {
    // A server that refused to start never closes: its database and DATA_DIR go now.
    await drop();
    throw error;
  }
}

/**
 * A fresh migrated database and nothing else for the enclosing describe block, for a test that builds
 * one service from its ports instead of a whole server (see createTestConfig). Health data is sealed
 * under the test key, as on a test app. Read `database.db` and `database.config` (its DATA_DIR is the
 * block's own) inside the tests.
 */
export function useTestDatabase() {
  const database = {} as { db: Database; config: Config };
  let close = () => Promise.resolve();
  beforeAll(async () => {
    const { config, drop } = await createTestConfig();
    try {
      usePhiKeyring(createPhiKeyring(config.phiKeys.current, config.phiKeys.older));
      useAuditKey(config.auditKey);
      const handle = await openDatabase(config, pgliteStartFrom());
      close = () => handle.close().finally(drop);
      Object.assign(database, { db: handle.db, config });
    } catch (error) {
      await drop();
      throw error;
    }
  });
  afterAll(() => close());
  return database;
}

/** JSON helpers over app.inject. A string body is sent as it is, to test malformed JSON. */
export function api(app: App) {
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    token?: string,
    extraHeaders: Record<string, string> = {},
  ) => {
    const headers: Record<string, string> = { ...extraHeaders };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    let json: Record<string, unknown> = {};
    try {
      json = response.json();
    } catch {
      // Not JSON: the test reads `text`.
    }
    return { status: response.statusCode, body: json, headers: response.headers, text: response.body };
  };
  return {
    get: (url: string, token?: string, headers?: Record<string, string>) => call('GET', url, undefined, token, headers),
    post: (url: string, body: unknown = {}, token?: string, headers?: Record<string, string>) => call('POST', url, body, token, headers),
    put: (url: string, body: unknown = {}, token?: string, headers?: Record<string, string>) => call('PUT', url, body, token, headers),
    delete: (url: string, token?: string) => call('DELETE', url, undefined, token),
  };
}

export const strongPassword = 'Str0ng!pass';

let counter = 0;
/** A complete, valid sign-up body with a unique e-mail. */
export function signupBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Avery',
    lastName: 'Stone',
    email: `avery.${counter}.${Date.now()}@example.com`,
    customerPhone: '3145550100',
    password: strongPassword,
    dob: '1985-04-12',
    zip: '63101',
    symptoms: 'Sore throat',
    subscriptionPlan: 'individualMonthly',
    smsPolicyAccepted: true,
    ...overrides,
  };
}

/** Mail the outbox holds for an address, newest first, with the bodies it is sent with. */
export async function mailFor(app: App, to: string) {
  const rows = await listRecentMail(app.ctx.db, 500);
  return rows.filter((row) => row.recipient === to).map((row) => ({ ...row, ...mailBodies(app.ctx.config.brand, row) }));
}

/** Polls until `probe` answers something, for work a route does after its reply (forgot password, resend). */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 20))) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
  }
}

/** The newest mail of a kind for an address; with `count`, once the address has that many of the kind. */
export const waitForMail = (app: App, to: string, kind: string, count = 1) =>
  eventually(`${count} ${kind} mail for ${to}`, async () => {
    const mail = (await mailFor(app, to)).filter((row) => row.kind === kind);
    return mail.length >= count ? mail[0] : undefined;
  });

let lastIp = 0;
/** A private address no other request of this test run used, so per-address limits start from zero. */
function newIp() {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

/** A header that makes a request come from a new address; the app needs TRUST_PROXY. */
export const fromNewIp = () => ({ 'x-forwarded-for': newIp() });

/** The token in the newest link of a kind sent to an address. */
export async function tokenFromMail(app: App, to: string, kind: string): Promise<string> {
  const mail = await waitForMail(app, to, kind);
  const match = /(?:verify-email\/|verify-admin-login\/|token=)([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no token in ${kind} mail`);
  return match[1];
}

/** The stored hash of `strongPassword`, made once per test process: one argon2id hash instead of one per patient. */
let strongPasswordHash: Promise<string> | undefined;
const passwordHashFor = (password: string) =>
  password === strongPassword ? (strongPasswordHash ??= hashPassword(strongPassword)) : hashPassword(password);

/**
 * A verified patient inserted straight into the database, as sign-up and verification would leave
 * them (the sign-up body through the same schema the route uses). Tests of sign-up, verification and
 * sign-in walk that journey themselves; every other test starts here.
 */
export async function insertPatient(app: App, overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  const input = registrationSchema.parse(body);
  const now = new Date();
  const user = await insertUser(app.ctx.db, {
    ...newAccount(input, await passwordHashFor(input.password), '127.0.0.1', null),
    customerId: generateCustomerId(),
    verified: true,
    emailVerifiedAt: now,
  });
  return { body, user };
}

/**
 * A patient on the Individual Monthly plan whose renewal fell due a minute ago, inserted as a paid
 * checkout leaves them (active, amount, dates, the gateway's reusable token); answers ids, the renewal date and a session.
 */
export async function insertDueMember(app: App) {
  const { user: profile, body, token } = await signedInPatient(app);
  const user = { id: profile.id as string };
  const renewsAt = new Date(Date.now() - 60_000);
  await app.ctx.db
    .update(users)
    .set({
      subscriptionStatus: 'active',
      subscriptionPlan: 'individualMonthly',
      subscriptionAmountCents: 2999,
      subscriptionStartDate: addDays(renewsAt, -30),
      nextSubscriptionRenewDate: renewsAt,
      subscriptionEndDate: renewsAt,
    })
    .where(eq(users.id, user.id));
  await app.ctx.db.insert(memberships).values({ userId: user.id, gatewayToken: 'sbx_pm_due', nextChargeAt: renewsAt });
  return { id: user.id, email: body.email, renewsAt, token };
}

/**
 * A patient who signed up, opened the verification link and signed in over HTTP, for the tests
 * that need what that journey leaves behind (its mail, tokens and audit rows); answers like signedInPatient.
 */
export async function patientThroughSignUp(app: App, overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  const http = api(app);
  // From an address of its own: a test file signs up more patients than one address may in an hour.
  const registered = await app.inject({ method: 'POST', url: '/api/users/register', payload: body, remoteAddress: newIp() });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  await http.post('/api/users/verify-email', { token: await tokenFromMail(app, body.email, 'verify-email') });
  const login = await http.post('/api/auth/login', { email: body.email, password: body.password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { body, token: login.body.token as string, user: login.body.user as Record<string, unknown> };
}

/** A session for a user, as signing in opens one; answers the token and the user as sign-in shows them. */
async function sessionFor(app: App, user: UserRow, rememberMe = false) {
  const session = await openSession(app.ctx.db, app.ctx.config.jwtSecret, user, { rememberMe });
  return { token: session.token, user: toProfile(user) as unknown as Record<string, unknown> };
}

/** A verified patient with a session (see insertPatient); answers the session token, the sign-up body and the user. */
export async function signedInPatient(app: App, overrides: Record<string, unknown> = {}, options: { rememberMe?: boolean } = {}) {
  const { body, user } = await insertPatient(app, overrides);
  return { body, ...(await sessionFor(app, user, options.rememberMe)) };
}

/**
 * A signed-in patient whose paid checkout left an active membership of the plan (a one-time visit
 * bought now, or a monthly plan in its first term); answers like signedInPatient.
 */
export async function signedInMember(app: App, plan: PlanId = 'individualMonthly', overrides: Record<string, unknown> = {}) {
  const patient = await signedInPatient(app, { subscriptionPlan: plan, ...overrides });
  const now = new Date();
  await app.ctx.db
    .update(users)
    .set({
      subscriptionStatus: 'active',
      subscriptionPlan: plan,
      subscriptionAmountCents: plan === 'familyMonthly' ? 4999 : plan === 'oneTimeVisit' ? 5999 : 2999,
      subscriptionStartDate: now,
      nextSubscriptionRenewDate: plan === 'oneTimeVisit' ? null : addDays(now, 30),
      subscriptionEndDate: addDays(now, 30),
    })
    .where(eq(users.id, patient.user.id as string));
  return patient;
}

export { cardPaymentBody, checkoutBody };

/**
 * A test app for the enclosing describe block: built before its tests, closed after them.
 * Read `server.app` and `server.http` inside the tests.
 */
export function useTestApp(env: Record<string, string> = {}, options: { serverRole?: boolean } = {}) {
  const server = {} as { app: App; http: ReturnType<typeof api> };
  beforeAll(async () => {
    server.app = await createTestApp(env, options);
    server.http = api(server.app);
  });
  afterAll(() => server.app.close());
  return server;
}

/** The bootstrap admin of a test app built with `adminEnv`. */
export const adminEnv = { ADMIN_EMAIL: 'chief@careconnect.example', ADMIN_PASSWORD: 'Adm1n!secret' };

/** A session for an existing admin, as the e-mailed sign-in link opens one (admin-login.test.ts walks that journey). */
export async function signedInAdmin(app: App, email = adminEnv.ADMIN_EMAIL) {
  const user = await findUserByEmail(app.ctx.db, email);
  if (!user?.roles.includes('ROLE_ADMIN')) throw new Error(`${email} is not an admin of this test app`);
  return sessionFor(app, user);
}

/** A valid NPI no other test clinician has: nine random digits and the check digit that completes them. */
const uniqueNpi = () => completeNpi(String(randomInt(100_000_000, 999_999_999)));

/**
 * An active clinician inserted as an accepted invitation leaves them (role, licence, NPI, states), with a
 * session as the e-mailed sign-in link opens one; answers the token, the user and the clinician row.
 */
export async function signedInClinician(
  app: App,
  options: { states?: string[]; credentials?: ClinicianCredential; onDuty?: boolean; firstName?: string; lastName?: string } = {},
) {
  const { user } = await insertPatient(app, { firstName: options.firstName ?? 'Grace', lastName: options.lastName ?? 'Hopper' });
  const [clinicianUser] = await app.ctx.db
    .update(users)
    .set({ roles: [CLINICIAN_ROLE] })
    .where(eq(users.id, user.id))
    .returning();
  const [clinician] = await app.ctx.db
    .insert(clinicians)
    .values({
      userId: user.id,
      credentials: options.credentials ?? 'MD',
      npi: uniqueNpi(),
      states: options.states ?? ['MO', 'IL'],
      onDuty: options.onDuty ?? true,
    })
    .returning();
  return { ...(await sessionFor(app, clinicianUser!)), clinician: clinician! };
}

/** A valid visit request body (urgent care by phone from Missouri, for a fever), with any field changed. */
export const visitRequestBody = (change: Partial<Record<keyof VisitRequest, unknown>> = {}) => ({
  state: 'MO',
  service: 'urgent-care',
  symptoms: 'Fever of 101°F and a sore throat',
  since: 'days',
  redFlags: [],
  mode: 'phone',
  callbackPhone: '(314) 555-0100',
  telehealthConsent: true,
  ...change,
});

/**
 * A visit row as a request leaves it (urgent care by phone from Missouri, waiting), with any column
 * overridden: status, clinician and times, for tests that arrange visits without walking the queue.
 */
export async function insertVisitRow(app: App, patientId: string, values: Partial<typeof visits.$inferInsert> = {}) {
  const [row] = await app.ctx.db
    .insert(visits)
    .values({
      patientId,
      requestedBy: patientId,
      service: 'urgent-care',
      mode: 'phone',
      state: 'MO',
      symptoms: 'Fever of 101°F and a sore throat',
      since: 'days',
      callbackPhone: '3145550100',
      coverage: 'membership',
      consentVersion: TELEHEALTH_CONSENT_VERSION,
      consentAt: values.requestedAt ?? new Date(),
      ...values,
    })
    .returning();
  return row!;
}

/**
 * A visit purchase whose request died after the charge: its attempt pending in the ledger since
 * `createdAt` (two minutes ago unless given), and the card charged at the gateway under `gatewayKey`,
 * as a reconciliation or a replay finds it. `clientKey` is the request's idempotency key, if any.
 */
export async function insertChargedPendingVisitPayment(
  app: App,
  options: { userId: string; gatewayKey: string; clientKey?: string; createdAt?: Date },
) {
  const { billingAddress, cardDetails } = cardPaymentBody();
  const [attempt] = await app.ctx.db
    .insert(payments)
    .values({
      userId: options.userId,
      planId: 'urgent-care',
      kind: 'visit',
      amountCents: 4900,
      gateway: 'sandbox',
      status: 'pending',
      cardLast4: cardDetails.cardNumber.slice(-4),
      gatewayKey: options.gatewayKey,
      clientKey: options.clientKey,
      details: {
        billingStreet: billingAddress.street,
        billingCity: billingAddress.city,
        billingState: billingAddress.state,
        billingZip: billingAddress.zip,
        billingCountry: billingAddress.country,
        cardholderName: cardDetails.cardholderName,
        cardExpiry: cardDetails.expiry,
      },
      createdAt: options.createdAt ?? new Date(Date.now() - 120_000),
    })
    .returning();
  await app.ctx.gateway.chargeCard(
    { number: cardDetails.cardNumber, expMonth: 12, expYear: 2040, cvc: '123', holderName: cardDetails.cardholderName },
    { amountCents: 4900, currency: 'USD', description: 'Urgent care visit', idempotencyKey: options.gatewayKey },
  );
  return attempt!;
}

/**
 * A completed visit whose note its clinician signed, with any addenda they wrote since: what a
 * patient's record shows. The note defaults to a sore throat treated with amoxicillin.
 */
export async function insertCompletedSignedVisit(
  app: App,
  options: {
    patientId: string;
    clinicianId: string;
    note?: Partial<VisitNote>;
    symptoms?: string;
    startedAt?: Date;
    addenda?: string[];
  },
) {
  const startedAt = options.startedAt ?? new Date();
  const endedAt = new Date(startedAt.getTime() + 15 * 60_000);
  const visit = await insertVisitRow(app, options.patientId, {
    status: 'completed',
    clinicianId: options.clinicianId,
    requestedAt: new Date(startedAt.getTime() - 10 * 60_000),
    claimedAt: new Date(startedAt.getTime() - 5 * 60_000),
    startedAt,
    endedAt,
    ...(options.symptoms ? { symptoms: options.symptoms } : {}),
  });
  const note: VisitNote = {
    subjective: 'Sore throat for three days.',
    objective: 'Red throat, no cough.',
    assessment: 'Strep throat, likely.',
    plan: 'Antibiotics for ten days; rest and fluids.',
    followUp: 'Call us if the fever lasts more than 48 hours.',
    prescriptions: [
      { drug: 'Amoxicillin', strength: '500 mg', directions: 'Take one capsule twice a day', quantity: '20 capsules', refills: 0 },
    ],
    ...options.note,
  };
  const pharmacy = { name: 'Corner Pharmacy', phone: '3145550123', address: '12 Main St, Saint Louis, MO 63101' };
  await app.ctx.db
    .insert(visitNotes)
    .values({ visitId: visit.id, note, pharmacy, signedAt: endedAt, signedBy: options.clinicianId, updatedAt: endedAt });
  for (const text of options.addenda ?? []) {
    await app.ctx.db.insert(visitAddenda).values({ visitId: visit.id, authorId: options.clinicianId, text });
  }
  return visit;
}
