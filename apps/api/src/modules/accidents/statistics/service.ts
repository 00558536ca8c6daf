import { sql } from 'kysely';
import {
  computeStatistics,
  periodRange,
  STATISTICS_PATHS,
  statisticsWorkflow,
  type StatisticsAction,
  type StatisticsActor,
  type StatisticsPeriod,
  type StatisticsRow,
  type StatisticsStatus,
  type StatisticsVictim,
} from '@portal/domain/accidents/statistics/index';
import { translate } from '@portal/domain/i18n';
import type { NotificationKindName } from '@portal/domain/notifications/kinds';
import { inTransaction, type Executor, type OpContext } from '../../../catalog/context.ts';
import type { CatalogRecord } from '../../../catalog/hooks.ts';
import { catalogOperations } from '../../../catalog/operations.ts';
import { scopeOf } from '../../../platform/access/scope.ts';
import { permits, type Permission } from '../../../platform/access/index.ts';
import { clock } from '../../../platform/clock/index.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { workflowRules } from '../../../platform/workflow/index.ts';

/**
 * An employer's accident statistics report beyond the catalogue's calls: its victims (copied from the employer's
 * declarations of the period, completed with the losses), its Appendix XII figures, and its workflow (submit,
 * return with a reason). Every call checks the report is in the caller's scope through the catalogue (404 when not).
 */

const reports = () => catalogOperations('accidentStatistical');

/** The time zone the portal's dates are in: an accident at 23:30 on 30 June belongs to the first half-year. */
const ZONE = 'Asia/Ho_Chi_Minh';

export interface VictimRow {
  id: string;
  position: number;
  accidentId: string | null;
  accidentCode: string;
  occurredOn: string;
  allowanceCase: boolean;
  causeId: string | null;
  causeName: string | null;
  factorId: string | null;
  factorName: string | null;
  fullName: string;
  female: boolean;
  occupationId: string | null;
  occupationName: string | null;
  severity: 'light' | 'serious' | 'fatal';
  underManagement: boolean;
  daysOff: number;
  medicalCost: number;
  wageCost: number;
  compensationCost: number;
  propertyDamage: number;
  otherCost: number;
}

export interface FigureRow extends StatisticsRow {
  keyName: string | null;
  keyCode: string | null;
}

export interface ReportView {
  report: CatalogRecord;
  victims: VictimRow[];
  rows: FigureRow[];
  actions: StatisticsAction[];
}

/** The report as the caller sees it (read permission and scope), or 404. */
export function loadReport(ctx: OpContext, id: string): Promise<CatalogRecord> {
  return reports().get(ctx, id);
}

export async function victimsOf(db: Executor, reportId: string): Promise<VictimRow[]> {
  const rows = await sql<VictimRow>`
    select v.id, v.position, v.accident_id as "accidentId", v.accident_code as "accidentCode",
      v.occurred_on::text as "occurredOn", v.allowance_case as "allowanceCase",
      v.accident_reason_id as "causeId", r.name as "causeName", v.injury_element_id as "factorId", e.name as "factorName",
      v.full_name as "fullName", v.female, v.occupation_id as "occupationId", o.name as "occupationName",
      v.severity, v.under_management as "underManagement", v.days_off as "daysOff",
      v.medical_cost::float8 as "medicalCost", v.wage_cost::float8 as "wageCost",
      v.compensation_cost::float8 as "compensationCost", v.property_damage::float8 as "propertyDamage",
      v.other_cost::float8 as "otherCost"
    from accident_statistical_victim v
    left join accident_reason r on r.id = v.accident_reason_id
    left join injury_element e on e.id = v.injury_element_id
    left join type_of_profession o on o.id = v.occupation_id
    where v.report_id = ${reportId}::uuid
    order by v.position, v.id`.execute(db);
  return rows.rows;
}

const asVictim = (v: VictimRow): StatisticsVictim => ({
  accidentId: v.accidentId ?? v.accidentCode,
  allowanceCase: v.allowanceCase,
  causeId: v.causeId,
  factorId: v.factorId,
  propertyDamage: v.propertyDamage,
  otherCost: v.otherCost,
  female: v.female,
  occupationId: v.occupationId,
  severity: v.severity,
  underManagement: v.underManagement,
  daysOff: v.daysOff,
  medicalCost: v.medicalCost,
  wageCost: v.wageCost,
  compensationCost: v.compensationCost,
});

