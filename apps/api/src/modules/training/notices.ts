import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { formatDate } from '@portal/domain/format';
import {
  NOTICE_DEADLINE_RULE,
  NOTICE_PERMISSIONS,
  NOTICE_SUBJECT,
  TRAINING_ORGANIZATION_PATHS as PATHS,
  withId,
} from '@portal/domain/training/organizations';
import { afterCommit, contextOf, inTransaction, translator, type OpContext } from '../../catalog/context.ts';
import { catalogueHook, type CatalogueHookEntry, type CatalogRecord } from '../../catalog/hooks.ts';
import { catalogOperations } from '../../catalog/operations.ts';
import { catalogRegistry } from '../../catalog/registry.ts';
import { rowScope } from '../../catalog/scope.ts';
import { recordSchema } from '../../catalog/schemas.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { clock } from '../../platform/clock/index.ts';
import { AppError, type ErrorDetail } from '../../platform/errors/app-error.ts';
import { errorResponses, idParams } from '../../platform/http/route-schemas.ts';
import { deadlineEnd, deadlineInForce } from '../../platform/deadlines/index.ts';
import type { NotifyOptions } from '../notifications/index.ts';
import type { WorkspaceTaskProvider } from '../workspace/index.ts';
import { classMayTrain, unitClassOn } from './reference.ts';

/**
 * Course notices (TrainingNotice): the rules on a notice — its course's details taken from the course it names, the
 * lead time the LegalDeadline row in force on the notice's date sets, the running unit's class on the start date —
 * the department's acknowledgement, its notification and its workspace task.
 */

const AREA = 'trainingNotice';
const ops = () => catalogOperations(AREA);

/**
 * How a notification of this module names its sender: the request's user when the portal knows them (delivered
 * once the response is sent); otherwise none (a principal without an account: delivered after the commit).
 */
export async function notifyOptions(ctx: OpContext): Promise<NotifyOptions> {
  const userId = ctx.principal?.userId;
  const known = userId
    ? await ctx.db.selectFrom('app_user').select('id').where('id', '=', userId).executeTakeFirst()
    : undefined;
  if (known) return { request: ctx.request };
  const notifier = ctx.request?.server.notifier;
  if (notifier)
    await afterCommit(ctx, async () => {
      await notifier.deliver();
    });
  return {};
}

/** A code the portal gives a notice left without one: TB-{date}-{4 hex}. */
export const newCode = (prefix: string, today: string): string =>
  `${prefix}-${today.replaceAll('-', '')}-${randomBytes(2).toString('hex').toUpperCase()}`;

/** What a notice takes from the course it names when it leaves them empty. */
const FROM_COURSE = ['targetTrainingId', 'kind', 'startDate', 'endDate', 'location'] as const;

interface CourseRow {
  targetTrainingId: string;
  kind: string | null;
  startDate: string;
  endDate: string | null;
  location: string | null;
}

async function courseOf(ctx: OpContext, unitId: string, code: string): Promise<CourseRow | null> {
  const found = await sql<CourseRow>`select target_training_id as "targetTrainingId", kind,
      start_date::text as "startDate", end_date::text as "endDate", location
    from training where deleted_at is null and lower(code) = lower(${code}) and trainer_unit_id = ${unitId}::uuid
    limit 1`.execute(ctx.db);
  return found.rows[0] ?? null;
}

/**
 * The running unit may train the group on the start date (its class in force then, Decree 44/2016 Art 26 as
 * amended): the messages of the course rule, beside the field that decides.
 */
export async function classDetails(
  ctx: OpContext,
  unitId: string,
  groupId: string,
  startDate: string,
  unitField: string,
): Promise<ErrorDetail[]> {
  const t = translator(ctx);
  const className = await unitClassOn(ctx.db, unitId, startDate);
  if (!className)
    return [
      { field: unitField, code: 'rule', message: t('training:validation.noClass', { date: formatDate(startDate) }) },
    ];
  if (await classMayTrain(ctx.db, className, groupId, startDate)) return [];
  const group = await sql<{ name: string }>`select name from target_training where id = ${groupId}::uuid`.execute(
    ctx.db,
  );
  return [
    {
      field: 'targetTrainingId',
      code: 'rule',
      message: t('training:validation.groupNotAllowed', {
        className,
        group: group.rows[0]?.name ?? '',
        date: formatDate(startDate),
      }),
    },
  ];
}

