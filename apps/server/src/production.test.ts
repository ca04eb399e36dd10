import { randomBytes } from 'node:crypto';
import { isAdminRole } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from './db/schema';
import { BOOTSTRAP_ADMIN_ACTION, ensureBootstrapAdmin } from './features/auth/bootstrap-admin.service';
import { hashPassword } from './lib/crypto';
import { api, createTestApp, insertPatient } from './test/harness';
import type { App } from './app';

describe('#29 in production', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp(
      {
        NODE_ENV: 'production',
        JWT_SECRET: randomBytes(32).toString('hex'),
        SMTP_URL: 'smtp://127.0.0.1:1',
        APP_URL: 'https://care.example',
      },
      // On a Postgres server, as production runs: the server's role owns nothing.
      { serverRole: true },
    );
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

  it('#29 a start makes the ADMIN_EMAIL admin only while no admin exists, records it, and never promotes, re-enables or resets an account', async () => {
    const { db } = app.ctx;
    // The next start of the server, with these settings.
    const startWith = (email: string) => ensureBootstrapAdmin({ ...app.ctx, config: { admin: { email, password: 'Adm1n!secret' } } });
    const userAt = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];
    const madeRows = () => db.select().from(auditLog).where(eq(auditLog.action, BOOTSTRAP_ADMIN_ACTION));

    // An address someone signed up with is never promoted, even with no admin at all.
    const patient = await insertPatient(app);
    await startWith(patient.user.email);
    expect(await userAt(patient.user.email)).toMatchObject({ roles: ['ROLE_USER'], passwordHash: patient.user.passwordHash });
    expect(await madeRows()).toEqual([]);

    // With none, a start makes one, verified, and the trail says who it is and why.
    await startWith('chief@care.example');
    const chief = (await userAt('chief@care.example'))!;
    expect(chief).toMatchObject({ roles: ['ROLE_ADMIN'], verified: true, disabledAt: null });
    const [made, ...more] = await madeRows();
    expect(more).toEqual([]);
    expect(made).toMatchObject({ actorRole: 'system', actorUserId: null, subjectUserId: chief.id, ip: null, status: 201 });
    expect(made!.details).toMatchObject({
      changes: [
        { field: 'email', after: 'chief@care.example' },
        { field: 'roles', after: ['ROLE_ADMIN'] },
      ],
    });

    // Another admin demotes and disables it for a suspected compromise, and its owner had chosen
    // another password: later starts change none of that, and make no other admin while one exists.
    const deputy = await insertPatient(app);
    await db
      .update(users)
      .set({ roles: ['ROLE_USER', 'ROLE_ADMIN'] })
      .where(eq(users.id, deputy.user.id));
    const suspended = { roles: ['ROLE_USER'], disabledAt: new Date(), passwordHash: await hashPassword('Own3r!chosen') };
    await db.update(users).set(suspended).where(eq(users.id, chief.id));
    await startWith(chief.email);
    await startWith('second@care.example');
    expect(await userAt(chief.email)).toMatchObject(suspended);
    expect(await userAt('second@care.example')).toBeUndefined();
    // With no admin left at all, the account is still never promoted.
    await db
      .update(users)
      .set({ roles: ['ROLE_USER'] })
      .where(eq(users.id, deputy.user.id));
    await startWith(chief.email);
    expect(await userAt(chief.email)).toMatchObject(suspended);
    expect(await madeRows()).toHaveLength(1);
  });
});
