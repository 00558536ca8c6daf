import { sql } from 'kysely';
import {
  requestActions,
  certificateRequestWorkflow,
  TRAINING_CERTIFICATE_PATHS,
  type RequestAction,
  type RequestFiler,
  type RequestStatus,
  type RequestWorkflow,
} from '@portal/domain/training/certificates';
import type { CredentialIssuer } from '@portal/domain/training/rules';
import { inTransaction, translator, type OpContext } from '../../../catalog/context.ts';
import { catalogOperations } from '../../../catalog/operations.ts';
import { permits } from '../../../platform/access/index.ts';
import { recordAudit } from '../../../platform/audit/index.ts';
import { clock } from '../../../platform/clock/index.ts';
import { AppError, type ErrorDetail } from '../../../platform/errors/app-error.ts';
import { workflowRules } from '../../../platform/workflow/index.ts';
import type { Recipients } from '../../notifications/index.ts';
import { courseOf, isFiler, isIssuer, issuerOf, notIssuer, requestError, usersOfUnit } from './access.ts';
import { issueCredentials } from './issue.ts';
import { courseParticipants, eligible, requestParticipants, setParticipants } from './participants.ts';

/**
 * The life of a request for training credentials (packages/domain/src/training/certificates.ts): the filer submits
 * the participants it names, the issuer issues (one numbered credential each, in one transaction) or refuses with a
 * reason. Each step locks the request, checks the caller's side and the state table, and tells the other side.
 */

interface RequestRow {
  id: string;
  code: string;
  status: RequestStatus;
  filedBy: RequestFiler | null;
  businessId: string | null;
  trainerUnitId: string | null;
  trainingId: string;
  issuer: CredentialIssuer | null;
  createdBy: string | null;
}

const columns = sql`t.id, t.code, t.status, t.filed_by as "filedBy", t.business_id as "businessId",
  t.trainer_unit_id as "trainerUnitId", t.training_id as "trainingId", t.issuer, t.created_by as "createdBy"`;

const scopeOf = (ctx: OpContext) => catalogOperations('trainingCertificateRequest').scope(ctx, 't');

/** A live request the caller may see, locked for a change; absent and out of scope are the same 404. */
async function lockRequest(ctx: OpContext, id: string): Promise<RequestRow> {
  const scope = scopeOf(ctx);
  const row = (
    await sql<RequestRow>`select ${columns} from training_certificate_request t
      where t.id = ${id}::uuid and t.deleted_at is null ${scope ? sql`and ${scope}` : sql``} for update of t`.execute(
      ctx.db,
    )
  ).rows[0];
  if (!row) throw new AppError(404, 'NOT_FOUND');
  return row;
}

async function findRequest(ctx: OpContext, id: string): Promise<RequestRow> {
  const scope = scopeOf(ctx);
  const row = (
    await sql<RequestRow>`select ${columns} from training_certificate_request t
      where t.id = ${id}::uuid and t.deleted_at is null ${scope ? sql`and ${scope}` : sql``}`.execute(ctx.db)
  ).rows[0];
  if (!row) throw new AppError(404, 'NOT_FOUND');
  return row;
}

const rules = workflowRules(certificateRequestWorkflow, {
  prefix: 'training:requests',
  codes: { invalidState: 'WRONG_STATUS' },
});

/** The side's check, then the state table's: 403 for the wrong side, 409 for the wrong moment. */
function guard(ctx: OpContext, row: RequestRow, action: RequestAction): void {
  const actor = certificateRequestWorkflow.actorOf(action);
  if (actor === 'issuer' && !isIssuer(ctx, { kind: row.issuer }, row))
    throw notIssuer(ctx, row.issuer ?? 'organization');
  if (actor === 'filer' && !isFiler(ctx, row)) throw requestError(403, 'NOT_FILER');
  rules.guard({ status: row.status, version: 0 }, { lang: ctx.lang, action, actor });
}

/** What the caller may do to the request now (the page's buttons), by side, state and permission. */
function actionsFor(ctx: OpContext, row: RequestRow): RequestAction[] {
  const can = (p: `${string}.${string}`) => ctx.system || permits(ctx.principal, p);
  const out: RequestAction[] = [];
  if (isFiler(ctx, row))
    for (const a of requestActions(row.status, 'filer'))
      if (a === 'delete' ? can('TrainingCertificateRequest.delete') : can('TrainingCertificateRequest.update'))
        out.push(a);
  if (row.issuer && isIssuer(ctx, { kind: row.issuer }, row) && can('TrainingCertificate.create'))
    out.push(...requestActions(row.status, 'issuer'));
  return out;
}

