import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { translate, type Language } from '@portal/domain/i18n';
import { PERMIT_PERMISSIONS, PERMIT_SUBJECT } from '@portal/domain/permits/features';
import { notificationLinks, type NotificationKindName } from '@portal/domain/notifications/kinds';
import { missingFields, missingRequirements } from '@portal/domain/permits/requirements';
import {
  addDays,
  checkApproval,
  checkPeriod,
  extensionBlocker,
  formatPermitNumber,
  numberPrefix,
  proposedValidity,
  renewalBlocker,
  todayInVietnam,
  yearOf,
} from '@portal/domain/permits/rules';
import type {
  ApproveBody,
  ConfirmBody,
  EditConfirmBody,
  EditLicenseBody,
  ExtendBody,
  NewLicenseBody,
  PermitDetail,
  RenewBody,
} from '@portal/domain/permits/schemas';
import {
  allowedActions,
  OPEN_STATUSES,
  permitWorkflow,
  type PermitAction,
  type PermitActor,
  type PermitKind,
  type PermitStatus,
} from '@portal/domain/permits/state';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { AppError, type ErrorDetail } from '../../platform/errors/app-error.ts';
import { languageOf } from '../../platform/errors/handler.ts';
import {
  actorName as fullName,
  historyOf,
  recordEvent as recordWorkflowEvent,
  workflowRules,
} from '../../platform/workflow/index.ts';
import { getPortalConfig } from '../configuration/index.ts';
import { actorOf, callerOf, type Caller } from './access.ts';
import { childrenOf, findPermit, lineOf, lockPermit, type LinkedRow, type PermitRow, toSummary } from './queries.ts';
import { workerOfEmployer } from './workers.ts';

export type Trx = Transaction<DB>;

/** One call's view: who, in which language, on which day (Vietnam). */
export interface PermitCtx {
  db: Db;
  request: FastifyRequest | null;
  caller: Caller;
  lang: Language;
  today: string;
}

export function permitCtx(db: Db, request: FastifyRequest): PermitCtx {
  return { db, request, caller: callerOf(request.principal), lang: languageOf(request), today: todayInVietnam() };
}

export type RequestGroup = 'license' | 'confirm';
export const groupOf = (kind: PermitKind): RequestGroup => (kind === 'confirm' ? 'confirm' : 'license');

export function permitError(
  status: number,
  code: string,
  vars: Record<string, string | number> = {},
  details: ErrorDetail[] = [],
): AppError {
  return new AppError(status, code, { messageKey: `permits:errors.${code}`, vars, details });
}

const t = (ctx: PermitCtx, key: string, vars: Record<string, string | number> = {}) => translate(ctx.lang, key, vars);

const rules = workflowRules(permitWorkflow, {
  prefix: 'permits',
  errors: 'permits:errors',
  statuses: 'permits:statuses',
  actions: 'permits:actions',
});
const EVENTS = { table: 'work_permit_event', key: 'permit_id' } as const;

/**
 * The state machine's verdict for this caller, as an error: 403 when this side never takes the action, 409 when
 * the request is not in a status that allows it.
 */
export function guard(
  ctx: PermitCtx,
  row: Pick<PermitRow, 'status' | 'business_id' | 'version'>,
  action: PermitAction,
  /** The version the caller read: checked after "whose step" and before "which status", so a user who acted on
   * a stale page learns that the request changed rather than that it cannot be done. */
  version?: number,
): PermitActor {
  const actor = actorOf(ctx.caller, row.business_id);
  rules.guard(row, { lang: ctx.lang, action, actor, version });
  return actor!;
}

const recordEvent = (
  trx: Trx,
  ctx: PermitCtx,
  e: { permitId: string; action: string; from: PermitStatus | null; to: PermitStatus | null; reason?: string | null },
) =>
  recordWorkflowEvent(
    trx,
    EVENTS,
    { id: e.permitId, action: e.action, from: e.from, to: e.to, reason: e.reason ?? null, actorId: ctx.caller.userId },
    ctx.caller.principal?.userName ?? null,
  );

/**
 * Tell the other side of a move: the employer's accounts when the department decides, the department's reviewers
 * when an employer submits. Written in the move's transaction, delivered once it has committed.
 */
