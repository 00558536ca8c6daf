import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool, type Transaction } from 'kysely';
import { notificationLinks, type NotificationKindName } from '@portal/domain/notifications/kinds';
import type { DB } from '../../db/schema.ts';
import {
  OVERTIME_EDITABLE,
  overtimeWorkflow,
  type OvertimeInput,
  type OvertimeNotification,
  type OvertimeStatus,
  type OvertimeTransition,
} from '@portal/domain/businesses/index';
import type { Db } from '../../db/database.ts';
import { matchesKeyword } from '../../db/search.ts';
import type { Principal } from '../../platform/access/index.ts';
import { permits } from '../../platform/access/index.ts';
import { actorName } from '../../platform/access/actor-name.ts';
import { scopeCondition } from '../../platform/access/scope.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { listPage } from '../../platform/list/index.ts';
import { workflowRules } from '../../platform/workflow/index.ts';
import { businessError, fieldError, iso, lang, ownBusiness, sideOf, type Side } from './common.ts';

/**
 * Overtime notifications: an employer submits, the authority accepts it or returns it with a reason, the
 * employer corrects a returned one and submits it again. The workflow is declared in the domain package
 * (`overtimeWorkflow`); every change of state goes through `transition`, which checks the side and the state with
 * it, and records who did it.
 */
export const OVERTIME_SUBJECT = 'OvertimeNotification';

/** The refusals as published: one 403 code per side, and the status and action in the 409's details. */
const rules = workflowRules(overtimeWorkflow, {
  prefix: 'businesses:overtime',
  errors: 'businesses:errors',
  codes: {
    notYourStep: ({ actor }) => (actor === 'authority' ? 'AUTHORITY_ONLY' : 'EMPLOYERS_ONLY'),
    invalidState: 'INVALID_TRANSITION',
  },
  details: (kind, { action, status }) =>
    kind === 'invalidState' ? [{ field: 'status', message: status, code: action }] : [],
});

export interface OvertimeFilters {
  pageNumber: number;
  pageSize: number;
  keyWord?: string | undefined;
  status?: OvertimeStatus | undefined;
  year?: number | undefined;
  businessId?: string | undefined;
}

function visible(principal: Principal | null): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [sql<SqlBool>`o.deleted_at is null`];
  const scope = scopeCondition(principal, { businessColumn: 'o.business_id' });
  if (scope) where.push(scope);
  return where;
}

