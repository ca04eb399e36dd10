import { messages } from '@app/shared';
import { useCallback } from 'react';
import { Alert } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { useThreadPhoto } from '../api/visits';

/** Tall photos are shown no taller than this; the page's width bounds wide ones. */
const PHOTO_STYLE = { maxHeight: '20rem', width: 'auto' } as const;

/**
 * A ref for an <img> that shows a Blob through an object URL, revoked when the image goes or the
 * Blob changes: the bytes came with the session, so the browser cannot load them by address.
 */
function useBlobSource(blob: Blob | null | undefined) {
  return useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || !blob) return undefined;
      const url = URL.createObjectURL(blob);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}

/** A photo of a visit's thread, read from `path` with the session. */
export function VisitPhoto({ path, alt }: { path: string; alt: string }) {
  const photo = useThreadPhoto(path);
  const source = useBlobSource(photo.data);
  if (photo.isError) return <Alert tone="error">{failureMessage(photo.error, messages.genericError)}</Alert>;
  return photo.data ? <img ref={source} alt={alt} style={PHOTO_STYLE} /> : <p className="muted">Loading the photo…</p>;
}

/** A chosen photo, shown before it is sent. */
export function PhotoPreview({ photo }: { photo: File }) {
  return <img ref={useBlobSource(photo)} alt={`The photo to send: ${photo.name}`} style={PHOTO_STYLE} />;
}
