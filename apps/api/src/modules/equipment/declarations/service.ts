import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { translate, type Language } from '@portal/domain/i18n';
import { DECLARATION_PERMISSIONS, DECLARATION_SUBJECT } from '@portal/domain/equipment/features';
import { EQUIPMENT_DEADLINES } from '@portal/domain/equipment/rules';
import type {
  DeclarationDetail,
  DeclarationItemInput,
  NewDeclarationBody,
  UpdateDeclarationBody,
} from '@portal/domain/equipment/schemas';
import {
  confirmationNumber,
  declarationWorkflow,
  type DeclarationAction,
  type DeclarationStatus,
} from '@portal/domain/equipment/state';
import { notificationLinks, type NotificationKindName } from '@portal/domain/notifications/kinds';
import type { Db } from '../../../db/database.ts';
import type { DB } from '../../../db/schema.ts';
import { recordAudit } from '../../../platform/audit/index.ts';
import { scopeCondition } from '../../../platform/access/scope.ts';
import { clock } from '../../../platform/clock/index.ts';
import { AppError, type ErrorDetail } from '../../../platform/errors/app-error.ts';
import { languageOf } from '../../../platform/errors/handler.ts';
import {
  actorName,
  historyOf,
  recordEvent as recordWorkflowEvent,
  workflowRules,
} from '../../../platform/workflow/index.ts';
import { recordMachineEvent, type MachineAction } from '../history.ts';
import { newPublicCode } from '../hooks.ts';
import { deadlineEnd, deadlineInForce } from '../../../platform/deadlines/index.ts';
import { actionsFor, callerOf, isDeclarant, isReviewer, sideOf, type Caller } from './access.ts';
import {
  findDeclaration,
  itemsOf,
  lockDeclaration,
  refreshMachineDeclarations,
  toSummary,
  type DeclarationRow,
} from './queries.ts';

export type Trx = Transaction<DB>;

/** One call's view: who, in which language, on which day (Vietnam, from the portal's clock). */
export interface DeclarationCtx {
  db: Db;
  request: FastifyRequest | null;
  caller: Caller;
  lang: Language;
  today: string;
}

export function declarationCtx(db: Db, request: FastifyRequest): DeclarationCtx {
  return { db, request, caller: callerOf(request.principal), lang: languageOf(request), today: clock.today() };
}

const t = (ctx: DeclarationCtx, key: string, vars: Record<string, string | number> = {}) =>
  translate(ctx.lang, `equipment:declarations.${key}`, vars);

export function declarationError(
  status: number,
  code: string,
  vars: Record<string, string | number> = {},
  details: ErrorDetail[] = [],
): AppError {
  return new AppError(status, code, { messageKey: `equipment:declarations.errors.${code}`, vars, details });
}

const notFound = () => new AppError(404, 'NOT_FOUND');

const rules = workflowRules(declarationWorkflow, { prefix: 'equipment:declarations' });

/**
 * The state machine's verdict for this caller, as an error: 403 when the caller never takes the action on this
 * declaration, 409 when it changed since the caller read it, or is not in a status that allows the action.
 */
function guard(
  ctx: DeclarationCtx,
  row: DeclarationRow,
  action: DeclarationAction,
  version: number | undefined,
): DeclarationStatus | 'deleted' {
  const actor = sideOf(action);
  const allowed =
    actor === 'reviewer'
      ? isReviewer(ctx.caller)
      : isDeclarant(ctx.caller, row) && (action === 'delete' ? ctx.caller.canDelete : ctx.caller.canUpdate);
  return rules.guard(row, { lang: ctx.lang, action, actor, allowed, version }) as DeclarationStatus | 'deleted';
}

const EVENTS = { table: 'equipment_declaration_event', key: 'declaration_id' } as const;

const recordEvent = (
  trx: Trx,
  ctx: DeclarationCtx,
  e: {
    id: string;
    action: string;
    from: DeclarationStatus | null;
    to: DeclarationStatus | null;
    reason?: string | null;
  },
) => recordWorkflowEvent(trx, EVENTS, { ...e, actorId: ctx.caller.userId }, ctx.caller.principal?.userName ?? null);

const audit = (
  trx: Trx,
  ctx: DeclarationCtx,
  action: string,
  recordId: string,
  details: Record<string, unknown> = {},
) => recordAudit(trx, ctx.request, { action, subject: DECLARATION_SUBJECT, recordId, details });

async function machineIdsOf(db: Db | Trx, declarationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('equipment_declaration_item')
    .select('equipment_id')
    .where('declaration_id', '=', declarationId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.equipment_id);
}

