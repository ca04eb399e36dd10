import { generateCustomerId, messages } from '@app/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { hashPassword } from '../../lib/crypto';
import { adminEnv, insertPatient, signedInAdmin, signedInPatient, strongPassword, tokenFromMail, useTestApp } from '../../test/harness';
import { insertUser } from '../users';

const server = useTestApp(adminEnv);

let admins = 0;
/** Another enabled admin with a session, so each test acts on accounts of its own. */
async function newAdmin() {
  admins += 1;
  const email = `staff.${admins}.${Date.now()}@careconnect.example`;
  await insertUser(server.app.ctx.db, {
    email,
    passwordHash: await hashPassword(strongPassword),
    firstName: 'Staff',
    lastName: `Number ${admins}`,
    roles: ['ROLE_ADMIN'],
    verified: true,
    emailVerifiedAt: new Date(),
    customerId: generateCustomerId(),
  });
  const session = await signedInAdmin(server.app, email);
  return { email, id: session.user.id as string, token: session.token };
}

const disable = (id: string, token: string, body: unknown = { reason: 'Left the clinic' }) =>
  server.http.post(`/api/admin/users/${id}/disable`, body, token);
const enable = (id: string, token: string, body: unknown = { reason: 'Back from leave' }) =>
  server.http.post(`/api/admin/users/${id}/enable`, body, token);
const login = (email: string, password = strongPassword) => server.http.post('/api/auth/login', { email, password });

describe('the last admin stays enabled', () => {
  it('lets only one of two admins disabling each other at once succeed', async () => {
    const [first, second] = [await newAdmin(), await newAdmin()];
    // Every other admin is disabled for this test, so these two are the last.
    const others = await server.app.ctx.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(and(isNull(users.disabledAt), eq(users.email, adminEnv.ADMIN_EMAIL)))
      .returning({ id: users.id });
    const answers = await Promise.all([disable(second.id, first.token), disable(first.id, second.token)]);
    expect(answers.map((answer) => answer.status).filter((status) => status === 200)).toHaveLength(1);
    const refused = answers.find((answer) => answer.status !== 200)!;
    expect([401, 409]).toContain(refused.status);
    const enabled = await server.app.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, [first.id, second.id]), isNull(users.disabledAt)));
    expect(enabled).toHaveLength(1);
    await server.app.ctx.db
      .update(users)
      .set({ disabledAt: null })
      .where(inArray(users.id, [...others.map((other) => other.id), first.id, second.id]));
  });

  it('refuses an admin disabling themself', async () => {
    const admin = await newAdmin();
    const res = await disable(admin.id, admin.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.cannotDisableYourself);
  });
});

describe('disabling and enabling an account', () => {
  it('is for admins only', async () => {
    const patient = await signedInPatient(server.app);
    const other = await insertPatient(server.app);
    expect((await disable(other.user.id, patient.token)).status).toBe(403);
    expect((await enable(other.user.id, patient.token)).status).toBe(403);
    expect((await disable(other.user.id, '')).status).toBe(401);
  });

  it('needs a reason', async () => {
    const admin = await newAdmin();
    const { user } = await insertPatient(server.app);
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const res = await disable(user.id, admin.token, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(messages.accessReasonRequired);
      expect((await enable(user.id, admin.token, body)).status).toBe(400);
    }
    const [row] = await server.app.ctx.db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, user.id));
    expect(row!.disabledAt).toBeNull();
  });

  it('ends the member’s sessions at once, refuses their sign-in with a clear message, and records the reason', async () => {
    const admin = await newAdmin();
    const member = await signedInPatient(server.app);
    const id = member.user.id as string;
    const res = await disable(id, admin.token, { reason: 'Chargeback fraud' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, disabledAt: expect.any(String) });
    expect((await server.http.get('/api/users/me', member.token)).status).toBe(401);
    const refused = await login(member.body.email);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.accountDisabled);
    // A wrong password still gets the usual answer: the account's state is told to its password's holder only.
    expect((await login(member.body.email, 'Wrong!pass1')).status).toBe(401);
    const [row] = await server.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, id), eq(auditLog.action, 'POST /api/admin/users/:id/disable')));
    expect(row!.details).toEqual({ reason: 'Chargeback fraud' });

    const back = await enable(id, admin.token);
    expect(back.status).toBe(200);
    expect(back.body.disabledAt).toBeNull();
    expect((await login(member.body.email)).status).toBe(200);
  });

  it('refuses an admin’s e-mailed sign-in link once the admin is disabled', async () => {
    const admin = await newAdmin();
    const target = await newAdmin();
    expect((await login(target.email)).status).toBe(200);
    const token = await tokenFromMail(server.app, target.email, 'admin-login');
    expect((await disable(target.id, admin.token)).status).toBe(200);
    expect((await server.http.get('/api/admin/me', target.token)).status).toBe(401);
    const res = await server.http.post('/api/auth/verify-admin-login', { token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(messages.accountDisabled);
  });
});

describe('inviting an admin', () => {
  it('creates the admin, mails a link that sets a password under the site’s rules, and then the admin signs in with a link', async () => {
    const admin = await newAdmin();
    const email = `invited.${Date.now()}@careconnect.example`;
    const res = await server.http.post('/api/admin/staff/invitations', { firstName: 'Ivy', lastName: 'Park', email }, admin.token);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(messages.adminInvited(email));
    const token = await tokenFromMail(server.app, email, 'admin-invite');
    const weak = await server.http.post('/api/staff/invitation/accept', { token, newPassword: 'short' });
    expect(weak.status).toBe(400);
    const accepted = await server.http.post('/api/staff/invitation/accept', { token, newPassword: 'N3w!admin-pass' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe(messages.adminInvitationAccepted);
    expect((await server.http.post('/api/staff/invitation/accept', { token, newPassword: 'N3w!admin-pass' })).status).toBe(400);
    const signIn = await login(email, 'N3w!admin-pass');
    expect(signIn.body.status).toBe('magic_link_sent');
    const list = await server.http.get('/api/admin/staff/admins', admin.token);
    expect(list.body.admins).toContainEqual({ id: expect.any(String), email, fullName: 'Ivy Park', disabledAt: null });
  });

  it('refuses an e-mail that already has an account, and non-admins', async () => {
    const admin = await newAdmin();
    const patient = await signedInPatient(server.app);
    const body = { firstName: 'Sam', lastName: 'Roe', email: patient.body.email };
    const taken = await server.http.post('/api/admin/staff/invitations', body, admin.token);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(messages.clinicianEmailTaken);
    expect((await server.http.post('/api/admin/staff/invitations', body, patient.token)).status).toBe(403);
    expect((await server.http.get('/api/admin/staff/admins', patient.token)).status).toBe(403);
  });
});
