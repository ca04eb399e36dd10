import { messages } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

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

/** Why a value cannot be accepted, or null: NUL bytes, lone surrogates, over-long text, in keys too. */
function problem(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000') || !value.isWellFormed()) return messages.invalidCharacters;
    return value.length > MAX_TEXT_LENGTH ? messages.textTooLong(MAX_TEXT_LENGTH) : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return messages.badRequest;
  for (const [key, item] of Object.entries(value)) {
    const found = problem(key, depth + 1) ?? problem(item, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * One check for every route, before its schema runs: text no handler, database or mail could store
 * or show safely is a 400 with a clear message, never a 500 further down.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const found = problem(request.params) ?? problem(request.query) ?? problem(request.body);
    if (found) throw badRequest(found);
  });
}
