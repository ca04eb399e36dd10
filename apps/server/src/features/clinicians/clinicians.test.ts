import { CLINICIAN_ROLE, completeNpi, messages } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, clinicians, oneTimeTokens, users } from '../../db/schema';
import {
  adminEnv,
  eventually,
  insertPatient,
  mailFor,
  signedInAdmin,
  signedInClinician,
  signedInPatient,
  strongPassword,
  tokenFromMail,
  useTestApp,
  waitForMail,
} from '../../test/harness';

// One server for the whole file, with its bootstrap admin.
const server = useTestApp(adminEnv);
const NEW_PASSWORD = 'Quill!Meadow48';

let npis = 0;
/** A valid NPI no other clinician of this file has: a counter and the check digit that completes it. */
function nextNpi(): string {
  npis += 1;
  return completeNpi(String(123_400_000 + npis));
}

let invitations = 0;
function inviteBody(overrides: Record<string, unknown> = {}) {
  invitations += 1;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `clinician.${invitations}.${Date.now()}@careconnect.example`,
    credentials: 'NP',
    npi: nextNpi(),
    states: ['MO', 'KS'],
    ...overrides,
  };
}

const adminToken = async () => (await signedInAdmin(server.app)).token;

async function invite(overrides: Record<string, unknown> = {}) {
  const body = inviteBody(overrides);
  const res = await server.http.post('/api/admin/clinicians', body, await adminToken());
  return { body, res };
}

