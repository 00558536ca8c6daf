import { sql } from 'kysely';
import type { RequestParticipant } from '@portal/domain/training/certificates';
import type { Executor } from '../../../catalog/context.ts';
import { groupRuleInForce } from '../reference.ts';

/**
 * The participants of a course as issuing sees them: the employer's workers in the course, their result, and the
 * live, unrevoked credential each already holds from the course (one per worker and course).
 */
export interface CourseParticipant {
  workerId: string;
  fullName: string;
  birthDate: string | null;
  result: string | null;
  certificateId: string | null;
  certificateNumber: string | null;
}

export async function courseParticipants(
  db: Executor,
  trainingId: string,
  businessId: string,
): Promise<CourseParticipant[]> {
  const rows = await sql<CourseParticipant>`select tw.worker_id as "workerId", w.full_name as "fullName",
      w.birth_date::text as "birthDate", tw.result, c.id as "certificateId", c.certificate_number as "certificateNumber"
    from training_worker tw
    join worker w on w.id = tw.worker_id and w.deleted_at is null
    left join lateral (
      select c.id, c.certificate_number from training_certificate c
      where c.training_id = tw.training_id and c.worker_id = tw.worker_id and c.deleted_at is null
        and c.status is distinct from 'revoked'
      order by c.issued_on desc, c.created_at desc limit 1) c on true
    where tw.training_id = ${trainingId}::uuid and w.business_id = ${businessId}::uuid
    order by w.full_name, w.id`.execute(db);
  return rows.rows;
}

/** Passed and without a credential from the course: whom a request or an issue names by default. */
export const eligible = (p: CourseParticipant): boolean => p.result === 'passed' && !p.certificateId;

interface RequestRow {
  id: string;
  trainingId: string;
  businessId: string | null;
}

async function requestRow(db: Executor, id: string): Promise<RequestRow | undefined> {
  return (
    await sql<RequestRow>`select id, training_id as "trainingId", business_id as "businessId"
      from training_certificate_request where id = ${id}::uuid`.execute(db)
  ).rows[0];
}

/** A new request names every eligible participant of its course (`onlyWhenEmpty`: unless it names some already). */
export async function defaultParticipants(
  db: Executor,
  requestId: string,
  options: { onlyWhenEmpty?: boolean } = {},
): Promise<void> {
  const request = await requestRow(db, requestId);
  if (!request?.businessId) return;
  if (options.onlyWhenEmpty) {
    const any = await sql`select 1 from training_certificate_request_worker where request_id = ${requestId}::uuid
      limit 1`.execute(db);
    if (any.rows.length) return;
  }
  const ids = (await courseParticipants(db, request.trainingId, request.businessId))
    .filter(eligible)
    .map((p) => p.workerId);
  await setParticipants(db, requestId, ids);
}

/** Replace the participants a request names. */
export async function setParticipants(db: Executor, requestId: string, workerIds: readonly string[]): Promise<void> {
  await sql`delete from training_certificate_request_worker where request_id = ${requestId}::uuid
    and not (worker_id = any(${[...workerIds]}::uuid[]))`.execute(db);
  if (workerIds.length)
    await sql`insert into training_certificate_request_worker (request_id, worker_id)
      select ${requestId}::uuid, w from unnest(${[...workerIds]}::uuid[]) as w
      on conflict (request_id, worker_id) do nothing`.execute(db);
  await refreshParticipantCount(db, requestId);
}

export async function refreshParticipantCount(db: Executor, requestId: string): Promise<void> {
  await sql`update training_certificate_request r set participant_count =
      (select count(*)::int from training_certificate_request_worker rw where rw.request_id = r.id)
    where r.id = ${requestId}::uuid`.execute(db);
}

/**
 * What a request shows of its course, written after the engine's checks: the training unit that ran it (an employer
 * may not name another unit, but its request belongs to that unit too) and who issues, by the rule in force `on`.
 */
export async function refreshRequestFacts(db: Executor, requestId: string, on: string): Promise<void> {
  const row = (
    await sql<{ groupId: string; unitId: string | null }>`select t.target_training_id as "groupId",
        t.trainer_unit_id as "unitId"
      from training_certificate_request r join training t on t.id = r.training_id where r.id = ${requestId}::uuid`.execute(
      db,
    )
  ).rows[0];
  if (!row) return;
  const rule = await groupRuleInForce(db, row.groupId, on);
  await sql`update training_certificate_request set trainer_unit_id = ${row.unitId}::uuid,
      target_training_id = ${row.groupId}::uuid, issuer = ${rule?.issuer ?? null}
    where id = ${requestId}::uuid`.execute(db);
}

/** The course's participants as a request's page lists them: those it names are `selected`. */
export async function requestParticipants(db: Executor, requestId: string): Promise<RequestParticipant[]> {
  const request = await requestRow(db, requestId);
  if (!request?.businessId) return [];
  const named = await sql<{ workerId: string; certificateId: string | null }>`select worker_id as "workerId",
      certificate_id as "certificateId"
    from training_certificate_request_worker where request_id = ${requestId}::uuid`.execute(db);
  const selected = new Set(named.rows.map((r) => r.workerId));
  return (await courseParticipants(db, request.trainingId, request.businessId))
    .filter((p) => p.result === 'passed' || selected.has(p.workerId))
    .map((p) => ({ ...p, selected: selected.has(p.workerId) }));
}
