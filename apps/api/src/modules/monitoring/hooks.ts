import { sql } from 'kysely';
import { READING_FACTORS } from '@portal/domain/monitoring/factors';
import { translator, type OpContext } from '../../catalog/context.ts';
import { catalogueHook, type CatalogueHookEntry, validityPeriodHooks } from '../../catalog/hooks.ts';
import { assertOwnerThroughParent } from '../../catalog/scope.ts';
import { clock } from '../../platform/clock/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { judgeReading } from './judge.ts';
import { refreshReports } from './rollup.ts';

/**
 * The monitoring domain's rules on its catalogue areas, run inside the catalogue operation's transaction for
 * forms, imports and seeds alike: a report is some employer's, by an organisation qualified on its date; every
 * reading is judged on save against the limits in force on its date, and the verdict (whether it exceeds, the
 * limit and its regulation) is kept with it — a limit changed later does not change it; the report's counts
 * and measures follow its readings.
 */

type FieldErrors = { field: string; code: string; message: string }[];
const refuse = (details: FieldErrors) => {
  if (details.length) throw new AppError(400, 'VALIDATION', { details });
};

const validityRules = validityPeriodHooks(
  ['monitoringLimit', 'monitoringRegulation', 'monitoringOrganization'],
  'monitoring:errors.validToBeforeFrom',
);

// ------------------------------------------------------------------------------------------------------- reports

async function organizationQualified(ctx: OpContext, id: string, date: string): Promise<boolean | null> {
  const rows = await sql<{
    ok: boolean;
  }>`select (valid_from <= ${date}::date and (valid_to is null or valid_to >= ${date}::date)) as ok
    from monitoring_organization where id = ${id}::uuid and deleted_at is null`.execute(ctx.db);
  return rows.rows[0]?.ok ?? null;
}

const reportRules = catalogueHook('monitoringReport', {
  async beforeChange({ ctx, operation, data, original }) {
    const t = translator(ctx);
    const merged = { ...original, ...data } as Record<string, unknown>;
    const out = { ...data };
    const errors: FieldErrors = [];
    // Every report is some employer's: the department and communes name it (an employer user's is forced).
    if (operation === 'create' && !out.businessId && !ctx.system)
      errors.push({ field: 'businessId', code: 'required', message: t('catalog:validation.required') });
    const date = merged.monitoredOn as string;
    if (date > clock.today())
      errors.push({ field: 'monitoredOn', code: 'future', message: t('monitoring:errors.monitoredInFuture') });
    // A report cannot predate the monitoring it reports.
    const reportedOn = merged.reportedOn as string | null | undefined;
    if (reportedOn && date && reportedOn < date)
      errors.push({
        field: 'reportedOn',
        code: 'beforeMonitoring',
        message: t('monitoring:errors.reportedBeforeMonitoring'),
      });
    // Decree 44/2016 Art 36: monitoring by an organisation qualified on the day (an unknown one is the engine's
    // reference error).
    if ((await organizationQualified(ctx, merged.organizationId as string, date)) === false)
      errors.push({
        field: 'organizationId',
        code: 'qualification',
        message: t('monitoring:errors.organizationNotQualified', { date }),
      });
    const followUp = merged.followUpReportId as string | null | undefined;
    if (followUp) {
      const other = await sql<{ business_id: string | null }>`select business_id from monitoring_report
        where id = ${followUp}::uuid`.execute(ctx.db);
      const owner = other.rows[0];
      if (owner && (owner.business_id !== (merged.businessId ?? null) || followUp === original?.id))
        errors.push({
          field: 'followUpReportId',
          code: 'scope',
          message: t('monitoring:errors.followUpOfOtherEmployer'),
        });
    }
    refuse(errors);
    out.year = Number(date.slice(0, 4));
    if (operation === 'create') Object.assign(out, { readingCount: 0, exceedanceCount: 0, measuresStatus: 'none' });
    return out;
  },
  async afterChange({ ctx, record }) {
    // Measures recorded, or a new date (the deadline counts from it): the status follows.
    await refreshReports(ctx.db, [record.id]);
  },
  async beforePurge({ ctx, ids }) {
    await sql`delete from monitoring_report_factor where report_id = any(${sql.val(ids)}::uuid[])`.execute(ctx.db);
  },
});

// ------------------------------------------------------------------------------------------------------ readings

async function reportOf(
  ctx: OpContext,
  id: string | undefined,
): Promise<{ business_id: string | null; monitored_on: string } | null> {
  if (!id) return null;
  const rows = await sql<{ business_id: string | null; monitored_on: string }>`
    select business_id, monitored_on::text from monitoring_report where id = ${id}::uuid`.execute(ctx.db);
  return rows.rows[0] ?? null;
}

async function reportsOf(ctx: OpContext, table: string, ids: string[]): Promise<string[]> {
  const rows = await sql<{ report_id: string }>`select distinct report_id from ${sql.table(table)}
    where id = any(${sql.val(ids)}::uuid[])`.execute(ctx.db);
  return rows.rows.map((r) => r.report_id);
}

const readingRules = READING_FACTORS.map((f) =>
  catalogueHook(f.key, {
    async beforeChange({ ctx, data, original }) {
      const merged = { ...original, ...data } as Record<string, unknown>;
      const report = await reportOf(ctx, merged.reportId as string | undefined);
      // A report that does not exist (or is not the caller's to see) is the engine's reference error.
      if (!report) return;
      await assertOwnerThroughParent(
        ctx,
        data.businessId as string | null | undefined,
        report.business_id,
        'reportId',
        'monitoring:errors.reportOfOtherEmployer',
      );
      const date = (merged.measuredOn as string | null | undefined) ?? report.monitored_on;
      const verdict = await judgeReading(ctx, f.factor, merged, date);
      // Moved to another report: the former one stops counting it now.
      if (original && original.reportId !== merged.reportId)
        await refreshReports(ctx.db, [original.reportId as string], { without: [original.id] });
      return {
        ...data,
        // A reading belongs to its report's employer, whoever files it.
        businessId: report.business_id,
        measuredOn: date,
        verdict: verdict.verdict,
        limitId: verdict.limitId,
        limitText: verdict.limitText,
        regulation: verdict.regulation,
      };
    },
    async afterChange({ ctx, record }) {
      await refreshReports(ctx.db, [record.reportId as string]);
    },
    async beforeDelete({ ctx, ids }) {
      await refreshReports(ctx.db, await reportsOf(ctx, f.table, ids), { without: ids });
    },
    async beforeRestore({ ctx, ids }) {
      await refreshReports(ctx.db, await reportsOf(ctx, f.table, ids), { with: ids });
    },
  }),
);

/** The monitoring areas' rules, declared by the monitoring module (index.ts). */
export const monitoringHooks: CatalogueHookEntry[] = [...validityRules, reportRules, ...readingRules];
