import { messages } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt, testPlans } from '../../../test/helpers';
import ProfilePage, { greetingName, initials } from './profile-page';

const NEW = 'Brand!New9';
const profile = {
  id: 'u1',
  email: 'Pat.Lee@Example.com',
  firstName: 'Pat',
  lastName: '',
  fullName: 'Pat',
  customerPhone: '5551234567',
  zip: null,
  verified: true,
  emailVerificationStat: 'verified',
  subscriptionPlan: 'familyMonthly',
  planId: 'familyMonthly',
  subscriptionStatus: 'pending',
  roles: ['user'],
};

const thisDevice = {
  id: 's1',
  current: true,
  device: 'Chrome on Windows',
  place: 'Missouri, US',
  signedInAt: '2026-11-20T15:00:00Z',
  lastActiveAt: '2026-11-27T15:00:00Z',
  rememberMe: false,
};
const laptop = { ...thisDevice, id: 's2', current: false, device: 'Safari on macOS', place: null };

function setup(me: Response | (() => Response | Promise<Response>), extra: Parameters<typeof mockApi>[0] = {}) {
  window.sessionStorage.setItem('authUser', JSON.stringify({ email: 'pat.lee@example.com', verified: true }));
  window.sessionStorage.setItem('authToken', 'token');
  const api = mockApi({
    'GET /api/users/me': me,
    'GET /api/plans': json(200, testPlans),
    'GET /api/users/me/payments': json(200, []),
    'GET /api/users/me/health-history': json(200, { history: null, savedAt: null }),
    'GET /api/users/me/sessions': json(200, [thisDevice]),
    'GET /api/users/me/notifications': json(200, { email: 'always', sms: true }),
    // A household of one, as outside a family membership: the family card stays away.
    'GET /api/household': json(200, { family: false, youHold: false, maxOthers: 5, people: [], invitations: [] }),
    ...extra,
  });
  return { api, ...renderAt('/profile', <ProfilePage />) };
}

describe('greeting', () => {
  it('uses the first name, else the e-mail, else "there"', () => {
    expect(greetingName({ firstName: 'Ada', email: 'x@y.z' })).toBe('Ada');
    expect(greetingName({ firstName: ' ', email: 'ada.l@y.z' })).toBe('Ada.l');
    expect(greetingName(null)).toBe('there');
    expect(initials({ firstName: 'ada', lastName: 'lovelace' })).toBe('AL');
    expect(initials({ email: 'zed@y.z' })).toBe('Z');
  });
});