/** PATCH, which the harness's client does not send. */
async function patch(url: string, body: unknown, token: string) {
  const res = await server.app.inject({
    method: 'PATCH',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

const login = (email: string, password: string) => server.http.post('/api/auth/login', { email, password });

describe('admins invite clinicians', () => {
  it('creates the account, the licence off duty and an invitation mail, and records it', async () => {
    const { body, res } = await invite({ email: '  New.Clinician@CareConnect.example ', states: ['MO', 'KS', 'MO'] });
    expect(res.status).toBe(201);
    const email = 'new.clinician@careconnect.example';
    expect(res.body).toEqual({
      message: messages.clinicianInvited(email),
      clinician: {
        id: expect.any(String),
        email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        credentials: 'NP',
        npi: body.npi,
        states: ['MO', 'KS'],
        onDuty: false,
        disabledAt: null,
      },
    });
    const id = (res.body.clinician as { id: string }).id;
    const [user] = await server.app.ctx.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ roles: [CLINICIAN_ROLE], verified: true, disabledAt: null });
    const [row] = await server.app.ctx.db.select().from(clinicians).where(eq(clinicians.userId, id));
    expect(row).toMatchObject({ credentials: 'NP', npi: body.npi, states: ['MO', 'KS'], onDuty: false, disabledAt: null });
    const mail = await waitForMail(server.app, email, 'clinician-invite');
    expect(mail.text).toMatch(/\/clinic\/welcome\?token=[A-Za-z0-9_-]{43}/);
    const audit = await server.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'POST /api/admin/clinicians'), eq(auditLog.subjectUserId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorRole: 'admin', status: 201 });
  });

  it('gives the invited account no password anyone knows: sign-in is refused until the link sets one', async () => {
    const { body } = await invite();
    for (const password of ['', strongPassword, NEW_PASSWORD]) {
      expect((await login(body.email, password || 'x')).status).toBe(401);
    }
  });

  it('refuses an e-mail that already has an account with a 409, and creates nothing', async () => {
    const { user } = await insertPatient(server.app);
    const { body, res } = await invite({ email: user.email });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: messages.clinicianEmailTaken });
    expect(await server.app.ctx.db.select().from(clinicians).where(eq(clinicians.npi, body.npi))).toEqual([]);
  });

  it('refuses an NPI another clinician has with a 409, and creates no account', async () => {
    const first = await invite();
    expect(first.res.status).toBe(201);
    const { body, res } = await invite({ npi: first.body.npi });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: messages.clinicianNpiTaken });
    expect(await server.app.ctx.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it.each([
    ['a wrong check digit', '1234567890'],
    ['nine digits', '123456789'],
    ['letters', '12345678AB'],
  ])('refuses an NPI with %s, naming the field', async (_case, npi) => {
    const { res } = await invite({ npi });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: messages.npi, errors: { npi: messages.npi } });
  });

  it('refuses an invitation without states, naming the field', async () => {
    for (const states of [[], undefined]) {
      const { res } = await invite({ states });
      expect(res.status, JSON.stringify(states)).toBe(400);
      expect(res.body.errors).toEqual({ states: messages.clinicianStatesRequired });
    }
  });

  it('refuses a state that is not a US state, naming the field', async () => {
    const { res } = await invite({ states: ['MO', 'ZZ'] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: messages.clinicianStateUnknown, errors: { 'states.1': messages.clinicianStateUnknown } });
  });

  it('refuses credentials other than MD, DO, NP and PA, naming the field', async () => {
    for (const credentials of ['RN', 'md', undefined]) {
      const { res } = await invite({ credentials });
      expect(res.status, String(credentials)).toBe(400);
      expect(res.body.errors).toEqual({ credentials: messages.clinicianCredentials });
    }
  });

  it('refuses an invitation without a name or with a bad e-mail, naming the field', async () => {
    expect((await invite({ firstName: ' ' })).res.body.errors).toEqual({ firstName: messages.required });
    expect((await invite({ lastName: '' })).res.body.errors).toEqual({ lastName: messages.required });
    expect((await invite({ email: 'not-an-email' })).res.body.errors).toEqual({ email: messages.email });
  });

  it('lists the clinicians with their licence and status, and records the read', async () => {
    const { body, res } = await invite({ lastName: 'Aaronson' });
    const list = await server.http.get('/api/admin/clinicians', await adminToken());
    expect(list.status).toBe(200);
    const listed = (list.body.clinicians as { id: string }[]).find((c) => c.id === (res.body.clinician as { id: string }).id);
    expect(listed).toMatchObject({ email: body.email, npi: body.npi, credentials: 'NP', states: ['MO', 'KS'], onDuty: false });
    const reads = await server.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'GET /api/admin/clinicians'));
    expect(reads.length).toBeGreaterThan(0);
  });

  it('re-sends an invitation: a new link, and the earlier one stops working', async () => {
    const { body, res } = await invite();
    const id = (res.body.clinician as { id: string }).id;
    const first = await tokenFromMail(server.app, body.email, 'clinician-invite');
    const again = await server.http.post(`/api/admin/clinicians/${id}/invitation`, {}, await adminToken());
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: messages.clinicianInvitationResent });
    await waitForMail(server.app, body.email, 'clinician-invite', 2);
    const second = await tokenFromMail(server.app, body.email, 'clinician-invite');
    expect(second).not.toBe(first);
    const accept = (token: string) => server.http.post('/api/clinicians/invitation/accept', { token, newPassword: NEW_PASSWORD });
    expect((await accept(first)).status).toBe(400);
    expect((await accept(second)).status).toBe(200);
  });

  it('answers 404 for a clinician that does not exist', async () => {
    const token = await adminToken();
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await server.http.post(`/api/admin/clinicians/${missing}/disable`, {}, token)).status).toBe(404);
    expect((await patch(`/api/admin/clinicians/${missing}`, { credentials: 'MD', states: ['MO'] }, token)).status).toBe(404);
    // A patient is not a clinician either.
    const { user } = await insertPatient(server.app);
    expect((await server.http.post(`/api/admin/clinicians/${user.id}/invitation`, {}, token)).body).toEqual({
      message: messages.clinicianNotFound,
    });
  });
});

