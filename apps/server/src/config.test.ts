import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'config-test-'));
/** The settings production requires. */
const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  PHI_KEY: 'a'.repeat(64),
  AUDIT_KEY: 'k'.repeat(40),
  SMTP_URL: 'smtp://mail',
  APP_URL: 'https://x.example',
};

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
      geoRestrict: true,
    });
    expect(config.captcha.mode).toBe('altcha');
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps receipts on local disk by default, and needs the bucket and its key for S3 (decision 020)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ s3: null, startingInrPerUsd: 83, pendingUploadsPerAdmin: 20 });
    expect(loadConfig({ DATA_DIR: dataDir(), PENDING_UPLOADS_PER_ADMIN: '5' }).pendingUploadsPerAdmin).toBe(5);
    const s3 = { STORAGE: 's3', S3_BUCKET: 'receipts', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ DATA_DIR: dataDir(), ...s3, S3_FORCE_PATH_STYLE: 'true', EXCHANGE_RATE_INR_PER_USD: '84.25' })).toMatchObject({
      s3: {
        endpoint: undefined,
        region: 'us-east-1',
        bucket: 'receipts',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
      startingInrPerUsd: 84.25,
    });
    for (const missing of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...s3, [missing]: '' }), missing).toThrow(
        new RegExp(`${missing}: is required when STORAGE=s3`),
      );
    }
    for (const rate of ['-1', '0.0001', '9.99', '1000.01']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), EXCHANGE_RATE_INR_PER_USD: rate }), rate).toThrow(/EXCHANGE_RATE_INR_PER_USD/);
    }
  });

  it('gives a client 2 minutes for a whole request, 20 s for its headers and 72 s of idle keep-alive, or what is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).timeouts).toEqual({ requestMs: 120_000, headersMs: 20_000, keepAliveMs: 72_000 });
    const set = { REQUEST_TIMEOUT_MS: '30000', HEADERS_TIMEOUT_MS: '30000', KEEP_ALIVE_TIMEOUT_MS: '5000' };
    expect(loadConfig({ DATA_DIR: dataDir(), ...set }).timeouts).toEqual({ requestMs: 30_000, headersMs: 30_000, keepAliveMs: 5_000 });
  });

  it('serves no metrics unless METRICS_PORT is set, and gives a shutdown 10 s unless SHUTDOWN_TIMEOUT_MS says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ metricsPort: null, shutdownTimeoutMs: 10_000 });
    const set = { METRICS_PORT: '9464', SHUTDOWN_TIMEOUT_MS: '25000' };
    expect(loadConfig({ DATA_DIR: dataDir(), ...set })).toMatchObject({ metricsPort: 9464, shutdownTimeoutMs: 25_000 });
  });

  it('connects video calls directly by default, and through TURN only with its shared secret, which a relay-only policy needs', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).video).toEqual({
      iceServers: [],
      turnSecret: null,
      turnCredentialTtlSeconds: 7_200,
      iceTransportPolicy: 'all',
    });
    const relay = { ICE_SERVERS: 'stun:stun.example.org, turn:127.0.0.1:3478', TURN_SECRET: 's'.repeat(32), ICE_TRANSPORT_POLICY: 'relay' };
    expect(loadConfig({ DATA_DIR: dataDir(), ...relay }).video).toMatchObject({
      iceServers: ['stun:stun.example.org', 'turn:127.0.0.1:3478'],
      iceTransportPolicy: 'relay',
    });
    const refusals = {
      'ICE_SERVERS: must be a comma-separated list': { ICE_SERVERS: 'https://turn.example.org' },
      'TURN_SECRET: is required': { ICE_SERVERS: 'turn:127.0.0.1:3478' },
      'ICE_SERVERS: must name a turn:': { TURN_SECRET: 's'.repeat(32) },
      'ICE_TRANSPORT_POLICY: relay needs': { ICE_SERVERS: 'stun:stun.example.org', ICE_TRANSPORT_POLICY: 'relay' },
    };
    for (const [message, env] of Object.entries(refusals)) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
    }
  });

  it('keeps the generated JWT secret in DATA_DIR across restarts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(loadConfig({ DATA_DIR: dir }).jwtSecret);
  });

  it('#28 generates the audit key into DATA_DIR with mode 600 outside production, and requires AUDIT_KEY in production', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).auditKey;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).auditKey).toBe(first);
    expect(statSync(join(dir, 'audit-key')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir(), ...production }).auditKey).toBe(production.AUDIT_KEY);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...production, AUDIT_KEY: '' })).toThrow(/AUDIT_KEY: is required in production/);
  });

  it('#28 in production, a Postgres server needs MIGRATION_DATABASE_URL: the owner migrates, the server role only uses the tables', () => {
    const server = { DATABASE_URL: 'postgres://app@db:5432/care' };
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...production, ...server })).toThrow(
      /MIGRATION_DATABASE_URL: is required in production/,
    );
    const both = { ...server, MIGRATION_DATABASE_URL: 'postgres://owner@db:5432/care' };
    expect(loadConfig({ DATA_DIR: dataDir(), ...production, ...both })).toMatchObject({
      databaseUrl: both.DATABASE_URL,
      migrationDatabaseUrl: both.MIGRATION_DATABASE_URL,
    });
    // Elsewhere one role may do both; the embedded database has one role.
    expect(loadConfig({ DATA_DIR: dataDir(), ...server }).migrationDatabaseUrl).toBeUndefined();
  });

  it('generates the health-data key into DATA_DIR with mode 600 and keeps it across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).phiKeys.current;
    expect(first).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dir }).phiKeys.current).toEqual(first);
    expect(statSync(join(dir, 'phi-key')).mode & 0o777).toBe(0o600);
  });

  it('reads PHI_KEY and the comma-separated PHI_OLD_KEYS as hex or base64', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PHI_KEY: 'a'.repeat(64),
      PHI_OLD_KEYS: ` ${'b'.repeat(64)} , ${Buffer.alloc(32, 7).toString('base64')}`,
    });
    expect(config.phiKeys.current).toEqual(Buffer.alloc(32, 0xaa));
    expect(config.phiKeys.older).toEqual([Buffer.alloc(32, 0xbb), Buffer.alloc(32, 7)]);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://mail:port' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://' }, 'SMTP_URL'],
    [{ DATABASE_URL: 'postgres://' }, 'DATABASE_URL'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,proxy.internal' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ CAPTCHA: 'hcaptcha' }, 'CAPTCHA'],
    [{ GEO_RESTRICT: 'maybe' }, 'GEO_RESTRICT'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ PENDING_UPLOADS_PER_ADMIN: '0' }, 'PENDING_UPLOADS_PER_ADMIN'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'Long3nough!' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'admin@example.com' }, 'ADMIN_PASSWORD'],
    [{ CAPTCHA: 'recaptcha' }, 'RECAPTCHA_SECRET'],
    [{ APP_URL: 'not a url' }, 'APP_URL'],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://mail', APP_URL: 'https://x.example' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PHI_KEY: 'a'.repeat(64), APP_URL: 'https://x.example' }, 'SMTP_URL'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail', APP_URL: 'https://x.example' }, 'PHI_KEY'],
    [{ PHI_KEY: 'too-short' }, 'PHI_KEY'],
    [{ AUDIT_KEY: 'too-short' }, 'AUDIT_KEY'],
    [{ MIGRATION_DATABASE_URL: 'postgres://owner@db:5432/care' }, 'MIGRATION_DATABASE_URL'],
    [{ PHI_KEY: 'a'.repeat(64), PHI_OLD_KEYS: `${'b'.repeat(64)},nope` }, 'PHI_OLD_KEYS'],
    [{ REQUEST_TIMEOUT_MS: '0' }, 'REQUEST_TIMEOUT_MS'],
    [{ HEADERS_TIMEOUT_MS: '1.5' }, 'HEADERS_TIMEOUT_MS'],
    [{ KEEP_ALIVE_TIMEOUT_MS: 'never' }, 'KEEP_ALIVE_TIMEOUT_MS'],
    [{ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '10000' }, 'HEADERS_TIMEOUT_MS'],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT'],
    [{ PORT: '8080', METRICS_PORT: '8080' }, 'METRICS_PORT'],
    [{ SHUTDOWN_TIMEOUT_MS: '0' }, 'SHUTDOWN_TIMEOUT_MS'],
  ])('stops on %j naming %s', (env, variable) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it('#29 refuses an ADMIN_PASSWORD that breaks the password rules or is a common password, in production and elsewhere', () => {
    const admin = (password: string) => ({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: password });
    for (const env of [production, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }]) {
      for (const [password, why] of [
        ['password', messages.password],
        ['Password1!', messages.passwordTooCommon],
        ['Aa1!', messages.password],
      ] as const) {
        expect(() => loadConfig({ DATA_DIR: dataDir(), ...env, ...admin(password) }), `${env.NODE_ENV} ${password}`).toThrow(
          new ConfigError(`Invalid configuration: ADMIN_PASSWORD: ${why}`),
        );
      }
      expect(loadConfig({ DATA_DIR: dataDir(), ...env, ...admin('Adm1n!secret') }).admin).toEqual({
        email: 'admin@example.com',
        password: 'Adm1n!secret',
      });
    }
  });

  it('stops with one line, never a multi-line dump', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', TRUST_PROXY: 'true' })).toThrow(
      /^Invalid configuration: [^\n]*TRUST_PROXY[^\n]*$/,
    );
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, never as "trust everything"', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: .*"true" would let any client choose its own IP address/,
    );
  });

  it('listens on 127.0.0.1 by default outside production, on every interface in production, and where HOST says', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dataDir(), ...production }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: dataDir(), ...production, HOST: '10.1.2.3' }).host).toBe('10.1.2.3');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
