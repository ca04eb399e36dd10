import { messages, VISIT_PHOTO_MAX_BYTES } from '@app/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, visitMessages } from '../../db/schema';
import { eventually, signedInClinician, signedInPatient, useTestApp } from '../../test/harness';
import { FIXTURE_PLACE, heldMessageVisit, jpegWithLocation, pngWithLocation, sendPhoto } from '../../test/photos';

const server = useTestApp();

const getPhoto = (url: string, token?: string) =>
  server.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

interface PhotoMessage {
  id: string;
  from: string;
  text: string;
  photo: { id: string; type: string; size: number } | null;
}

const messageCount = async (visitId: string) =>
  (await server.app.ctx.db.select().from(visitMessages).where(eq(visitMessages.visitId, visitId))).length;

describe('photos in a message visit', () => {
  it('takes a JPEG from the patient and a PNG from the clinician, stripped of their metadata, stored sealed, for both sides', async () => {
    const { clinician, patient, visit } = await heldMessageVisit(server.app);
    const jpeg = jpegWithLocation();
    const sent = await sendPhoto(server.app, `/api/visits/${visit.id}/photos`, jpeg.withMetadata, 'image/jpeg', patient.token);
    expect(sent.statusCode).toBe(201);
    const fromPatient = sent.json<PhotoMessage>();
    expect(fromPatient).toMatchObject({ from: 'patient', text: '', photo: { type: 'image/jpeg', size: jpeg.image.length } });

    const png = pngWithLocation();
    const fromClinician = (
      await sendPhoto(server.app, `/api/clinic/visits/${visit.id}/photos`, png.withMetadata, 'image/png', clinician.token)
    ).json<PhotoMessage>();
    expect(fromClinician).toMatchObject({ from: 'clinician', photo: { type: 'image/png', size: png.image.length } });

    const thread = (await server.http.get(`/api/visits/${visit.id}/messages`, patient.token)).body.messages as PhotoMessage[];
    expect(thread.map((message) => message.photo)).toEqual([fromPatient.photo, fromClinician.photo]);

    for (const [url, token] of [
      [`/api/visits/${visit.id}/photos/${fromPatient.photo!.id}`, patient.token],
      [`/api/clinic/visits/${visit.id}/photos/${fromPatient.photo!.id}`, clinician.token],
    ] as const) {
      const download = await getPhoto(url, token);
      expect(download.statusCode, url).toBe(200);
      expect(download.rawPayload).toEqual(jpeg.image);
      expect(download.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        'content-disposition': `attachment; filename="visit-photo-${fromPatient.photo!.id}.jpg"`,
      });
    }
    const pngDownload = await getPhoto(`/api/visits/${visit.id}/photos/${fromClinician.photo!.id}`, patient.token);
    expect(pngDownload.headers['content-type']).toBe('image/png');
    expect(pngDownload.rawPayload).toEqual(png.image);

    // What the storage holds is sealed: neither the place nor the image's own bytes can be read there.
    const chunks: Buffer[] = [];
    for await (const chunk of await server.app.ctx.storage.openRead(`visit-photos/${visit.id}/${fromPatient.photo!.id}`)) {
      chunks.push(chunk as Buffer);
    }
    const stored = Buffer.concat(chunks);
    expect(stored.toString().startsWith('v1:')).toBe(true);
    expect(stored.includes(FIXTURE_PLACE)).toBe(false);
    expect(stored.includes(jpeg.image.subarray(-20))).toBe(false);
  });

  it.each([
    ['HTML named as a PNG', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'image/png'],
    ['a PDF named as a JPEG', Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF'), 'image/jpeg'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif'],
    ['a JPEG cut short', jpegWithLocation().withMetadata.subarray(0, 80), 'image/jpeg'],
  ])('refuses %s with a message naming the photo, and writes no message', async (_name, bytes, type) => {
    const { patient, visit } = await heldMessageVisit(server.app);
    const res = await sendPhoto(server.app, `/api/visits/${visit.id}/photos`, bytes, type, patient.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.visitPhotoType, errors: { photo: messages.visitPhotoType } });
    expect(await messageCount(visit.id)).toBe(0);
  });

  it('takes a photo of exactly 10 MB', async () => {
    const { patient, visit } = await heldMessageVisit(server.app);
    const { image } = pngWithLocation();
    // A text chunk fills the photo to the limit: the body is read whole, and the chunk dropped.
    const filler = Buffer.alloc(VISIT_PHOTO_MAX_BYTES - image.length);
    filler.writeUInt32BE(filler.length - 12);
    filler.write('tEXt', 4, 'latin1');
    const full = Buffer.concat([image.subarray(0, 33), filler, image.subarray(33)]);
    const res = await sendPhoto(server.app, `/api/visits/${visit.id}/photos`, full, 'image/png', patient.token);
    expect(res.statusCode).toBe(201);
    expect(res.json<PhotoMessage>().photo!.size).toBe(image.length);
  });

  it('refuses a photo over 10 MB with 413 and a message naming the photo, and writes no message', async () => {
    const { patient, visit } = await heldMessageVisit(server.app);
    const png = pngWithLocation().image;
    const oversize = Buffer.concat([png, Buffer.alloc(VISIT_PHOTO_MAX_BYTES + 1 - png.length)]);
    const res = await sendPhoto(server.app, `/api/visits/${visit.id}/photos`, oversize, 'image/png', patient.token);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: messages.visitPhotoTooLarge, errors: { photo: messages.visitPhotoTooLarge } });
    expect(await messageCount(visit.id)).toBe(0);
  });

  it('answers 404 to another patient and another clinician, 401 to a visitor, and 409 once the visit is closed', async () => {
    const { patient, visit } = await heldMessageVisit(server.app);
    const photo = (
      await sendPhoto(server.app, `/api/visits/${visit.id}/photos`, pngWithLocation().withMetadata, 'image/png', patient.token)
    ).json<PhotoMessage>().photo!;
    const stranger = await signedInPatient(server.app);
    const otherClinician = await signedInClinician(server.app, { states: ['MO'] });
    const png = pngWithLocation().withMetadata;

    expect((await sendPhoto(server.app, `/api/visits/${visit.id}/photos`, png, 'image/png', stranger.token)).statusCode).toBe(404);
    expect((await getPhoto(`/api/visits/${visit.id}/photos/${photo.id}`, stranger.token)).statusCode).toBe(404);
    expect((await sendPhoto(server.app, `/api/clinic/visits/${visit.id}/photos`, png, 'image/png', otherClinician.token)).statusCode).toBe(
      404,
    );
    expect((await getPhoto(`/api/clinic/visits/${visit.id}/photos/${photo.id}`, otherClinician.token)).statusCode).toBe(404);
    expect((await sendPhoto(server.app, `/api/visits/${visit.id}/photos`, png, 'image/png')).statusCode).toBe(401);
    expect((await getPhoto(`/api/visits/${visit.id}/photos/${photo.id}`)).statusCode).toBe(401);
    // A photo of another visit is not found through this one.
    const other = await heldMessageVisit(server.app);
    expect((await getPhoto(`/api/visits/${other.visit.id}/photos/${photo.id}`, other.patient.token)).statusCode).toBe(404);
    expect(await messageCount(visit.id)).toBe(1);

    const closed = await heldMessageVisit(server.app, 'completed');
    const late = await sendPhoto(server.app, `/api/visits/${closed.visit.id}/photos`, png, 'image/png', closed.patient.token);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(messages.visitNotOpen);
    expect(await messageCount(closed.visit.id)).toBe(0);
  });

  it('files every upload and download in the audit trail under the patient', async () => {
    const { clinician, patient, visit } = await heldMessageVisit(server.app);
    const photo = (
      await sendPhoto(server.app, `/api/clinic/visits/${visit.id}/photos`, pngWithLocation().withMetadata, 'image/png', clinician.token)
    ).json<PhotoMessage>().photo!;
    await getPhoto(`/api/visits/${visit.id}/photos/${photo.id}`, patient.token);
    await getPhoto(`/api/clinic/visits/${visit.id}/photos/${photo.id}`, clinician.token);

    const actions = [
      'POST /api/clinic/visits/:visitId/photos',
      'GET /api/visits/:visitId/photos/:photoId',
      'GET /api/clinic/visits/:visitId/photos/:photoId',
    ];
    const rows = await eventually('the audit rows of the photo', async () => {
      const found = await server.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(inArray(auditLog.actorUserId, [patient.id, clinician.clinician.userId]), inArray(auditLog.action, actions)));
      return found.length === actions.length ? found : undefined;
    });
    expect(rows.every((row) => row.subjectUserId === patient.id && row.status < 300)).toBe(true);
  });
});
