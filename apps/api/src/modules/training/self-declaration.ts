import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { formatDate } from '@portal/domain/format';
import {
  SELF_DECLARATION_PERMISSIONS as PERMISSIONS,
  SELF_DECLARATION_SUBJECT,
  TRAINING_ORGANIZATION_PATHS as PATHS,
  withId,
} from '@portal/domain/training/organizations';
import {
  SELF_DECLARATION_WAITING,
  acknowledgementNumber,
  selfDeclarationSide,
  selfDeclarationWorkflow,
  trainerNamesOf,
  type SelfDeclarationAction,
  type SelfDeclarationStatus,
} from '@portal/domain/training/self-declaration';
import { contextOf, inTransaction, translator, type Executor, type OpContext } from '../../catalog/context.ts';
import { catalogueHook, type CatalogueHookEntry, type CatalogRecord } from '../../catalog/hooks.ts';
import { catalogOperations } from '../../catalog/operations.ts';
import { catalogRegistry } from '../../catalog/registry.ts';
import { rowScope } from '../../catalog/scope.ts';
import { recordSchema } from '../../catalog/schemas.ts';
import { permits, type Permission } from '../../platform/access/index.ts';
import { scopeOf } from '../../platform/access/scope.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { clock } from '../../platform/clock/index.ts';
import { AppError, type ErrorDetail } from '../../platform/errors/app-error.ts';
import { errorResponses, idParams } from '../../platform/http/route-schemas.ts';
import { workflowRules } from '../../platform/workflow/index.ts';
import type { WorkspaceTaskProvider } from '../workspace/index.ts';
import { notifyOptions } from './notices.ts';

/**
 * Class A self-declarations (TrainingSelfDeclaration): the rules on the record (only a draft or a refused file is
 * changed or deleted), the transitions of the state machine in packages/domain/src/training/self-declaration.ts by
 * the side that takes them (a file is sent only when its facts meet the class A conditions in force that day, a
 * TrainingClassCondition row), and what an acknowledgement makes: the employer's unit holds a class A certificate of
 * eligibility (TrainingOrganization) from that day, numbered as the acknowledgement, so the course rule lets it
 * run group 4 and 6 courses itself.
 */

const rules = workflowRules(selfDeclarationWorkflow, {
  prefix: 'training:selfDeclaration',
  codes: { notYourStep: 'FORBIDDEN', stale: 'CONFLICT', invalidState: 'CONFLICT' },
  keys: {
    notYourStep: 'training:selfDeclaration.errors.NOT_YOUR_STEP',
    stale: 'training:selfDeclaration.errors.STALE',
    invalidState: 'training:selfDeclaration.errors.INVALID_STATE',
  },
  actionCase: 'asIs',
});

const AREA = 'trainingSelfDeclaration';
const EDITABLE: readonly string[] = ['draft', 'refused'];
const ops = () => catalogOperations(AREA);

const lockedError = (ctx: OpContext) =>
  new AppError(409, 'CONFLICT', {
    details: [{ code: 'locked', message: translator(ctx)('training:selfDeclaration.errors.locked') }],
  });

/** Only the declarant edits or deletes a file: the employer's users, or the authority user who filed it. */
function declarantOf(ctx: OpContext, businessId: string | null, createdBy: string | null): boolean {
  const scope = scopeOf(ctx.principal);
  if (scope.kind === 'business') return scope.businessId === businessId;
  return !!ctx.principal && createdBy === ctx.principal.userId;
}

const notYourStep = (ctx: OpContext, action: SelfDeclarationAction) =>
  rules.refusal('notYourStep', ctx.lang, { action: rules.actionLabel(ctx.lang, action) });

/** Who may edit or delete files: their declarant, and administrators. */
async function assertDeclarant(ctx: OpContext, ids: string[], action: 'edit' | 'delete'): Promise<void> {
  if (ctx.system || ctx.principal?.role === 'admin') return;
  const rows = await sql<{ business_id: string | null; created_by: string | null; status: string }>`
    select business_id, created_by, status from training_self_declaration
    where id = any(${sql.val(ids)}::uuid[])`.execute(ctx.db);
  if (rows.rows.some((r) => !declarantOf(ctx, r.business_id, r.created_by))) throw notYourStep(ctx, action);
  if (rows.rows.some((r) => !EDITABLE.includes(r.status))) throw lockedError(ctx);
}

