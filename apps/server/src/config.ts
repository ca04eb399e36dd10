import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { BRAND_DEFAULTS, EXCHANGE_RATE_RANGE, newPasswordSchema } from '@app/shared';
import { parsePhiKey } from './lib/phi-cipher';

const onOff = z.enum(['on', 'off']);
const optionalUrl = z.url().optional();
/** A scheme check alone lets `smtp://host:port` (port not a number) through to fail at the first send. */
const serverUrl = (scheme: RegExp, example: string) =>
  z
    .string()
    .regex(scheme, `must look like ${example}`)
    .refine((value) => URL.canParse(value) && new URL(value).hostname !== '', `must look like ${example}`)
    .optional();

/** An address or CIDR block such as 10.0.0.1, 10.0.0.0/8 or fd00::/8. */
function isAddressOrBlock(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY names the proxies in front of the server: how many (hops) or which addresses. "true"
 * (believe every X-Forwarded-For hop) is refused: any client could then choose its own address.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((value, context): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrBlock)) return entries;
    context.addIssue({
      code: 'custom',
      message:
        'must be the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.1,10.0.0.0/8); "true" would let any client choose its own IP address',
    });
    return z.NEVER;
  });

/** A timeout in milliseconds: never 0, which Node reads as none. */
const timeoutMs = z.coerce.number().int().min(1).max(3_600_000);

