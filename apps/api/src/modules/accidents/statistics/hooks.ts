import { sql } from 'kysely';
import { periodRange, type StatisticsPeriod } from '@portal/domain/accidents/statistics/index';
import { daysBetween } from '@portal/domain/dates';
import { translate } from '@portal/domain/i18n';
import type { Executor } from '../../../catalog/context.ts';
import { catalogueHook, type CatalogueHookEntry } from '../../../catalog/hooks.ts';
import { clock } from '../../../platform/clock/index.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { periodDueDate } from './reference.ts';
import { editableStatus, prefillVictims, reportSubmitted } from './service.ts';

/**
 * The rules on a statistics report, for forms, imports and seeds alike: its period must have begun; a submitted
 * report is read-only and is never deleted; the deadline in force follows its period; on
 * creation the draft state and — when left empty — the workers and female workers of the employer's register during
 * the period are set; after every change the period's victims are copied again.
 */

/** Workers of the employer's register employed at some time during the period. */
async function registerCounts(db: Executor, businessId: string, year: number, period: StatisticsPeriod) {
  const { from, to } = periodRange(year, period);
  const rows = await sql<{ total: number; female: number }>`
    select count(*)::int as total, (count(*) filter (where sex = 'female'))::int as female
    from worker where business_id = ${businessId}::uuid and deleted_at is null
      and (start_date is null or start_date <= ${to}::date) and (end_date is null or end_date >= ${from}::date)`.execute(
    db,
  );
  return rows.rows[0] ?? { total: 0, female: 0 };
}

const fieldError = (field: string, code: string, message: string) =>
  new AppError(400, 'VALIDATION', { details: [{ field, code, message }] });

const statisticalRules = catalogueHook('accidentStatistical', {
  async beforeChange({ ctx, operation, data, original }) {
    const t = (key: string, vars: Record<string, string | number> = {}) =>
      translate(ctx.lang, `accidents:statistics.errors.${key}`, vars);
    // An import's original may not carry the status: only a known, locked status refuses the change.
    if (original?.status != null && !editableStatus(original.status)) throw reportSubmitted();
    if (!original && !data.businessId)
      throw fieldError('businessId', 'required', translate(ctx.lang, 'catalog:validation.required'));
    const year = (data.year ?? original?.year) as number;
    const period = (data.period ?? original?.period) as StatisticsPeriod;
    if (periodRange(year, period).from > clock.today()) throw fieldError('year', 'future', t('future'));
    const total = data.totalWorkers as number | null | undefined;
    const female = data.femaleWorkers as number | null | undefined;
    if (typeof total === 'number' && typeof female === 'number' && female > total)
      throw fieldError('femaleWorkers', 'range', t('femaleAboveTotal'));
    const businessId = (data.businessId ?? original?.businessId) as string | undefined;
    if (!businessId) return;
    // The deadline follows the period (a report moved to another period is copied again from that period's
    // declarations after the change).
    const derived = { dueDate: await periodDueDate(ctx.db, year, period) };
    if (operation === 'update') return { ...data, ...derived };
    const counts = await registerCounts(ctx.db, businessId, year, period);
    return {
      ...data,
      ...derived,
      status: 'draft',
      totalWorkers: total ?? counts.total,
      femaleWorkers: female ?? counts.female,
      accidentCount: 0,
      victimCount: 0,
      deathCount: 0,
    };
  },
  // The victims of the report's period, copied again after any change of its header (losses entered are kept).
  async afterChange({ ctx, record }) {
    await prefillVictims(ctx.db, record.id);
  },
  // The late mark, on every read: the deadline is the one in force for the report's period now (a corrected
  // LegalDeadline row applies to reports already filed), the stored one when the rule is gone.
  async afterRead({ ctx, records }) {
    const deadlines = new Map<string, Promise<string | null>>();
    for (const record of records) {
      const submitted = (record.submittedOn as string | null) ?? null;
      const key = `${String(record.year)}-${String(record.period)}`;
      if (record.year != null && record.period != null && !deadlines.has(key))
        deadlines.set(key, periodDueDate(ctx.db, Number(record.year), record.period as StatisticsPeriod));
      const due = (await deadlines.get(key)) ?? (record.dueDate as string | null) ?? null;
      record.dueDate = due;
      record.daysLate = submitted && due && submitted > due ? daysBetween(due, submitted) : null;
    }
  },
  async beforeDelete({ ctx, ids }) {
    const submitted = await sql<{ n: number }>`select count(*)::int as n from accident_statistical
      where id = any(${ids}::uuid[]) and status = 'submitted'`.execute(ctx.db);
    if (submitted.rows[0]?.n) throw reportSubmitted();
  },
  async beforePurge({ ctx, ids }) {
    await sql`delete from accident_statistical_victim where report_id = any(${ids}::uuid[])`.execute(ctx.db);
    await sql`delete from accident_statistical_row where report_id = any(${ids}::uuid[])`.execute(ctx.db);
  },
});

const specializeReportRules = catalogueHook('accidentSpecializeReport', {
  async beforePurge({ ctx, ids }) {
    await sql`delete from accident_specialize_line where report_id = any(${ids}::uuid[])`.execute(ctx.db);
  },
});

const facilityTypeRules = catalogueHook('facilityTypeTitle', {
  async beforeDelete({ ctx, ids }) {
    const used = await sql<{ n: number }>`select count(*)::int as n from accident_specialize_line l
      join accident_specialize_report r on r.id = l.report_id and r.deleted_at is null
      where l.title_id = any(${ids}::uuid[])`.execute(ctx.db);
    if (used.rows[0]?.n) throw new AppError(409, 'IN_USE', { messageKey: 'accidents:statistics.errors.titleInUse' });
  },
});

/** The accident statistics' rules, declared by the accident statistics module (index.ts). */
export const accidentStatisticsHooks: CatalogueHookEntry[] = [
  statisticalRules,
  specializeReportRules,
  facilityTypeRules,
];