const declarationRules = catalogueHook(AREA, {
  async beforeChange({ ctx, operation, data, original }) {
    if (original) await assertDeclarant(ctx, [original.id], 'edit');
    const out: Record<string, unknown> = { ...data };
    // Every file is some employer's: the department and communes name it (an employer user's is forced).
    if (operation === 'create' && !out.businessId && !ctx.system)
      throw new AppError(400, 'VALIDATION', {
        details: [{ field: 'businessId', code: 'required', message: translator(ctx)('catalog:validation.required') }],
      });
    if ('trainerNames' in out) out.trainerCount = trainerNamesOf(out.trainerNames as string | null).length;
    if (operation === 'create') out.status = 'draft';

    return out;
  },
  async beforeDelete({ ctx, ids }) {
    await assertDeclarant(ctx, ids, 'delete');
  },
});

/** The self-declarations' rules, declared by the training module (index.ts). */
export const selfDeclarationHooks: CatalogueHookEntry[] = [declarationRules];

interface Row {
  id: string;
  code: string;
  status: SelfDeclarationStatus;
  business_id: string;
  business_name: string;
  business_code: string;
  business_address: string | null;
  business_phone: string | null;
  created_by: string | null;
  updated_at: Date | string;
  classroom_area: string | number | null;
  trainer_count: number | null;
  first_aid_trainer: string | null;
  materials: string | null;
}

async function lockRow(ctx: OpContext, id: string): Promise<Row | null> {
  const scope = ctx.system ? null : rowScope(catalogRegistry.get(AREA), ctx.principal, 'd');
  const found = await sql<Row>`select d.id, d.code, d.status, d.business_id, b.name as business_name,
      b.code as business_code, b.address as business_address, b.phone as business_phone, d.created_by, d.updated_at,
      d.classroom_area, d.trainer_count, d.first_aid_trainer, d.materials
    from training_self_declaration d join business b on b.id = d.business_id
    where d.id = ${id}::uuid and d.deleted_at is null ${scope ? sql`and ${scope}` : sql``}
    for update of d`.execute(ctx.db);
  return found.rows[0] ?? null;
}

/** The reviewer: the department (the whole province) with the review permission. */
function isReviewer(ctx: OpContext): boolean {
  return scopeOf(ctx.principal).kind === 'all' && permits(ctx.principal, PERMISSIONS.review);
}

/**
 * The state machine's verdict for this caller: 403 when the caller never takes the action on this file, 409 when
 * it changed since the caller read it (its last change's time) or its status does not allow the action.
 */
function guard(ctx: OpContext, row: Row, action: SelfDeclarationAction, updatedAt: string | undefined): void {
  const actor = selfDeclarationSide(action);
  const allowed =
    ctx.system ||
    (actor === 'reviewer'
      ? isReviewer(ctx)
      : declarantOf(ctx, row.business_id, row.created_by) &&
        permits(ctx.principal, action === 'delete' ? PERMISSIONS.delete : PERMISSIONS.update));
  const iso = (at: string | Date) => new Date(at).toISOString();
  rules.guard(
    { status: row.status, version: iso(row.updated_at) },
    { lang: ctx.lang, action, actor, allowed, version: updatedAt === undefined ? undefined : iso(updatedAt) },
  );
}

/** The conditions of a class on a day (a TrainingClassCondition row). */
const classCondition = z.object({
  code: z.string(),
  minimumClassroomArea: z.number(),
  minimumTrainers: z.number().int(),
  minimumFirstAidTrainers: z.number().int(),
  legalBasis: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
});
type ClassCondition = z.infer<typeof classCondition>;

/**
 * The class A conditions in force on `date`: read at the moment of use, so the department's correction applies to
 * the files sent from its first day on. Of overlapping rows the one that starts last wins (a new row is enough to
 * change the numbers from a date); null when the department keeps none for that day.
 */
async function classAConditionOn(db: Executor, date: string): Promise<ClassCondition | null> {
  const found = await sql<ClassCondition>`
    select code, minimum_classroom_area::float8 as "minimumClassroomArea", minimum_trainers::int as "minimumTrainers",
      minimum_first_aid_trainers::int as "minimumFirstAidTrainers", legal_basis as "legalBasis",
      valid_from::text as "validFrom", valid_to::text as "validTo"
    from training_class_condition
    where deleted_at is null and class_name = 'A' and valid_from <= ${date}::date
      and (valid_to is null or valid_to >= ${date}::date)
    order by valid_from desc, code limit 1`.execute(db);
  return found.rows[0] ?? null;
}

