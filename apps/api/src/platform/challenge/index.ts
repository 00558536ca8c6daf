import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CHALLENGE_TTL_MS, leadingZeroBits, POW_BITS } from '@portal/domain/challenge';
import type { Db } from '../../db/database.ts';
import { AppError } from '../errors/app-error.ts';

/**
 * Proof-of-work challenges, without a third-party service (no CAPTCHA provider sees who uses the portal): a
 * token `id.expiry.difficulty.signature`, signed with an HMAC of a key derived from the app's secret and the
 * challenge's purpose (a suggestion-box token does not open a sign-in), good for ten minutes; nothing is stored
 * until it is spent. The browser finds a nonce such that sha256(token + nonce) starts with `difficulty` zero bits;
 * the server checks the signature, the expiry and the work (one hash), and spends the token: its id goes into
 * `spent_challenge` (primary key), so a second use is refused; spent ids are deleted once expired. A script that
 * wants thousands of attempts does the work thousands of times; a person pays a fraction of a second once.
 */
export type ChallengePurpose = 'suggestion' | 'login';

const keyOf = (secret: string, purpose: ChallengePurpose) =>
  createHmac('sha256', secret).update(`${purpose}-challenge`).digest();

function sign(secret: string, purpose: ChallengePurpose, payload: string): string {
  return createHmac('sha256', keyOf(secret, purpose)).update(payload).digest('base64url');
}

export interface Challenge {
  token: string;
  difficulty: number;
  expiresAt: string;
}

/** A new challenge (`now` is the portal's clock; tests pass an earlier time to get an expired one). */
export function makeChallenge(secret: string, purpose: ChallengePurpose, now: Date, difficulty = POW_BITS): Challenge {
  const id = randomBytes(16).toString('base64url');
  const expires = now.getTime() + CHALLENGE_TTL_MS;
  const payload = `${id}.${expires}.${difficulty}`;
  return {
    token: `${payload}.${sign(secret, purpose, payload)}`,
    difficulty,
    expiresAt: new Date(expires).toISOString(),
  };
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

/** The refusals, each with its own message key so a caller can say which part failed. */
export type ChallengeRefusal = 'CHALLENGE_INVALID' | 'CHALLENGE_EXPIRED' | 'PROOF_INVALID' | 'CHALLENGE_USED';

/**
 * Checks a token and its nonce and spends the token in `db` (the caller's transaction: a refused action leaves
 * the token unspent). Throws a 400 explaining which part failed; `messageKey` names the caller's texts.
 */
export async function spendChallenge(
  db: Db,
  secret: string,
  purpose: ChallengePurpose,
  now: Date,
  answer: { token: string; nonce: string },
  messageKey: (code: ChallengeRefusal) => string = (code) => `errors:${code}`,
): Promise<void> {
  const refuse = (code: ChallengeRefusal) => new AppError(400, code, { messageKey: messageKey(code), details: [] });
  const parts = answer.token.split('.');
  if (parts.length !== 4) throw refuse('CHALLENGE_INVALID');
  const [id, expiresText, difficultyText, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(sign(secret, purpose, `${id}.${expiresText}.${difficultyText}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse('CHALLENGE_INVALID');
  const expires = Number(expiresText);
  const difficulty = Number(difficultyText);
  // The server's own signed difficulty, never below the portal's (an old token of an easier setting is refused).
  if (!Number.isSafeInteger(expires) || !Number.isInteger(difficulty) || difficulty < POW_BITS)
    throw refuse('CHALLENGE_INVALID');
  if (expires <= now.getTime()) throw refuse('CHALLENGE_EXPIRED');
  if (!proofHolds(answer.token, answer.nonce, difficulty)) throw refuse('PROOF_INVALID');
  await db.deleteFrom('spent_challenge').where('expires_at', '<', now).execute();
  const spent = await db
    .insertInto('spent_challenge')
    .values({ id, purpose, expires_at: new Date(expires) })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!spent) throw refuse('CHALLENGE_USED');
}