async function notifyMove(
  trx: Trx,
  ctx: PermitCtx,
  row: Pick<PermitRow, 'id' | 'kind' | 'business_id' | 'business_name' | 'worker_name'>,
  action: 'submit' | 'return' | 'approve' | 'reject',
  reason?: string | null,
): Promise<void> {
  const notifier = ctx.request?.server.notifier;
  if (!notifier) return;
  const link = notificationLinks.permit(row.id, row.kind);
  const params = { worker: row.worker_name, business: row.business_name, reason: reason ?? '' };
  const employer = { scopes: [{ kind: 'employer' as const, businessId: row.business_id }] };
  const options = { request: ctx.request };
  const kind = permitWorkflow.notificationOf(action) as NotificationKindName;
  // The applicant's move goes to the reviewers; the reviewer's decision to the employer's accounts.
  const recipients =
    permitWorkflow.actorOf(action) === 'applicant'
      ? { scopes: [{ kind: 'department' as const, permission: PERMIT_PERMISSIONS.review }] }
      : employer;
  await notifier.notify(trx, recipients, kind, params, link, options);
}

const audit = (trx: Trx, ctx: PermitCtx, action: string, recordId: string, details: Record<string, unknown> = {}) =>
  recordAudit(trx, ctx.request, { action, subject: PERMIT_SUBJECT, recordId, details });

function notFound(): AppError {
  return new AppError(404, 'NOT_FOUND');
}

// -------------------------------------------------------------------------------------------------- reading

const linked = (r: LinkedRow) => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  number: r.number,
  validFrom: r.valid_from,
  validTo: r.valid_to,
});

/** What extending and renewing this permit would run into (null: allowed). */
async function blockersOf(db: Db | Trx, row: PermitRow, today: string) {
  if (row.kind === 'confirm')
    return { extend: 'notLicense', renew: 'notLicense', line: [] as LinkedRow[], children: [] as LinkedRow[] };
  const line = await lineOf(db, row.id, today);
  const children = await childrenOf(db, [row.id], today);
  const lineChildren = await childrenOf(
    db,
    line.map((l) => l.id),
    today,
  );
  const parent = { kind: row.kind, status: row.status, validFrom: row.valid_from ?? '', validTo: row.valid_to ?? '' };
  return {
    extend: extensionBlocker({ parent, lineKinds: line.map((l) => l.kind), lineChildren, children }),
    renew: renewalBlocker({ parent, children }),
    line,
    children,
  };
}

export async function permitDetail(ctx: PermitCtx, id: string, group?: RequestGroup): Promise<PermitDetail> {
  const db = ctx.db;
  const row = await findPermit(db, ctx.caller, id, ctx.today);
  if (!row || (group && groupOf(row.kind) !== group)) throw notFound();
  const actor = actorOf(ctx.caller, row.business_id);
  const blockers = await blockersOf(db, row, ctx.today);
  const line = blockers.line.length ? blockers.line : await lineOf(db, row.id, ctx.today);
  const parent = line[1] ?? null;
  const children = (blockers.children.length ? blockers.children : await childrenOf(db, [row.id], ctx.today)).filter(
    // Drafts are the employer's own until submitted.
    (c) => actor === 'applicant' || c.status !== 'draft',
  );
  const { caller } = ctx;
  const actions = allowedActions(row.status, actor).filter((a) => {
    if (a === 'delete') return caller.canDelete;
    if (a === 'extend') return caller.canCreate && blockers.extend === null;
    if (a === 'renew') return caller.canCreate && blockers.renew === null;
    return true;
  });
  const offersLinked =
    actor === 'applicant' && row.kind !== 'confirm' && (row.status === 'approved' || row.status === 'expired');
  const proposal =
    actor === 'reviewer' && row.status === 'submitted'
      ? proposedValidity(
          row.kind,
          { requestedFrom: row.requested_from, requestedTo: row.requested_to },
          parent?.valid_to ? { validTo: parent.valid_to } : null,
          ctx.today,
        )
      : null;

  return {
    ...toSummary(row),
    position: row.position as PermitDetail['position'],
    workplace: row.workplace,
    workForm: row.work_form as PermitDetail['workForm'],
    requestedFrom: row.requested_from,
    requestedTo: row.requested_to,
    renewReason: row.renew_reason as PermitDetail['renewReason'],
    exemptionGround: row.exemption_ground as PermitDetail['exemptionGround'],
    exemptionDetail: row.exemption_detail,
    note: row.note,
    returnReason: row.return_reason,
    rejectReason: row.reject_reason,
    decisionNote: row.decision_note,
    decidedByName: row.decided_by_name,
    createdAt: row.created_at.toISOString(),
    parent: parent ? linked(parent) : null,
    children: children.map(linked),
    history: (await historyOf(db, EVENTS, row.id)) as PermitDetail['history'],
    allowedActions: actions,
    extendBlocker: offersLinked ? blockers.extend : null,
    renewBlocker: offersLinked ? blockers.renew : null,
    proposedValidity: proposal,
  };
}