async function machineEvent(
  trx: Trx,
  ctx: DeclarationCtx,
  id: string,
  action: MachineAction,
  details: Record<string, unknown>,
) {
  await recordMachineEvent(
    trx,
    await machineIdsOf(trx, id),
    action,
    { declarationId: id, ...details },
    ctx.caller.principal,
  );
}

// -------------------------------------------------------------------------------------------------- reading

export async function declarationDetail(ctx: DeclarationCtx, id: string): Promise<DeclarationDetail> {
  const row = await findDeclaration(ctx.db, ctx.caller, id);
  if (!row) throw notFound();
  return {
    ...toSummary(row),
    businessCode: row.business_code,
    businessAddress: row.business_address,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    note: row.note,
    fileId: row.file_id,
    refuseReason: row.refuse_reason,
    decidedByName: row.decided_by_name,
    items: await itemsOf(ctx.db, row.id),
    history: await historyOf(ctx.db, EVENTS, row.id),
    actions: actionsFor(ctx.caller, row),
  };
}

// -------------------------------------------------------------------------------------------------- checks

interface MachineFacts {
  id: string;
  business_id: string | null;
  status: string | null;
  code: string | null;
  name: string | null;
  first_use_date: string | null;
}

const itemLabel = (m: Pick<MachineFacts, 'code' | 'name'> | undefined, i: number) =>
  m ? [m.code, m.name].filter(Boolean).join(' – ') : `#${i + 1}`;

/**
 * Each machine must be the employer's own, not scrapped, and in no other live declaration (draft, submitted or
 * confirmed); a certificate, when given, must be one of that machine's. The machines are locked, so two
 * declarations of one machine filed at once queue here and the second sees the first.
 */
async function checkItems(
  trx: Trx,
  ctx: DeclarationCtx,
  businessId: string,
  items: readonly DeclarationItemInput[],
  exceptId: string | null,
): Promise<Map<string, MachineFacts>> {
  const ids = items.map((i) => i.equipmentId);
  const machines =
    await sql<MachineFacts>`select id, business_id, status, code, name, first_use_date::text as first_use_date
    from equipment where id = any(${sql.val(ids)}::uuid[]) and deleted_at is null order by id for update`.execute(trx);
  const byId = new Map(machines.rows.map((m) => [m.id, m]));
  const notFoundDetails: ErrorDetail[] = [];
  const scrapped: ErrorDetail[] = [];
  items.forEach((item, i) => {
    const m = byId.get(item.equipmentId);
    const field = `body.items.${i}.equipmentId`;
    if (!m || m.business_id !== businessId)
      notFoundDetails.push({
        field,
        code: 'notFound',
        message: t(ctx, 'errors.MACHINE_NOT_FOUND', { item: `#${i + 1}` }),
      });
    else if (m.status === 'scrapped')
      scrapped.push({ field, code: 'scrapped', message: t(ctx, 'errors.MACHINE_SCRAPPED', { item: itemLabel(m, i) }) });
  });
  if (notFoundDetails.length)
    throw declarationError(
      400,
      'MACHINE_NOT_FOUND',
      { item: notFoundDetails.map((d) => `#${Number(d.field!.split('.')[2]) + 1}`).join(', ') },
      notFoundDetails,
    );
  if (scrapped.length)
    throw declarationError(
      400,
      'MACHINE_SCRAPPED',
      { item: scrapped.map((d) => itemLabel(byId.get(ids[Number(d.field!.split('.')[2])]!), 0)).join(', ') },
      scrapped,
    );

  const certIds = items.map((i) => i.certificateId).filter((c): c is string => !!c);
  if (certIds.length) {
    const certs = await sql<{ id: string; equipment_id: string }>`select id, equipment_id from equipment_inspection
      where id = any(${sql.val(certIds)}::uuid[]) and deleted_at is null`.execute(trx);
    const certOf = new Map(certs.rows.map((c) => [c.id, c.equipment_id]));
    const wrong: ErrorDetail[] = [];
    items.forEach((item, i) => {
      if (item.certificateId && certOf.get(item.certificateId) !== item.equipmentId)
        wrong.push({
          field: `body.items.${i}.certificateId`,
          code: 'certificate',
          message: t(ctx, 'errors.CERTIFICATE_NOT_OF_MACHINE', { item: itemLabel(byId.get(item.equipmentId), i) }),
        });
    });
    if (wrong.length) throw declarationError(400, 'CERTIFICATE_NOT_OF_MACHINE', { item: wrong[0]!.message }, wrong);
  }

  const taken = await sql<{ equipment_id: string; status: DeclarationStatus; number: string | null }>`
    select i.equipment_id, d.status, d.number from equipment_declaration_item i
    join equipment_declaration d on d.id = i.declaration_id
    where i.equipment_id = any(${sql.val(ids)}::uuid[]) and d.deleted_at is null
      and d.status in ('draft', 'submitted', 'confirmed') ${exceptId ? sql`and d.id <> ${exceptId}` : sql``}`.execute(
    trx,
  );
  if (taken.rows.length) {
    const details = taken.rows.map((r) => {
      const i = ids.indexOf(r.equipment_id);
      const m = byId.get(r.equipment_id);
      return {
        field: `body.items.${i}.equipmentId`,
        code: 'alreadyDeclared',
        message: t(ctx, 'errors.ALREADY_DECLARED', { item: itemLabel(m, i), status: t(ctx, `statuses.${r.status}`) }),
      };
    });
    const first = taken.rows[0]!;
    throw declarationError(
      409,
      'ALREADY_DECLARED',
      {
        item: itemLabel(byId.get(first.equipment_id), ids.indexOf(first.equipment_id)),
        status: t(ctx, `statuses.${first.status}`),
      },
      details,
    );
  }
  return byId;
}

