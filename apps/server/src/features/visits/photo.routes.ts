import type { IncomingMessage } from 'node:http';
import { isVisitPhotoType, VISIT_PHOTO_MAX_BYTES } from '@app/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { photoNotAnImage, photoTooLarge, type IncomingPhoto } from './thread.service';

/**
 * A photo route's body. The photo sits in a private field: the input guard, which walks every body
 * for bad text, would otherwise walk its bytes one index at a time.
 */
class PhotoBody {
  readonly #photo: IncomingPhoto;
  constructor(photo: IncomingPhoto) {
    this.#photo = photo;
  }
  get photo() {
    return this.#photo;
  }
}

/**
 * Reads a photo's body, up to the 10 MB a photo may be: a larger one, or one of another type, is
 * refused with a message naming the photo before more of it is read.
 */
async function readPhotoBody(request: FastifyRequest, payload: IncomingMessage): Promise<PhotoBody> {
  const declaredType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!isVisitPhotoType(declaredType)) throw photoNotAnImage();
  if (Number(request.headers['content-length']) > VISIT_PHOTO_MAX_BYTES) throw photoTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    size += (chunk as Buffer).length;
    if (size > VISIT_PHOTO_MAX_BYTES) throw photoTooLarge();
    chunks.push(chunk as Buffer);
  }
  return new PhotoBody({ declaredType, bytes: Buffer.concat(chunks) });
}

/**
 * In the scope given alone, bodies of any type but JSON and text are read as a photo: every other
 * route keeps refusing them (415), and JSON keeps its own small limit.
 */
export function acceptPhotoBodies(scope: FastifyInstance) {
  scope.addContentTypeParser('*', readPhotoBody);
}

/** The photo the parser read; a JSON or text body sent to a photo route is no photo. */
export function photoOf(request: FastifyRequest): IncomingPhoto {
  if (!(request.body instanceof PhotoBody)) throw photoNotAnImage();
  return request.body.photo;
}

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const;

/**
 * A photo as a download: its type, never rendered by the browser in our origin as anything else
 * (attachment, nosniff), never cached.
 */
export function sendPhoto(reply: FastifyReply, photo: { id: string; type: keyof typeof EXTENSIONS; bytes: Buffer }) {
  return reply
    .type(photo.type)
    .header('content-length', photo.bytes.length)
    .header('content-disposition', `attachment; filename="visit-photo-${photo.id}.${EXTENSIONS[photo.type]}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(photo.bytes);
}