// -------------------------------------------------------------------------------------------------- filing

function applicantOnly(ctx: PermitCtx): string {
  if (!ctx.caller.employerId || !ctx.caller.canCreate) throw permitError(403, 'APPLICANT_ONLY');
  return ctx.caller.employerId;
}

/** One worker, one request in progress; and no new permit (or confirmation) while one is still valid. */
async function assertNoConflict(
  trx: Trx,
  ctx: PermitCtx,
  workerId: string,
  kind: 'new' | 'confirm',
  exceptId: string | null,
): Promise<void> {
  const valid = await sql<{ number: string | null }>`select number from work_permit
    where worker_id = ${workerId} and deleted_at is null and status = 'approved' and valid_to >= ${ctx.today}::date
      and ${kind === 'confirm' ? sql`kind = 'confirm'` : sql`kind <> 'confirm'`}
    order by valid_to desc limit 1`.execute(trx);
  if (valid.rows[0]) throw permitError(409, 'ALREADY_VALID', { number: valid.rows[0].number ?? '' });
  const open = await sql<{ id: string }>`select id from work_permit
    where worker_id = ${workerId} and deleted_at is null and kind in ('new', 'confirm')
      and status in (${sql.join([...OPEN_STATUSES])}) ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`.execute(
    trx,
  );
  if (open.rows[0]) throw permitError(409, 'OPEN_REQUEST_EXISTS');
}

async function applicantWorker(trx: Trx, ctx: PermitCtx, businessId: string, workerId: string): Promise<void> {
  const worker = await workerOfEmployer(trx, businessId, workerId);
  const field = 'body.workerId';
  if (!worker)
    throw permitError(400, 'WORKER_NOT_FOUND', {}, [{ field, message: t(ctx, 'permits:errors.WORKER_NOT_FOUND') }]);
  if (!worker.isForeign)
    throw permitError(400, 'WORKER_NOT_FOREIGN', {}, [{ field, message: t(ctx, 'permits:errors.WORKER_NOT_FOREIGN') }]);
}

/** add-require-license / add-require-confirm: a draft for one of the employer's foreign workers. */
export async function createRequest(
  ctx: PermitCtx,
  kind: 'new' | 'confirm',
  body: NewLicenseBody | ConfirmBody,
): Promise<string> {
  const businessId = applicantOnly(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    await applicantWorker(trx, ctx, businessId, body.workerId);
    await assertNoConflict(trx, ctx, body.workerId, kind, null);
    const common = {
      kind,
      business_id: businessId,
      worker_id: body.workerId,
      // A draft: whatever is not filled yet stays empty until it is submitted.
      passport_number: body.passportNumber ?? null,
      job_title: body.jobTitle ?? null,
      workplace: body.workplace ?? null,
      requested_from: body.requestedFrom ?? null,
      requested_to: body.requestedTo ?? null,
      note: body.note,
      created_by: ctx.caller.userId,
      updated_by: ctx.caller.userId,
    };
    const values =
      kind === 'new'
        ? {
            ...common,
            position: (body as NewLicenseBody).position ?? null,
            work_form: (body as NewLicenseBody).workForm ?? null,
          }
        : {
            ...common,
            exemption_ground: (body as ConfirmBody).exemptionGround ?? null,
            exemption_detail: (body as ConfirmBody).exemptionDetail ?? null,
          };
    const { id } = await trx.insertInto('work_permit').values(values).returning('id').executeTakeFirstOrThrow();
    await recordEvent(trx, ctx, { permitId: id, action: 'create', from: null, to: 'draft' });
    await audit(trx, ctx, 'create', id, { kind });
    return id;
  });
}