/** Notices in the caller's scope with this status (the workspace's counts). */
export async function countOvertime(db: Db, principal: Principal | null, status: OvertimeStatus): Promise<number> {
  const row = await db
    .selectFrom('overtime_notification as o')
    .where((eb) => eb.and([...visible(principal), sql<SqlBool>`o.status = ${status}`]))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

function select(db: Db, principal: Principal | null) {
  return db
    .selectFrom('overtime_notification as o')
    .innerJoin('business as b', 'b.id', 'o.business_id')
    .where((eb) => eb.and(visible(principal)))
    .select([
      'o.id',
      'o.business_id',
      'b.name as business_name',
      'b.code as business_code',
      'o.year',
      'o.from_date',
      'o.to_date',
      'o.worker_count',
      'o.max_hours_per_worker',
      'o.jobs',
      'o.reason',
      'o.note',
      'o.status',
      'o.submitted_at',
      'o.reviewed_at',
      'o.reviewed_by_name',
      'o.return_reason',
      'o.created_at',
      'o.updated_at',
      sql<number>`(select count(*)::int from business_record_file f where f.owner_type = 'overtime' and f.owner_id = o.id)`.as(
        'file_count',
      ),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

/** The permission each side moves a notification with. */
const movePermission = (side: Side) => `${OVERTIME_SUBJECT}.${side === 'authority' ? 'approve' : 'update'}` as const;

/** The moves this caller may make from this state (the table for its side, and its permission). */
function actionsFor(principal: Principal | null, status: OvertimeStatus): OvertimeTransition[] {
  const side = sideOf(principal);
  return permits(principal, movePermission(side)) ? overtimeWorkflow.actionsFor(status, side) : [];
}

function toNotification(r: Row, principal: Principal | null): OvertimeNotification {
  const side: Side = sideOf(principal);
  return {
    id: r.id,
    businessId: r.business_id,
    businessName: r.business_name,
    businessCode: r.business_code,
    year: r.year,
    fromDate: r.from_date,
    toDate: r.to_date,
    workerCount: r.worker_count,
    maxHoursPerWorker: r.max_hours_per_worker,
    jobs: r.jobs,
    reason: r.reason,
    note: r.note,
    status: r.status,
    submittedAt: iso(r.submitted_at)!,
    reviewedAt: iso(r.reviewed_at),
    reviewedByName: r.reviewed_by_name,
    returnReason: r.return_reason,
    fileCount: Number(r.file_count),
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    actions: actionsFor(principal, r.status),
    editable:
      side === 'employer' && OVERTIME_EDITABLE.includes(r.status) && permits(principal, `${OVERTIME_SUBJECT}.update`),
  };
}

export async function listOvertime(
  db: Db,
  principal: Principal | null,
  q: OvertimeFilters,
): Promise<{ pageLists: OvertimeNotification[]; totalRecord: number }> {
  const where: Expression<SqlBool>[] = [];
  if (q.status) where.push(sql<SqlBool>`o.status = ${q.status}`);
  if (q.year) where.push(sql<SqlBool>`o.year = ${q.year}`);
  if (q.businessId && sideOf(principal) === 'authority')
    where.push(sql<SqlBool>`o.business_id = ${q.businessId}::uuid`);
  if (q.keyWord) where.push(matchesKeyword(['b.name', 'b.code', 'o.jobs'], q.keyWord) as Expression<SqlBool>);
  return listPage(
    q,
    select(db, principal)
      .where((eb) => eb.and(where))
      .orderBy('o.submitted_at', 'desc')
      .orderBy('o.id'),
    db
      .selectFrom('overtime_notification as o')
      .innerJoin('business as b', 'b.id', 'o.business_id')
      .where((eb) => eb.and([...visible(principal), ...where])),
    (r) => toNotification(r, principal),
  );
}

export async function findOvertime(db: Db, principal: Principal | null, id: string): Promise<OvertimeNotification> {
  const row = await select(db, principal).where('o.id', '=', id).executeTakeFirst();
  if (!row) throw businessError(404, 'OVERTIME_NOT_FOUND');
  return toNotification(row, principal);
}

/** Cross-field rules: the period is ordered and falls within the notified year. */
function checkInput(request: FastifyRequest, input: OvertimeInput): void {
  const l = lang(request);
  const details = [];
  if (input.fromDate > input.toDate) details.push(fieldError(l, 'toDate', 'periodOrder'));
  if (Number(input.fromDate.slice(0, 4)) !== input.year)
    details.push(fieldError(l, 'fromDate', 'periodYear', { year: input.year }));
  if (Number(input.toDate.slice(0, 4)) !== input.year)
    details.push(fieldError(l, 'toDate', 'periodYear', { year: input.year }));
  if (details.length) throw new AppError(400, 'VALIDATION', { details });
}

/**
 * Tell the other side: the department's reviewers when an employer (re)submits, the employer's accounts when the
 * authority accepts or returns. Written in the change's transaction, delivered after it commits.
 */
async function notifyOvertime(
  trx: Transaction<DB>,
  request: FastifyRequest,
  action: OvertimeTransition,
  notice: Pick<OvertimeNotification, 'businessId' | 'businessName' | 'year'>,
  reason?: string,
): Promise<void> {
  const params = { business: notice.businessName, year: notice.year, reason: reason ?? '' };
  const kind = overtimeWorkflow.notificationOf(action) as NotificationKindName;
  const recipients =
    overtimeWorkflow.actorOf(action) === 'employer'
      ? { scopes: [{ kind: 'department' as const, permission: movePermission('authority') }] }
      : { scopes: [{ kind: 'employer' as const, businessId: notice.businessId }] };
  await request.server.notifier.notify(trx, recipients, kind, params, notificationLinks.overtime(), { request });
}

/** Only an employer notifies, for itself. */
export async function submitOvertime(
  request: FastifyRequest,
  db: Db,
  input: OvertimeInput,
): Promise<OvertimeNotification> {
  const principal = request.principal;
  const businessId = ownBusiness(principal);
  if (!businessId) throw businessError(403, 'EMPLOYERS_ONLY');
  checkInput(request, input);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('overtime_notification')
      .values({
        business_id: businessId,
        year: input.year,
        from_date: input.fromDate,
        to_date: input.toDate,
        worker_count: input.workerCount,
        max_hours_per_worker: input.maxHoursPerWorker,
        jobs: input.jobs,
        reason: input.reason,
        note: input.note,
        status: 'submitted',
        created_by: principal?.userId ?? null,
        updated_by: principal?.userId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, request, {
      action: 'submit',
      subject: OVERTIME_SUBJECT,
      recordId: row.id,
      details: { year: input.year },
    });
    const business = await trx.selectFrom('business').select('name').where('id', '=', businessId).executeTakeFirst();
    await notifyOvertime(trx, request, 'resubmit', {
      businessId,
      businessName: business?.name ?? '',
      year: input.year,
    });
    return row.id;
  });
  return findOvertime(db, principal, id);
}

/** The employer corrects the content of a returned notification (then submits it again). */
export async function updateOvertime(
  request: FastifyRequest,
  db: Db,
  id: string,
  input: OvertimeInput,
): Promise<OvertimeNotification> {
  const principal = request.principal;
  const current = await findOvertime(db, principal, id);
  if (!current.editable) throw businessError(409, 'OVERTIME_NOT_EDITABLE', { vars: { status: current.status } });
  checkInput(request, input);
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('overtime_notification')
      .set({
        year: input.year,
        from_date: input.fromDate,
        to_date: input.toDate,
        worker_count: input.workerCount,
        max_hours_per_worker: input.maxHoursPerWorker,
        jobs: input.jobs,
        reason: input.reason,
        note: input.note,
        updated_at: sql<Date>`now()`,
        updated_by: principal?.userId ?? null,
      })
      .where('id', '=', id)
      // The state is checked again in the write: a review that landed meanwhile wins.
      .where('status', 'in', [...OVERTIME_EDITABLE])
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0)
      throw businessError(409, 'OVERTIME_NOT_EDITABLE', { vars: { status: current.status } });
    await recordAudit(trx, request, { action: 'update', subject: OVERTIME_SUBJECT, recordId: id });
  });
  return findOvertime(db, principal, id);
}

