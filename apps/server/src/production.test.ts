import { randomBytes } from 'node:crypto';
import { isAdminRole } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema';
import { api, createTestApp } from './test/harness';
import type { App } from './app';

describe('#29 in production', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: 'smtp://127.0.0.1:1',
      APP_URL: 'https://care.example',
    });
  });
  afterAll(() => app.close());

  it('#29 tells browsers to use HTTPS only (HSTS), on pages and API answers alike', async () => {
    for (const url of ['/api/plans', '/api/users/me', '/']) {
      const res = await api(app).get(url);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    }
  });

  it('#29 has no admin account unless ADMIN_EMAIL and ADMIN_PASSWORD name one', async () => {
    const everyone = await app.ctx.db.select({ roles: users.roles }).from(users);
    expect(everyone.filter((u) => u.roles.some(isAdminRole))).toEqual([]);
  });
});
