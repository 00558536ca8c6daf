import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { violationInput } from '@portal/domain/businesses/index';
import { FILE_PERMISSIONS } from '@portal/domain/files/index';
import { formatDate } from '@portal/domain/format';
import { translate, type Language } from '@portal/domain/i18n';
import { INSPECTION_PERMISSIONS, INSPECTION_SUBJECT, inspectionPath } from '@portal/domain/inspections/features';
import type {
  ConcludeInspectionBody,
  NewInspectionBody,
  UpdateInspectionBody,
} from '@portal/domain/inspections/schemas';
import {
  inspectionWorkflow,
  requirementWorkflow,
  statusAfterReview,
  type InspectionAction,
  type InspectionStatus,
  type RequirementAction,
  type RequirementStatus,
} from '@portal/domain/inspections/state';
import type { NotificationKindName } from '@portal/domain/notifications/kinds';
import type { Executor } from '../../catalog/context.ts';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { permits } from '../../platform/access/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { clock } from '../../platform/clock/index.ts';
import { AppError, type ErrorDetail } from '../../platform/errors/app-error.ts';
import { languageOf } from '../../platform/errors/handler.ts';
import { recordEvent as recordWorkflowEvent, workflowRules } from '../../platform/workflow/index.ts';
import { createViolation, deleteViolations } from '../businesses/index.ts';
import { callerOf, employerSees, inspectionActor, requirementActor, type InspectionCaller } from './access.ts';
import { findInspection, INSPECTION_EVENTS, type InspectionRow } from './queries.ts';

type Trx = Transaction<DB>;

/** One call's view: who, in which language, on which day (Vietnam, from the portal's clock). */
export interface InspectionCtx {
  db: Db;
  request: FastifyRequest | null;
  caller: InspectionCaller;
  lang: Language;
  today: string;
}

export function inspectionCtx(db: Db, request: FastifyRequest): InspectionCtx {
  return { db, request, caller: callerOf(request.principal), lang: languageOf(request), today: clock.today() };
}

const t = (ctx: InspectionCtx, key: string, vars: Record<string, string | number> = {}) =>
  translate(ctx.lang, `inspections:${key}`, vars);

export function inspectionError(
  status: number,
  code: string,
  vars: Record<string, string | number> = {},
  details: ErrorDetail[] = [],
): AppError {
  return new AppError(status, code, { messageKey: `inspections:errors.${code}`, vars, details });
}

const notFound = () => new AppError(404, 'NOT_FOUND');

/** The department side with the permission, or 403. */
function assertInspector(ctx: InspectionCtx, permission: 'create' | 'update' | 'delete'): void {
  const allowed =
    permission === 'create'
      ? ctx.caller.canCreate
      : permission === 'update'
        ? ctx.caller.canUpdate
        : ctx.caller.canDelete;
  if (!ctx.caller.inspector || !allowed) throw inspectionError(403, 'INSPECTORS_ONLY');
}

// The inspections namespace keeps its words at its root: inspections:actions, inspections:statuses, inspections:errors.
const WORDS = { prefix: 'inspections', errors: 'inspections:errors', actions: 'inspections:actions' };
const inspectionRules = workflowRules(inspectionWorkflow, {
  ...WORDS,
  statuses: 'inspections:statuses',
  codes: { notYourStep: 'INSPECTORS_ONLY' },
});
const requirementRules = workflowRules(requirementWorkflow, {
  ...WORDS,
  statuses: 'inspections:requirementStatuses',
  codes: {
    notYourStep: ({ actor }) => (actor === 'employer' ? 'EMPLOYER_ONLY' : 'INSPECTORS_ONLY'),
    invalidState: ({ action }) => (action === 'answer' ? 'REQUIREMENT_NOT_OPEN' : 'REQUIREMENT_NOT_ANSWERED'),
  },
});

