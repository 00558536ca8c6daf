import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * One place for strings the database cannot store: PostgreSQL refuses a NUL character in text (22021) and a
 * lone UTF-16 surrogate cannot be encoded as UTF-8 (JSON and query strings can carry both). Such input is
 * refused as a 400 naming the field before any handler or SQL sees it.
 */

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is looked for
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnstorableText(text: string): boolean {
  return unstorable.test(text);
}

// Any NUL or surrogate at all: the cheap first look (a paired surrogate is fine, and is then checked exactly).
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is looked for
const suspect = /[\u0000\uD800-\uDFFF]/;

/** Whether a value holds a string (or key) with a NUL or a surrogate; no paths built, for large bodies. */
function holdsSuspect(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return suspect.test(value);
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsSuspect(item, depth + 1)) return true;
    return false;
  }
  for (const key in value as Record<string, unknown>) {
    if (suspect.test(key) || holdsSuspect((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** The path (`body.rows.3.name`) of the first string or key that cannot be stored, if any. */
export function findUnstorableText(value: unknown, at: string, depth = 0): string | null {
  // A 50 000-row import is walked once, cheaply; paths are built only when something may be wrong.
  if (depth === 0 && !holdsSuspect(value, 0)) return null;
  if (typeof value === 'string') return hasUnstorableText(value) ? at : null;
  // Deeper than any schema goes: the validation refuses it anyway.
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnstorableText(item, `${at}.${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (hasUnstorableText(key)) return at;
    const found = findUnstorableText(item, `${at}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

export function unstorableTextError(field: string): AppError {
  return new AppError(400, 'INVALID_CHARACTERS', {
    details: [{ field, code: 'invalid_characters', message: 'invalid_characters' }],
  });
}

/** Refuse unstorable text in the path, the query and a JSON body of every route (uploads check their names). */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found =
      findUnstorableText(request.params, 'params') ??
      findUnstorableText(request.query, 'query') ??
      findUnstorableText(request.body, 'body');
    if (found) throw unstorableTextError(found);
  });
}
