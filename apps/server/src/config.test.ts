import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'config-test-'));

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 3000, appUrl: 'http://localhost:3000', databaseUrl: undefined, smtpUrl: undefined, geoRestrict: true });
    expect(config.captcha.mode).toBe('altcha');
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps the generated JWT secret in DATA_DIR across restarts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(loadConfig({ DATA_DIR: dir }).jwtSecret);
  });

  it('generates the health-data key into DATA_DIR with mode 600 and keeps it across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).phiKeys.current;
    expect(first).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dir }).phiKeys.current).toEqual(first);
    expect(statSync(join(dir, 'phi-key')).mode & 0o777).toBe(0o600);
  });

  it('reads PHI_KEY and the comma-separated PHI_OLD_KEYS as hex or base64', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PHI_KEY: 'a'.repeat(64), PHI_OLD_KEYS: ` ${'b'.repeat(64)} , ${Buffer.alloc(32, 7).toString('base64')}` });
    expect(config.phiKeys.current).toEqual(Buffer.alloc(32, 0xaa));
    expect(config.phiKeys.older).toEqual([Buffer.alloc(32, 0xbb), Buffer.alloc(32, 7)]);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ CAPTCHA: 'hcaptcha' }, 'CAPTCHA'],
    [{ GEO_RESTRICT: 'maybe' }, 'GEO_RESTRICT'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'Long3nough!' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'admin@example.com' }, 'ADMIN_PASSWORD'],
    [{ CAPTCHA: 'recaptcha' }, 'RECAPTCHA_SECRET'],
    [{ APP_URL: 'not a url' }, 'APP_URL'],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://mail', APP_URL: 'https://x.example' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PHI_KEY: 'a'.repeat(64), APP_URL: 'https://x.example' }, 'SMTP_URL'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail', APP_URL: 'https://x.example' }, 'PHI_KEY'],
    [{ PHI_KEY: 'too-short' }, 'PHI_KEY'],
    [{ PHI_KEY: 'a'.repeat(64), PHI_OLD_KEYS: `${'b'.repeat(64)},nope` }, 'PHI_OLD_KEYS'],
  ])('stops on %j naming %s', (env, variable) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
