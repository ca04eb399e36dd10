import { fileTypeFromBuffer } from 'file-type';

/** Enough of a file's start for the signatures of PDF, JPEG and PNG (file-type reads at most this much). */
export const MAGIC_BYTES_LENGTH = 4100;

/** Whether a file's first bytes are those of the type it was declared as (checklist row 30). */
export async function contentMatches(start: Uint8Array, declaredType: string): Promise<boolean> {
  const detected = await fileTypeFromBuffer(start);
  return detected?.mime === declaredType;
}