/** require-extend / require-renew: a draft linked to an approved, valid permit of the employer. */
export async function createLinked(
  ctx: PermitCtx,
  kind: 'extend' | 'renew',
  body: ExtendBody | RenewBody,
): Promise<string> {
  applicantOnly(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    // Locking the permit queues two linked requests filed at once; the second then sees the first.
    const parent = await lockPermit(trx, ctx.caller, body.parentId, ctx.today);
    if (!parent) throw notFound();
    guard(ctx, parent, kind);
    const blockers = await blockersOf(trx, parent, ctx.today);
    const blocker = kind === 'extend' ? blockers.extend : blockers.renew;
    if (blocker) {
      throw permitError(
        409,
        kind === 'extend' ? 'EXTEND_BLOCKED' : 'RENEW_BLOCKED',
        { reason: t(ctx, `permits:blockers.${blocker}`) },
        [{ field: 'body.parentId', code: blocker, message: t(ctx, `permits:blockers.${blocker}`) }],
      );
    }
    const fromParent = {
      kind,
      business_id: parent.business_id,
      worker_id: parent.worker_id,
      parent_id: parent.id,
      note: body.note,
      created_by: ctx.caller.userId,
      updated_by: ctx.caller.userId,
    };
    const values =
      kind === 'extend'
        ? {
            ...fromParent,
            passport_number: (body as ExtendBody).passportNumber,
            position: (body as ExtendBody).position,
            job_title: (body as ExtendBody).jobTitle,
            workplace: (body as ExtendBody).workplace,
            work_form: (body as ExtendBody).workForm,
            requested_to: (body as ExtendBody).requestedTo,
          }
        : {
            ...fromParent,
            passport_number: (body as RenewBody).passportNumber ?? parent.passport_number,
            position: parent.position as NewLicenseBody['position'] | null,
            job_title: parent.job_title,
            workplace: parent.workplace,
            work_form: parent.work_form as NewLicenseBody['workForm'] | null,
            requested_to: parent.valid_to,
            renew_reason: (body as RenewBody).renewReason,
          };
    if (kind === 'extend' && parent.valid_to) {
      const issues = checkPeriod(addDays(parent.valid_to, 1), (body as ExtendBody).requestedTo, {
        from: 'requestedFrom',
        to: 'requestedTo',
      });
      if (issues.length) throw ruleError(ctx, issues);
    }
    const { id } = await trx.insertInto('work_permit').values(values).returning('id').executeTakeFirstOrThrow();
    await recordEvent(trx, ctx, { permitId: id, action: 'create', from: null, to: 'draft' });
    await recordEvent(trx, ctx, { permitId: parent.id, action: kind, from: parent.status, to: parent.status });
    await audit(trx, ctx, 'create', id, { kind, parentId: parent.id });
    return id;
  });
}

function ruleError(
  ctx: PermitCtx,
  issues: { field: string; code: string; vars?: Record<string, string | number> }[],
  code = 'VALIDATION',
): AppError {
  const details = issues.map((i) => ({
    field: `body.${i.field}`,
    code: i.code,
    message: t(ctx, `permits:rules.${i.code}`, i.vars ?? {}),
  }));
  return code === 'VALIDATION' ? new AppError(400, 'VALIDATION', { details }) : permitError(400, code, {}, details);
}

// -------------------------------------------------------------------------------------------------- editing