/**
 * The facts a file must state before it is sent, against the class A conditions in force that day (`c`), beside
 * their fields and with the row's own numbers and basis.
 */
function conditionErrors(ctx: OpContext, row: Row, c: ClassCondition): ErrorDetail[] {
  const t = translator(ctx);
  const details: ErrorDetail[] = [];
  const required = (field: string) =>
    details.push({ field, code: 'required', message: t('training:selfDeclaration.errors.required') });
  if (row.classroom_area == null) required('classroomArea');
  else if (Number(row.classroom_area) < c.minimumClassroomArea)
    details.push({
      field: 'classroomArea',
      code: 'min',
      message: t('training:selfDeclaration.errors.classroomArea', {
        area: c.minimumClassroomArea,
        basis: c.legalBasis,
      }),
    });
  if ((row.trainer_count ?? 0) < c.minimumTrainers)
    details.push({
      field: 'trainerNames',
      code: 'min',
      message: t('training:selfDeclaration.errors.trainers', { count: c.minimumTrainers, basis: c.legalBasis }),
    });
  // The field names the first-aid trainers as the trainers' one does (separated by ";").
  const firstAid = trainerNamesOf(row.first_aid_trainer).length;
  if (firstAid < c.minimumFirstAidTrainers)
    details.push({
      field: 'firstAidTrainer',
      code: firstAid ? 'min' : 'required',
      message: t('training:selfDeclaration.errors.firstAidTrainers', {
        count: c.minimumFirstAidTrainers,
        basis: c.legalBasis,
      }),
    });
  if (!row.materials?.trim()) required('materials');
  return details;
}

async function fullName(ctx: OpContext): Promise<string | null> {
  const userId = ctx.principal?.userId;
  if (!userId) return null;
  return (
    (await ctx.db.selectFrom('app_user').select('full_name').where('id', '=', userId).executeTakeFirst())?.full_name ??
    null
  );
}

/** The next acknowledgement number of the year; one at a time, so two acknowledgements never share one. */
async function nextNumber(ctx: OpContext, year: number): Promise<string> {
  await sql`select pg_advisory_xact_lock(hashtext('training_self_declaration.number'))`.execute(ctx.db);
  const last = await sql<{ n: number | null }>`select max(split_part(number, '/', 1)::int) as n
    from training_self_declaration where number like ${`%/${year}/%`}`.execute(ctx.db);
  return acknowledgementNumber((last.rows[0]?.n ?? 0) + 1, year);
}

/** The employer's own unit (the one its accounts belong to), which becomes the class A organisation. */
async function employerUnit(ctx: OpContext, row: Row): Promise<string> {
  const found = await sql<{ id: string }>`select id from unit
    where business_id = ${row.business_id}::uuid and kind = 'employer' and deleted_at is null
    order by (lower(code) = lower(${row.business_code})) desc, created_at limit 1`.execute(ctx.db);
  const id = found.rows[0]?.id;
  if (!id) throw new AppError(409, 'CONFLICT', { messageKey: 'training:selfDeclaration.errors.NO_UNIT' });
  return id;
}

/** Who acknowledged: the reviewer's unit (the department's first unit when the system acts, as the demo does). */
async function reviewerUnitName(ctx: OpContext): Promise<string | null> {
  const unitId = ctx.principal?.unit.id;
  const found = unitId
    ? await sql<{ name: string }>`select name from unit where id = ${unitId}::uuid`.execute(ctx.db)
    : await sql<{ name: string }>`select name from unit where kind = 'department' and deleted_at is null
        order by created_at limit 1`.execute(ctx.db);
  return found.rows[0]?.name ?? null;
}