/**
 * Rewrite the report's Appendix XII rows from its victims, and its counts for the lists. Runs whenever the victims
 * change (prefill, losses, import), so the department's aggregation reads these rows only.
 */
export async function refreshRows(db: Executor, reportId: string): Promise<void> {
  const victims = await victimsOf(db, reportId);
  const rows = computeStatistics(victims.map(asVictim));
  await sql`delete from accident_statistical_row where report_id = ${reportId}::uuid`.execute(db);
  if (rows.length)
    await sql`insert into accident_statistical_row (report_id, section, dimension, key_id, accidents, fatal_accidents,
        multi_victim_accidents, victims, female_victims, deaths, serious_injuries, outside_victims, outside_female,
        outside_deaths, outside_serious, days_off, medical_cost, wage_cost, compensation_cost, other_cost, total_cost,
        property_damage)
      values ${sql.join(
        rows.map(
          (
            r,
          ) => sql`(${reportId}::uuid, ${r.section}, ${r.dimension}, ${r.keyId}::uuid, ${r.accidents}, ${r.fatalAccidents},
            ${r.multiVictimAccidents}, ${r.victims}, ${r.femaleVictims}, ${r.deaths}, ${r.seriousInjuries},
            ${r.outsideVictims}, ${r.outsideFemale}, ${r.outsideDeaths}, ${r.outsideSerious}, ${r.daysOff},
            ${r.medicalCost}, ${r.wageCost}, ${r.compensationCost}, ${r.otherCost}, ${r.totalCost}, ${r.propertyDamage})`,
        ),
      )}`.execute(db);
  const totals = rows.filter((r) => r.dimension === 'total');
  const sum = (k: 'accidents' | 'victims' | 'deaths') => totals.reduce((n, r) => n + r[k], 0);
  await sql`update accident_statistical set accident_count = ${sum('accidents')}, victim_count = ${sum('victims')},
      death_count = ${sum('deaths')} where id = ${reportId}::uuid`.execute(db);
}

/**
 * Copy the employer's declared victims of the period into the report (live declarations, by the accident's date in
 * Vietnam's time zone). Losses the employer already entered for a victim are kept; a victim no longer declared goes.
 */
export async function prefillVictims(db: Executor, reportId: string): Promise<void> {
  const found = await sql<{ business_id: string; year: number; period: StatisticsPeriod }>`
    select business_id, year::int as year, period from accident_statistical where id = ${reportId}::uuid`.execute(db);
  const r = found.rows[0];
  if (!r) throw new AppError(404, 'NOT_FOUND');
  const { from, to } = periodRange(r.year, r.period);
  await sql`
    with old as (delete from accident_statistical_victim where report_id = ${reportId}::uuid returning *)
    insert into accident_statistical_victim (report_id, position, accident_id, victim_id, accident_code, occurred_on,
      allowance_case, accident_reason_id, injury_element_id, property_damage, other_cost, full_name, female,
      occupation_id, severity, under_management, days_off, medical_cost, wage_cost, compensation_cost)
    select ${reportId}::uuid,
      (row_number() over (order by a.occurred_at, a.code, v.position, v.id))::int,
      a.id, v.id, a.code, (a.occurred_at at time zone ${ZONE})::date, a.allowance_case, a.accident_reason_id,
      a.injury_element_id, a.property_damage, a.other_cost, v.full_name, v.female, v.occupation_id, v.severity,
      v.under_management, coalesce(o.days_off, v.days_off), coalesce(o.medical_cost, v.medical_cost),
      coalesce(o.wage_cost, v.wage_cost), coalesce(o.compensation_cost, v.compensation_cost)
    from accident a
    join accident_victim v on v.accident_id = a.id
    left join old o on o.victim_id = v.id
    where a.business_id = ${r.business_id}::uuid and a.deleted_at is null
      and a.occurred_at >= (${from}::date::timestamp at time zone ${ZONE})
      and a.occurred_at < ((${to}::date + 1)::timestamp at time zone ${ZONE})`.execute(db);
  await refreshRows(db, reportId);
}