/** Move a notification along the workflow: accept, return (with a reason), resubmit. The caller reads it again. */
export async function transition(
  request: FastifyRequest,
  db: Db,
  id: string,
  action: OvertimeTransition,
  reason?: string,
): Promise<void> {
  const principal = request.principal;
  const current = await findOvertime(db, principal, id);
  const side = sideOf(principal);
  // No version: the write below moves the notification only from a status the table allows.
  const to = rules.guard(
    { status: current.status, version: 0 },
    { lang: lang(request), action, actor: side, allowed: permits(principal, movePermission(side)) },
  ) as OvertimeStatus;
  const from = overtimeWorkflow.transitions.filter((t) => t.action === action).map((t) => t.from);
  const review = side === 'authority';
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('overtime_notification')
      .set({
        status: to,
        ...(review
          ? {
              reviewed_at: sql<Date>`now()`,
              reviewed_by: principal?.userId ?? null,
              reviewed_by_name: actorName(principal),
            }
          : { submitted_at: sql<Date>`now()` }),
        // A return carries its reason; accepting or resubmitting keeps the last one for the record.
        ...(action === 'return' ? { return_reason: reason ?? null } : {}),
        updated_at: sql<Date>`now()`,
        updated_by: principal?.userId ?? null,
      })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0)
      throw businessError(409, 'INVALID_TRANSITION', { vars: { status: current.status, action } });
    await recordAudit(trx, request, {
      action: `overtime_${action}`,
      subject: OVERTIME_SUBJECT,
      recordId: id,
      details: { from: current.status, to, ...(reason ? { reason } : {}) },
    });
    await notifyOvertime(trx, request, action, current, reason);
  });
}

/**
 * Soft delete. An employer withdraws its own notifications until they are accepted; the authority (with the
 * delete permission) removes any in its scope.
 */
export async function deleteOvertime(request: FastifyRequest, db: Db, ids: string[]): Promise<number> {
  const principal = request.principal;
  for (const id of ids) {
    const n = await findOvertime(db, principal, id);
    if (sideOf(principal) === 'employer' && n.status === 'accepted') throw businessError(409, 'OVERTIME_ACCEPTED');
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('overtime_notification')
      .set({ deleted_at: sql<Date>`now()`, deleted_by: principal?.userId ?? null })
      .where('id', 'in', ids)
      .execute();
    await recordAudit(trx, request, { action: 'delete', subject: OVERTIME_SUBJECT, details: { ids } });
  });
  return ids.length;
}