export async function requestWorkflow(ctx: OpContext, id: string): Promise<RequestWorkflow> {
  const row = await findRequest(ctx, id);
  return {
    status: row.status,
    actions: actionsFor(ctx, row),
    canPrint: row.status === 'issued',
    participants: await requestParticipants(ctx.db, row.id),
  };
}

async function setStatus(
  ctx: OpContext,
  row: RequestRow,
  action: RequestAction,
  changes: { status: RequestStatus; issuer?: CredentialIssuer; refuseReason?: string | null },
): Promise<void> {
  await sql`update training_certificate_request set status = ${changes.status},
      issuer = coalesce(${changes.issuer ?? null}, issuer),
      refuse_reason = ${changes.refuseReason === undefined ? sql`refuse_reason` : changes.refuseReason},
      updated_at = now(), updated_by = ${ctx.principal?.userId ?? null}
    where id = ${row.id}::uuid`.execute(ctx.db);
  await recordAudit(ctx.db, ctx.request, {
    action,
    subject: 'TrainingCertificateRequest',
    recordId: row.id,
    details: { code: row.code, from: row.status, to: changes.status },
  });
}

/** The named participants who may not be issued (no longer passed, or holding a credential from the course). */
async function ineligible(ctx: OpContext, row: RequestRow, workerIds: readonly string[]): Promise<ErrorDetail[]> {
  const t = translator(ctx);
  const participants = new Map(
    (await courseParticipants(ctx.db, row.trainingId, row.businessId ?? '00000000-0000-0000-0000-000000000000')).map(
      (p) => [p.workerId, p],
    ),
  );
  const out: ErrorDetail[] = [];
  workerIds.forEach((id, i) => {
    const p = participants.get(id);
    if (!p) out.push({ field: `workerIds.${i}`, code: 'course', message: t('training:requests.errors.NOT_IN_COURSE') });
    else if (!eligible(p))
      out.push({
        field: `workerIds.${i}`,
        code: 'eligible',
        message: t('training:requests.errors.NOT_ELIGIBLE', { name: p.fullName }),
      });
  });
  return out;
}

async function namedWorkers(ctx: OpContext, requestId: string): Promise<string[]> {
  const rows = await sql<{ workerId: string }>`select worker_id as "workerId"
    from training_certificate_request_worker where request_id = ${requestId}::uuid`.execute(ctx.db);
  return rows.rows.map((r) => r.workerId);
}

const requestLink = (id: string) => TRAINING_CERTIFICATE_PATHS.requestDetail.replace(':id', id);

async function businessName(ctx: OpContext, id: string | null): Promise<string> {
  if (!id) return '';
  return (
    (await sql<{ name: string }>`select name from business where id = ${id}::uuid`.execute(ctx.db)).rows[0]?.name ?? ''
  );
}

/** submit: the filer sends the participants it names to the issuer. */
export async function submitRequest(ctx: OpContext, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await lockRequest(tx, id);
    guard(tx, row, 'submit');
    const workers = await namedWorkers(tx, row.id);
    if (!workers.length)
      throw requestError(400, 'NO_PARTICIPANTS', {}, [
        { field: 'workerIds', code: 'required', message: translator(tx)('training:requests.errors.NO_PARTICIPANTS') },
      ]);
    const bad = await ineligible(tx, row, workers);
    if (bad.length) throw requestError(409, 'NOT_ELIGIBLE', { name: '' }, bad);
    const course = await courseOf(tx.db, row.trainingId);
    if (!course) throw new AppError(404, 'NOT_FOUND');
    const issuer = await issuerOf(tx.db, course, clock.today());
    await setStatus(tx, row, 'submit', { status: 'submitted', issuer: issuer.kind, refuseReason: null });
    const recipients: Recipients =
      issuer.kind === 'organization'
        ? { users: await usersOfUnit(tx.db, issuer.unitId) }
        : { scopes: [{ kind: 'employer', businessId: course.businessId!, permission: 'TrainingCertificate.create' }] };
    await tx.request?.server.notifier?.notify(
      tx.db,
      recipients,
      'trainingCertificateRequestSubmitted',
      { business: await businessName(tx, row.businessId), count: workers.length, course: course.name, code: row.code },
      requestLink(row.id),
      { request: tx.request },
    );
  });
}