/** The rows with the names and codes of their causes, injury factors and occupations. */
export async function figureRows(db: Executor, reportId: string): Promise<FigureRow[]> {
  const rows = await sql<FigureRow>`
    select r.section::int as section, r.dimension, r.key_id as "keyId",
      coalesce(c.name, e.name, o.name) as "keyName", coalesce(c.code, e.code, o.code) as "keyCode",
      r.accidents, r.fatal_accidents as "fatalAccidents", r.multi_victim_accidents as "multiVictimAccidents",
      r.victims, r.female_victims as "femaleVictims", r.deaths, r.serious_injuries as "seriousInjuries",
      r.outside_victims as "outsideVictims", r.outside_female as "outsideFemale", r.outside_deaths as "outsideDeaths",
      r.outside_serious as "outsideSerious", r.days_off as "daysOff", r.medical_cost::float8 as "medicalCost",
      r.wage_cost::float8 as "wageCost", r.compensation_cost::float8 as "compensationCost",
      r.other_cost::float8 as "otherCost", r.total_cost::float8 as "totalCost",
      r.property_damage::float8 as "propertyDamage"
    from accident_statistical_row r
    left join accident_reason c on r.dimension = 'cause' and c.id = r.key_id
    left join injury_element e on r.dimension = 'factor' and e.id = r.key_id
    left join type_of_profession o on r.dimension = 'occupation' and o.id = r.key_id
    where r.report_id = ${reportId}::uuid
    order by r.section, r.dimension, coalesce(c.code, e.code, o.code) nulls last`.execute(db);
  return rows.rows;
}

const UPDATE: Permission = 'AccidentStatistical.update';

/** Who the caller is to this report: its filer (the employer, or an authority filing for it) or its reviewer. */
function sideOf(ctx: OpContext): StatisticsActor {
  return scopeOf(ctx.principal).kind === 'all' ? 'reviewer' : 'filer';
}

/**
 * The side the caller takes for `action`, or null when it never takes it. The department files for an employer too
 * (a draft it created): it may then also act as the filer.
 */
function actorFor(ctx: OpContext, action: StatisticsAction): StatisticsActor | null {
  if (!permits(ctx.principal, UPDATE)) return null;
  const actor = statisticsWorkflow.actorOf(action);
  return actor === 'filer' || sideOf(ctx) === 'reviewer' ? actor : null;
}

export function actionsFor(ctx: OpContext, status: StatisticsStatus): StatisticsAction[] {
  return statisticsWorkflow.actionsFor(status).filter((a) => actorFor(ctx, a));
}

export async function reportView(ctx: OpContext, id: string): Promise<ReportView> {
  const report = await loadReport(ctx, id);
  return {
    report,
    victims: await victimsOf(ctx.db, id),
    rows: await figureRows(ctx.db, id),
    actions: actionsFor(ctx, report.status as StatisticsStatus),
  };
}

/** Whether the filer may still change a report in this status: the workflow's `edit` (read-only once submitted). */
export function editableStatus(status: unknown): boolean {
  return statisticsWorkflow.find(status as StatisticsStatus, 'edit') !== null;
}

/** The refusal of a change to a report its status keeps read-only (forms, imports, deletion). */
export const reportSubmitted = (): AppError =>
  new AppError(409, 'REPORT_SUBMITTED', { messageKey: 'accidents:statistics.errors.REPORT_SUBMITTED' });

/** The refusals as published: 403 FORBIDDEN, and the filer's and the reviewer's own 409 for a wrong status. */
const rules = workflowRules(statisticsWorkflow, {
  prefix: 'accidents:statistics',
  errors: 'accidents:statistics.errors',
  codes: {
    notYourStep: 'FORBIDDEN',
    invalidState: ({ actor }) => (actor === 'filer' ? 'REPORT_SUBMITTED' : 'NOT_SUBMITTED'),
  },
  keys: { notYourStep: 'errors:FORBIDDEN' },
});

/**
 * The report as locked for `action` by the caller, and the status the move leads to: 403 when the caller never takes
 * it (before the report is looked up), 404 out of the caller's scope, 409 when its status does not allow it.
 */
async function guarded(
  ctx: OpContext,
  id: string,
  action: StatisticsAction,
): Promise<{ report: CatalogRecord; to: StatisticsStatus }> {
  const actor = actorFor(ctx, action);
  if (!actor) throw rules.refusal('notYourStep', ctx.lang);
  const report = await loadReport(ctx, id);
  // Reports carry no version: the move is checked against the status only.
  const to = rules.guard({ status: String(report.status), version: 0 }, { lang: ctx.lang, action, actor });
  return { report, to: to as StatisticsStatus };
}