/**
 * The table's verdict for an inspection move: 409 when stale or when the status does not allow the action. Who
 * may move it at all (the department's inspectors, with the permission) is asked first, before the record is read.
 */
function guard(ctx: InspectionCtx, row: InspectionRow, action: InspectionAction, version?: number): InspectionStatus {
  const to = inspectionRules.guard(row, {
    lang: ctx.lang,
    action,
    actor: inspectionActor(ctx.caller),
    version,
  });
  // The table's targets are statuses of an inspection (a removal keeps its status).
  return to as InspectionStatus;
}

async function recordEvent(
  trx: Trx,
  ctx: InspectionCtx,
  e: { id: string; action: string; from?: string | null; to?: string | null; requirementId?: string; reason?: string },
): Promise<void> {
  await recordWorkflowEvent(trx, INSPECTION_EVENTS, {
    id: e.id,
    part: e.requirementId ?? null,
    action: e.action,
    from: e.from ?? null,
    to: e.to ?? null,
    actorId: ctx.caller.userId,
    reason: e.reason ?? null,
  });
  await recordAudit(trx, ctx.request, {
    action: e.action,
    subject: INSPECTION_SUBJECT,
    recordId: e.id,
    details: { requirementId: e.requirementId ?? null, to: e.to ?? null },
  });
}

// ------------------------------------------------------------------------------------------- validation

type Fields = Omit<NewInspectionBody, 'businessId'>;

async function checkFields(trx: Trx, ctx: InspectionCtx, body: Fields, selfId: string | null): Promise<void> {
  const details: ErrorDetail[] = [];
  if (body.team.length) {
    // Team members are users of the department (its inspectors and officers), active.
    const ids = body.team.map((m) => m.userId);
    const found = await sql<{ id: string }>`select u.id from app_user u join unit un on un.id = u.unit_id
      where u.id in (${sql.join(ids)}) and u.deleted_at is null and un.kind = 'department'`.execute(trx);
    const ok = new Set(found.rows.map((r) => r.id));
    body.team.forEach((m, i) => {
      if (!ok.has(m.userId))
        details.push({ field: `body.team.${i}.userId`, code: 'reference', message: t(ctx, 'validation.notInspector') });
    });
  }
  if (body.decisionNumber) {
    const dup = await sql<{ id: string }>`select id from labour_inspection where deleted_at is null
      and lower(decision_number) = lower(${body.decisionNumber}) ${selfId ? sql`and id <> ${selfId}` : sql``}`.execute(
      trx,
    );
    if (dup.rows.length)
      throw inspectionError(409, 'DUPLICATE_DECISION', { number: body.decisionNumber }, [
        { field: 'body.decisionNumber', code: 'duplicate', message: t(ctx, 'validation.duplicateDecision') },
      ]);
  }
  if (details.length) throw new AppError(400, 'VALIDATION', { details });
}

/** Files the caller may put on a record: not secure, their own upload, the employer's, or any with File.readSecure. */
async function checkFiles(
  trx: Executor,
  ctx: InspectionCtx,
  ids: readonly string[],
  field: string,
  businessId: string,
): Promise<void> {
  if (!ids.length) return;
  const open = permits(ctx.caller.principal, FILE_PERMISSIONS.readSecure);
  const found = await sql<{ id: string }>`select id from stored_file where id in (${sql.join([...ids])})
    and (${open} or not is_secure or uploaded_by = ${ctx.caller.userId}
      or (business_id is not null and business_id = ${businessId}))`.execute(trx);
  const ok = new Set(found.rows.map((r) => r.id));
  const details = ids
    .map((id, i) => ({ id, i }))
    .filter(({ id }) => !ok.has(id))
    .map(({ i }) => ({ field: `${field}.${i}`, code: 'reference', message: t(ctx, 'validation.fileNotFound') }));
  if (details.length) throw new AppError(400, 'VALIDATION', { details });
}

// ------------------------------------------------------------------------------------------- children