const noticeRules = catalogueHook(AREA, {
  async beforeChange({ ctx, operation, data, original }) {
    const t = translator(ctx);
    if (original?.status === 'acknowledged' && !ctx.system)
      throw new AppError(409, 'CONFLICT', {
        details: [{ code: 'locked', message: t('training:notices.errors.locked') }],
      });
    const out: Record<string, unknown> = { ...data };
    const pick = (name: string): unknown => (name in out ? out[name] : (original?.[name] ?? null));
    const details: ErrorDetail[] = [];
    const unitId = pick('unitId') as string;
    const groupId = pick('targetTrainingId') as string | null;
    // A unit or group that does not exist is the engine's reference error, said beside its field: nothing to judge.
    const known = await sql<{ unit: boolean; grp: boolean }>`select
        exists (select 1 from unit where id = ${unitId}::uuid and deleted_at is null) as unit,
        (${groupId}::uuid is null or exists (select 1 from target_training where id = ${groupId}::uuid)) as grp`.execute(
      ctx.db,
    );
    if (!known.rows[0]?.unit || !known.rows[0]?.grp) return out;
    const courseCode = pick('courseCode') as string | null;
    if (courseCode) {
      const course = await courseOf(ctx, unitId, courseCode);
      if (!course)
        details.push({ field: 'courseCode', code: 'reference', message: t('training:notices.errors.courseNotFound') });
      else for (const name of FROM_COURSE) if (pick(name) == null && course[name] != null) out[name] = course[name];
    }
    for (const name of ['targetTrainingId', 'startDate'] as const)
      if (pick(name) == null)
        details.push({ field: name, code: 'required', message: t('training:notices.errors.required') });
    if (details.length) throw new AppError(400, 'VALIDATION', { details });

    const startDate = pick('startDate') as string;
    const endDate = pick('endDate') as string | null;
    if (endDate && endDate < startDate)
      details.push({ field: 'endDate', code: 'range', message: t('training:notices.errors.endBeforeStart') });
    // Judged by the time limit in force on the notice's own date: a row the department changes later applies to
    // the notices sent after it.
    const notifiedOn = operation === 'create' ? clock.today() : ((original?.notifiedOn as string) ?? clock.today());
    const lead = await deadlineInForce(ctx.db, NOTICE_DEADLINE_RULE, notifiedOn);
    const earliest = deadlineEnd(notifiedOn, lead);
    if (startDate < earliest)
      details.push({
        field: 'startDate',
        code: 'leadTime',
        message: t('training:notices.errors.leadTime', {
          days: lead.amount,
          notifiedOn: formatDate(notifiedOn),
          earliest: formatDate(earliest),
          basis: lead.legalBasis,
        }),
      });
    details.push(...(await classDetails(ctx, unitId, pick('targetTrainingId') as string, startDate, 'unitId')));
    if (details.length) throw new AppError(400, 'VALIDATION', { details });
    if (operation === 'create') {
      out.notifiedOn = notifiedOn;
      out.status = 'submitted';
    }
    // A body without a code keeps the notice's own (or gets one from the portal).
    out.code ||= (original?.code as string | undefined) || newCode('TB', notifiedOn);
    return out;
  },
  async afterChange({ ctx, operation, record }) {
    const notifier = ctx.request?.server.notifier;
    if (operation !== 'create' || !notifier) return;
    const unit = await sql<{ name: string }>`select name from unit where id = ${record.unitId as string}::uuid`.execute(
      ctx.db,
    );
    await notifier.notify(
      ctx.db,
      { scopes: [{ kind: 'department', permission: NOTICE_PERMISSIONS.review }] },
      'trainingNoticeSubmitted',
      {
        unit: unit.rows[0]?.name ?? '',
        name: String(record.name ?? ''),
        startDate: formatDate(record.startDate as string),
      },
      withId(PATHS.noticeDepartment, record.id),
      await notifyOptions(ctx),
    );
  },
  async beforeDelete({ ctx, ids }) {
    if (ctx.system) return;
    const locked = await sql<{ id: string }>`select id from training_notice
      where id = any(${sql.val(ids)}::uuid[]) and status = 'acknowledged' limit 1`.execute(ctx.db);
    if (locked.rows.length)
      throw new AppError(409, 'CONFLICT', {
        details: [{ code: 'locked', message: translator(ctx)('training:notices.errors.locked') }],
      });
  },
});