describe('profile page', () => {
  it('shows the account details, the membership and caches the profile', async () => {
    setup(json(200, profile));
    expect(await screen.findByRole('heading', { name: 'Hello, Pat' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: /Phone/ }).textContent).toContain('(555) 123-4567');
    expect(within(table).getByRole('row', { name: /Last name/ }).textContent).toContain(messages.notProvided);
    expect(within(table).getByRole('row', { name: /ZIP code/ }).textContent).toContain(messages.notProvided);
    expect(await screen.findByText('Family Monthly')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    const cache = JSON.parse(window.sessionStorage.getItem('profileCache')!);
    expect(cache).toMatchObject({ email: 'pat.lee@example.com', firstName: 'Pat' });
    expect(cache).not.toHaveProperty('lastName');
    expect(cache).not.toHaveProperty('zip');
    expect(cache).not.toHaveProperty('customerPhone');
  });

  it('links to the health history with whether it is filled in', async () => {
    setup(json(200, profile));
    expect(await screen.findByText(messages.healthHistoryNotFilled)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your health history' })).toHaveAttribute('href', '/health-history');
  });

  it('says when the health history was last updated', async () => {
    setup(json(200, profile), {
      'GET /api/users/me/health-history': json(200, { history: {}, savedAt: '2026-11-20T15:00:00.000Z' }),
    });
    expect(await screen.findByText(/^Updated Nov 20, 2026/)).toBeInTheDocument();
  });

  it('warns about an unverified e-mail, except right after sign-in', async () => {
    setup(json(200, { ...profile, verified: false, emailVerificationStat: 'unverified' }));
    expect(await screen.findByText(messages.profileUnverified)).toBeInTheDocument();
  });

  it('suppresses the unverified banner right after sign-in', async () => {
    window.sessionStorage.setItem('justLoggedIn', '1');
    setup(json(200, { ...profile, verified: false, emailVerificationStat: 'unverified' }));
    expect(await screen.findByRole('heading', { name: 'Hello, Pat' })).toBeInTheDocument();
    expect(screen.queryByText(messages.profileUnverified)).toBeNull();
  });

  it('falls back to /api/auth/me on 404 and offers a retry when loading fails', async () => {
    let me = json(404, { message: 'nope' });
    const { api } = setup(() => me, { 'GET /api/auth/me': () => json(500, {}) });
    expect(await screen.findByText(messages.profileLoadFailed)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/auth/me')).toHaveLength(1);
    me = json(200, profile);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Hello, Pat' })).toBeInTheDocument();
  });

  it('loads the profile and the payments afresh on every visit, with the spinner', async () => {
    // Once held, the profile's answers wait until the test has seen the spinner they load under.
    let held = false;
    let answer = () => {};
    const seenSpinner = new Promise<void>((resolve) => (answer = resolve));
    const { api, router } = setup(async () => {
      if (held) await seenSpinner;
      return json(200, profile);
    });
    expect(await screen.findByRole('heading', { name: 'Hello, Pat' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/users/me/payments')).toHaveLength(1));
    await router.navigate('/');
    expect(await screen.findByRole('heading', { name: 'stub /' })).toBeInTheDocument();
    const [profileReads, paymentReads] = [api.callsTo('GET', '/api/users/me').length, api.callsTo('GET', '/api/users/me/payments').length];
    held = true;
    await router.navigate('/profile');
    expect(await screen.findByText('Loading your profile…')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Account details')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/users/me').length).toBeGreaterThan(profileReads);
    await waitFor(() => expect(api.callsTo('GET', '/api/users/me/payments').length).toBeGreaterThan(paymentReads));
  });

  it('signs out locally on 401 and goes to sign in', async () => {
    const { router } = setup(json(401, { message: messages.sessionExpired }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.sessionStorage.getItem('authToken')).toBeNull();
    // Also kept in storage: the route guard's own redirect to /login carries no navigation state.
    expect(JSON.parse(window.sessionStorage.getItem('loginFlash') ?? 'null')).toEqual({
      message: messages.sessionExpired,
      tone: 'warning',
    });
  });

  it('corrects the details in place: the saved answer shows at once', async () => {
    const saved = { ...profile, firstName: 'Patricia', lastName: 'Lee', customerPhone: '3145550177', zip: '63130', billingAddress: null };
    const { api } = setup(json(200, profile), { 'PUT /api/users/me': json(200, saved) });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    const first = screen.getByLabelText<HTMLInputElement>('First name');
    expect(first).toHaveFocus();
    await userEvent.clear(first);
    await userEvent.type(first, 'Patricia');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lee');
    const phone = screen.getByLabelText('Phone number');
    await userEvent.clear(phone);
    await userEvent.type(phone, '3145550177');
    await userEvent.type(screen.getByLabelText('ZIP code'), '63130');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(messages.detailsUpdated)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/me')[0]?.body).toEqual({
      firstName: 'Patricia',
      lastName: 'Lee',
      customerPhone: '3145550177',
      zip: '63130',
      billingAddress: null,
    });
    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: /First name/ }).textContent).toContain('Patricia');
    expect(within(table).getByRole('row', { name: /Phone/ }).textContent).toContain('(314) 555-0177');
  });

  it('checks the details by the sign-up rules, and a billing address whole or not at all', async () => {
    const { api } = setup(json(200, { ...profile, lastName: 'Lee', zip: '63101' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    await userEvent.clear(screen.getByLabelText('First name'));
    await userEvent.type(screen.getByLabelText('City'), 'Saint Louis');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(messages.required);
    expect(screen.getByLabelText('Street address')).toHaveAccessibleDescription(/.+/);
    expect(screen.getByLabelText('City')).not.toHaveAccessibleDescription(/.+/);
    expect(api.callsTo('PUT', '/api/users/me')).toHaveLength(0);
  });

  it('lists where the member is signed in and signs out of one device, then of every other one', async () => {
    let listed = [thisDevice, laptop, { ...laptop, id: 's3', device: 'Firefox on Linux' }];
    const { api } = setup(json(200, profile), {
      'GET /api/users/me/sessions': () => json(200, listed),
      'DELETE /api/users/me/sessions/s2': () => {
        listed = listed.filter((s) => s.id !== 's2');
        return new Response(null, { status: 204 });
      },
      'POST /api/users/me/sessions/sign-out-others': () => {
        listed = [thisDevice];
        return json(200, { message: messages.otherSessionsEnded });
      },
    });
    const card = await screen.findByRole('region', { name: "Where you're signed in" });
    expect(await within(card).findByText('Chrome on Windows')).toBeInTheDocument();
    expect(within(card).getByText(/Missouri, US · Signed in Nov 20, 2026 · This device/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Sign out of Safari on macOS' }));
    expect(await within(card).findByText('Signed out of Safari on macOS.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/users/me/sessions/s2')).toHaveLength(1);
    await waitFor(() => expect(within(card).queryByText('Safari on macOS')).toBeNull());
    await userEvent.click(within(card).getByRole('button', { name: 'Sign out of other devices' }));
    expect(await within(card).findByText(messages.otherSessionsEnded)).toBeInTheDocument();
    await waitFor(() => expect(within(card).queryByText('Firefox on Linux')).toBeNull());
    expect(within(card).queryByRole('button', { name: 'Sign out of other devices' })).toBeNull();
  });

  it('updates the password', async () => {
    const { api } = setup(json(200, profile), { 'PUT /api/users/password': json(200, { message: messages.passwordUpdated }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Update password' });
    expect(submit.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Current password'), 'Old!pass1');
    await userEvent.type(screen.getByLabelText('New password'), NEW);
    await userEvent.type(screen.getByLabelText('Confirm new password'), NEW);
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    expect(await screen.findByText(messages.passwordUpdated)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/password')[0]?.body).toEqual({ currentPassword: 'Old!pass1', newPassword: NEW });
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it('#2 explains a common new password and keeps Update disabled', async () => {
    setup(json(200, profile));
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    await userEvent.type(screen.getByLabelText('Current password'), 'Old!pass1');
    await userEvent.type(screen.getByLabelText('New password'), 'Welcome2024!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Welcome2024!');
    expect(screen.getByText(messages.passwordTooCommon)).toBeInTheDocument();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Update password' }).disabled).toBe(true);
  });

  it('shows why a password update failed', async () => {
    setup(json(200, profile), {
      'PUT /api/users/password': json(400, {
        message: messages.currentPasswordWrong,
        errors: { currentPassword: messages.currentPasswordWrong },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    await userEvent.type(within(screen.getByRole('region', { name: 'Password' })).getByLabelText('Current password'), 'wrong');
    await userEvent.type(screen.getByLabelText('New password'), NEW);
    await userEvent.type(screen.getByLabelText('Confirm new password'), NEW);
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    // The e-mail and deletion cards ask for the password too: this is the password card's.
    const card = within(screen.getByRole('region', { name: 'Password' }));
    expect(within(await card.findByRole('alert')).getByText(messages.currentPasswordWrong)).toBeInTheDocument();
    expect(card.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    // The server's message describes the old value: editing the field drops it.
    await userEvent.type(card.getByLabelText('Current password'), '!');
    expect(card.getByLabelText('Current password').getAttribute('aria-invalid')).toBeNull();
  });

  it("says 'Passwords do not match.' once the confirmation is complete, and keeps Update disabled", async () => {
    setup(json(200, profile));
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    await userEvent.type(screen.getByLabelText('Current password'), 'Old!pass1');
    await userEvent.type(screen.getByLabelText('New password'), NEW);
    await userEvent.type(screen.getByLabelText('Confirm new password'), NEW.slice(0, -1));
    expect(screen.queryByText(messages.passwordsDoNotMatch)).toBeNull();
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'x');
    expect(screen.getByText(messages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Update password' }).disabled).toBe(true);
  });

  it('turns text messages off and on with the Notifications switch, and says why it cannot be on without a phone', async () => {
    // The first change is saved; the second is refused, as for a member whose phone was removed meanwhile.
    let saves = 0;
    const { api } = setup(json(200, profile), {
      'PUT /api/users/me/notifications': () =>
        ++saves === 1
          ? json(200, { email: 'always', sms: false })
          : json(400, { message: messages.smsNeedsPhone, errors: { sms: messages.smsNeedsPhone } }),
    });
    const card = await screen.findByRole('region', { name: messages.notificationsTitle });
    expect(within(card).getByText(messages.notificationsEmail)).toBeInTheDocument();
    const toggle = await within(card).findByRole('switch', { name: messages.notificationsSmsLabel });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(messages.notificationsSmsHelp);
    await userEvent.click(toggle);
    expect(await within(card).findByText(messages.notificationsSmsOff)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(api.callsTo('PUT', '/api/users/me/notifications')).toHaveLength(1);
    await userEvent.click(toggle);
    expect(await within(card).findByText(messages.smsNeedsPhone)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });
});