/** Takes a transition of the state machine and answers the file as it now is. */
export async function moveSelfDeclaration(
  ctx: OpContext,
  id: string,
  action: Exclude<SelfDeclarationAction, 'edit' | 'delete'>,
  body: { updatedAt?: string | undefined; reason?: string | undefined } = {},
): Promise<CatalogRecord> {
  return inTransaction(ctx, async (tx) => {
    const row = await lockRow(tx, id);
    if (!row) throw new AppError(404, 'NOT_FOUND');
    guard(tx, row, action, body.updatedAt);
    const to = selfDeclarationWorkflow.find(row.status, action, selfDeclarationSide(action))!
      .to as SelfDeclarationStatus;
    const today = clock.today();
    const userId = tx.principal?.userId ?? null;
    const set: Record<string, unknown> = { status: to };
    const notifier = tx.request?.server.notifier;
    const employer = {
      scopes: [{ kind: 'employer' as const, businessId: row.business_id, permission: PERMISSIONS.read }],
    };
    const link = (path: string) => withId(path, id);

    if (action === 'submit' || action === 'resubmit') {
      // The file has no date of its own before it is sent: it is judged by the conditions of the day it is sent.
      const conditions = await classAConditionOn(tx.db, today);
      if (!conditions)
        throw new AppError(409, 'CONFLICT', {
          messageKey: 'training:selfDeclaration.errors.NO_CONDITIONS',
          vars: { date: formatDate(today) },
        });
      const details = conditionErrors(tx, row, conditions);
      if (details.length) throw new AppError(400, 'VALIDATION', { details });
      set.submitted_on = today;
    } else if (action === 'refuse') {
      set.refused_reason = body.reason ?? null;
      set.decided_by = await fullName(tx);
    } else {
      const number = await nextNumber(tx, Number(today.slice(0, 4)));
      Object.assign(set, { number, acknowledged_on: today, decided_by: await fullName(tx), refused_reason: null });
      // The employer's unit trains as class A from today (the course rule reads TrainingOrganization).
      await catalogOperations('trainingOrganization').create(
        { ...tx, system: true },
        {
          code: `TCB-HLA-${number.replaceAll('/', '-')}`.slice(0, 50),
          unitId: await employerUnit(tx, row),
          className: 'A',
          certificateNumber: number,
          issuedBy: await reviewerUnitName(tx),
          validFrom: today,
          address: row.business_address,
          phone: row.business_phone,
          note: translator(tx)('training:selfDeclaration.organizationNote', { code: row.code }),
        },
      );
    }
    await sql`update training_self_declaration set ${sql.join(
      Object.entries(set).map(([k, v]) => sql`${sql.id(k)} = ${v}`),
    )}, updated_at = now(), updated_by = ${userId} where id = ${id}::uuid`.execute(tx.db);
    await recordAudit(tx.db, tx.request, {
      action,
      subject: SELF_DECLARATION_SUBJECT,
      recordId: id,
      details: { from: row.status, to },
    });
    if (notifier) {
      if (action === 'submit' || action === 'resubmit')
        await notifier.notify(
          tx.db,
          { scopes: [{ kind: 'department', permission: PERMISSIONS.review }] },
          'trainingSelfDeclarationSubmitted',
          { business: row.business_name },
          link(PATHS.selfDeclarationDepartment),
          await notifyOptions(tx),
        );
      else if (action === 'acknowledge')
        await notifier.notify(
          tx.db,
          employer,
          'trainingSelfDeclarationAcknowledged',
          { number: String(set.number), date: formatDate(today) },
          link(PATHS.selfDeclaration),
          await notifyOptions(tx),
        );
      else
        await notifier.notify(
          tx.db,
          employer,
          'trainingSelfDeclarationRefused',
          { reason: body.reason ?? '' },
          link(PATHS.selfDeclaration),
          await notifyOptions(tx),
        );
    }
    return ops().get({ ...tx, system: true }, id);
  });
}

const waiting = sql.join(SELF_DECLARATION_WAITING.map((s) => sql`${s}`));

/** The department's files to acknowledge and the employer's refused ones (the module's workspace tasks). */
export const selfDeclarationWorkspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'training.selfDeclarationsToAcknowledge',
    permission: PERMISSIONS.review,
    side: 'authority',
    titleKey: 'training:selfDeclaration.workspace.toAcknowledge',
    tone: 'action',
    order: 51,
    count: async (ctx) => {
      const scope = rowScope(catalogRegistry.get(AREA), ctx.principal, 'd');
      const rows = await sql<{ n: number }>`select count(*)::int as n from training_self_declaration d
        where d.deleted_at is null and d.status in (${waiting}) ${scope ? sql`and ${scope}` : sql``}`.execute(ctx.db);
      return rows.rows[0]?.n ?? 0;
    },
    link: `${PATHS.selfDeclarationsDepartment}?status=${SELF_DECLARATION_WAITING.join(',')}`,
    listApi: `/api/TrainingSelfDeclaration/trainingSelfDeclarations?status=${SELF_DECLARATION_WAITING.join(',')}`,
  },
  {
    key: 'training.selfDeclarationsRefused',
    permission: PERMISSIONS.update,
    side: 'employer',
    titleKey: 'training:selfDeclaration.workspace.refused',
    tone: 'action',
    order: 20,
    count: async (ctx) => {
      const scope = rowScope(catalogRegistry.get(AREA), ctx.principal, 'd');
      const rows = await sql<{ n: number }>`select count(*)::int as n from training_self_declaration d
        where d.deleted_at is null and d.status = 'refused' ${scope ? sql`and ${scope}` : sql``}`.execute(ctx.db);
      return rows.rows[0]?.n ?? 0;
    },
    link: `${PATHS.selfDeclarations}?status=refused`,
    listApi: '/api/TrainingSelfDeclaration/trainingSelfDeclarations?status=refused',
  },
];

