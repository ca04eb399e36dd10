import { describe, expect, it } from 'vitest';
import { FIXTURE_PLACE, jpegWithLocation, pngWithLocation } from '../../test/photos';
import { stripPhotoMetadata } from './photo-metadata.service';

describe('stripPhotoMetadata', () => {
  it('drops the EXIF, XMP, IPTC and comment segments of a JPEG and keeps JFIF and the image bytes as they were', () => {
    const jpeg = jpegWithLocation();
    const stripped = stripPhotoMetadata(jpeg.withMetadata, 'image/jpeg');
    expect(stripped).toEqual(jpeg.image);
    expect(stripped!.includes(FIXTURE_PLACE)).toBe(false);
    expect(stripped!.includes('Exif')).toBe(false);
  });

  it('keeps a JPEG that has no metadata byte for byte, and drops what follows its end', () => {
    const { image } = jpegWithLocation();
    expect(stripPhotoMetadata(image, 'image/jpeg')).toEqual(image);
    expect(stripPhotoMetadata(Buffer.concat([image, Buffer.from(FIXTURE_PLACE)]), 'image/jpeg')).toEqual(image);
  });

  it('drops the text, time and EXIF chunks of a PNG and keeps the others as they were', () => {
    const png = pngWithLocation();
    const stripped = stripPhotoMetadata(png.withMetadata, 'image/png');
    expect(stripped).toEqual(png.image);
    expect(stripped!.includes(FIXTURE_PLACE)).toBe(false);
  });

  it.each([
    ['a JPEG cut short', jpegWithLocation().withMetadata.subarray(0, 60), 'image/jpeg'],
    ['a JPEG whose segment runs past the end', Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x40, 0x00, 1, 2]), 'image/jpeg'],
    ['a JPEG without its end marker', jpegWithLocation().image.subarray(0, -2), 'image/jpeg'],
    ['a PNG cut short', pngWithLocation().withMetadata.subarray(0, 40), 'image/png'],
    ['HTML', Buffer.from('<html><body>Not a photo</body></html>'), 'image/png'],
  ] as const)('answers null for %s', (_name, bytes, type) => {
    expect(stripPhotoMetadata(bytes, type)).toBeNull();
  });
});
