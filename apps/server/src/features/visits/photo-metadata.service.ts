import type { VisitPhotoType } from '@app/shared';

/*
 * A photo's metadata (where it was taken, the camera, the time, any caption) is left out of what is
 * kept, without decoding or re-encoding the image: the segments or chunks that hold it are dropped
 * and every other byte is copied as it came.
 */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
/** APP1..APP15: EXIF and XMP (APP1), ICC and FlashPix (APP2), IPTC (APP13), Adobe (APP14), … APP0 (JFIF) stays. */
const isJpegMetadata = (marker: number) => (marker >= 0xe1 && marker <= 0xef) || marker === COM;
/** Restart markers sit inside a scan's data; a 0xFF 0x00 pair is a data byte. */
const isInScanData = (next: number) => next === 0x00 || (next >= 0xd0 && next <= 0xd7);

/** A JPEG without its APP1..APP15 and COM segments, or null when its segments cannot be walked to the end. */
function stripJpeg(bytes: Buffer): Buffer | null {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    // Any number of 0xFF fill bytes may precede a marker.
    while (bytes[at + 1] === 0xff) at += 1;
    const marker = bytes[at + 1];
    if (marker === undefined) return null;
    if (marker === EOI) {
      // Whatever follows the end of the image (a trailer some tools append) is not kept.
      kept.push(bytes.subarray(at, at + 2));
      return Buffer.concat(kept);
    }
    if (at + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(at + 2);
    let end = at + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === SOS) {
      // The scan's entropy-coded data runs to the next marker.
      while (end + 1 < bytes.length && !(bytes[end] === 0xff && !isInScanData(bytes[end + 1]!))) end += 1;
      if (end + 1 >= bytes.length) return null;
    }
    if (!isJpegMetadata(marker)) kept.push(bytes.subarray(at, end));
    at = end;
  }
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The ancillary chunks that hold text, the time or EXIF; the others describe how to draw the image. */
const PNG_METADATA_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

/** A PNG without its text, time and EXIF chunks, or null when its chunks cannot be walked to IEND. */
function stripPng(bytes: Buffer): Buffer | null {
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return null;
  const kept: Buffer[] = [PNG_SIGNATURE];
  let at = PNG_SIGNATURE.length;
  // Each chunk: its data's length (4 bytes), its type (4), the data, a CRC (4).
  while (at + 12 <= bytes.length) {
    const end = at + 12 + bytes.readUInt32BE(at);
    if (end > bytes.length) return null;
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!PNG_METADATA_CHUNKS.has(type)) kept.push(bytes.subarray(at, end));
    if (type === 'IEND') return Buffer.concat(kept);
    at = end;
  }
  return null;
}

/** The photo without its metadata, its image bytes unchanged; null when it is not a well-formed file of its type. */
export function stripPhotoMetadata(bytes: Buffer, type: VisitPhotoType): Buffer | null {
  return type === 'image/jpeg' ? stripJpeg(bytes) : stripPng(bytes);
}
