import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.ts';

/** Whoever calls: a signed-in session's headers (see sessionWith), or null for the public. */
export type As = { headers: { authorization: string } } | null;

/**
 * `call(who, method, url, payload?, query?)` against a test app: the short form the record tests use for many
 * calls by several users.
 */
export function caller(t: TestApp) {
  return (
    who: As,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    query?: Record<string, string>,
  ): Promise<LightMyRequestResponse> =>
    t.request({
      method,
      url,
      ...(who ? { headers: who.headers } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
      ...(query ? { query } : {}),
    });
}
