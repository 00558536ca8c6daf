import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { loadPrincipal } from '../../platform/auth/principal.ts';
import { workspaceOf } from './registry.ts';

/**
 * Counts are kept per day (a count may read the day: due, overdue), so at the day's turn every scope's first call
 * would count everything again — the morning's first sign-in of each commune and employer. Shortly after midnight
 * the scopes used the day before (the shared table keeps yesterday's counts with the user each was counted for)
 * are counted for the new day on behalf of that user, one scope after another on one connection, before the
 * working day starts. A scope nobody used yesterday is counted at its first call, as before.
 */

/** A user whose sign-in was used within this many days is still about. */
const ACTIVE_DAYS = 7;

/** At most this many users a night (a province's officers and its active employers' users fit). */
const MAX_USERS = 20_000;

export interface WarmResult {
  /** The users whose workspaces were counted (a scope shared by several is counted for the first). */
  users: number;
  /** Users found disabled or deleted since, or whose counts failed: skipped (their first call counts). */
  skipped: number;
}

export async function warmWorkspaces(db: Db, today: string, { max = MAX_USERS } = {}): Promise<WarmResult> {
  // The latest user of each scope yesterday; a user's own counts (their messages) are keyed by the user, so a
  // scope key names them too.
  // Only users still signing in: the night's own counts name their user too, and would otherwise carry every
  // user ever seen from night to night.
  const users = await sql<{ user_id: string }>`select distinct s.user_id from (
      select distinct on (scope_key) scope_key, user_id from workspace_count_cache
      where day = ${today}::date - 1 and user_id is not null
      order by scope_key, computed_at desc) s
    where exists (select 1 from auth_session a where a.user_id = s.user_id and a.revoked_at is null
      and a.last_used_at >= now() - make_interval(days => ${ACTIVE_DAYS}))
    limit ${max}`.execute(db);
  const result: WarmResult = { users: 0, skipped: 0 };
  for (const { user_id: userId } of users.rows) {
    const principal = await loadPrincipal(db, userId);
    const counted = principal
      ? await workspaceOf({ db, principal, today }).then(
          () => true,
          () => false,
        )
      : false;
    result[counted ? 'users' : 'skipped'] += 1;
  }
  return result;
}