/** The class the caller's own unit trains as today (the self-training page's banner). */
const ownClass = z.object({
  className: z.enum(['A', 'B', 'C']),
  certificateNumber: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
});

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['TrainingSelfDeclaration'];
  const record = recordSchema(catalogRegistry.get(AREA));
  const version = z.object({ updatedAt: z.iso.datetime({ offset: true }).optional() });
  const moves: { action: 'submit' | 'resubmit' | 'acknowledge'; permission: Permission; summary: string }[] = [
    {
      action: 'submit',
      permission: PERMISSIONS.update,
      summary:
        "Declarant: send a draft to the department (400 naming each class A condition the file's facts do not meet)",
    },
    { action: 'resubmit', permission: PERMISSIONS.update, summary: 'Declarant: send a refused file again, corrected' },
    {
      action: 'acknowledge',
      permission: PERMISSIONS.review,
      summary:
        "Department: acknowledge a sent file with the year's next number; the employer's unit becomes a class A training organisation from today",
    },
  ];
  for (const m of moves)
    app.post(
      `/api/TrainingSelfDeclaration/${m.action}/:id`,
      {
        config: { permission: m.permission },
        schema: {
          tags,
          summary: m.summary,
          params: idParams,
          body: version.nullish(),
          response: { 200: record, ...errorResponses },
        },
      },
      async (request) =>
        moveSelfDeclaration(contextOf(request, app.db), request.params.id, m.action, {
          updatedAt: request.body?.updatedAt,
        }),
    );
  app.post(
    '/api/TrainingSelfDeclaration/refuse/:id',
    {
      config: { permission: PERMISSIONS.review },
      schema: {
        tags,
        summary: 'Department: refuse a sent file with the reason (what the employer must complete)',
        params: idParams,
        body: version.extend({ reason: z.string().trim().min(1).max(2000) }),
        response: { 200: record, ...errorResponses },
      },
    },
    async (request) =>
      moveSelfDeclaration(contextOf(request, app.db), request.params.id, 'refuse', {
        updatedAt: request.body.updatedAt,
        reason: request.body.reason,
      }),
  );
  app.get(
    '/api/TrainingSelfDeclaration/class-a-conditions',
    {
      config: { permission: PERMISSIONS.read },
      schema: {
        tags,
        summary:
          'The class A conditions in force today (TrainingClassCondition), which a file sent today is checked against; null when none is',
        response: { 200: z.object({ date: z.string(), conditions: classCondition.nullable() }), ...errorResponses },
      },
    },
    async () => {
      const date = clock.today();
      return { date, conditions: await classAConditionOn(app.db, date) };
    },
  );
  app.get(
    '/api/TrainingOrganization/own-class',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['TrainingOrganization'],
        summary: "The class the caller's own unit trains as today (its certificate of eligibility in force), or null",
        response: { 200: z.object({ organization: ownClass.nullable() }), ...errorResponses },
      },
    },
    async (request) => {
      const unitId = request.principal?.unit.id;
      const today = clock.today();
      const found = unitId
        ? await sql<
            z.infer<typeof ownClass>
          >`select class_name as "className", certificate_number as "certificateNumber",
            valid_from::text as "validFrom", valid_to::text as "validTo"
          from training_organization where deleted_at is null and unit_id = ${unitId}::uuid
            and valid_from <= ${today}::date and (valid_to is null or valid_to >= ${today}::date)
          order by class_name desc, valid_from desc limit 1`.execute(app.db)
        : null;
      return { organization: found?.rows[0] ?? null };
    },
  );
};

export default routes;