async function writeChildren(trx: Trx, ctx: InspectionCtx, id: string, body: Fields, creating: boolean): Promise<void> {
  await sql`delete from labour_inspection_member where inspection_id = ${id}`.execute(trx);
  for (const [i, m] of body.team.entries())
    await sql`insert into labour_inspection_member (inspection_id, user_id, role, position)
      values (${id}, ${m.userId}, ${m.role}, ${i})`.execute(trx);

  const details: ErrorDetail[] = [];
  // Violations and requirements keep their ids: an item without id is new, a missing one is removed.
  const existingViolations = creating
    ? []
    : (
        await sql<{ id: string; linked: boolean }>`select id, violating_organization_id is not null as linked
          from labour_inspection_violation where inspection_id = ${id}`.execute(trx)
      ).rows;
  const violationIds = new Set(existingViolations.map((v) => v.id));
  body.violations.forEach((v, i) => {
    if (v.id && !violationIds.has(v.id))
      details.push({ field: `body.violations.${i}.id`, code: 'reference', message: t(ctx, 'validation.unknownItem') });
  });
  const existingRequirements = creating
    ? []
    : (
        await sql<{ id: string; status: RequirementStatus }>`select id, status from labour_inspection_requirement
          where inspection_id = ${id}`.execute(trx)
      ).rows;
  const requirementIds = new Map(existingRequirements.map((r) => [r.id, r.status]));
  body.requirements.forEach((r, i) => {
    if (r.id && !requirementIds.has(r.id))
      details.push({
        field: `body.requirements.${i}.id`,
        code: 'reference',
        message: t(ctx, 'validation.unknownItem'),
      });
  });
  if (details.length) throw new AppError(400, 'VALIDATION', { details });

  const keptViolations = new Set(body.violations.flatMap((v) => (v.id ? [v.id] : [])));
  const removed = existingViolations.filter((v) => !keptViolations.has(v.id)).map((v) => v.id);
  if (removed.length)
    await sql`delete from labour_inspection_violation where id in (${sql.join(removed)})`.execute(trx);
  for (const [i, v] of body.violations.entries()) {
    if (v.id)
      await sql`update labour_inspection_violation set position = ${i}, description = ${v.description},
        legal_provision = ${v.legalProvision}, fine_amount = ${v.fineAmount}, penalty_decision_number = ${v.penaltyDecisionNumber},
        penalty_decision_date = ${v.penaltyDecisionDate}::date where id = ${v.id}`.execute(trx);
    else
      await sql`insert into labour_inspection_violation (inspection_id, position, description, legal_provision, fine_amount,
        penalty_decision_number, penalty_decision_date) values (${id}, ${i}, ${v.description}, ${v.legalProvision},
        ${v.fineAmount}, ${v.penaltyDecisionNumber}, ${v.penaltyDecisionDate}::date)`.execute(trx);
  }

  const keptRequirements = new Set(body.requirements.flatMap((r) => (r.id ? [r.id] : [])));
  const removedRequirements = existingRequirements.filter((r) => !keptRequirements.has(r.id)).map((r) => r.id);
  if (removedRequirements.length)
    await sql`delete from labour_inspection_requirement where id in (${sql.join(removedRequirements)})`.execute(trx);
  for (const [i, r] of body.requirements.entries()) {
    if (r.id)
      await sql`update labour_inspection_requirement set position = ${i}, content = ${r.content},
        deadline = ${r.deadline}::date where id = ${r.id}`.execute(trx);
    else
      await sql`insert into labour_inspection_requirement (inspection_id, position, content, deadline)
        values (${id}, ${i}, ${r.content}, ${r.deadline}::date)`.execute(trx);
  }
}

