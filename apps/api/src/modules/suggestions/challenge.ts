import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CHALLENGE_TTL_MS, leadingZeroBits, SUGGESTION_POW_BITS } from '@portal/domain/suggestions/index';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';

/**
 * Flood protection of the public suggestion box, without a third-party service (no CAPTCHA provider sees the
 * citizens who write to the department):
 * - a per-address rate limit on the calls (@fastify/rate-limit; the address is the connection's unless TRUST_PROXY
 *   names the proxies in front, as everywhere in the app);
 * - a honeypot field people never see (routes.ts);
 * - this challenge: `GET /api/Suggestion/challenge` gives a token `id.expiry.signature`, signed with an HMAC of a
 *   key derived from the app's secret (nothing stored until it is spent), good for 10 minutes; the browser finds a
 *   nonce such that sha256(token + nonce) starts with SUGGESTION_POW_BITS zero bits (2^16 hashes on average, well
 *   under a second with Web Crypto), and sends both with the suggestion. The server checks the signature, the
 *   expiry, the work (one hash), and spends the token: its id is written to `suggestion_challenge` (primary key), so
 *   a second use is refused; spent ids are deleted once expired. A script that wants to send thousands must do the
 *   work thousands of times and from many addresses, while a person pays a fraction of a second once.
 */

const keyOf = (secret: string) => createHmac('sha256', secret).update('suggestion-challenge').digest();

function sign(secret: string, payload: string): string {
  return createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');
}

export interface Challenge {
  token: string;
  difficulty: number;
  expiresAt: string;
}

/** A new challenge (`now` is the portal's clock; tests pass an earlier time to get an expired one). */
export function makeChallenge(secret: string, now: Date, difficulty = SUGGESTION_POW_BITS): Challenge {
  const id = randomBytes(16).toString('base64url');
  const expires = now.getTime() + CHALLENGE_TTL_MS;
  const payload = `${id}.${expires}.${difficulty}`;
  return { token: `${payload}.${sign(secret, payload)}`, difficulty, expiresAt: new Date(expires).toISOString() };
}

/** The proof of work: sha256 of the token followed by the nonce, as UTF-8. */
export function proofHolds(token: string, nonce: string, difficulty: number): boolean {
  return leadingZeroBits(
    createHash('sha256')
      .update(token + nonce)
      .digest(),
    difficulty,
  );
}

const refuse = (code: string, key: string) =>
  new AppError(400, code, { messageKey: `suggestions:errors.${key}`, details: [] });

/**
 * Checks a token and its nonce and spends the token in `db` (the sender's transaction: a refused suggestion leaves
 * the token unspent). Throws a 400 explaining which part failed.
 */
export async function spendChallenge(db: Db, secret: string, now: Date, token: string, nonce: string): Promise<void> {
  const parts = token.split('.');
  if (parts.length !== 4) throw refuse('CHALLENGE_INVALID', 'challengeInvalid');
  const [id, expiresText, difficultyText, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(sign(secret, `${id}.${expiresText}.${difficultyText}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw refuse('CHALLENGE_INVALID', 'challengeInvalid');
  const expires = Number(expiresText);
  const difficulty = Number(difficultyText);
  // The server's own signed difficulty, never below the portal's (an old token of an easier setting is refused).
  if (!Number.isSafeInteger(expires) || !Number.isInteger(difficulty) || difficulty < SUGGESTION_POW_BITS)
    throw refuse('CHALLENGE_INVALID', 'challengeInvalid');
  if (expires <= now.getTime()) throw refuse('CHALLENGE_EXPIRED', 'challengeExpired');
  if (!proofHolds(token, nonce, difficulty)) throw refuse('PROOF_INVALID', 'proofInvalid');
  await db.deleteFrom('suggestion_challenge').where('expires_at', '<', now).execute();
  const spent = await db
    .insertInto('suggestion_challenge')
    .values({ id, expires_at: new Date(expires) })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!spent) throw refuse('CHALLENGE_USED', 'challengeUsed');
}
