import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endSessionSockets } from '../../platform/realtime/index.ts';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import {
  REFRESH_TOKEN_TTL_SECONDS,
  hashToken,
  randomToken,
  signAccessToken,
  verifyAccessToken,
} from '../../platform/auth/tokens.ts';
import { accountError } from './errors.ts';

/**
 * Sign-in sessions. A session is a refresh-token family: each refresh rotates the token; presenting a token
 * that was already rotated means it leaked (or was replayed), so the whole family is revoked, and with it
 * every access token naming the session (the principal resolver checks the session on every request).
 */
export const SESSION_MAX_DAYS = 30;

type Executor = Kysely<DB> | Transaction<DB>;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

function clientOf(request: FastifyRequest | null) {
  return {
    ip: request?.ip ?? null,
    user_agent: (request?.headers['user-agent'] ?? '').slice(0, 500) || null,
  };
}

async function newRefreshToken(db: Executor, sessionId: string): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('refresh_token')
    .values({
      session_id: sessionId,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    })
    .execute();
  return token;
}

export async function startSession(
  app: FastifyInstance,
  db: Executor,
  userId: string,
  request: FastifyRequest | null,
): Promise<IssuedTokens> {
  const session = await db
    .insertInto('auth_session')
    .values({
      user_id: userId,
      expires_at: new Date(Date.now() + SESSION_MAX_DAYS * 24 * 3600 * 1000),
      ...clientOf(request),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const refreshToken = await newRefreshToken(db, session.id);
  const accessToken = await signAccessToken(app.config.jwtSecret, { sub: userId, sid: session.id });
  return { accessToken, refreshToken, sessionId: session.id };
}

/**
 * A revoked session's real-time sockets go too. They are told right away, even inside a transaction that has not
 * committed yet: a socket that tries again before the commit is let in by the old row, but only until its token
 * expires, and the next try after the commit is refused.
 */
function endSockets(rows: Array<{ id: string }>): void {
  endSessionSockets(rows.map((r) => r.id));
}

export async function revokeSession(db: Executor, sessionId: string, reason: string): Promise<void> {
  endSockets(
    await db
      .updateTable('auth_session')
      .set({ revoked_at: new Date(), revoked_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute(),
  );
}

/** End every session of a user (password changed, account disabled or locked), optionally but one. */
export async function revokeUserSessions(db: Executor, userId: string, reason: string, except?: string): Promise<void> {
  let q = db
    .updateTable('auth_session')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (except) q = q.where('id', '<>', except);
  endSockets(await q.returning('id').execute());
}

type RefreshOutcome =
  | { ok: true; tokens: IssuedTokens; userId: string }
  | { ok: false; code: 'INVALID_REFRESH_TOKEN' | 'REFRESH_TOKEN_REUSED' | 'SESSION_ENDED' };

/**
 * Exchange a refresh token for a new pair. When the caller also sends its (possibly expired) access token,
 * both must belong to the same session.
 */
export async function refreshSession(
  app: FastifyInstance,
  request: FastifyRequest,
  refreshToken: string,
  accessToken: string | undefined,
): Promise<{ tokens: IssuedTokens; userId: string }> {
  const claims = accessToken
    ? await verifyAccessToken(app.config.jwtSecret, accessToken, { allowExpired: true })
    : null;
  if (accessToken && !claims) throw accountError(401, 'INVALID_REFRESH_TOKEN');

  const outcome = await app.db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
    const row = await trx
      .selectFrom('refresh_token as r')
      .innerJoin('auth_session as s', 's.id', 'r.session_id')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .select([
        'r.id',
        'r.used_at',
        'r.expires_at',
        's.id as session_id',
        's.revoked_at',
        's.expires_at as session_expires_at',
        'u.id as user_id',
        'u.user_name',
        'u.status',
        'u.deleted_at',
      ])
      .where('r.token_hash', '=', hashToken(refreshToken))
      .forUpdate('r')
      .executeTakeFirst();
    if (!row) return { ok: false, code: 'INVALID_REFRESH_TOKEN' };
    if (row.revoked_at) return { ok: false, code: 'SESSION_ENDED' };
    if (row.used_at) {
      await revokeSession(trx, row.session_id, 'refresh_token_reuse');
      await recordAudit(trx, request, {
        action: 'refresh_token_reuse',
        subject: 'Account',
        recordId: row.user_id,
        userId: row.user_id,
        userName: row.user_name,
        details: { sessionId: row.session_id },
      });
      return { ok: false, code: 'REFRESH_TOKEN_REUSED' };
    }
    if (claims && claims.sid !== row.session_id) return { ok: false, code: 'INVALID_REFRESH_TOKEN' };
    const now = new Date();
    if (row.expires_at <= now || row.session_expires_at <= now) return { ok: false, code: 'SESSION_ENDED' };
    if (row.status !== 'active' || row.deleted_at) {
      await revokeSession(trx, row.session_id, 'account_not_active');
      return { ok: false, code: 'SESSION_ENDED' };
    }
    await trx.updateTable('refresh_token').set({ used_at: now }).where('id', '=', row.id).execute();
    await trx
      .updateTable('auth_session')
      .set({ last_used_at: now, ...clientOf(request) })
      .where('id', '=', row.session_id)
      .execute();
    const next = await newRefreshToken(trx, row.session_id);
    const access = await signAccessToken(app.config.jwtSecret, { sub: row.user_id, sid: row.session_id });
    return {
      ok: true,
      userId: row.user_id,
      tokens: { accessToken: access, refreshToken: next, sessionId: row.session_id },
    };
  });
  if (!outcome.ok) throw accountError(401, outcome.code);
  return { tokens: outcome.tokens, userId: outcome.userId };
}

/** The session a refresh token belongs to (sign-out with an expired access token). */
export async function sessionOfRefreshToken(
  db: Executor,
  refreshToken: string,
): Promise<{ sessionId: string; userId: string } | null> {
  const row = await db
    .selectFrom('refresh_token as r')
    .innerJoin('auth_session as s', 's.id', 'r.session_id')
    .select(['s.id', 's.user_id'])
    .where('r.token_hash', '=', hashToken(refreshToken))
    .executeTakeFirst();
  return row ? { sessionId: row.id, userId: row.user_id } : null;
}