/** Tell the employer of the decision once the inspection is known to it (a surprise one only once begun). */
async function notifyEmployerOnce(trx: Trx, ctx: InspectionCtx, id: string): Promise<void> {
  const row = (
    await sql<{
      sees: boolean;
      notified: boolean;
      business_id: string;
      decision_number: string | null;
      planned_from: string;
    }>`select ${employerSees()} as sees, i.employer_notified_at is not null as notified, i.business_id,
      i.decision_number, i.planned_from::text from labour_inspection i where i.id = ${id}`.execute(trx)
  ).rows[0];
  if (!row || !row.sees || row.notified) return;
  await sql`update labour_inspection set employer_notified_at = now() where id = ${id}`.execute(trx);
  await ctx.request?.server.notifier?.notify(
    trx,
    { scopes: [{ kind: 'employer', businessId: row.business_id, permission: INSPECTION_PERMISSIONS.read }] },
    'inspectionDecision',
    { number: row.decision_number ?? '—', date: formatDate(row.planned_from) },
    inspectionPath(id),
    { request: ctx.request },
  );
}

// ------------------------------------------------------------------------------------------- inspections

export async function createInspection(ctx: InspectionCtx, body: NewInspectionBody): Promise<string> {
  assertInspector(ctx, 'create');
  return ctx.db.transaction().execute(async (trx) => {
    const business = await sql<{ id: string }>`select id from business where id = ${body.businessId}
      and deleted_at is null`.execute(trx);
    if (!business.rows[0])
      throw new AppError(400, 'VALIDATION', {
        details: [{ field: 'body.businessId', code: 'reference', message: t(ctx, 'validation.businessNotFound') }],
      });
    await checkFields(trx, ctx, body, null);
    const inserted = await sql<{ id: string }>`insert into labour_inspection (business_id, kind, topic, legal_basis,
        decision_number, decision_date, decision_signer, planned_from, planned_to, actual_date, findings, created_by, updated_by)
      values (${body.businessId}, ${body.kind}, ${body.topic}, ${body.legalBasis}, ${body.decisionNumber},
        ${body.decisionDate}::date, ${body.decisionSigner}, ${body.plannedFrom}::date, ${body.plannedTo}::date,
        ${body.actualDate}::date, ${body.findings}, ${ctx.caller.userId}, ${ctx.caller.userId})
      returning id`.execute(trx);
    const id = inserted.rows[0]!.id;
    await writeChildren(trx, ctx, id, body, true);
    await recordEvent(trx, ctx, { id, action: 'create', to: 'planned' });
    await notifyEmployerOnce(trx, ctx, id);
    return id;
  });
}

async function lockVisible(trx: Trx, ctx: InspectionCtx, id: string): Promise<InspectionRow> {
  const row = await findInspection(trx, ctx.caller, id, true);
  if (!row) throw notFound();
  return row;
}

export async function updateInspection(ctx: InspectionCtx, id: string, body: UpdateInspectionBody): Promise<void> {
  assertInspector(ctx, 'update');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockVisible(trx, ctx, id);
    guard(ctx, row, 'edit', body.version);
    await checkFields(trx, ctx, body, id);
    await sql`update labour_inspection set kind = ${body.kind}, topic = ${body.topic}, legal_basis = ${body.legalBasis},
        decision_number = ${body.decisionNumber}, decision_date = ${body.decisionDate}::date,
        decision_signer = ${body.decisionSigner}, planned_from = ${body.plannedFrom}::date,
        planned_to = ${body.plannedTo}::date, actual_date = ${body.actualDate}::date, findings = ${body.findings},
        version = version + 1, updated_at = now(), updated_by = ${ctx.caller.userId}
      where id = ${id}`.execute(trx);
    await writeChildren(trx, ctx, id, body, false);
    await recordEvent(trx, ctx, { id, action: 'update', from: row.status, to: row.status });
    await notifyEmployerOnce(trx, ctx, id);
  });
}

