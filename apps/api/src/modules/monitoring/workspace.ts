import { sql } from 'kysely';
import { addDays } from '@portal/domain/dates';
import { MONITORING_PATHS, MONITORING_PERMISSIONS } from '@portal/domain/monitoring/factors';
import { employerScope, scopeCondition } from '../../platform/access/scope.ts';
import type { WorkspaceFigureProvider, WorkspaceTaskProvider, WorkspaceContext } from '../workspace/index.ts';
import { monitoringCutoff } from './queries.ts';

/**
 * Monitoring in the workspaces: employers whose yearly monitoring is missing or late (the authority's, within
 * its scope; the employer's own as one task), reports above the limits whose measures are due or overdue, and
 * this year's exceedances as a figure.
 */
async function countMissing(ctx: WorkspaceContext): Promise<number> {
  const cutoff = await monitoringCutoff(ctx.db, ctx.today);
  const rows = await sql<{ n: number }>`select count(*)::int as n from business b
    where b.status = 'active' and ${employerScope(ctx.principal)}
      and not exists (select 1 from monitoring_report r where r.business_id = b.id and r.deleted_at is null
        and r.monitored_on >= ${cutoff}::date)`.execute(ctx.db);
  return rows.rows[0]?.n ?? 0;
}

async function countMeasures(ctx: WorkspaceContext, overdue: boolean): Promise<number> {
  const scope = scopeCondition(ctx.principal, { businessColumn: 'r.business_id' });
  const rows = await sql<{ n: number }>`select count(*)::int as n from monitoring_report r
    where r.deleted_at is null and r.measures_status = 'required'
      ${overdue ? sql`and r.measures_due_date < ${ctx.today}::date` : sql``}
      ${scope ? sql`and ${scope}` : sql``}`.execute(ctx.db);
  return rows.rows[0]?.n ?? 0;
}

const API = '/api/ObservationMonitor';
const overdueFilter = (ctx: WorkspaceContext) => `measuresStatus=required&measuresDueDateTo=${addDays(ctx.today, -1)}`;

export const workspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'monitoring.missing',
    permission: MONITORING_PERMISSIONS.read,
    side: 'authority',
    titleKey: 'monitoring:workspace.missing',
    tone: 'warning',
    order: 43,
    count: countMissing,
    link: `${MONITORING_PATHS.overview}?tab=missing`,
    listApi: `${API}/get-paging-missing`,
  },
  {
    key: 'monitoring.ownMissing',
    permission: MONITORING_PERMISSIONS.update,
    side: 'employer',
    titleKey: 'monitoring:workspace.ownMissing',
    tone: 'action',
    order: 14,
    count: countMissing,
    link: MONITORING_PATHS.create,
    // A report to file, not a list.
    listApi: null,
  },
  {
    key: 'monitoring.measuresDue',
    permission: MONITORING_PERMISSIONS.update,
    side: 'employer',
    titleKey: 'monitoring:workspace.measuresDue',
    tone: 'action',
    order: 15,
    count: (ctx) => countMeasures(ctx, false),
    link: `${MONITORING_PATHS.reports}?measuresStatus=required`,
    listApi: `${API}/get-paging?measuresStatus=required`,
  },
  {
    key: 'monitoring.measuresOverdue',
    permission: MONITORING_PERMISSIONS.read,
    side: 'authority',
    titleKey: 'monitoring:workspace.measuresOverdue',
    tone: 'warning',
    order: 44,
    count: (ctx) => countMeasures(ctx, true),
    // Overdue: due before today, so the list's inclusive range ends yesterday.
    link: (ctx) => `${MONITORING_PATHS.reports}?${overdueFilter(ctx)}`,
    listApi: (ctx) => `${API}/get-paging?${overdueFilter(ctx)}`,
  },
];

export const workspaceFigures: WorkspaceFigureProvider[] = [
  {
    key: 'monitoring.exceedances',
    permission: MONITORING_PERMISSIONS.read,
    labelKey: 'monitoring:workspace.exceedances',
    order: 36,
    value: async (ctx) => {
      const scope = scopeCondition(ctx.principal, { businessColumn: 'r.business_id' });
      const rows = await sql<{
        n: number;
      }>`select coalesce(sum(r.exceedance_count), 0)::int as n from monitoring_report r
      where r.deleted_at is null and r.year = ${Number(ctx.today.slice(0, 4))}
        ${scope ? sql`and ${scope}` : sql``}`.execute(ctx.db);
      return rows.rows[0]?.n ?? 0;
    },
    link: MONITORING_PATHS.reports,
  },
];