/** issue: the issuer issues one credential per named participant and closes the request. */
export async function issueRequest(
  ctx: OpContext,
  id: string,
  body: { issuedOn?: string | undefined } = {},
): Promise<{ issued: number; numbers: string[] }> {
  return inTransaction(ctx, async (tx) => {
    const row = await lockRequest(tx, id);
    guard(tx, row, 'issue');
    const workers = await namedWorkers(tx, row.id);
    const issued = await issueCredentials(tx, {
      trainingId: row.trainingId,
      workerIds: workers,
      issuedOn: body.issuedOn,
    });
    await sql`update training_certificate_request_worker rw set certificate_id = u.certificate_id
      from unnest(${issued.workerIds}::uuid[], ${issued.ids}::uuid[]) as u(worker_id, certificate_id)
      where rw.request_id = ${row.id}::uuid and rw.worker_id = u.worker_id`.execute(tx.db);
    await setStatus(tx, row, 'issue', { status: 'issued', issuer: issued.issuer.kind, refuseReason: null });
    return { issued: issued.ids.length, numbers: issued.numbers };
  });
}

/** The side that filed a request, to tell of its refusal. */
async function filerRecipients(ctx: OpContext, row: RequestRow): Promise<Recipients> {
  if (row.filedBy === 'employer' && row.businessId)
    return {
      scopes: [{ kind: 'employer', businessId: row.businessId, permission: 'TrainingCertificateRequest.read' }],
    };
  if (row.filedBy === 'organization' && row.trainerUnitId)
    return { users: await usersOfUnit(ctx.db, row.trainerUnitId) };
  return { users: row.createdBy ? [row.createdBy] : [] };
}

/** refuse: the issuer sends the request back with the reason; the filer may correct and submit again. */
export async function refuseRequest(ctx: OpContext, id: string, reason: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await lockRequest(tx, id);
    guard(tx, row, 'refuse');
    await setStatus(tx, row, 'refuse', { status: 'refused', refuseReason: reason });
    await tx.request?.server.notifier?.notify(
      tx.db,
      await filerRecipients(tx, row),
      'trainingCertificateRequestRefused',
      { code: row.code, reason },
      requestLink(row.id),
      { request: tx.request },
    );
  });
}

/** The filer chooses whom a draft (or refused) request names among the course's eligible participants. */
export async function changeParticipants(ctx: OpContext, id: string, workerIds: readonly string[]): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await lockRequest(tx, id);
    guard(tx, row, 'edit');
    const unique = [...new Set(workerIds)];
    const bad = await ineligible(tx, row, unique);
    if (bad.length) throw new AppError(400, 'VALIDATION', { details: bad });
    await setParticipants(tx.db, row.id, unique);
    await sql`update training_certificate_request set updated_at = now(), updated_by = ${tx.principal?.userId ?? null}
      where id = ${row.id}::uuid`.execute(tx.db);
    await recordAudit(tx.db, tx.request, {
      action: 'update',
      subject: 'TrainingCertificateRequest',
      recordId: row.id,
      details: { participants: unique.length },
    });
  });
}

/** The credentials an issued request gave, as its PDF prints them (in number order). */
export async function issuedCredentialIds(ctx: OpContext, id: string): Promise<{ code: string; ids: string[] }> {
  const row = await findRequest(ctx, id);
  if (row.status !== 'issued')
    throw requestError(409, 'WRONG_STATUS', {
      status: translator(ctx)(`training:requests.statuses.${row.status}`),
      action: translator(ctx)('training:requests.actions.print').toLocaleLowerCase(ctx.lang),
    });
  const rows = await sql<{ id: string }>`select c.id from training_certificate_request_worker rw
    join training_certificate c on c.id = rw.certificate_id and c.deleted_at is null
    where rw.request_id = ${row.id}::uuid order by c.certificate_number`.execute(ctx.db);
  return { code: row.code, ids: rows.rows.map((r) => r.id) };
}