/** Every environment variable the server reads, with its default. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset: 127.0.0.1 outside production, so a development server is not reachable from the network.
  HOST: z.string().min(1).optional(),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: serverUrl(/^postgres(ql)?:\/\//, 'postgres://user:password@host:5432/database'),
  // The role that owns the tables and runs the migrations; DATABASE_URL's role then only uses them (decision 048).
  MIGRATION_DATABASE_URL: serverUrl(/^postgres(ql)?:\/\//, 'postgres://owner:password@host:5432/database'),
  SMTP_URL: serverUrl(/^smtps?:\/\//, 'smtp://user:password@host:587 or smtps://…'),
  // Unset: the brand name with no-reply@careconnect247.example.
  MAIL_FROM: z.string().min(3).optional(),
  // A Twilio-compatible SMS provider, all four or none (unset: texts stop in the dev outbox).
  SMS_URL: serverUrl(/^https?:\/\//, 'https://api.twilio.com'),
  SMS_ACCOUNT_SID: z
    .string()
    .regex(/^[A-Za-z0-9]{8,64}$/, 'must be the account SID, letters and digits (AC…)')
    .optional(),
  SMS_AUTH_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SMS_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164, e.g. +13145550100')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUDIT_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  PHI_KEY: z.string().optional(),
  PHI_OLD_KEYS: z.string().optional(),
  ADMIN_EMAIL: z.email().optional(),
  // Every password's rules, the common-password list included, in every environment: outside
  // production the admin's sign-in link goes to the open dev mailbox, so there the password alone
  // guards the account.
  ADMIN_PASSWORD: newPasswordSchema.optional(),
  CAPTCHA: z.enum(['altcha', 'recaptcha', 'off']).default('altcha'),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  TRUST_PROXY: trustProxy,
  GEO_RESTRICT: onOff.default('on'),
  PAYMENT_GATEWAY: z.enum(['sandbox']).default('sandbox'),
  SANDBOX_GATEWAY_LATENCY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  SANDBOX_GATEWAY_HOLD_FILE: z.string().min(1).optional(),
  PAYMENT_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(60_000),
  STORAGE: z.enum(['local', 's3']).default('local'),
  // Unset: AWS itself. MinIO, R2 and s3rver give their own endpoint.
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  PENDING_UPLOADS_PER_ADMIN: z.coerce.number().int().min(1).max(1000).default(20),
  // No internet at run time: the INR-per-USD rate until an admin sets one in the dashboard, in the range the dashboard takes.
  EXCHANGE_RATE_INR_PER_USD: z.coerce.number().min(EXCHANGE_RATE_RANGE.min).max(EXCHANGE_RATE_RANGE.max).default(83),
  REDIS_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SLOW_REQUEST_MS: z.coerce.number().int().positive().default(1000),
  // How long a client may take (docs/configuration.md): a 10 MB receipt at 1 Mbit/s takes about 84 s.
  REQUEST_TIMEOUT_MS: timeoutMs.default(120_000),
  HEADERS_TIMEOUT_MS: timeoutMs.default(20_000),
  // Longer than a load balancer's usual 60 s idle timeout, so the balancer closes an idle connection first.
  KEEP_ALIVE_TIMEOUT_MS: timeoutMs.default(72_000),
  // Unset: no metrics. A port of its own, which the load balancer does not route to.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // Under the 15 s `npm start` and most orchestrators give a stopping process before they kill it.
  SHUTDOWN_TIMEOUT_MS: timeoutMs.default(10_000),
  BRAND_NAME: z.string().min(1).default(BRAND_DEFAULTS.name),
  SUPPORT_EMAIL: z.email().default(BRAND_DEFAULTS.supportEmail),
  SUPPORT_PHONE: z.string().min(7).default(BRAND_DEFAULTS.supportPhone),
  HQ_ADDRESS: z.string().min(3).default(BRAND_DEFAULTS.headquarters),
  // The seller a receipt names, as an HSA or FSA administrator asks: set the real ones in production.
  COMPANY_LEGAL_NAME: z.string().trim().min(2).default('CareConnect 24/7, Inc.'),
  COMPANY_ADDRESS: z.string().trim().min(5).default('100 Market Street, Saint Louis, MO 63101'),
  COMPANY_TAX_ID: z
    .string()
    .trim()
    .regex(/^\d{2}-\d{7}$/, 'must be an EIN, NN-NNNNNNN')
    .default('00-0000000'),
  CHAT_WIDGET_URL: optionalUrl,
  // Video calls (decision 072): the STUN and TURN servers the browsers use, and the secret that coturn's `use-auth-secret` shares.
  ICE_SERVERS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter((url) => url !== ''),
    )
    .refine(
      (urls) => urls.every((url) => /^(stun|turn|turns):[^\s]+$/.test(url)),
      'must be a comma-separated list of stun:, turn: or turns: URLs',
    ),
  TURN_SECRET: z.string().min(16).optional(),
  // Long enough for a visit: coturn checks the expiry again when the browser refreshes its relay.
  TURN_CREDENTIAL_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(7_200),
  ICE_TRANSPORT_POLICY: z.enum(['all', 'relay']).default('all'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The tables' owner, which runs the migrations when set; DATABASE_URL's role then only reads, writes and appends to the trail. */
  migrationDatabaseUrl: string | undefined;
  /** PGlite location: a directory, or 'memory://' for a throw-away database. */
  pgliteDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The Twilio-compatible SMS provider; null keeps texts in the dev outbox (decision 053). */
  sms: { url: string; accountSid: string; authToken: string; from: string } | null;
  jwtSecret: string;
  /** The HMAC key of the audit chain: never given to the database. */
  auditKey: string;
  /** AES-256 key sealing health data at rest, and older keys still accepted for opening it. */
  phiKeys: { current: Buffer; older: Buffer[] };
  admin: { email: string; password: string } | null;
  captcha: { mode: 'altcha' | 'recaptcha' | 'off'; recaptchaSiteKey?: string; recaptchaSecret?: string; recaptchaVerifyUrl: string };
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs; never `true`. */
  trustProxy: false | number | string[];
  geoRestrict: boolean;
  paymentGateway: 'sandbox';
  /** Sandbox only: delay between recording a charge and answering (tests crash the server in between). */
  sandboxLatencyMs: number;
  /** Sandbox only: while this file exists, answers wait after the charge is recorded (tests keep a charge in flight). */
  sandboxHoldFile?: string;
  /** A pending payment attempt older than this is asked about at the gateway and settled. */
  reconcileAfterMs: number;
  /** Receipt storage: null keeps files under DATA_DIR; otherwise the S3-compatible bucket. */
  s3: {
    endpoint: string | undefined;
    region: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  } | null;
  /** How many receipt uploads one admin may have waiting for their file (started, not attached, address not expired). */
  pendingUploadsPerAdmin: number;
  /** INR per USD for expense conversion until an admin sets a rate (decision 020). */
  startingInrPerUsd: number;
  redisUrl: string | undefined;
  logLevel: string;
  /** A request that takes at least this long is logged with its timing (warn); others only at debug. */
  slowRequestMs: number;
  /** How long a client may take to send a whole request, to send its headers, and to reuse an idle connection. */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number };
  brand: { name: string; supportEmail: string; supportPhone: string; headquarters: string };
  /** The company that sells, as its receipts name it. */
  company: { legalName: string; address: string; taxId: string };
  chatWidgetUrl: string | undefined;
  /** Where Prometheus metrics are served (on HOST), or null for none. */
  metricsPort: number | null;
  /** How long a stopping server waits for requests under way and running jobs before it cuts them off. */
  shutdownTimeoutMs: number;
  /**
   * What the browsers of a video call connect through: STUN and TURN URLs, the TURN REST secret (short-lived
   * credentials per call, never a password of its own), and whether media must go through the relay.
   */
  video: { iceServers: string[]; turnSecret: string | null; turnCredentialTtlSeconds: number; iceTransportPolicy: 'all' | 'relay' };
}

