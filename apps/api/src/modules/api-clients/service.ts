import { sql } from 'kysely';
import {
  API_DATASETS,
  DEFAULT_GRACE_HOURS,
  DEFAULT_RATE_LIMIT,
  DEFAULT_SECRET_DAYS,
  USAGE_RETENTION_DAYS,
  type Credentials,
  type SecretStatus,
  type UsageRow,
} from '@portal/domain/api-clients/index';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { hashToken, randomToken } from '../../platform/auth/tokens.ts';
import { clock } from '../../platform/clock/index.ts';
import { listPage } from '../../platform/list/index.ts';
import { CLIENT_TOKEN_TTL_SECONDS, signClientToken } from './tokens.ts';
import { clientDb } from './tables.ts';
import { isUuid } from '@portal/domain/ids';

const DAY_MS = 24 * 3600 * 1000;
/** A secret about to expire within this long is shown as expiring. */
const EXPIRING_MS = 30 * DAY_MS;
const SECRET_PREFIX = 'pcs_';

export const clientError = (status: number, code: string, vars: Record<string, string | number> = {}) =>
  new AppError(status, code, { messageKey: `apiClients:errors.${code}`, vars });

async function account(db: Db, id: string) {
  const row = await clientDb(db)
    .selectFrom('account_linked')
    .select(['id', 'user_name', 'full_name', 'active'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

function statusOf(s: { expires_at: Date; revoked_at: Date | null }, now: Date): SecretStatus {
  if (s.revoked_at) return 'revoked';
  if (s.expires_at <= now) return 'expired';
  return s.expires_at.getTime() - now.getTime() < EXPIRING_MS ? 'expiring' : 'active';
}

export async function readCredentials(db: Db, id: string): Promise<Credentials> {
  const acc = await account(db, id);
  const cdb = clientDb(db);
  const settings = await cdb
    .selectFrom('api_client')
    .select(['scopes', 'rate_limit_per_minute'])
    .where('account_linked_id', '=', id)
    .executeTakeFirst();
  const secrets = await cdb
    .selectFrom('api_client_secret')
    .select(['id', 'hint', 'created_at', 'expires_at', 'revoked_at'])
    .where('account_linked_id', '=', id)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  const now = clock.now();
  return {
    clientId: acc.id,
    userName: acc.user_name,
    fullName: acc.full_name,
    active: acc.active !== false,
    // A dataset removed from the declarations since is not shown (and no longer opens anything).
    scopes: (settings?.scopes ?? []).filter((s) => s in API_DATASETS),
    rateLimitPerMinute: settings?.rate_limit_per_minute ?? DEFAULT_RATE_LIMIT,
    secrets: secrets.map((s) => ({
      id: s.id,
      hint: s.hint,
      createdAt: s.created_at.toISOString(),
      expiresAt: s.expires_at.toISOString(),
      revokedAt: s.revoked_at?.toISOString() ?? null,
      status: statusOf(s, now),
    })),
  };
}

export async function saveSettings(
  db: Db,
  id: string,
  input: { scopes: string[]; rateLimitPerMinute: number },
  userId: string | null,
): Promise<Credentials> {
  await account(db, id);
  await clientDb(db)
    .insertInto('api_client')
    .values({
      account_linked_id: id,
      scopes: input.scopes,
      rate_limit_per_minute: input.rateLimitPerMinute,
      updated_by: userId,
    })
    .onConflict((oc) =>
      oc.column('account_linked_id').doUpdateSet({
        scopes: input.scopes,
        rate_limit_per_minute: input.rateLimitPerMinute,
        updated_at: sql<Date>`now()`,
        updated_by: userId,
      }),
    )
    .execute();
  return readCredentials(db, id);
}

async function insertSecret(db: Db, id: string, validDays: number | undefined, userId: string | null) {
  // 256 random bits: a plain hash is enough to store it (no slow hash needed against guessing).
  const secret = SECRET_PREFIX + randomToken(32);
  const expiresAt = new Date(clock.now().getTime() + (validDays ?? DEFAULT_SECRET_DAYS) * DAY_MS);
  const row = await clientDb(db)
    .insertInto('api_client_secret')
    .values({
      account_linked_id: id,
      secret_hash: hashToken(secret),
      hint: secret.slice(-4),
      created_by: userId,
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { clientId: id, id: row.id, secret, expiresAt: expiresAt.toISOString() };
}

export async function createSecret(db: Db, id: string, validDays: number | undefined, userId: string | null) {
  await account(db, id);
  return insertSecret(db, id, validDays, userId);
}

async function liveSecret(db: Db, id: string, secretId: string) {
  const row = await clientDb(db)
    .selectFrom('api_client_secret')
    .select(['id', 'expires_at', 'revoked_at'])
    .where('id', '=', secretId)
    .where('account_linked_id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.revoked_at || row.expires_at <= clock.now()) throw clientError(409, 'SECRET_NOT_ACTIVE');
  return row;
}

/** A new secret; the old one keeps working for the grace period (never longer than it would have), then ends. */
export async function rotateSecret(
  db: Db,
  id: string,
  secretId: string,
  options: { validDays?: number; graceHours?: number },
  userId: string | null,
) {
  await account(db, id);
  return db.transaction().execute(async (trx) => {
    const old = await liveSecret(trx, id, secretId);
    const graceEnd = new Date(clock.now().getTime() + (options.graceHours ?? DEFAULT_GRACE_HOURS) * 3600 * 1000);
    const cdb = clientDb(trx);
    if (options.graceHours === 0)
      await cdb
        .updateTable('api_client_secret')
        .set({ revoked_at: clock.now(), revoked_by: userId })
        .where('id', '=', old.id)
        .execute();
    else if (graceEnd < old.expires_at)
      await cdb.updateTable('api_client_secret').set({ expires_at: graceEnd }).where('id', '=', old.id).execute();
    return insertSecret(trx, id, options.validDays, userId);
  });
}

export async function revokeSecret(db: Db, id: string, secretId: string, userId: string | null): Promise<void> {
  await account(db, id);
  const row = await clientDb(db)
    .selectFrom('api_client_secret')
    .select(['id', 'revoked_at'])
    .where('id', '=', secretId)
    .where('account_linked_id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.revoked_at) return;
  await clientDb(db)
    .updateTable('api_client_secret')
    .set({ revoked_at: clock.now(), revoked_by: userId })
    .where('id', '=', secretId)
    .execute();
}

export async function usagePage(
  db: Db,
  id: string,
  query: { pageNumber: number; pageSize: number; failedOnly: boolean },
): Promise<{ pageLists: UsageRow[]; totalRecord: number }> {
  await account(db, id);
  let base = clientDb(db).selectFrom('api_client_usage').where('account_linked_id', '=', id);
  if (query.failedOnly) base = base.where('status', '>=', 400);
  return listPage(
    query,
    base
      .select(['id', 'at', 'method', 'operation', 'status', 'duration_ms'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc'),
    base,
    (r) => ({
      id: String(r.id),
      at: r.at.toISOString(),
      method: r.method,
      operation: r.operation,
      status: r.status,
      durationMs: r.duration_ms,
    }),
  );
}

export interface UsageEntry {
  accountId: string;
  method: string;
  operation: string;
  status: number;
  durationMs: number;
}

export async function recordUsage(db: Db, rows: readonly UsageEntry[]): Promise<void> {
  if (!rows.length) return;
  await clientDb(db)
    .insertInto('api_client_usage')
    .values(
      rows.map((row) => ({
        account_linked_id: row.accountId,
        method: row.method,
        operation: row.operation,
        status: row.status,
        duration_ms: row.durationMs,
      })),
    )
    .execute();
}

/** Usage rows older than the retention period go (daily); in parts, so the embedded database is never held long. */
export async function pruneUsage(db: Db, now = clock.now(), retentionDays = USAGE_RETENTION_DAYS): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  let total = 0;
  for (;;) {
    const result = await sql<{ id: string }>`delete from api_client_usage where id in (
      select id from api_client_usage where at < ${before} limit 5000)`.execute(db);
    const n = Number(result.numAffectedRows ?? 0);
    total += n;
    if (n < 5000) return total;
  }
}

/**
 * OAuth2 client credentials: a live secret of an active account → a client token for its scopes (or the part of
 * them asked for). Every failure answers the same `INVALID_CLIENT`, so a caller learns nothing about which part
 * was wrong.
 */
export async function issueToken(
  db: Db,
  jwtSecret: string,
  input: { clientId: string; clientSecret: string; scope?: string | undefined },
) {
  const invalid = () => clientError(401, 'INVALID_CLIENT');
  if (!isUuid(input.clientId) || !input.clientSecret.startsWith(SECRET_PREFIX)) throw invalid();
  const now = clock.now();
  const row = await clientDb(db)
    .selectFrom('api_client_secret as s')
    .innerJoin('account_linked as a', 'a.id', 's.account_linked_id')
    .leftJoin('api_client as c', 'c.account_linked_id', 's.account_linked_id')
    .select(['s.id', 's.account_linked_id', 'c.scopes'])
    .where('s.secret_hash', '=', hashToken(input.clientSecret))
    .where('s.account_linked_id', '=', input.clientId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('a.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('a.active', 'is', null), eb('a.active', '=', true)]))
    .executeTakeFirst();
  if (!row) throw invalid();
  const granted = (row.scopes ?? []).filter((s) => s in API_DATASETS);
  let scopes = granted;
  if (input.scope !== undefined && input.scope.trim()) {
    const asked = [...new Set(input.scope.trim().split(/\s+/))];
    // RFC 6749 §5.2: asking for a scope the client does not hold is `invalid_scope`.
    if (asked.some((s) => !granted.includes(s))) throw clientError(400, 'INVALID_SCOPE');
    scopes = asked;
  }
  const token = await signClientToken(jwtSecret, { sub: row.account_linked_id, sid: row.id, scopes }, now.getTime());
  return {
    access_token: token,
    token_type: 'Bearer' as const,
    expires_in: CLIENT_TOKEN_TTL_SECONDS,
    scope: scopes.join(' '),
  };
}

/**
 * What a client token still stands for, read on every call: the secret it came from not revoked or expired, the
 * account active, and the scopes and limit as they are now (a scope removed takes effect at once).
 */
export async function loadClient(db: Db, accountId: string, secretId: string) {
  if (!isUuid(accountId) || !isUuid(secretId)) return null;
  const row = await clientDb(db)
    .selectFrom('api_client_secret as s')
    .innerJoin('account_linked as a', 'a.id', 's.account_linked_id')
    .leftJoin('api_client as c', 'c.account_linked_id', 's.account_linked_id')
    .select(['a.user_name', 'c.scopes', 'c.rate_limit_per_minute'])
    .where('s.id', '=', secretId)
    .where('s.account_linked_id', '=', accountId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', clock.now())
    .where('a.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('a.active', 'is', null), eb('a.active', '=', true)]))
    .executeTakeFirst();
  if (!row) return null;
  return {
    userName: row.user_name,
    scopes: row.scopes ?? [],
    rateLimitPerMinute: row.rate_limit_per_minute ?? DEFAULT_RATE_LIMIT,
  };
}