/** edit-require-license / edit-require-confirm: the applicant changes a draft or a returned request. */
export async function editRequest(
  ctx: PermitCtx,
  group: RequestGroup,
  body: EditLicenseBody | EditConfirmBody,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockPermit(trx, ctx.caller, body.id, ctx.today);
    if (!row) throw notFound();
    if (groupOf(row.kind) !== group)
      throw permitError(400, 'KIND_MISMATCH', {
        kind: t(ctx, group === 'confirm' ? 'permits:kinds.confirm' : 'permits:kinds.new'),
      });
    guard(ctx, row, 'edit', body.version);

    const patch: Record<string, unknown> = { note: body.note };
    // Absent: left as it is; null: emptied (a draft or returned request may be incomplete until submitted).
    const set = (column: string, value: unknown) => {
      if (value !== undefined) patch[column] = value;
    };
    if (row.kind === 'confirm') {
      const b = body as EditConfirmBody;
      set('worker_id', b.workerId);
      set('passport_number', b.passportNumber);
      set('exemption_ground', b.exemptionGround);
      set('exemption_detail', b.exemptionDetail);
      set('job_title', b.jobTitle);
      set('workplace', b.workplace);
      set('requested_from', b.requestedFrom);
      set('requested_to', b.requestedTo);
    } else {
      const b = body as EditLicenseBody;
      if (row.kind === 'new') set('worker_id', b.workerId);
      set('passport_number', b.passportNumber);
      if (row.kind === 'new' || row.kind === 'extend') {
        set('position', b.position);
        set('job_title', b.jobTitle);
        set('workplace', b.workplace);
        set('work_form', b.workForm);
        set('requested_to', b.requestedTo);
      }
      if (row.kind === 'new') set('requested_from', b.requestedFrom);
      if (row.kind === 'renew') set('renew_reason', b.renewReason);
    }
    if (patch.worker_id && patch.worker_id !== row.worker_id) {
      await applicantWorker(trx, ctx, row.business_id, patch.worker_id as string);
      await assertNoConflict(trx, ctx, patch.worker_id as string, row.kind === 'confirm' ? 'confirm' : 'new', row.id);
    }
    const from = 'requested_from' in patch ? (patch.requested_from as string | null) : row.requested_from;
    const to = 'requested_to' in patch ? (patch.requested_to as string | null) : row.requested_to;
    if (row.kind === 'extend' && row.parent_id && to) {
      const parent = await trx
        .selectFrom('work_permit')
        .select('valid_to')
        .where('id', '=', row.parent_id)
        .executeTakeFirst();
      if (parent?.valid_to) {
        const issues = checkPeriod(addDays(parent.valid_to, 1), to, { from: 'requestedFrom', to: 'requestedTo' });
        if (issues.length) throw ruleError(ctx, issues);
      }
    } else if (from && to) {
      const issues = checkPeriod(from, to, { from: 'requestedFrom', to: 'requestedTo' });
      if (issues.length) throw ruleError(ctx, issues);
    }

    await trx
      .updateTable('work_permit')
      .set({ ...patch, version: row.version + 1, updated_at: new Date(), updated_by: ctx.caller.userId })
      .where('id', '=', row.id)
      .execute();
    await audit(trx, ctx, 'update', row.id, { fields: Object.keys(patch) });
  });
}

/** delete-worker-license: the applicant withdraws drafts and returned requests (all or none). */
export async function deleteRequests(ctx: PermitCtx, ids: string[]): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    for (const id of ids) {
      const row = await lockPermit(trx, ctx.caller, id, ctx.today);
      if (!row) throw notFound();
      guard(ctx, row, 'delete');
      if (!ctx.caller.canDelete) throw new AppError(403, 'FORBIDDEN');
      await trx
        .updateTable('work_permit')
        .set({
          deleted_at: new Date(),
          deleted_by: ctx.caller.userId,
          version: row.version + 1,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      await recordEvent(trx, ctx, { permitId: id, action: 'delete', from: row.status, to: null });
      await audit(trx, ctx, 'delete', id);
    }
    return ids.length;
  });
}

// -------------------------------------------------------------------------------------------------- moving

/** submit-require: the applicant sends the request with every required file. */
export async function submitRequest(ctx: PermitCtx, body: { id: string; version: number }): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockPermit(trx, ctx.caller, body.id, ctx.today);
    if (!row) throw notFound();
    guard(ctx, row, 'submit', body.version);
    const missingInfo = missingFields(row.kind, {
      passportNumber: row.passport_number,
      position: row.position,
      workForm: row.work_form,
      jobTitle: row.job_title,
      workplace: row.workplace,
      requestedFrom: row.requested_from,
      requestedTo: row.requested_to,
      renewReason: row.renew_reason,
      exemptionGround: row.exemption_ground,
      exemptionDetail: row.exemption_detail,
    });
    if (missingInfo.length) {
      // The body of every validation error, one detail per empty field, where the form shows it.
      throw new AppError(400, 'VALIDATION', {
        messageKey: 'permits:errors.INCOMPLETE',
        details: missingInfo.map((field) => ({
          field: `body.${field}`,
          code: 'required',
          message: t(ctx, `permits:validation.missing.${field}`),
        })),
      });
    }
    const filled = await trx
      .selectFrom('work_permit_file')
      .select('requirement_code')
      .where('permit_id', '=', row.id)
      .where('requirement_code', 'is not', null)
      .execute();
    const missing = missingRequirements(
      row.kind,
      filled.map((f) => f.requirement_code!),
    );
    if (missing.length) {
      const labels = missing.map((code) => t(ctx, `permits:requirements.${code}.label`));
      throw permitError(
        400,
        'FILES_MISSING',
        { list: labels.join('; ') },
        missing.map((code, i) => ({ field: `files.${code}`, code: 'required', message: labels[i]! })),
      );
    }
    await trx
      .updateTable('work_permit')
      .set({
        status: 'submitted',
        submitted_at: new Date(),
        version: row.version + 1,
        updated_at: new Date(),
        updated_by: ctx.caller.userId,
      })
      .where('id', '=', row.id)
      .execute();
    await recordEvent(trx, ctx, { permitId: row.id, action: 'submit', from: row.status, to: 'submitted' });
    await audit(trx, ctx, 'submit', row.id);
    await notifyMove(trx, ctx, row, 'submit');
  });
}