export async function startInspection(
  ctx: InspectionCtx,
  id: string,
  body: { version: number; actualDate: string | null },
): Promise<void> {
  assertInspector(ctx, 'update');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockVisible(trx, ctx, id);
    const to = guard(ctx, row, 'start', body.version);
    await sql`update labour_inspection set status = ${to},
        actual_date = coalesce(${body.actualDate}::date, actual_date, ${ctx.today}::date),
        version = version + 1, updated_at = now(), updated_by = ${ctx.caller.userId} where id = ${id}`.execute(trx);
    await recordEvent(trx, ctx, { id, action: 'start', from: row.status, to });
    await notifyEmployerOnce(trx, ctx, id);
  });
}

/**
 * conclude-inspection/{id}: the conclusion (number, date, summary, file). Each sanctioned violation (a fine) is
 * entered on the violating organisations' list (published, so the public page of violating employers shows it)
 * through that module's own function; should the conclusion then fail, those records are withdrawn again.
 */
export async function concludeInspection(ctx: InspectionCtx, id: string, body: ConcludeInspectionBody): Promise<void> {
  assertInspector(ctx, 'update');
  const before = await findInspection(ctx.db, ctx.caller, id);
  if (!before) throw notFound();
  guard(ctx, before, 'conclude', body.version);
  // Every check that can refuse the input comes before the violations' records are written.
  const conclusionFiles = body.conclusionFileId ? [body.conclusionFileId] : [];
  await checkFiles(ctx.db, ctx, conclusionFiles, 'body.conclusionFileId', before.business_id);
  const sanctioned = (
    await sql<{
      id: string;
      description: string;
      legal_provision: string;
      fine_amount: string;
      penalty_decision_number: string | null;
      penalty_decision_date: string | null;
    }>`select id, description, legal_provision, fine_amount, penalty_decision_number, penalty_decision_date::text
      from labour_inspection_violation where inspection_id = ${id} and fine_amount > 0
        and violating_organization_id is null order by position`.execute(ctx.db)
  ).rows;
  const created: { violationId: string; recordId: string }[] = [];
  const request = ctx.request;
  if (sanctioned.length && !request) throw new Error('concluding with sanctions needs the request');
  try {
    if (request) {
      const issuer = await sql<{
        name: string;
      }>`select name from unit where id = ${request.principal?.unit.id ?? null}`.execute(ctx.db);
      const remedies = (
        await sql<{ content: string }>`select content from labour_inspection_requirement where inspection_id = ${id}
          order by position`.execute(ctx.db)
      ).rows.map((r) => r.content);
      for (const v of sanctioned) {
        const record = await createViolation(
          request,
          ctx.db,
          violationInput.parse({
            businessId: before.business_id,
            violationContent: v.description,
            legalBasis: v.legal_provision,
            decisionNumber: v.penalty_decision_number ?? body.conclusionNumber,
            decisionDate: v.penalty_decision_date ?? body.conclusionDate,
            fineAmount: Number(v.fine_amount),
            issuedBy: issuer.rows[0]?.name ?? null,
            remedy: remedies.join('; ').slice(0, 2000) || null,
            isPublished: true,
          }),
        );
        created.push({ violationId: v.id, recordId: record.id });
      }
    }
    await ctx.db.transaction().execute(async (trx) => {
      const row = await lockVisible(trx, ctx, id);
      guard(ctx, row, 'conclude', body.version);
      const requirements = await sql<{ n: string }>`select count(*) as n from labour_inspection_requirement
        where inspection_id = ${id}`.execute(trx);
      // Nothing to follow up: the inspection is over with its conclusion.
      const to: InspectionStatus = Number(requirements.rows[0]?.n ?? 0) > 0 ? 'concluded' : 'closed';
      await sql`update labour_inspection set status = ${to}, conclusion_number = ${body.conclusionNumber},
          conclusion_date = ${body.conclusionDate}::date, conclusion_summary = ${body.conclusionSummary},
          conclusion_file_id = ${body.conclusionFileId ?? null},
          actual_date = coalesce(actual_date, ${body.conclusionDate}::date),
          version = version + 1, updated_at = now(), updated_by = ${ctx.caller.userId} where id = ${id}`.execute(trx);
      for (const c of created)
        await sql`update labour_inspection_violation set violating_organization_id = ${c.recordId}
          where id = ${c.violationId}`.execute(trx);
      await recordEvent(trx, ctx, { id, action: 'conclude', from: row.status, to });
      await notifyEmployerOnce(trx, ctx, id);
      await ctx.request?.server.notifier?.notify(
        trx,
        { scopes: [{ kind: 'employer', businessId: row.business_id, permission: INSPECTION_PERMISSIONS.read }] },
        inspectionWorkflow.notificationOf('conclude') as NotificationKindName,
        { number: body.conclusionNumber },
        inspectionPath(id),
        { request: ctx.request },
      );
    });
  } catch (error) {
    if (created.length && request)
      await deleteViolations(
        request,
        ctx.db,
        created.map((c) => c.recordId),
      );
    throw error;
  }
}