/** A setting the server cannot start with; its message is one line that names the variable. */
export class ConfigError extends Error {}

/** A secret generated once and kept in DATA_DIR, so a restart without configuration keeps sessions and data readable. */
function persistentSecret(dataDir: string, name: string, bytes: number): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function phiKeys(
  e: { PHI_KEY?: string; PHI_OLD_KEYS?: string },
  dataDir: string,
  fail: (variable: string, why: string) => never,
): Config['phiKeys'] {
  const parse = (variable: string, text: string) => {
    try {
      return parsePhiKey(text);
    } catch (error) {
      return fail(variable, (error as Error).message);
    }
  };
  return {
    current: parse(e.PHI_KEY ? 'PHI_KEY' : join(dataDir, 'phi-key'), e.PHI_KEY ?? persistentSecret(dataDir, 'phi-key', 32)),
    older: (e.PHI_OLD_KEYS ?? '')
      .split(',')
      .filter((key) => key.trim() !== '')
      .map((key) => parse('PHI_OLD_KEYS', key)),
  };
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const fail = (variable: string, why: string): never => {
    throw new ConfigError(`Invalid configuration: ${variable}: ${why}`);
  };
  if (e.NODE_ENV === 'production') {
    if (!e.JWT_SECRET) fail('JWT_SECRET', 'is required in production');
    // A key generated into DATA_DIR would be lost with the container, and the data with it.
    if (!e.PHI_KEY) fail('PHI_KEY', 'is required in production (32 bytes, hex or base64: `openssl rand -base64 32`)');
    if (!e.SMTP_URL) fail('SMTP_URL', 'is required in production (the dev mailbox is for development only)');
    if (!e.APP_URL) fail('APP_URL', 'is required in production (it is used in e-mail links)');
    // Kept apart from the database and its backups: whoever holds it could re-hash an edited trail.
    if (!e.AUDIT_KEY) fail('AUDIT_KEY', 'is required in production (at least 32 characters: `openssl rand -base64 32`)');
    if (e.DATABASE_URL && !e.MIGRATION_DATABASE_URL) {
      fail(
        'MIGRATION_DATABASE_URL',
        "is required in production with DATABASE_URL: the tables' owner runs the migrations, the server's role only uses them",
      );
    }
  }
  if (e.MIGRATION_DATABASE_URL && !e.DATABASE_URL)
    fail('MIGRATION_DATABASE_URL', 'goes with DATABASE_URL (the embedded database has one role)');
  if (e.CAPTCHA === 'recaptcha' && (!e.RECAPTCHA_SECRET || !e.RECAPTCHA_SITE_KEY)) {
    fail(e.RECAPTCHA_SECRET ? 'RECAPTCHA_SITE_KEY' : 'RECAPTCHA_SECRET', 'is required when CAPTCHA=recaptcha');
  }
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    fail(e.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL', 'ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  // Node refuses a headers timeout longer than the request's, which covers the headers too.
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) fail('HEADERS_TIMEOUT_MS', 'must be at most REQUEST_TIMEOUT_MS');
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) fail('METRICS_PORT', 'must differ from PORT');
  const smsVariables = ['SMS_URL', 'SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const;
  if (smsVariables.some((variable) => e[variable])) {
    for (const variable of smsVariables)
      if (!e[variable]) fail(variable, `is required with ${smsVariables.filter((v) => e[v]).join(', ')}`);
  }
  if (e.STORAGE === 's3') {
    for (const variable of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
      if (!e[variable]) fail(variable, 'is required when STORAGE=s3');
  }
  const turnUrls = e.ICE_SERVERS.filter((url) => /^turns?:/.test(url));
  if (turnUrls.length > 0 && !e.TURN_SECRET) fail('TURN_SECRET', 'is required with a turn: or turns: URL in ICE_SERVERS');
  if (e.TURN_SECRET && turnUrls.length === 0) fail('ICE_SERVERS', 'must name a turn: or turns: URL when TURN_SECRET is set');
  if (e.ICE_TRANSPORT_POLICY === 'relay' && turnUrls.length === 0)
    fail('ICE_TRANSPORT_POLICY', 'relay needs a turn: or turns: URL in ICE_SERVERS');
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    pgliteDir: join(dataDir, 'pglite'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.BRAND_NAME} <no-reply@careconnect247.example>`,
    sms:
      e.SMS_URL && e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
        ? { url: e.SMS_URL.replace(/\/$/, ''), accountSid: e.SMS_ACCOUNT_SID, authToken: e.SMS_AUTH_TOKEN, from: e.SMS_FROM }
        : null,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir, 'jwt-secret', 48),
    auditKey: e.AUDIT_KEY ?? persistentSecret(dataDir, 'audit-key', 32),
    phiKeys: phiKeys(e, dataDir, fail),
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : null,
    captcha: {
      mode: e.CAPTCHA,
      recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
      recaptchaSecret: e.RECAPTCHA_SECRET,
      recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
    },
    trustProxy: e.TRUST_PROXY,
    geoRestrict: e.GEO_RESTRICT === 'on',
    paymentGateway: e.PAYMENT_GATEWAY,
    sandboxLatencyMs: e.SANDBOX_GATEWAY_LATENCY_MS,
    sandboxHoldFile: e.SANDBOX_GATEWAY_HOLD_FILE,
    reconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_MS,
    s3:
      e.STORAGE === 's3'
        ? {
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : null,
    pendingUploadsPerAdmin: e.PENDING_UPLOADS_PER_ADMIN,
    startingInrPerUsd: e.EXCHANGE_RATE_INR_PER_USD,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    slowRequestMs: e.SLOW_REQUEST_MS,
    timeouts: { requestMs: e.REQUEST_TIMEOUT_MS, headersMs: e.HEADERS_TIMEOUT_MS, keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS },
    brand: { name: e.BRAND_NAME, supportEmail: e.SUPPORT_EMAIL, supportPhone: e.SUPPORT_PHONE, headquarters: e.HQ_ADDRESS },
    company: { legalName: e.COMPANY_LEGAL_NAME, address: e.COMPANY_ADDRESS, taxId: e.COMPANY_TAX_ID },
    chatWidgetUrl: e.CHAT_WIDGET_URL,
    metricsPort: e.METRICS_PORT ?? null,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    video: {
      iceServers: e.ICE_SERVERS,
      turnSecret: e.TURN_SECRET ?? null,
      turnCredentialTtlSeconds: e.TURN_CREDENTIAL_TTL_SECONDS,
      iceTransportPolicy: e.ICE_TRANSPORT_POLICY,
    },
  };
}
