import { fieldErrors } from '@app/shared';
import { ApiError } from '../../../lib/api-client';

export type Problems = Record<string, string>;

/** A shared schema's safeParse answer, as much of it as the forms read. */
type Parsed =
  { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };

/** One message per top-level field ('states.1' is the states field's). */
const byField = (errors: Problems): Problems => {
  const out: Problems = {};
  for (const [path, message] of Object.entries(errors)) out[path.split('.')[0]!] ??= message;
  return out;
};

/** What the shared schema finds wrong with a form's values, per field; empty when nothing. */
export const problemsOf = (result: Parsed): Problems => (result.success ? {} : byField(fieldErrors(result.error)));

/** The fields a refusal from the server names, per field. */
export function serverProblemsOf(error: unknown): Problems {
  const body = error instanceof ApiError ? (error.body as { errors?: unknown } | null) : null;
  return body && typeof body.errors === 'object' && body.errors ? byField(body.errors as Problems) : {};
}
