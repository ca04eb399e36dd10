import { crc32, deflateSync } from 'node:zlib';
import type { App } from '../app';
import { insertVisitRow, signedInClinician, signedInPatient } from './harness';

/** A message visit from Missouri held by a clinician licensed there, its patient and both sessions. */
export async function heldMessageVisit(app: App, status: 'claimed' | 'completed' = 'claimed') {
  const clinician = await signedInClinician(app, { states: ['MO'] });
  const patient = await signedInPatient(app);
  const patientId = String(patient.user.id);
  const visit = await insertVisitRow(app, patientId, {
    mode: 'message',
    status,
    clinicianId: clinician.clinician.userId,
    claimedAt: new Date(),
    ...(status === 'completed' ? { startedAt: new Date(), endedAt: new Date() } : {}),
  });
  return { clinician, patient: { token: patient.token, id: patientId }, visit };
}

/** Sends a photo as the routes take it: the image as the body, its type as the content type. */
export const sendPhoto = (app: App, url: string, bytes: Buffer, type: string, token?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: bytes,
  });

/** Photos for the tests: each with its metadata, and the bytes a stripper must leave of it. */
export interface PhotoFixture {
  withMetadata: Buffer;
  image: Buffer;
}

/** Where the fixtures say they were taken: no stripped photo may still hold it. */
export const FIXTURE_PLACE = 'GPS 38.6270 N 90.1994 W';

const segment = (marker: number, body: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/**
 * A baseline JPEG's segments with EXIF (GPS position) in APP1, XMP in APP1, an IPTC caption in APP13
 * and a comment; its scan holds a stuffed 0xFF byte and a restart marker, as real ones do.
 */
export function jpegWithLocation(): PhotoFixture {
  const soi = Buffer.from([0xff, 0xd8]);
  const jfif = segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'));
  const exif = segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0MM\0*\0\0\0\x08', 'latin1'), Buffer.from(FIXTURE_PLACE)]));
  const xmp = segment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>${FIXTURE_PLACE}</x:xmpmeta>`, 'latin1'));
  const iptc = segment(0xed, Buffer.from(`Photoshop 3.0\0${FIXTURE_PLACE}`, 'latin1'));
  const comment = segment(0xfe, Buffer.from(FIXTURE_PLACE));
  const quantisation = segment(0xdb, Buffer.alloc(65, 1));
  const frame = segment(0xc0, Buffer.from([8, 0, 1, 0, 1, 1, 1, 0x11, 0]));
  const huffman = segment(0xc4, Buffer.concat([Buffer.from([0]), Buffer.alloc(16, 0), Buffer.from([0])]));
  const scan = Buffer.concat([segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])), Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56])]);
  const eoi = Buffer.from([0xff, 0xd9]);
  return {
    withMetadata: Buffer.concat([soi, jfif, exif, xmp, quantisation, iptc, frame, comment, huffman, scan, eoi]),
    image: Buffer.concat([soi, jfif, quantisation, frame, huffman, scan, eoi]),
  };
}

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
};

/** A 1×1 red PNG with a text chunk (the place), a compressed one, an international one, EXIF and the time. */
export function pngWithLocation(): PhotoFixture {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const header = chunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]));
  const data = chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0])));
  const end = chunk('IEND', Buffer.alloc(0));
  const text = chunk('tEXt', Buffer.from(`Comment\0${FIXTURE_PLACE}`, 'latin1'));
  const compressed = chunk('zTXt', Buffer.concat([Buffer.from('Location\0\0', 'latin1'), deflateSync(FIXTURE_PLACE)]));
  const international = chunk('iTXt', Buffer.from(`Location\0\0\0\0\0${FIXTURE_PLACE}`, 'latin1'));
  const exif = chunk('eXIf', Buffer.concat([Buffer.from('MM\0*\0\0\0\x08', 'latin1'), Buffer.from(FIXTURE_PLACE)]));
  const time = chunk('tIME', Buffer.from([0x07, 0xea, 12, 5, 10, 30, 0]));
  return {
    withMetadata: Buffer.concat([signature, header, text, time, compressed, data, international, exif, end]),
    image: Buffer.concat([signature, header, data, end]),
  };
}
