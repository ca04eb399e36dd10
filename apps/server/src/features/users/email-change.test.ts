import { messages } from '@app/shared';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { signedInPatient, strongPassword, useTestApp, waitForMail } from '../../test/harness';

/** The token in the newest confirmation link mailed to an address. */
async function changeToken(app: App, to: string) {
  const mail = await waitForMail(app, to, 'confirm-email-change');
  return /confirm-email-change\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

let counter = 0;
const freshAddress = () => `new.${++counter}.${Date.now()}@example.com`;

describe("a member's change of e-mail", () => {
  const server = useTestApp();

  it('changes nothing until the link to the new address is used; then signs in with it, ends other sessions and tells the old address', async () => {
    const here = await signedInPatient(server.app);
    const { token: elsewhere } = await server.http
      .post('/api/auth/login', { email: here.body.email, password: strongPassword })
      .then((r) => ({
        token: r.body.token as string,
      }));
    const newEmail = freshAddress();
    const asked = await server.http.post('/api/users/email', { newEmail, currentPassword: strongPassword }, here.token);
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.message).toBe(messages.emailChangeSent);
    expect((await server.http.get('/api/users/me', here.token)).body.email).toBe(here.body.email);

    const token = await changeToken(server.app, newEmail);
    const confirmed = await server.http.post('/api/users/email/confirm', { token }, here.token);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.message).toBe(messages.emailChangeConfirmed);

    expect((await server.http.get('/api/users/me', here.token)).body.email).toBe(newEmail);
    expect((await server.http.get('/api/users/me', elsewhere)).status).toBe(401);
    await waitForMail(server.app, here.body.email, 'email-changed');
    expect((await server.http.post('/api/auth/login', { email: newEmail, password: strongPassword })).status).toBe(200);
    expect((await server.http.post('/api/auth/login', { email: here.body.email, password: strongPassword })).status).toBe(401);
    // The link works once.
    expect((await server.http.post('/api/users/email/confirm', { token })).status).toBe(400);
  });

  it('answers a change to an address in use as it answers any other, changes nothing, and tells that address', async () => {
    const member = await signedInPatient(server.app);
    const other = await signedInPatient(server.app);
    const asked = await server.http.post('/api/users/email', { newEmail: other.body.email, currentPassword: strongPassword }, member.token);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: messages.emailChangeSent });
    await waitForMail(server.app, other.body.email, 'email-change-refused');
    expect((await server.http.get('/api/users/me', member.token)).body.email).toBe(member.body.email);
  });

  it('refuses a wrong password, the same address, a malformed one and a made-up link with a 4xx naming the field', async () => {
    const member = await signedInPatient(server.app);
    const wrong = await server.http.post('/api/users/email', { newEmail: freshAddress(), currentPassword: 'not-it' }, member.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: messages.currentPasswordWrong });
    const same = await server.http.post('/api/users/email', { newEmail: member.body.email, currentPassword: strongPassword }, member.token);
    expect(same.body.errors).toEqual({ newEmail: messages.emailChangeSame });
    const malformed = await server.http.post('/api/users/email', { newEmail: 'nobody', currentPassword: strongPassword }, member.token);
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.errors as object)).toEqual(['newEmail']);
    expect((await server.http.post('/api/users/email', { newEmail: freshAddress(), currentPassword: strongPassword })).status).toBe(401);
    const madeUp = await server.http.post('/api/users/email/confirm', { token: 'made-up' });
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.message).toBe(messages.emailChangeTokenInvalid);
  });

  it('refuses a link whose address another account took since it was sent, and keeps the account as it was', async () => {
    const member = await signedInPatient(server.app);
    const newEmail = freshAddress();
    await server.http.post('/api/users/email', { newEmail, currentPassword: strongPassword }, member.token);
    const token = await changeToken(server.app, newEmail);
    await signedInPatient(server.app, { email: newEmail });
    expect((await server.http.post('/api/users/email/confirm', { token })).status).toBe(400);
    expect((await server.http.get('/api/users/me', member.token)).body.email).toBe(member.body.email);
  });
});
