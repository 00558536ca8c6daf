import type { Db } from '../../db/database.ts';
import * as challenges from '../../platform/challenge/index.ts';

/**
 * Flood protection of the public suggestion box: a per-address rate limit on the calls, a honeypot field people
 * never see (routes.ts), and the portal's proof-of-work challenge (platform/challenge) with its own purpose, so a
 * suggestion-box token opens nothing else.
 */
export type { Challenge } from '../../platform/challenge/index.ts';

export const makeChallenge = (secret: string, now: Date, difficulty?: number) =>
  challenges.makeChallenge(secret, 'suggestion', now, difficulty);

const keys: Record<challenges.ChallengeRefusal, string> = {
  CHALLENGE_INVALID: 'challengeInvalid',
  CHALLENGE_EXPIRED: 'challengeExpired',
  PROOF_INVALID: 'proofInvalid',
  CHALLENGE_USED: 'challengeUsed',
};

/** Checks and spends a suggestion's challenge in the sender's transaction (a refused suggestion leaves it unspent). */
export const spendChallenge = (db: Db, secret: string, now: Date, token: string, nonce: string) =>
  challenges.spendChallenge(
    db,
    secret,
    'suggestion',
    now,
    { token, nonce },
    (code) => `suggestions:errors.${keys[code]}`,
  );
