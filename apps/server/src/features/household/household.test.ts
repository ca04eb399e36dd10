import { addIsoDays, HOUSEHOLD_MAX_OTHERS, messages, toIsoDate } from '@app/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { householdMembers, users } from '../../db/schema';
import { adminEnv, signedInAdmin, signedInMember, signedInPatient, tokenFromMail, useTestApp } from '../../test/harness';

const server = useTestApp(adminEnv);

/** A date of birth `years` years and `days` days ago. */
const bornYearsAgo = (years: number, days = 10) => {
  const day = new Date();
  day.setFullYear(day.getFullYear() - years);
  return addIsoDays(toIsoDate(day), -days);
};
const child = (change: Record<string, unknown> = {}) => ({
  firstName: 'Mia',
  lastName: 'Member',
  dob: bornYearsAgo(7),
  sex: 'female',
  relationship: 'child',
  ...change,
});
const addChild = (token: string, change: Record<string, unknown> = {}) => server.http.post('/api/household/children', child(change), token);
const memberRows = (holderId: string) => server.app.ctx.db.select().from(householdMembers).where(eq(householdMembers.holderId, holderId));

describe('the family card', () => {
  it('adds a child under 18 with the adult as guardian: an account nobody can sign in to, listed first by the holder', async () => {
    const holder = await signedInMember(server.app, 'familyMonthly');
    const res = await addChild(holder.token);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(messages.childAdded('Mia'));

    const household = await server.http.get('/api/household', holder.token);
    expect(household.status).toBe(200);
    expect(household.body).toMatchObject({ family: true, youHold: true, maxOthers: HOUSEHOLD_MAX_OTHERS, invitations: [] });
    const people = household.body.people as Array<Record<string, unknown>>;
    expect(people.map((p) => [p.role, p.firstName, p.managedByYou, p.bookable])).toEqual([
      ['holder', holder.user.firstName, true, true],
      ['child', 'Mia', true, true],
    ]);
    expect(people[1]).toMatchObject({ age: 7, relationship: 'child', turned18: false });

    const [account] = await server.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, res.body.id as string));
    expect(account!.email).toMatch(/@dependents\.invalid$/);
    const signIn = await server.http.post('/api/auth/login', { email: account!.email, password: 'Str0ng!pass' });
    expect(signIn.status).toBe(401);
  });

  it('gives a member outside a family a household of one, and refuses to add people to it', async () => {
    const member = await signedInMember(server.app, 'individualMonthly');
    const household = await server.http.get('/api/household', member.token);
    expect(household.body).toMatchObject({ family: false, youHold: true });
    expect((household.body.people as unknown[]).length).toBe(1);
    const refused = await addChild(member.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.householdFamilyOnly);
    const oneTime = await signedInMember(server.app, 'oneTimeVisit');
    expect((await server.http.post('/api/household/invitations', { email: 'someone@example.com' }, oneTime.token)).status).toBe(403);
  });

  it(`refuses a seventh person (${HOUSEHOLD_MAX_OTHERS} besides the holder), open invitations counting, and writes nothing`, async () => {
    const holder = await signedInMember(server.app, 'familyMonthly');
    for (let i = 0; i < HOUSEHOLD_MAX_OTHERS - 1; i += 1) expect((await addChild(holder.token, { firstName: `Kid${i}` })).status).toBe(201);
    expect(
      (await server.http.post('/api/household/invitations', { email: `partner-${Date.now()}@example.com` }, holder.token)).status,
    ).toBe(201);
    const seventh = await addChild(holder.token, { firstName: 'Seventh' });
    expect(seventh.status).toBe(409);
    expect(seventh.body.message).toBe(messages.householdFull(HOUSEHOLD_MAX_OTHERS));
    const invite = await server.http.post('/api/household/invitations', { email: `another-${Date.now()}@example.com` }, holder.token);
    expect(invite.status).toBe(409);
    expect(await memberRows(holder.user.id as string)).toHaveLength(HOUSEHOLD_MAX_OTHERS - 1);
  });

  it('adds five at once and no more, whatever races the form', async () => {
    const holder = await signedInMember(server.app, 'familyMonthly');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => addChild(holder.token, { firstName: `Racer${i}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(HOUSEHOLD_MAX_OTHERS);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(3);
  });

  it.each([
    ['a child of 18', { dob: bornYearsAgo(18) }, 'dob', messages.childTooOld],
    ['a child older than 17', { dob: bornYearsAgo(40) }, 'dob', messages.childTooOld],
    ['a birth date in the future', { dob: addIsoDays(toIsoDate(new Date()), 3) }, 'dob', messages.dobFuture],
    ['no sex', { sex: 'x' }, 'sex', messages.childSexRequired],
    ['no relationship', { relationship: 'neighbour' }, 'relationship', messages.childRelationshipRequired],
    ['no first name', { firstName: ' ' }, 'firstName', messages.required],
  ])('refuses %s with 400 naming the field', async (_name, change, field, message) => {
    const holder = await signedInMember(server.app, 'familyMonthly');
    const res = await addChild(holder.token, change);
    expect(res.status).toBe(400);
    expect((res.body.errors as Record<string, string>)[field]).toBe(message);
    expect(await memberRows(holder.user.id as string)).toEqual([]);
  });
});

describe('inviting an adult', () => {
  it('mails a link through which the adult creates their own login and joins the family, once', async () => {
    const holder = await signedInMember(server.app, 'familyMonthly');
    const email = `partner-${Date.now()}@example.com`;
    const sent = await server.http.post('/api/household/invitations', { email: email.toUpperCase() }, holder.token);
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(messages.inviteSent(email));
    const token = await tokenFromMail(server.app, email, 'household-invite');

    const shown = await server.http.post('/api/household/invitation/read', { token });
    expect(shown.body).toEqual({ holderName: `${String(holder.user.firstName)} ${String(holder.user.lastName)}`, email });
    const signUp = {
      token,
      firstName: 'Sam',
      lastName: 'Partner',
      dob: '1988-03-04',
      customerPhone: '(314) 555-0101',
      zip: '63101',
      newPassword: 'An0ther!pass',
    };
    const joined = await server.http.post('/api/household/invitation/sign-up', signUp);
    expect(joined.status).toBe(200);
    expect((await server.http.post('/api/household/invitation/sign-up', signUp)).status).toBe(400);

    const login = await server.http.post('/api/auth/login', { email, password: 'An0ther!pass' });
    expect(login.status).toBe(200);
    const theirs = await server.http.get('/api/household', login.body.token as string);
    expect(theirs.body).toMatchObject({ family: true, youHold: false, invitations: [] });
    expect((theirs.body.people as Array<Record<string, unknown>>).map((p) => [p.role, p.managedByYou])).toEqual([
      ['holder', false],
      ['adult', true],
    ]);
  });

  it('links an existing account signed in with the invited address, and refuses another account', async () => {
    const holder = await signedInMember(server.app, 'familyMonthly');
    const adult = await signedInPatient(server.app);
    const stranger = await signedInPatient(server.app);
    await server.http.post('/api/household/invitations', { email: adult.body.email }, holder.token);
    const token = await tokenFromMail(server.app, adult.body.email, 'household-invite');
    const wrong = await server.http.post('/api/household/invitation/accept', { token }, stranger.token);
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(messages.inviteWrongAccount(adult.body.email));
    const accepted = await server.http.post('/api/household/invitation/accept', { token }, adult.token);
    expect(accepted.status).toBe(200);
    expect(await memberRows(holder.user.id as string)).toMatchObject([{ userId: adult.user.id, role: 'adult', guardianId: null }]);
  });

  it('refuses an address that already belongs to another household, and one’s own, naming the field', async () => {
    const other = await signedInMember(server.app, 'familyMonthly');
    const taken = await signedInPatient(server.app);
    await server.app.ctx.db
      .insert(householdMembers)
      .values({ userId: taken.user.id as string, holderId: other.user.id as string, role: 'adult' });
    const holder = await signedInMember(server.app, 'familyMonthly');
    for (const [email, message] of [
      [taken.body.email, messages.inviteOtherHousehold],
      [other.body.email.toUpperCase(), messages.inviteOtherHousehold],
      [holder.body.email, messages.inviteOwnAddress],
    ] as const) {
      expect((await addChild(other.token)).status).toBe(201);
      const res = await server.http.post('/api/household/invitations', { email }, holder.token);
      expect(res.status, email).toBe(400);
      expect((res.body.errors as Record<string, string>).email).toBe(message);
    }
  });

  it('lets only the holder invite and remove, and an adult leave', async () => {
    const holder = await signedInMember(server.app, 'familyMonthly');
    const adult = await signedInPatient(server.app);
    await server.app.ctx.db
      .insert(householdMembers)
      .values({ userId: adult.user.id as string, holderId: holder.user.id as string, role: 'adult' });
    expect((await server.http.post('/api/household/invitations', { email: 'x@example.com' }, adult.token)).status).toBe(403);
    const kid = await addChild(adult.token);
    expect((await server.http.delete(`/api/household/people/${kid.body.id as string}`, adult.token)).status).toBe(403);
    expect((await server.http.post('/api/household/leave', {}, holder.token)).status).toBe(400);

    const left = await server.http.post('/api/household/leave', {}, adult.token);
    expect(left.body.message).toBe(messages.householdLeft);
    // The adult takes the child they keep the record of.
    expect(await memberRows(holder.user.id as string)).toEqual([]);
    expect(await memberRows(adult.user.id as string)).toMatchObject([{ userId: kid.body.id, role: 'child', guardianId: adult.user.id }]);

    const other = await addChild(holder.token, { firstName: 'Leo' });
    const removed = await server.http.delete(`/api/household/people/${other.body.id as string}`, holder.token);
    expect(removed.body.message).toBe(messages.personRemoved('Leo Member'));
    expect(await memberRows(holder.user.id as string)).toEqual([]);
  });
});

describe('a child who turns 18', () => {
  it('is shown to the guardian with the words, can no longer be booked, and takes their record into their own login', async () => {
    const holder = await signedInMember(server.app, 'familyMonthly');
    const kid = await addChild(holder.token, { firstName: 'Ava' });
    const id = kid.body.id as string;
    await server.app.ctx.db
      .update(users)
      .set({ dob: bornYearsAgo(18) })
      .where(eq(users.id, id));
    const person = ((await server.http.get('/api/household', holder.token)).body.people as Array<Record<string, unknown>>)[1];
    expect(person).toMatchObject({ id, turned18: true, bookable: false });

    const email = `ava-${Date.now()}@example.com`;
    expect((await server.http.post(`/api/household/people/${id}/invitation`, { email }, holder.token)).status).toBe(201);
    const token = await tokenFromMail(server.app, email, 'household-invite');
    const signUp = {
      token,
      firstName: 'Ava',
      lastName: 'Member',
      dob: bornYearsAgo(18),
      customerPhone: '3145550102',
      zip: '63101',
      newPassword: 'Own!login9',
    };
    expect((await server.http.post('/api/household/invitation/sign-up', signUp)).status).toBe(200);
    const login = await server.http.post('/api/auth/login', { email, password: 'Own!login9' });
    expect(login.status).toBe(200);
    expect((login.body.user as Record<string, unknown>).id).toBe(id);
    expect(await memberRows(holder.user.id as string)).toMatchObject([{ userId: id, role: 'adult', guardianId: null }]);
  });

  it('is invited only at 18', async () => {
    const holder = await signedInMember(server.app, 'familyMonthly');
    const kid = await addChild(holder.token);
    const res = await server.http.post(
      `/api/household/people/${kid.body.id as string}/invitation`,
      { email: 'kid@example.com' },
      holder.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.inviteOnlyForAdults);
  });
});

describe('who loses coverage, and the admin view', () => {
  it('lists everyone but the holder as losing coverage, and shows an admin the whole household', async () => {
    const holder = await signedInMember(server.app, 'familyMonthly');
    const kid = await addChild(holder.token, { firstName: 'Noah' });
    const loss = await server.http.get('/api/household/coverage-loss', holder.token);
    expect(loss.body).toEqual({ people: [{ id: kid.body.id, firstName: 'Noah', lastName: 'Member' }] });

    const admin = await signedInAdmin(server.app);
    const seen = await server.http.get(`/api/admin/users/${kid.body.id as string}/household`, admin.token);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      family: true,
      people: [
        { id: holder.user.id, role: 'holder', email: holder.body.email },
        { id: kid.body.id, role: 'child', email: null, relationship: 'child', guardianId: holder.user.id },
      ],
    });
    expect((await server.http.get(`/api/admin/users/${kid.body.id as string}/household`, holder.token)).status).toBe(403);
  });
});
