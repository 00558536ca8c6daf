import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { hashToken, randomToken } from '../../platform/auth/tokens.ts';
import type { TokenPurpose } from './tables.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** How long each kind of single-use token lives. */
export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  activation: 3 * 24 * 3600,
  invitation: 7 * 24 * 3600,
  password_reset: 3600,
  two_factor: 5 * 60,
};

/** Wrong codes a two-factor challenge accepts before it is spent. */
export const TWO_FACTOR_MAX_ATTEMPTS = 5;

/** A new token; earlier unused tokens of the same purpose stop working (only the latest mail's link is valid). */
export async function issueAccountToken(db: Executor, userId: string, purpose: TokenPurpose): Promise<string> {
  await db
    .updateTable('account_token')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  const token = randomToken();
  await db
    .insertInto('account_token')
    .values({
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + TOKEN_TTL_SECONDS[purpose] * 1000),
    })
    .execute();
  return token;
}

/** Spend a token: atomically, so two clicks on the same link cannot both succeed. */
export async function consumeAccountToken(db: Executor, token: string, purpose: TokenPurpose): Promise<string | null> {
  const row = await db
    .updateTable('account_token')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** A live token's user without spending it (a form checks its link before showing). */
export async function peekAccountToken(db: Executor, token: string, purpose: TokenPurpose): Promise<string | null> {
  const row = await db
    .selectFrom('account_token')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * Count one attempt against a two-factor challenge: the challenge's user while attempts remain, else null
 * (and the challenge is spent).
 */
export async function attemptChallenge(db: Executor, token: string): Promise<string | null> {
  const row = await db
    .updateTable('account_token')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', 'two_factor')
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['id', 'user_id', 'attempts'])
    .executeTakeFirst();
  if (!row) return null;
  if (row.attempts > TWO_FACTOR_MAX_ATTEMPTS) {
    await db.updateTable('account_token').set({ used_at: new Date() }).where('id', '=', row.id).execute();
    return null;
  }
  return row.user_id;
}
