import { sql } from 'kysely';
import type { Executor } from '../../../catalog/context.ts';

/** A worker's credentials of one training group: the set whose newest live, unrevoked member is `current`. */
export interface CredentialPair {
  workerId: string;
  groupId: string;
}

const keyOf = (p: CredentialPair) => `training-certificate:${p.workerId}/${p.groupId}`;

/**
 * Writers of one worker's credentials of one group queue here until their transaction ends (a transaction-level
 * advisory lock, taken in key order so two writers of several pairs never wait on each other in a circle). It
 * keeps `current` right when two issues, or an issue and a revocation, meet; the worker's row stays free for
 * ordinary edits.
 */
export async function lockPairs(db: Executor, pairs: readonly CredentialPair[]): Promise<void> {
  const keys = [...new Set(pairs.filter((p) => p.workerId && p.groupId).map(keyOf))].sort();
  if (!keys.length) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(k, 0))
    from (select k from unnest(${keys}::text[]) as k order by k) as ordered`.execute(db);
}

/**
 * Marks, for each pair, the newest credential (by issue date, then creation) that is live and not revoked as
 * `current` and its others `superseded`, in one statement. `without` leaves out credentials about to be deleted;
 * `with` counts in ones about to be restored. Revoked credentials keep their status.
 */
export async function refreshStatuses(
  db: Executor,
  pairs: readonly CredentialPair[],
  options: { without?: readonly string[]; with?: readonly string[] } = {},
): Promise<void> {
  const unique = [...new Map(pairs.filter((p) => p.workerId && p.groupId).map((p) => [keyOf(p), p])).values()];
  if (!unique.length) return;
  const without = [...(options.without ?? [])];
  const withIds = [...(options.with ?? [])];
  await sql`update training_certificate c set status = r.next
    from (
      select t.id,
        case when row_number() over (partition by t.worker_id, t.target_training_id
                                     order by t.issued_on desc, t.created_at desc, t.id desc) = 1
             then 'current' else 'superseded' end as next
      from training_certificate t
      join unnest(${unique.map((p) => p.workerId)}::uuid[], ${unique.map((p) => p.groupId)}::uuid[]) as p(worker_id, group_id)
        on t.worker_id = p.worker_id and t.target_training_id = p.group_id
      where t.status is distinct from 'revoked'
        and (t.deleted_at is null or t.id = any(${withIds}::uuid[]))
        and not (t.id = any(${without}::uuid[]))
    ) r
    where c.id = r.id and c.status is distinct from r.next`.execute(db);
}

/** The pairs the credentials `ids` belong to (deleted ones included). */
export async function pairsOf(db: Executor, ids: readonly string[]): Promise<(CredentialPair & { id: string })[]> {
  if (!ids.length) return [];
  const rows = await sql<{ id: string; workerId: string; groupId: string }>`
    select id, worker_id as "workerId", target_training_id as "groupId" from training_certificate
    where id = any(${[...ids]}::uuid[])`.execute(db);
  return rows.rows;
}