describe('admins edit a clinician’s licence', () => {
  it('changes the credentials and states, and records both changes', async () => {
    const { clinician } = await signedInClinician(server.app, { states: ['MO', 'IL'], credentials: 'MD' });
    const res = await patch(
      `/api/admin/clinicians/${clinician.userId}`,
      { credentials: 'DO', states: ['TX', 'CA', 'TX'] },
      await adminToken(),
    );
    expect(res.status).toBe(200);
    expect(res.body.clinician).toMatchObject({ credentials: 'DO', states: ['TX', 'CA'] });
    expect(res.body.message).toBe(messages.clinicianSaved('Grace Hopper'));
    const [row] = await server.app.ctx.db.select().from(clinicians).where(eq(clinicians.userId, clinician.userId));
    expect(row).toMatchObject({ credentials: 'DO', states: ['TX', 'CA'] });
    const [audit] = await server.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'PATCH /api/admin/clinicians/:id'), eq(auditLog.subjectUserId, clinician.userId)));
    expect(audit?.details?.changes).toEqual([
      { field: 'credentials', before: 'MD', after: 'DO' },
      { field: 'states', before: ['MO', 'IL'], after: ['TX', 'CA'] },
    ]);
  });

  it('refuses no states, an unknown state or unknown credentials, naming the field, and changes nothing', async () => {
    const { clinician } = await signedInClinician(server.app, { states: ['MO'] });
    const token = await adminToken();
    const url = `/api/admin/clinicians/${clinician.userId}`;
    expect((await patch(url, { credentials: 'MD', states: [] }, token)).body.errors).toEqual({ states: messages.clinicianStatesRequired });
    expect((await patch(url, { credentials: 'MD', states: ['XX'] }, token)).body.errors).toEqual({
      'states.0': messages.clinicianStateUnknown,
    });
    expect((await patch(url, { credentials: 'LPN', states: ['MO'] }, token)).body.errors).toEqual({
      credentials: messages.clinicianCredentials,
    });
    expect((await patch(url, { credentials: 'MD', states: ['MO'], npi: nextNpi() }, token)).status).toBe(400);
    const [row] = await server.app.ctx.db.select().from(clinicians).where(eq(clinicians.userId, clinician.userId));
    expect(row).toMatchObject({ credentials: 'MD', states: ['MO'], npi: clinician.npi });
  });
});

describe('admins disable and enable clinicians', () => {
  it('disabling ends the sessions, takes them off duty and refuses sign-in like a wrong password', async () => {
    const { clinician, token, user } = await signedInClinician(server.app, { onDuty: true });
    const res = await server.http.post(`/api/admin/clinicians/${clinician.userId}/disable`, {}, await adminToken());
    expect(res.status).toBe(200);
    expect(res.body.clinician).toMatchObject({ onDuty: false, disabledAt: expect.any(String) });
    expect(res.body.message).toBe(messages.clinicianAccessOff('Grace Hopper'));
    expect((await server.http.get('/api/clinic/me', token)).status).toBe(401);
    const refused = await login(user.email as string, strongPassword);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual((await login(user.email as string, 'Wrong!pass1')).body);
    expect(refused.body).toEqual({ message: messages.invalidCredentials });
    expect((await mailFor(server.app, user.email as string)).filter((mail) => mail.kind === 'admin-login')).toEqual([]);
  });

  it('disabling twice keeps the first date; enabling gives access back, off duty', async () => {
    const { clinician, user } = await signedInClinician(server.app);
    const token = await adminToken();
    const first = await server.http.post(`/api/admin/clinicians/${clinician.userId}/disable`, {}, token);
    const second = await server.http.post(`/api/admin/clinicians/${clinician.userId}/disable`, {}, token);
    expect((second.body.clinician as { disabledAt: string }).disabledAt).toBe((first.body.clinician as { disabledAt: string }).disabledAt);
    const enabled = await server.http.post(`/api/admin/clinicians/${clinician.userId}/enable`, {}, token);
    expect(enabled.status).toBe(200);
    expect(enabled.body.clinician).toMatchObject({ disabledAt: null, onDuty: false });
    expect(enabled.body.message).toBe(messages.clinicianAccessOn('Grace Hopper'));
    expect((await login(user.email as string, strongPassword)).body.status).toBe('magic_link_sent');
  });

  it('a sign-in link mailed before the clinician was disabled no longer opens a session', async () => {
    const { clinician, user } = await signedInClinician(server.app);
    expect((await login(user.email as string, strongPassword)).body.status).toBe('magic_link_sent');
    const link = await tokenFromMail(server.app, user.email as string, 'admin-login');
    await server.http.post(`/api/admin/clinicians/${clinician.userId}/disable`, {}, await adminToken());
    const res = await server.http.post('/api/auth/verify-admin-login', { token: link });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: messages.magicLinkInvalid });
  });
});

