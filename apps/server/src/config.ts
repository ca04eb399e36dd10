import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const onOff = z.enum(['on', 'off']);
const optionalUrl = z.url().optional();

/** Every environment variable the server reads, with its default. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('CareConnect 24/7 <no-reply@careconnect247.example>'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  CAPTCHA: z.enum(['altcha', 'recaptcha', 'off']).default('altcha'),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  GEO_RESTRICT: onOff.default('on'),
  PAYMENT_GATEWAY: z.enum(['sandbox']).default('sandbox'),
  SANDBOX_GATEWAY_LATENCY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  PAYMENT_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(60_000),
  STORAGE: z.enum(['local', 's3']).default('local'),
  REDIS_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BRAND_NAME: z.string().min(1).default('CareConnect 24/7'),
  SUPPORT_EMAIL: z.email().default('support@careconnect247.example'),
  SUPPORT_PHONE: z.string().min(7).default('+1 (314) 555-0147'),
  HQ_ADDRESS: z.string().min(3).default('Saint Louis, Missouri, USA'),
  CHAT_WIDGET_URL: optionalUrl,
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PGlite location: a directory, or 'memory://' for a throw-away database. */
  pgliteDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  admin: { email: string; password: string } | null;
  captcha: { mode: 'altcha' | 'recaptcha' | 'off'; recaptchaSiteKey?: string; recaptchaSecret?: string; recaptchaVerifyUrl: string };
  trustProxy: boolean;
  geoRestrict: boolean;
  paymentGateway: 'sandbox';
  /** Sandbox only: delay between recording a charge and answering (tests crash the server in between). */
  sandboxLatencyMs: number;
  /** A pending payment attempt older than this is asked about at the gateway and settled. */
  reconcileAfterMs: number;
  storage: 'local' | 's3';
  redisUrl: string | undefined;
  logLevel: string;
  brand: { name: string; supportEmail: string; supportPhone: string; headquarters: string };
  chatWidgetUrl: string | undefined;
}

export class ConfigError extends Error {}

/** The secret is generated once and kept in DATA_DIR, so sessions survive a restart without configuration. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const fail = (variable: string, why: string) => {
    throw new ConfigError(`Invalid configuration:\n  ${variable}: ${why}`);
  };
  if (e.NODE_ENV === 'production') {
    if (!e.JWT_SECRET) fail('JWT_SECRET', 'is required in production');
    if (!e.SMTP_URL) fail('SMTP_URL', 'is required in production (the dev mailbox is for development only)');
    if (!e.APP_URL) fail('APP_URL', 'is required in production (it is used in e-mail links)');
  }
  if (e.CAPTCHA === 'recaptcha' && (!e.RECAPTCHA_SECRET || !e.RECAPTCHA_SITE_KEY)) {
    fail(e.RECAPTCHA_SECRET ? 'RECAPTCHA_SITE_KEY' : 'RECAPTCHA_SECRET', 'is required when CAPTCHA=recaptcha');
  }
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    fail(e.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL', 'ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  if (e.STORAGE === 's3') fail('STORAGE', 's3 storage is not available yet; use local');
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: join(dataDir, 'pglite'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
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
    reconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_MS,
    storage: e.STORAGE,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    brand: { name: e.BRAND_NAME, supportEmail: e.SUPPORT_EMAIL, supportPhone: e.SUPPORT_PHONE, headquarters: e.HQ_ADDRESS },
    chatWidgetUrl: e.CHAT_WIDGET_URL,
  };
}
