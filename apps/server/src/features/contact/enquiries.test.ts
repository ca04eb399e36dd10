import { messages } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { auditLog, enquiryReplies } from '../../db/schema';
import { adminEnv, mailFor, signedInAdmin, signedInPatient, useTestApp } from '../../test/harness';
import { insertEnquiry } from './repository';

const server = useTestApp(adminEnv);

let enquiries = 0;
/** An enquiry as the contact form stores it. */
async function newEnquiry() {
  enquiries += 1;
  const email = `asker.${enquiries}.${Date.now()}@example.com`;
  const id = await insertEnquiry(server.app.ctx.db, {
    fullName: 'Jordan Lee',
    email,
    phone: '3145550199',
    message: 'Do you treat sinus infections for children?',
    smsOptIn: true,
    customerState: 'MO',
    customerCountry: 'US',
  });
  return { id, email };
}

describe('the enquiries of the console', () => {
  it('are for admins only', async () => {
    const patient = await signedInPatient(server.app);
    const { id } = await newEnquiry();
    expect((await server.http.get('/api/admin/enquiries', patient.token)).status).toBe(403);
    expect((await server.http.get(`/api/admin/enquiries/${id}`, patient.token)).status).toBe(403);
    expect((await server.http.post(`/api/admin/enquiries/${id}/replies`, { body: 'Hi' }, patient.token)).status).toBe(403);
    expect((await server.http.put(`/api/admin/enquiries/${id}/status`, { status: 'closed' }, patient.token)).status).toBe(403);
  });

  it('lists who wrote and when, never the message, with counts per status', async () => {
    const { token } = await signedInAdmin(server.app);
    const { id, email } = await newEnquiry();
    const res = await server.http.get('/api/admin/enquiries?status=new&size=100', token);
    expect(res.status).toBe(200);
    expect(res.body.content).toContainEqual({ id, email, fullName: 'Jordan Lee', status: 'new', createdAt: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toContain('sinus');
    expect(res.body.counts).toMatchObject({ new: expect.any(Number), answered: expect.any(Number), closed: expect.any(Number) });
  });

  it('opens an enquiry for an admin and records the read before answering, with the message sealed at rest', async () => {
    const { token, user } = await signedInAdmin(server.app);
    const { id } = await newEnquiry();
    const res = await server.http.get(`/api/admin/enquiries/${id}`, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      message: 'Do you treat sinus infections for children?',
      phone: '(314) 555-0199',
      location: 'MO, US',
    });
    const rows = await server.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'GET /api/admin/enquiries/:enquiryId'));
    expect(rows.map((row) => row.details)).toContainEqual({ enquiryId: id });
    expect(rows.find((row) => row.details?.enquiryId === id)).toMatchObject({ actorUserId: user.id, subjectUserId: null });
    const [stored] = await queryRows<{ message: string }>(server.app.ctx.db, sql`SELECT message FROM enquiries WHERE id = ${id}`);
    expect(stored!.message).not.toContain('sinus');
  });

  it('sends a reply by e-mail through the outbox, keeps it sealed with the enquiry, and marks it answered', async () => {
    const { token, user } = await signedInAdmin(server.app);
    const { id, email } = await newEnquiry();
    const res = await server.http.post(`/api/admin/enquiries/${id}/replies`, { body: 'Yes, from age 2.\n\nCall us any time.' }, token);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(messages.enquiryReplySent(email));
    expect(res.body.enquiry).toMatchObject({
      status: 'answered',
      replies: [{ body: 'Yes, from age 2.\n\nCall us any time.', authorEmail: user.email }],
    });
    const [mail] = await mailFor(server.app, email);
    expect(mail).toMatchObject({ kind: 'enquiry-reply' });
    expect(mail!.text).toContain('Call us any time.');
    const [stored] = await queryRows<{ body: string }>(server.app.ctx.db, sql`SELECT body FROM ${enquiryReplies} WHERE enquiry_id = ${id}`);
    expect(stored!.body).not.toContain('Call us');
  });

  it('refuses an empty reply and an unknown enquiry, and changes nothing', async () => {
    const { token } = await signedInAdmin(server.app);
    const { id, email } = await newEnquiry();
    const empty = await server.http.post(`/api/admin/enquiries/${id}/replies`, { body: '  ' }, token);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(messages.enquiryReplyRequired);
    expect(await mailFor(server.app, email)).toEqual([]);
    const unknown = await server.http.post('/api/admin/enquiries/00000000-0000-4000-8000-000000000000/replies', { body: 'Hi' }, token);
    expect(unknown.status).toBe(404);
  });

  it('closes and reopens an enquiry', async () => {
    const { token } = await signedInAdmin(server.app);
    const { id } = await newEnquiry();
    const closed = await server.http.put(`/api/admin/enquiries/${id}/status`, { status: 'closed' }, token);
    expect(closed.status).toBe(200);
    expect(closed.body.enquiry).toMatchObject({ status: 'closed' });
    const list = await server.http.get('/api/admin/enquiries?status=closed&size=100', token);
    expect((list.body.content as { id: string }[]).map((row) => row.id)).toContain(id);
    expect((await server.http.put(`/api/admin/enquiries/${id}/status`, { status: 'spam' }, token)).status).toBe(400);
  });
});
