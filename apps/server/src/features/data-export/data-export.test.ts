import { messages } from '@app/shared';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { dataExports, visitMessages } from '../../db/schema';
import { runHousekeeping } from '../../jobs/housekeeping';
import {
  insertCompletedSignedVisit,
  signedInClinician,
  signedInMember,
  signedInPatient,
  useTestApp,
  waitForMail,
} from '../../test/harness';
import { heldMessageVisit, jpegWithLocation, sendPhoto } from '../../test/photos';

/** The download link the newest "ready" mail to an address carries, as the API's query. */
async function linkFromMail(app: App, to: string) {
  const mail = await waitForMail(app, to, 'data-export-ready');
  const url = new URL(/(http\S+\/data-export\?\S+)/.exec(mail.text)![1]!);
  return `/api/data-export/archive?${url.searchParams.toString()}`;
}

const DAY = 24 * 60 * 60_000;

describe('"Download my data"', () => {
  const server = useTestApp();

  /** A member with a signed visit whose thread holds a message: what the archive must carry. */
  async function memberWithAVisit() {
    const member = await signedInMember(server.app);
    const { clinician } = await signedInClinician(server.app);
    const visit = await insertCompletedSignedVisit(server.app, { patientId: member.user.id as string, clinicianId: clinician.userId });
    await server.app.ctx.db
      .insert(visitMessages)
      .values({ visitId: visit.id, authorId: member.user.id as string, fromSide: 'patient', text: 'Thank you, doctor' });
    return { ...member, visit };
  }

  it('prepares the archive in the background and mails a link; the archive holds the data as JSON and each summary as a PDF, sealed at rest', async () => {
    const member = await memberWithAVisit();
    expect((await server.http.get('/api/data-export', member.token)).body).toEqual({ status: 'none' });
    const asked = await server.http.post('/api/data-export', {}, member.token);
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body.message).toBe(messages.dataExportRequested);

    const link = await linkFromMail(server.app, member.body.email);
    expect((await server.http.get('/api/data-export', member.token)).body).toMatchObject({ status: 'ready' });
    const response = await server.app.inject({ method: 'GET', url: link, headers: { authorization: `Bearer ${member.token}` } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['cache-control']).toBe('no-store');

    const files = unzipSync(new Uint8Array(response.rawPayload));
    const data = JSON.parse(strFromU8(files['my-data.json']!)) as Record<string, unknown>;
    expect(data).toMatchObject({
      profile: { email: member.body.email, firstName: member.body.firstName },
      household: { family: false, people: [expect.objectContaining({ id: member.user.id })] },
      healthHistory: [],
      visits: [
        {
          id: member.visit.id,
          summary: { note: { assessment: 'Strep throat, likely.' } },
          messages: [{ from: 'patient', text: 'Thank you, doctor' }],
        },
      ],
      payments: [],
    });
    expect(data).toHaveProperty('consents');
    expect(data).toHaveProperty('signIns');
    const pdfs = Object.keys(files).filter((name) => name.startsWith('visit-summaries/'));
    expect(pdfs).toHaveLength(1);
    expect(strFromU8(files[pdfs[0]!]!.subarray(0, 5))).toBe('%PDF-');

    // What the storage holds is sealed: no ZIP and none of the member's words can be read there.
    const [row] = await server.app.ctx.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, member.user.id as string));
    const stored: Buffer[] = [];
    for await (const chunk of await server.app.ctx.storage.openRead(row!.storageKey!)) stored.push(chunk as Buffer);
    expect(Buffer.concat(stored).toString()).toMatch(/^v1:/);
  });

  it('puts each photo of a visit thread in the archive, as the thread kept it, named in the JSON', async () => {
    const { patient, visit } = await heldMessageVisit(server.app);
    const jpeg = jpegWithLocation();
    expect((await sendPhoto(server.app, `/api/visits/${visit.id}/photos`, jpeg.withMetadata, 'image/jpeg', patient.token)).statusCode).toBe(
      201,
    );
    const email = (await server.http.get('/api/users/me', patient.token)).body.email as string;
    await server.http.post('/api/data-export', {}, patient.token);
    const response = await server.app.inject({
      method: 'GET',
      url: await linkFromMail(server.app, email),
      headers: { authorization: `Bearer ${patient.token}` },
    });
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const data = JSON.parse(strFromU8(files['my-data.json']!)) as { visits: { messages: { photo: { file: string } | null }[] }[] };
    const file = data.visits[0]!.messages[0]!.photo!.file;
    expect(file).toMatch(/^visit-photos\/.+\.jpg$/);
    expect(Buffer.from(files[file]!)).toEqual(jpeg.image);
  });

  it('serves the link to its owner only, until it expires; housekeeping then erases the archive', async () => {
    const member = await signedInPatient(server.app);
    await server.http.post('/api/data-export', {}, member.token);
    const link = await linkFromMail(server.app, member.body.email);
    const other = await signedInPatient(server.app);

    const byOther = await server.http.get(link, other.token);
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toBe(messages.dataExportNotYours);
    expect((await server.http.get(link)).status).toBe(401);
    const forged = await server.http.get(link.replace(/expires=\d+/, `expires=${Date.now() + 365 * DAY}`), member.token);
    expect(forged.status).toBe(404);
    expect(forged.body.message).toBe(messages.dataExportLinkInvalid);
    expect((await server.http.get(`${link}&extra=1`, member.token)).status).toBe(400);

    const [row] = await server.app.ctx.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, member.user.id as string));
    const summary = await runHousekeeping(server.app.ctx, new Date(row!.expiresAt!.getTime() + 1));
    expect(summary?.expiredDataExports).toBeGreaterThanOrEqual(1);
    expect(await server.app.ctx.storage.stat(row!.storageKey!)).toBeNull();
    // Housekeeping ended the session too: the member signs in again.
    const again = await server.http.post('/api/auth/login', { email: member.body.email, password: member.body.password });
    expect((await server.http.get(link, again.body.token as string)).status).toBe(404);
  });

  it('refuses a link past its expiry even before housekeeping erased it', async () => {
    const member = await signedInPatient(server.app);
    await server.http.post('/api/data-export', {}, member.token);
    const link = await linkFromMail(server.app, member.body.email);
    await server.app.ctx.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(dataExports.userId, member.user.id as string));
    const expired = await server.http.get(link, member.token);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe(messages.dataExportLinkExpired);
  });

  it('prepares one download at a time: asking again while it is prepared adds none, and the worker takes one its process left', async () => {
    const member = await signedInPatient(server.app);
    const userId = member.user.id as string;
    // A download whose process stopped before preparing it: its lease has run out.
    await server.app.ctx.db.insert(dataExports).values({ userId, attempts: 1, lockedUntil: new Date(Date.now() - 1) });
    expect((await server.http.get('/api/data-export', member.token)).body).toMatchObject({ status: 'preparing' });
    expect((await server.http.post('/api/data-export', {}, member.token)).status).toBe(202);
    expect(await server.app.ctx.db.select().from(dataExports).where(eq(dataExports.userId, userId))).toHaveLength(1);
    expect(await server.app.ctx.dataExports.deliverDue()).toBeGreaterThanOrEqual(1);
    await waitForMail(server.app, member.body.email, 'data-export-ready');
  });
});
