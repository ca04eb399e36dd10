import { messages } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { invalid } from '../lib/errors';

declare global {
  interface String {
    /** ES2024 (Node 20): false when the string holds a lone UTF-16 surrogate. */
    isWellFormed(): boolean;
  }
}

/** No single text a visitor sends needs more; the shared schemas set tighter limits per field. */
export const MAX_TEXT_LENGTH = 10_000;
/** Deeper nesting than any of our bodies has is refused rather than walked. */
const MAX_DEPTH = 16;

interface Problem {
  message: string;
  path: string[];
}

/** Why a value cannot be accepted, and where: NUL bytes, lone surrogates, over-long text, in keys too. */
function problem(value: unknown, path: string[] = []): Problem | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000') || !value.isWellFormed()) return { message: messages.invalidCharacters, path };
    return value.length > MAX_TEXT_LENGTH ? { message: messages.tooLong(MAX_TEXT_LENGTH), path } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (path.length > MAX_DEPTH) return { message: messages.badRequest, path };
  for (const [key, item] of Object.entries(value)) {
    const found = problem(key, path) ?? problem(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * One check for every route, before its schema runs: text no handler, database or mail could store
 * or show safely is a 400 with a clear message (and the field, as validation errors name it), never
 * a 500 further down.
 */
export function registerInputGuard(app: FastifyInstance) {
  // A callback hook: the check is synchronous, and a promise per request is measurable on the fast paths.
  app.addHook('preValidation', (request, _reply, done) => {
    const found = problem(request.params) ?? problem(request.query) ?? problem(request.body);
    done(found ? invalid(found.message, { errors: { [found.path.join('.') || '_']: found.message } }) : undefined);
  });
}