describe('only admins reach the clinicians admin API', () => {
  it('answers anonymous with 401 and a patient or a clinician with 403', async () => {
    const patient = await signedInPatient(server.app);
    const clinician = await signedInClinician(server.app);
    expect((await server.http.get('/api/admin/clinicians')).status).toBe(401);
    expect((await server.http.post('/api/admin/clinicians', inviteBody())).status).toBe(401);
    for (const token of [patient.token, clinician.token]) {
      expect((await server.http.get('/api/admin/clinicians', token)).status).toBe(403);
      expect((await server.http.post('/api/admin/clinicians', inviteBody(), token)).status).toBe(403);
      expect((await server.http.post(`/api/admin/clinicians/${clinician.clinician.userId}/disable`, {}, token)).status).toBe(403);
    }
  });
});

describe('clinicians accept their invitation', () => {
  const accept = (token: string, newPassword = NEW_PASSWORD) =>
    server.http.post('/api/clinicians/invitation/accept', { token, newPassword });

  it('sets the password once; the clinician then signs in by password and e-mailed link, to the clinic', async () => {
    const { body } = await invite({ firstName: 'Mary', lastName: 'Seacole', credentials: 'MD', states: ['NY'] });
    const token = await tokenFromMail(server.app, body.email, 'clinician-invite');
    const res = await accept(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: messages.clinicianInvitationAccepted });
    expect((await accept(token, 'Other!Pass99')).body).toEqual({ message: messages.clinicianInvitationInvalid });

    const signIn = await login(body.email, NEW_PASSWORD);
    expect(signIn.body).toEqual({ status: 'magic_link_sent', verified: true, message: messages.magicLinkSent });
    expect(signIn.body.token).toBeUndefined();
    const [mail] = (await mailFor(server.app, body.email)).filter((m) => m.kind === 'admin-login');
    expect(mail!.subject).toMatch(/clinic sign-in link/);
    expect(mail!.text).toMatch(/\/verify-admin-login\/[A-Za-z0-9_-]{43}\?for=clinic/);
    const link = await tokenFromMail(server.app, body.email, 'admin-login');
    const verified = await server.http.post('/api/auth/verify-admin-login', { token: link });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ message: messages.clinicSignInVerified, user: { email: body.email, roles: [CLINICIAN_ROLE] } });
    const me = await server.http.get('/api/clinic/me', verified.body.token as string);
    expect(me.body).toEqual({ firstName: 'Mary', lastName: 'Seacole', credentials: 'MD', npi: body.npi, states: ['NY'], onDuty: false });
    // A clinician is no admin.
    expect((await server.http.get('/api/admin/me', verified.body.token as string)).status).toBe(403);
  });

  it('refuses an expired link', async () => {
    const { body, res } = await invite();
    const token = await tokenFromMail(server.app, body.email, 'clinician-invite');
    await server.app.ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, (res.body.clinician as { id: string }).id));
    const refused = await accept(token);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: messages.clinicianInvitationInvalid });
  });

  it('refuses an unknown link, and a link of another purpose', async () => {
    expect((await accept('not-a-token')).body).toEqual({ message: messages.clinicianInvitationInvalid });
    const { user } = await signedInClinician(server.app);
    await login(user.email as string, strongPassword);
    const signInLink = await tokenFromMail(server.app, user.email as string, 'admin-login');
    expect((await accept(signInLink)).status).toBe(400);
  });

  it('holds the new password to the sign-up rules, and keeps the link for a better one', async () => {
    const { body } = await invite();
    const token = await tokenFromMail(server.app, body.email, 'clinician-invite');
    const weak = await accept(token, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual({ newPassword: messages.password });
    expect((await accept(token, 'Password1234!')).body.errors).toEqual({ newPassword: messages.passwordTooCommon });
    expect((await accept(token)).status).toBe(200);
  });
});