export async function cancelInspection(
  ctx: InspectionCtx,
  id: string,
  body: { version: number; reason: string },
): Promise<void> {
  assertInspector(ctx, 'update');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockVisible(trx, ctx, id);
    const to = guard(ctx, row, 'cancel', body.version);
    await sql`update labour_inspection set status = ${to}, cancel_reason = ${body.reason},
        version = version + 1, updated_at = now(), updated_by = ${ctx.caller.userId} where id = ${id}`.execute(trx);
    await recordEvent(trx, ctx, { id, action: 'cancel', from: row.status, to, reason: body.reason });
  });
}

/** delete-inspections: planned or cancelled ones only, all or none. */
export async function deleteInspections(ctx: InspectionCtx, ids: string[]): Promise<number> {
  assertInspector(ctx, 'delete');
  await ctx.db.transaction().execute(async (trx) => {
    for (const id of ids) {
      const row = await lockVisible(trx, ctx, id);
      guard(ctx, row, 'delete');
      await sql`update labour_inspection set deleted_at = now(), deleted_by = ${ctx.caller.userId} where id = ${id}`.execute(
        trx,
      );
      await recordEvent(trx, ctx, { id, action: 'delete', from: row.status });
    }
  });
  return ids.length;
}

// ------------------------------------------------------------------------------------------- requirements

interface RequirementRow {
  id: string;
  inspection_id: string;
  status: RequirementStatus;
  content: string;
}

async function lockRequirement(
  trx: Trx,
  ctx: InspectionCtx,
  requirementId: string,
  action: RequirementAction,
): Promise<{ requirement: RequirementRow; inspection: InspectionRow; to: RequirementStatus }> {
  const found = await sql<RequirementRow>`select id, inspection_id, status, content from labour_inspection_requirement
    where id = ${requirementId}`.execute(trx);
  const requirement = found.rows[0];
  if (!requirement) throw notFound();
  const inspection = await findInspection(trx, ctx.caller, requirement.inspection_id, true);
  if (!inspection) throw notFound();
  // Locked after the inspection (same order everywhere), then read again under the lock.
  const locked = await sql<RequirementRow>`select id, inspection_id, status, content from labour_inspection_requirement
    where id = ${requirementId} for update`.execute(trx);
  const current = locked.rows[0]!;
  // A requirement has no version of its own: its moves are not checked for staleness.
  const to = requirementRules.guard(
    { status: current.status, version: 0 },
    {
      lang: ctx.lang,
      action,
      actor: requirementActor(ctx.caller, inspection),
      allowed: ctx.caller.canUpdate,
      // Requirements are answered and reviewed only while the inspection stands concluded.
      afterActor: () => {
        if (inspection.status !== 'concluded')
          throw inspectionError(409, 'NOT_CONCLUDED', { status: t(ctx, `statuses.${inspection.status}`) });
      },
    },
  );
  return { requirement: current, inspection, to: to as RequirementStatus };
}