/** The notices' rules, declared by the training module (index.ts). */
export const noticeHooks: CatalogueHookEntry[] = [noticeRules];

/** The department acknowledges a notice (with an optional note); the unit's sender is told. */
export async function acknowledgeNotice(ctx: OpContext, id: string, note: string | null): Promise<CatalogRecord> {
  return inTransaction(ctx, async (tx) => {
    const scope = ctx.system ? null : rowScope(catalogRegistry.get(AREA), ctx.principal, 'n');
    const found = await sql<{ status: string; name: string; created_by: string | null }>`
      select n.status, n.name, n.created_by from training_notice n
      where n.id = ${id}::uuid and n.deleted_at is null ${scope ? sql`and ${scope}` : sql``}
      for update`.execute(tx.db);
    const row = found.rows[0];
    if (!row) throw new AppError(404, 'NOT_FOUND');
    if (row.status === 'acknowledged')
      throw new AppError(409, 'CONFLICT', {
        details: [{ code: 'state', message: translator(tx)('training:notices.errors.alreadyAcknowledged') }],
      });
    const userId = tx.principal?.userId ?? null;
    const by = userId
      ? (await tx.db.selectFrom('app_user').select('full_name').where('id', '=', userId).executeTakeFirst())?.full_name
      : null;
    await sql`update training_notice set status = 'acknowledged', acknowledged_on = ${clock.today()}::date,
        acknowledged_by = ${by ?? null}, acknowledgement_note = ${note}, updated_at = now(), updated_by = ${userId}
      where id = ${id}::uuid`.execute(tx.db);
    await recordAudit(tx.db, tx.request, { action: 'acknowledge', subject: NOTICE_SUBJECT, recordId: id });
    const notifier = tx.request?.server.notifier;
    if (notifier && row.created_by)
      await notifier.notify(
        tx.db,
        { users: [row.created_by] },
        'trainingNoticeAcknowledged',
        { name: row.name },
        withId(PATHS.notice, id),
        await notifyOptions(tx),
      );
    return ops().get({ ...tx, system: true }, id);
  });
}

/** Course notices waiting for the department (the module's workspace task). */
export const noticeWorkspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'training.noticesToAcknowledge',
    permission: NOTICE_PERMISSIONS.review,
    side: 'authority',
    titleKey: 'training:notices.workspace.toAcknowledge',
    tone: 'action',
    order: 50,
    count: async (ctx) => {
      const scope = rowScope(catalogRegistry.get(AREA), ctx.principal, 'n');
      const rows = await sql<{ n: number }>`select count(*)::int as n from training_notice n
      where n.deleted_at is null and n.status = 'submitted' ${scope ? sql`and ${scope}` : sql``}`.execute(ctx.db);
      return rows.rows[0]?.n ?? 0;
    },
    link: `${PATHS.noticesDepartment}?status=submitted`,
    listApi: '/api/TrainingNotice/trainingNotices?status=submitted',
  },
];

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/TrainingNotice/acknowledge/:id',
    {
      config: { permission: NOTICE_PERMISSIONS.review },
      schema: {
        tags: ['TrainingNotice'],
        summary: "Department: acknowledge a training unit's course notice, with an optional note; the sender is told",
        params: idParams,
        body: z.object({ note: z.string().trim().max(2000).nullish() }).nullish(),
        response: { 200: recordSchema(catalogRegistry.get(AREA)), ...errorResponses },
      },
    },
    async (request) => acknowledgeNotice(contextOf(request, app.db), request.params.id, request.body?.note || null),
  );
};

export default routes;
