import { mkdtempSync } from 'node:fs';
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
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), APP_URL: 'https://x.example' }, 'SMTP_URL'],
  ])('stops on %j naming %s', (env, variable) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