async function writeItems(trx: Trx, declarationId: string, items: readonly DeclarationItemInput[]): Promise<void> {
  await trx.deleteFrom('equipment_declaration_item').where('declaration_id', '=', declarationId).execute();
  await trx
    .insertInto('equipment_declaration_item')
    .values(
      items.map((item, position) => ({
        declaration_id: declarationId,
        equipment_id: item.equipmentId,
        certificate_id: item.certificateId ?? null,
        position,
      })),
    )
    .execute();
}

async function checkFile(trx: Trx, ctx: DeclarationCtx, fileId: string | null | undefined): Promise<void> {
  if (!fileId) return;
  const found = await trx.selectFrom('stored_file').select('id').where('id', '=', fileId).executeTakeFirst();
  if (!found)
    throw declarationError(400, 'FILE_NOT_FOUND', {}, [
      { field: 'body.fileId', code: 'notFound', message: t(ctx, 'errors.FILE_NOT_FOUND') },
    ]);
}

/** The employer a new declaration is for: an employer user's own; an authority user's choice within its scope. */
async function declarantBusiness(trx: Trx, ctx: DeclarationCtx, asked: string | undefined): Promise<string> {
  if (ctx.caller.employerId) return ctx.caller.employerId;
  const field = 'body.businessId';
  if (!asked)
    throw declarationError(400, 'BUSINESS_REQUIRED', {}, [
      { field, code: 'required', message: t(ctx, 'errors.BUSINESS_REQUIRED') },
    ]);
  const scope = scopeCondition(ctx.caller.principal, { businessColumn: 'b.id' });
  const found = await sql<{ id: string }>`select b.id from business b where b.id = ${asked}
    ${scope ? sql`and ${scope}` : sql``}`.execute(trx);
  if (!found.rows[0])
    throw declarationError(400, 'BUSINESS_NOT_FOUND', {}, [
      { field, code: 'notFound', message: t(ctx, 'errors.BUSINESS_NOT_FOUND') },
    ]);
  return asked;
}

// -------------------------------------------------------------------------------------------------- filing

/** add-declaration: a draft listing the employer's machines. */
export async function createDeclaration(ctx: DeclarationCtx, body: NewDeclarationBody): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const businessId = await declarantBusiness(trx, ctx, body.businessId);
    await checkItems(trx, ctx, businessId, body.items, null);
    await checkFile(trx, ctx, body.fileId);
    const { id } = await trx
      .insertInto('equipment_declaration')
      .values({
        business_id: businessId,
        contact_name: body.contactName,
        contact_phone: body.contactPhone,
        note: body.note,
        file_id: body.fileId ?? null,
        created_by: ctx.caller.userId,
        updated_by: ctx.caller.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeItems(trx, id, body.items);
    await recordEvent(trx, ctx, { id, action: 'create', from: null, to: 'draft' });
    await audit(trx, ctx, 'create', id, { items: body.items.length });
    return id;
  });
}