/** return-require / reject-require: the department sends the request back, or refuses it, with a reason. */
export async function decideWithReason(
  ctx: PermitCtx,
  action: 'return' | 'reject',
  body: { id: string; version: number; reason: string },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockPermit(trx, ctx.caller, body.id, ctx.today);
    if (!row) throw notFound();
    guard(ctx, row, action, body.version);
    const to = action === 'return' ? 'returned' : 'rejected';
    const now = new Date();
    const name = await fullName(trx, ctx.caller.userId);
    await trx
      .updateTable('work_permit')
      .set({
        status: to,
        ...(action === 'return'
          ? { return_reason: body.reason }
          : { reject_reason: body.reason, decided_at: now, decided_by: ctx.caller.userId, decided_by_name: name }),
        version: row.version + 1,
        updated_at: now,
        updated_by: ctx.caller.userId,
      })
      .where('id', '=', row.id)
      .execute();
    await recordEvent(trx, ctx, { permitId: row.id, action, from: row.status, to, reason: body.reason });
    await audit(trx, ctx, action, row.id, { reason: body.reason });
    await notifyMove(trx, ctx, row, action, body.reason);
  });
}

/**
 * approve-require: the department grants the permit. The number is taken from the year's counter inside this
 * transaction, so a refused approval leaves no gap and two approvals never share a number.
 */
export async function approveRequest(ctx: PermitCtx, body: ApproveBody): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockPermit(trx, ctx.caller, body.id, ctx.today);
    if (!row) throw notFound();
    guard(ctx, row, 'approve', body.version);
    const parent = row.parent_id
      ? ((await trx.selectFrom('work_permit').select('valid_to').where('id', '=', row.parent_id).executeTakeFirst()) ??
        null)
      : null;
    const issues = checkApproval({
      kind: row.kind,
      validFrom: body.validFrom,
      validTo: body.validTo,
      parent: parent?.valid_to ? { validTo: parent.valid_to } : null,
      today: ctx.today,
    });
    if (issues.length) throw ruleError(ctx, issues, 'APPROVAL_INVALID');

    const year = yearOf(ctx.today);
    const prefix = numberPrefix(row.kind);
    const counter = await sql<{
      last: number;
    }>`insert into work_permit_counter (prefix, year, last) values (${prefix}, ${year}, 1)
      on conflict (prefix, year) do update set last = work_permit_counter.last + 1 returning last`.execute(trx);
    const sequence = counter.rows[0]!.last;
    const { provinceCode } = await getPortalConfig(trx);
    const number = formatPermitNumber({ kind: row.kind, provinceCode, year, sequence });
    const now = new Date();
    await trx
      .updateTable('work_permit')
      .set({
        status: 'approved',
        number,
        number_year: year,
        number_sequence: sequence,
        valid_from: body.validFrom,
        valid_to: body.validTo,
        decision_note: body.note,
        decided_at: now,
        decided_by: ctx.caller.userId,
        decided_by_name: await fullName(trx, ctx.caller.userId),
        version: row.version + 1,
        updated_at: now,
        updated_by: ctx.caller.userId,
      })
      .where('id', '=', row.id)
      .execute();
    await recordEvent(trx, ctx, {
      permitId: row.id,
      action: 'approve',
      from: row.status,
      to: 'approved',
      reason: body.note,
    });
    await audit(trx, ctx, 'approve', row.id, { number, validFrom: body.validFrom, validTo: body.validTo });
    await notifyMove(trx, ctx, row, 'approve');
  });
}