/** Tell the other side of a move: the department of the filer's, the employer's accounts of the department's. */
async function notifyMove(
  ctx: OpContext,
  report: CatalogRecord,
  action: StatisticsAction,
  params: Record<string, string>,
): Promise<void> {
  const notifier = ctx.request?.server.notifier;
  if (!notifier) return;
  const scope =
    statisticsWorkflow.actorOf(action) === 'filer'
      ? { kind: 'department' as const, permission: UPDATE }
      : { kind: 'employer' as const, businessId: report.businessId as string, permission: UPDATE };
  await notifier.notify(
    ctx.db,
    { scopes: [scope] },
    statisticsWorkflow.notificationOf(action) as NotificationKindName,
    { code: String(report.code ?? ''), ...params },
    STATISTICS_PATHS.edit.replace(':id', report.id),
    { request: ctx.request },
  );
}

export async function refill(ctx: OpContext, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await guarded(tx, id, 'prefill');
    await prefillVictims(tx.db, id);
  });
}

export interface LossInput {
  id: string;
  daysOff: number;
  medicalCost: number;
  wageCost: number;
  compensationCost: number;
}

/** The employer completes the losses of its victims (days off, costs); other victims' are left alone. */
export async function updateLosses(ctx: OpContext, id: string, items: readonly LossInput[]): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await guarded(tx, id, 'edit');
    const known = new Set(
      (
        await sql<{ id: string }>`select id from accident_statistical_victim where report_id = ${id}::uuid`.execute(
          tx.db,
        )
      ).rows.map((r) => r.id),
    );
    const unknown = items.filter((i) => !known.has(i.id));
    if (unknown.length)
      throw new AppError(400, 'VALIDATION', {
        details: unknown.map((i) => ({
          field: 'id',
          code: 'unknown',
          message: translate(tx.lang, 'accidents:statistics.errors.unknownVictim', { id: i.id }),
        })),
      });
    for (const i of items)
      await sql`update accident_statistical_victim set days_off = ${i.daysOff}, medical_cost = ${i.medicalCost},
          wage_cost = ${i.wageCost}, compensation_cost = ${i.compensationCost}
        where id = ${i.id}::uuid and report_id = ${id}::uuid`.execute(tx.db);
    await refreshRows(tx.db, id);
    await sql`update accident_statistical set updated_at = now(), updated_by = ${tx.principal?.userId ?? null}
      where id = ${id}::uuid`.execute(tx.db);
  });
}

/** The filer submits: the report becomes read-only and counts in the department's aggregation. */
export async function submitReport(ctx: OpContext, id: string): Promise<CatalogRecord> {
  return inTransaction(ctx, async (tx) => {
    const { report, to } = await guarded(tx, id, 'submit');
    if (!report.totalWorkers && report.totalWorkers !== 0)
      throw new AppError(400, 'VALIDATION', {
        details: [
          {
            field: 'totalWorkers',
            code: 'required',
            message: translate(tx.lang, 'catalog:validation.required'),
          },
        ],
      });
    await refreshRows(tx.db, id);
    // days_late is kept for sorting the list; reads compute it again from the deadline in force (hooks.ts).
    await sql`update accident_statistical set status = ${to}, submitted_on = ${clock.today()}::date,
        days_late = case when due_date < ${clock.today()}::date then ${clock.today()}::date - due_date end,
        return_reason = null, updated_at = now(), updated_by = ${tx.principal?.userId ?? null}
      where id = ${id}::uuid`.execute(tx.db);
    const business = await sql<{ name: string }>`select name from business
      where id = ${report.businessId as string}::uuid`.execute(tx.db);
    await notifyMove(tx, report, 'submit', { business: business.rows[0]?.name ?? '' });
    return loadReport(tx, id);
  });
}

/** The department sends a submitted report back with its reason; the employer corrects and submits again. */
export async function returnReport(ctx: OpContext, id: string, reason: string): Promise<CatalogRecord> {
  return inTransaction(ctx, async (tx) => {
    const { report, to } = await guarded(tx, id, 'return');
    await sql`update accident_statistical set status = ${to}, return_reason = ${reason},
        updated_at = now(), updated_by = ${tx.principal?.userId ?? null}
      where id = ${id}::uuid`.execute(tx.db);
    await notifyMove(tx, report, 'return', { reason });
    return loadReport(tx, id);
  });
}