/** update-declaration/{id}: the declarant changes a draft or refused declaration. */
export async function updateDeclaration(ctx: DeclarationCtx, id: string, body: UpdateDeclarationBody): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockDeclaration(trx, ctx.caller, id);
    if (!row) throw notFound();
    guard(ctx, row, 'edit', body.version);
    const patch: Record<string, unknown> = {};
    if (body.contactName !== undefined) patch.contact_name = body.contactName;
    if (body.contactPhone !== undefined) patch.contact_phone = body.contactPhone;
    if (body.note !== undefined) patch.note = body.note;
    if (body.fileId !== undefined) {
      await checkFile(trx, ctx, body.fileId);
      patch.file_id = body.fileId;
    }
    if (body.items) {
      const before = await machineIdsOf(trx, row.id);
      await checkItems(trx, ctx, row.business_id, body.items, row.id);
      await writeItems(trx, row.id, body.items);
      // A refused declaration's machines show "refused": the ones taken out go back to what else they are in.
      await refreshMachineDeclarations(trx, [...before, ...body.items.map((i) => i.equipmentId)]);
    }
    await trx
      .updateTable('equipment_declaration')
      .set({ ...patch, version: row.version + 1, updated_at: new Date(), updated_by: ctx.caller.userId })
      .where('id', '=', row.id)
      .execute();
    await recordEvent(trx, ctx, { id: row.id, action: 'edit', from: row.status, to: row.status });
    await audit(trx, ctx, 'update', row.id, { fields: [...Object.keys(patch), ...(body.items ? ['items'] : [])] });
  });
}

/** delete-declarations: the declarant withdraws drafts and refused declarations (all or none). */
export async function deleteDeclarations(ctx: DeclarationCtx, ids: string[]): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    for (const id of ids) {
      const row = await lockDeclaration(trx, ctx.caller, id);
      if (!row) throw notFound();
      guard(ctx, row, 'delete', undefined);
      const now = new Date();
      await trx
        .updateTable('equipment_declaration')
        .set({ deleted_at: now, deleted_by: ctx.caller.userId, version: row.version + 1, updated_at: now })
        .where('id', '=', id)
        .execute();
      await recordEvent(trx, ctx, { id, action: 'delete', from: row.status, to: null });
      await audit(trx, ctx, 'delete', id);
      await refreshMachineDeclarations(trx, await machineIdsOf(trx, id));
    }
    return ids.length;
  });
}

// -------------------------------------------------------------------------------------------------- moving

interface ItemFacts {
  equipment_id: string;
  certificate_id: string | null;
  code: string | null;
  name: string | null;
  first_use_date: string | null;
}

/** submit-declaration/{id}: every machine with its inspection result; marks the declaration late or not. */
export async function submitDeclaration(ctx: DeclarationCtx, id: string, version?: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockDeclaration(trx, ctx.caller, id);
    if (!row) throw notFound();
    guard(ctx, row, 'submit', version);
    const items = (
      await sql<ItemFacts>`select i.equipment_id, i.certificate_id, e.code, e.name, e.first_use_date::text as first_use_date
        from equipment_declaration_item i join equipment e on e.id = i.equipment_id
        where i.declaration_id = ${row.id} order by i.position`.execute(trx)
    ).rows;
    if (!items.length) throw declarationError(400, 'NO_ITEMS');
    const lacking = items.map((item, i) => ({ item, i })).filter(({ item }) => !item.certificate_id);
    if (lacking.length)
      throw declarationError(
        400,
        'CERTIFICATES_MISSING',
        { list: lacking.map(({ item, i }) => itemLabel(item, i)).join('; ') },
        lacking.map(({ item, i }) => ({
          field: `items.${i}.certificateId`,
          code: 'required',
          message: t(ctx, 'errors.CERTIFICATE_MISSING', { item: itemLabel(item, i) }),
        })),
      );
    // The machines may have changed since the draft was written (scrapped, declared elsewhere).
    await checkItems(
      trx,
      ctx,
      row.business_id,
      items.map((i) => ({ equipmentId: i.equipment_id, certificateId: i.certificate_id })),
      row.id,
    );

    const declaredOn = ctx.today;
    const window = await deadlineInForce(trx, EQUIPMENT_DEADLINES.declarationWindow, declaredOn);
    const processing = await deadlineInForce(trx, EQUIPMENT_DEADLINES.declarationProcessing, declaredOn);
    const late = items.some((i) => !!i.first_use_date && deadlineEnd(i.first_use_date, window) < declaredOn);
    const dueBy = deadlineEnd(declaredOn, processing);
    const now = new Date();
    await trx
      .updateTable('equipment_declaration')
      .set({
        status: 'submitted',
        declared_on: declaredOn,
        late,
        due_by: dueBy,
        submitted_at: now,
        version: row.version + 1,
        updated_at: now,
        updated_by: ctx.caller.userId,
      })
      .where('id', '=', row.id)
      .execute();
    await recordEvent(trx, ctx, { id: row.id, action: 'submit', from: row.status, to: 'submitted' });
    await audit(trx, ctx, 'submit', row.id, { late, dueBy });
    await machineEvent(trx, ctx, row.id, 'declared', { declaredOn, late });
    await refreshMachineDeclarations(
      trx,
      items.map((i) => i.equipment_id),
    );
    const notifier = ctx.request?.server.notifier;
    if (notifier) {
      const reviewers = { scopes: [{ kind: 'department' as const, permission: DECLARATION_PERMISSIONS.review }] };
      await notifier.notify(
        trx,
        reviewers,
        declarationWorkflow.notificationOf('submit') as NotificationKindName,
        { business: row.business_name, count: items.length, dueBy },
        notificationLinks.declarationReview(),
        { request: ctx.request },
      );
    }
  });
}

