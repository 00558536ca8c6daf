import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * Failed sign-ins per address and per user name, counted from the access history (every failure is written
 * there anyway), so the windows hold across instances and restarts. They stop fast guessing from one address and
 * against one name (known or not); the database lockout (app_user.locked_until) covers known accounts.
 */
export interface FailureLimits {
  perAddress: number;
  perName: number;
  windowMinutes: number;
}

export const LOGIN_FAILURE_LIMITS: FailureLimits = { perAddress: 20, perName: 10, windowMinutes: 15 };

/**
 * Seconds until an attempt from `address` against `name` may be made; 0 when it may now. A name's failures
 * before its last successful sign-in do not count.
 */
export async function loginRetryAfter(
  db: Db,
  address: string,
  name: string,
  limits: FailureLimits = LOGIN_FAILURE_LIMITS,
): Promise<number> {
  const window = `${limits.windowMinutes} minutes`;
  const key = name.trim().toLowerCase();
  // The limit-th most recent failure inside the window decides when the window frees a slot.
  const { rows } = await sql<{ byAddress: Date | null; byName: Date | null; now: Date }>`
    select
      (select at from audit_log
        where action = 'login_failed' and ip = ${address} and at > now() - ${window}::interval
        order by at desc offset ${limits.perAddress - 1} limit 1) as "byAddress",
      (select f.at from audit_log f
        where f.action = 'login_failed' and lower(f.user_name) = ${key} and f.at > now() - ${window}::interval
          and f.at > coalesce((select max(s.at) from audit_log s
            where s.action = 'login' and lower(s.user_name) = ${key} and s.at > now() - ${window}::interval), '-infinity')
        order by f.at desc offset ${limits.perName - 1} limit 1) as "byName",
      now() as now`.execute(db);
  const row = rows[0];
  if (!row) return 0;
  const until = Math.max(
    ...[row.byAddress, row.byName].map((at) =>
      at ? new Date(at).getTime() + limits.windowMinutes * 60_000 - new Date(row.now).getTime() : 0,
    ),
  );
  return until > 0 ? Math.max(1, Math.ceil(until / 1000)) : 0;
}

/** Consecutive failed sign-ins that lock an account, and for how long. */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MINUTES = 15;
