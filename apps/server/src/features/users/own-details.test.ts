import { messages } from '@app/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { eventually, signedInPatient, useTestApp } from '../../test/harness';

const details = {
  firstName: 'Robin',
  lastName: 'Okafor',
  customerPhone: '(314) 555-0177',
  zip: '63130',
  billingAddress: { street: '7 Pine St', city: 'Saint Louis', state: 'MO', zip: '63130', country: 'United States' },
};

describe('PUT /api/users/me: a member corrects their own details', () => {
  const server = useTestApp();

  it('saves the name, phone, ZIP code and billing address, and the profile shows them', async () => {
    const { token } = await signedInPatient(server.app);
    const saved = await server.http.put('/api/users/me', details, token);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      firstName: 'Robin',
      lastName: 'Okafor',
      customerPhone: '3145550177',
      zip: '63130',
      billingAddress: details.billingAddress,
    });
    expect((await server.http.get('/api/users/me', token)).body).toMatchObject({ firstName: 'Robin', customerPhone: '3145550177' });

    const withoutAddress = await server.http.put('/api/users/me', { ...details, billingAddress: null }, token);
    expect(withoutAddress.body.billingAddress).toBeNull();
  });

  it('answers only a signed-in member', async () => {
    expect((await server.http.put('/api/users/me', details)).status).toBe(401);
  });

  it('refuses each broken rule with a 400 naming the field, and changes nothing', async () => {
    const { token, body } = await signedInPatient(server.app);
    for (const [change, field, message] of [
      [{ firstName: ' ' }, 'firstName', messages.required],
      [{ lastName: 'x'.repeat(101) }, 'lastName', undefined],
      [{ customerPhone: '555-0100' }, 'customerPhone', messages.phone],
      [{ zip: '' }, 'zip', messages.zipRequired],
      [{ zip: '12345678901' }, 'zip', messages.zipTooLong],
      [{ billingAddress: { ...details.billingAddress, city: '' } }, 'billingAddress.city', undefined],
    ] as const) {
      const refused = await server.http.put('/api/users/me', { ...details, ...change }, token);
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(refused.body.errors as Record<string, string>), JSON.stringify(change)).toContain(field);
      if (message) expect(refused.body.message).toBe(message);
    }
    // What the member may not set: the e-mail, roles, verification.
    for (const extra of [{ email: 'other@example.com' }, { roles: ['ROLE_ADMIN'] }, { verified: false }]) {
      expect((await server.http.put('/api/users/me', { ...details, ...extra }, token)).status, JSON.stringify(extra)).toBe(400);
    }
    expect((await server.http.get('/api/users/me', token)).body).toMatchObject({ firstName: body.firstName, email: body.email });
  });

  it('#28 is recorded in the audit trail under the member', async () => {
    const { token, user } = await signedInPatient(server.app);
    expect((await server.http.put('/api/users/me', details, token)).status).toBe(200);
    // Written once the answer has left.
    const row = await eventually('the audit row', async () => {
      const rows = await server.app.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.actorUserId, String(user.id)));
      return rows.find((r) => r.action === 'PUT /api/users/me');
    });
    expect(row.status).toBe(200);
  });
});