function employerRecipients(businessId: string) {
  return { scopes: [{ kind: 'employer' as const, businessId, permission: DECLARATION_PERMISSIONS.read }] };
}

/**
 * confirm-declaration/{id}: the department confirms with the year's next number, taken from the counter inside
 * this transaction (a refused confirmation leaves no gap; two confirmations never share a number).
 */
export async function confirmDeclaration(ctx: DeclarationCtx, id: string, version?: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockDeclaration(trx, ctx.caller, id);
    if (!row) throw notFound();
    guard(ctx, row, 'confirm', version);
    const year = Number(ctx.today.slice(0, 4));
    const counter = await sql<{
      last: number;
    }>`insert into equipment_declaration_counter (year, last) values (${year}, 1)
      on conflict (year) do update set last = equipment_declaration_counter.last + 1 returning last`.execute(trx);
    const sequence = Number(counter.rows[0]!.last);
    const number = confirmationNumber(sequence, year);
    const now = new Date();
    await trx
      .updateTable('equipment_declaration')
      .set({
        status: 'confirmed',
        number,
        number_year: year,
        number_sequence: sequence,
        public_code: newPublicCode(),
        refuse_reason: null,
        decided_at: now,
        decided_by: ctx.caller.userId,
        decided_by_name: await actorName(trx, ctx.caller.userId),
        version: row.version + 1,
        updated_at: now,
        updated_by: ctx.caller.userId,
      })
      .where('id', '=', row.id)
      .execute();
    await recordEvent(trx, ctx, { id: row.id, action: 'confirm', from: row.status, to: 'confirmed' });
    await audit(trx, ctx, 'confirm', row.id, { number });
    await machineEvent(trx, ctx, row.id, 'declarationConfirmed', { number });
    await refreshMachineDeclarations(trx, await machineIdsOf(trx, row.id));
    await ctx.request?.server.notifier?.notify(
      trx,
      employerRecipients(row.business_id),
      declarationWorkflow.notificationOf('confirm') as NotificationKindName,
      { number },
      notificationLinks.declaration(row.id),
      { request: ctx.request },
    );
  });
}

/** refuse-declaration/{id}: the department refuses with the reason; the declarant may correct and resubmit. */
export async function refuseDeclaration(
  ctx: DeclarationCtx,
  id: string,
  body: { version?: number; reason: string },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockDeclaration(trx, ctx.caller, id);
    if (!row) throw notFound();
    guard(ctx, row, 'refuse', body.version);
    const now = new Date();
    await trx
      .updateTable('equipment_declaration')
      .set({
        status: 'refused',
        refuse_reason: body.reason,
        decided_at: now,
        decided_by: ctx.caller.userId,
        decided_by_name: await actorName(trx, ctx.caller.userId),
        version: row.version + 1,
        updated_at: now,
        updated_by: ctx.caller.userId,
      })
      .where('id', '=', row.id)
      .execute();
    await recordEvent(trx, ctx, { id: row.id, action: 'refuse', from: row.status, to: 'refused', reason: body.reason });
    await audit(trx, ctx, 'refuse', row.id, { reason: body.reason });
    await machineEvent(trx, ctx, row.id, 'declarationRefused', { reason: body.reason });
    await refreshMachineDeclarations(trx, await machineIdsOf(trx, row.id));
    await ctx.request?.server.notifier?.notify(
      trx,
      employerRecipients(row.business_id),
      declarationWorkflow.notificationOf('refuse') as NotificationKindName,
      { reason: body.reason },
      notificationLinks.declaration(row.id),
      { request: ctx.request },
    );
  });
}