async function teamOf(trx: Trx, inspectionId: string): Promise<string[]> {
  const rows = await sql<{ user_id: string }>`select user_id from labour_inspection_member
    where inspection_id = ${inspectionId}`.execute(trx);
  return rows.rows.map((r) => r.user_id);
}

/** answer-requirement/{id}: the employer says what it did, with evidence files (uploaded through the files module). */
export async function answerRequirement(
  ctx: InspectionCtx,
  requirementId: string,
  body: { text: string; fileIds: string[] },
): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const { requirement, inspection, to } = await lockRequirement(trx, ctx, requirementId, 'answer');
    const fileIds = [...new Set(body.fileIds)];
    await checkFiles(trx, ctx, fileIds, 'body.fileIds', inspection.business_id);
    await sql`update labour_inspection_requirement set status = ${to}, answer_text = ${body.text},
        answer_file_ids = ${fileIds}::uuid[], answered_at = now(), answered_by = ${ctx.caller.userId},
        review_reason = null, reviewed_at = null, reviewed_by = null where id = ${requirementId}`.execute(trx);
    await sql`update labour_inspection set version = version + 1, updated_at = now() where id = ${inspection.id}`.execute(
      trx,
    );
    await recordEvent(trx, ctx, {
      id: inspection.id,
      requirementId,
      action: 'answer',
      from: requirement.status,
      to,
    });
    const team = await teamOf(trx, inspection.id);
    await ctx.request?.server.notifier?.notify(
      trx,
      team.length ? { users: team } : { scopes: [{ kind: 'department', permission: INSPECTION_PERMISSIONS.update }] },
      requirementWorkflow.notificationOf('answer') as NotificationKindName,
      { business: inspection.business_name, number: inspection.decision_number ?? inspection.conclusion_number ?? '—' },
      inspectionPath(inspection.id),
      { request: ctx.request },
    );
    return inspection.id;
  });
}

/** accept-requirement/{id}, return-requirement/{id}: the department's review of an answer. */
export async function reviewRequirement(
  ctx: InspectionCtx,
  requirementId: string,
  action: 'accept' | 'return',
  reason: string | null,
): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const { requirement, inspection, to } = await lockRequirement(trx, ctx, requirementId, action);
    await sql`update labour_inspection_requirement set status = ${to}, review_reason = ${reason},
        reviewed_at = now(), reviewed_by = ${ctx.caller.userId} where id = ${requirementId}`.execute(trx);
    const all = await sql<{ status: RequirementStatus }>`select status from labour_inspection_requirement
      where inspection_id = ${inspection.id}`.execute(trx);
    const next = statusAfterReview(all.rows.map((r) => r.status));
    await sql`update labour_inspection set status = ${next}, version = version + 1, updated_at = now(),
        updated_by = ${ctx.caller.userId} where id = ${inspection.id}`.execute(trx);
    await recordEvent(trx, ctx, {
      id: inspection.id,
      requirementId,
      action,
      from: requirement.status,
      to,
      ...(reason ? { reason } : {}),
    });
    if (next !== inspection.status)
      await recordEvent(trx, ctx, { id: inspection.id, action: 'close', from: inspection.status, to: next });
    // The move's notification, where it sends one (a returned answer goes back to the employer).
    const kind = requirementWorkflow.notificationOf(action) as NotificationKindName | undefined;
    if (kind)
      await ctx.request?.server.notifier?.notify(
        trx,
        { scopes: [{ kind: 'employer', businessId: inspection.business_id, permission: INSPECTION_PERMISSIONS.read }] },
        kind,
        { requirement: requirement.content.slice(0, 120), reason: reason ?? '' },
        inspectionPath(inspection.id),
        { request: ctx.request },
      );
    return inspection.id;
  });
}
