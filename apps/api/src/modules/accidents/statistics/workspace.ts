import { sql } from 'kysely';
import { periodDueOn, STATISTICS_PATHS } from '@portal/domain/accidents/statistics/index';
import { scopeOf } from '../../../platform/access/scope.ts';
import { employerScope } from '../../../platform/access/scope.ts';
import type { WorkspaceTaskProvider } from '../../workspace/index.ts';
import { periodDueDate } from './reference.ts';

/**
 * Accident statistics in the workspaces. The employer: its report of the period falling due (the last period ended:
 * the first half-year from 1 July, the previous year before), until it is submitted, and its reports the department
 * returned. The department and communes: the reports submitted to review, and — once the deadline in force has
 * passed — the employers in their scope that have not submitted the report of that period.
 */
const list = STATISTICS_PATHS.list;
const API = '/api/AccidentStatistical';
/** The period falling due as the list's filters (a year is a number filter, hence its range). */
const periodFilter = (today: string) => {
  const { year, period } = periodDueOn(today);
  return `yearFrom=${year}&yearTo=${year}&period=${period}`;
};

export const workspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'accidents.statisticsDue',
    permission: 'AccidentStatistical.create',
    side: 'employer',
    titleKey: 'accidents:statistics.workspace.due',
    tone: 'action',
    order: 22,
    async count(ctx) {
      const scope = scopeOf(ctx.principal);
      if (scope.kind !== 'business') return 0;
      const { year, period } = periodDueOn(ctx.today);
      const found = await sql<{ n: number }>`select count(*)::int as n from accident_statistical
        where business_id = ${scope.businessId}::uuid and deleted_at is null and year = ${year} and period = ${period}
          and status = 'submitted'`.execute(ctx.db);
      return found.rows[0]?.n ? 0 : 1;
    },
    link: (ctx) => `${list}?${periodFilter(ctx.today)}`,
    // One report to file, not a list of the counted records.
    listApi: null,
  },
  {
    key: 'accidents.statisticsReturned',
    permission: 'AccidentStatistical.update',
    side: 'employer',
    titleKey: 'accidents:statistics.workspace.returned',
    tone: 'action',
    order: 23,
    async count(ctx) {
      const scope = scopeOf(ctx.principal);
      if (scope.kind !== 'business') return 0;
      const found = await sql<{ n: number }>`select count(*)::int as n from accident_statistical
        where business_id = ${scope.businessId}::uuid and deleted_at is null and status = 'returned'`.execute(ctx.db);
      return found.rows[0]?.n ?? 0;
    },
    link: `${list}?status=returned`,
    listApi: `${API}/accidentStatisticals?status=returned`,
  },
  {
    key: 'accidents.statisticsToReview',
    permission: 'AccidentStatistical.update',
    side: 'authority',
    titleKey: 'accidents:statistics.workspace.toReview',
    tone: 'info',
    order: 24,
    async count(ctx) {
      const { year, period } = periodDueOn(ctx.today);
      const found = await sql<{ n: number }>`select count(*)::int as n from accident_statistical r
        join business b on b.id = r.business_id
        where r.deleted_at is null and r.status = 'submitted' and r.year = ${year} and r.period = ${period}
          and ${employerScope(ctx.principal)}`.execute(ctx.db);
      return found.rows[0]?.n ?? 0;
    },
    link: (ctx) => `${list}?status=submitted&${periodFilter(ctx.today)}`,
    listApi: (ctx) => `${API}/accidentStatisticals?status=submitted&${periodFilter(ctx.today)}`,
  },
  {
    key: 'accidents.statisticsNotReported',
    permission: 'AccidentStatistical.read',
    side: 'authority',
    titleKey: 'accidents:statistics.workspace.notReported',
    tone: 'warning',
    order: 25,
    async count(ctx) {
      const { year, period } = periodDueOn(ctx.today);
      const due = await periodDueDate(ctx.db, year, period);
      if (!due || ctx.today <= due) return 0;
      const found = await sql<{ n: number }>`select count(*)::int as n from business b
        where b.status = 'active' and ${employerScope(ctx.principal)}
          and not exists (select 1 from accident_statistical r where r.business_id = b.id and r.deleted_at is null
            and r.year = ${year} and r.period = ${period} and r.status = 'submitted')`.execute(ctx.db);
      return found.rows[0]?.n ?? 0;
    },
    link: (ctx) => {
      const { year, period } = periodDueOn(ctx.today);
      return `${STATISTICS_PATHS.summary}?year=${year}&period=${period}&tab=notReported`;
    },
    // Before the deadline nobody is late: the card stays idle and lists nothing.
    listApi: async (ctx) => {
      const { year, period } = periodDueOn(ctx.today);
      const due = await periodDueDate(ctx.db, year, period);
      return due && ctx.today > due ? `${API}/get-paging-not-reported?year=${year}&period=${period}` : null;
    },
  },
];