describe('the clinic’s own API', () => {
  it("answers the clinician's details, and turns duty on and off", async () => {
    const { token, clinician } = await signedInClinician(server.app, { onDuty: false, states: ['MO', 'IL'], credentials: 'PA' });
    const me = await server.http.get('/api/clinic/me', token);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      credentials: 'PA',
      npi: clinician.npi,
      states: ['MO', 'IL'],
      onDuty: false,
    });
    const on = await server.http.put('/api/clinic/duty', { onDuty: true }, token);
    expect(on.status).toBe(200);
    expect(on.body.onDuty).toBe(true);
    expect((await server.http.get('/api/clinic/me', token)).body.onDuty).toBe(true);
    expect((await server.http.put('/api/clinic/duty', { onDuty: false }, token)).body.onDuty).toBe(false);
  });

  it('refuses a duty that is not true or false', async () => {
    const { token } = await signedInClinician(server.app);
    for (const body of [{ onDuty: 'yes' }, {}, { onDuty: true, states: ['MO'] }]) {
      expect((await server.http.put('/api/clinic/duty', body, token)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers a clinician an admin turned off with 403, and changes nothing', async () => {
    const { token, clinician } = await signedInClinician(server.app, { onDuty: false });
    await server.app.ctx.db.update(clinicians).set({ disabledAt: new Date() }).where(eq(clinicians.userId, clinician.userId));
    for (const res of [
      await server.http.get('/api/clinic/me', token),
      await server.http.put('/api/clinic/duty', { onDuty: true }, token),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: messages.clinicianDisabled });
    }
    const [row] = await server.app.ctx.db.select().from(clinicians).where(eq(clinicians.userId, clinician.userId));
    expect(row!.onDuty).toBe(false);
  });

  it('answers anonymous with 401, and a patient or an admin with 403', async () => {
    const patient = await signedInPatient(server.app);
    const admin = await signedInAdmin(server.app);
    for (const [method, url] of [
      ['GET', '/api/clinic/me'],
      ['PUT', '/api/clinic/duty'],
    ] as const) {
      const send = (token?: string) => (method === 'GET' ? server.http.get(url, token) : server.http.put(url, { onDuty: true }, token));
      expect((await send()).status, `${url} anonymous`).toBe(401);
      expect((await send(patient.token)).status, `${url} patient`).toBe(403);
      expect((await send(admin.token)).status, `${url} admin`).toBe(403);
    }
  });

  it('records a change of duty in the trail as the clinician', async () => {
    const { token, clinician } = await signedInClinician(server.app, { onDuty: false });
    await server.http.put('/api/clinic/duty', { onDuty: true }, token);
    // Written once the answer has left (plugins/audit.ts).
    const rows = await eventually('the duty change in the trail', async () => {
      const found = await server.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'PUT /api/clinic/duty'), eq(auditLog.actorUserId, clinician.userId)));
      return found.length > 0 ? found : undefined;
    });
    expect(rows).toMatchObject([{ actorRole: 'clinician', status: 200 }]);
  });
});
