import { sql } from 'kysely';
import { catalogRegistry } from '../../catalog/registry.ts';
import { rowScope } from '../../catalog/scope.ts';
import { scopeCondition } from '../../platform/access/scope.ts';
import {
  defineTally,
  tallied,
  type WorkspaceContext,
  type WorkspaceFigureProvider,
  type WorkspaceTaskProvider,
} from '../workspace/index.ts';

/**
 * Workers in the workspaces: how many the caller's scope holds (an employer: its own), and training courses —
 * those starting within a fortnight as a task for whoever runs or holds them, and the year's courses as a figure.
 */

/** Live workers by employer, kept by the writes (a province's million is never recounted): the workers figure. */
const liveWorkers = defineTally({
  name: 'workers.live',
  table: 'worker',
  where: 'deleted_at is null',
  owners: { business_id: 'business_id' },
  scope: (principal) => scopeCondition(principal, { businessColumn: 't.business_id' }),
});

const COURSES = '/an-toan-ve-sinh-lao-dong/thuc-hien-huan-luyen/danh-sach';
const UPCOMING_DAYS = 14;

/** Courses in the caller's scope (a training body: those it runs) starting between two days. */
async function countCourses(ctx: WorkspaceContext, from: string, to: string): Promise<number> {
  // The Training area's own scope rule, so the count is what its list shows.
  const scope = rowScope(catalogRegistry.get('training'), ctx.principal);
  const result = await sql<{ n: number }>`select count(*)::int as n from training t
    where t.deleted_at is null and t.start_date between ${from}::date and ${to}::date
    ${scope ? sql`and ${scope}` : sql``}`.execute(ctx.db);
  return result.rows[0]?.n ?? 0;
}

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The courses starting within the fortnight, as the course list's own date range filter. */
const upcomingFilter = (ctx: WorkspaceContext) =>
  `startDateFrom=${ctx.today}&startDateTo=${addDays(ctx.today, UPCOMING_DAYS)}`;

export const workspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'training.upcoming',
    permission: 'Training.update',
    titleKey: 'workers:workspace.upcomingCourses',
    tone: 'info',
    order: 50,
    count: (ctx) => countCourses(ctx, ctx.today, addDays(ctx.today, UPCOMING_DAYS)),
    link: (ctx) => `${COURSES}?${upcomingFilter(ctx)}`,
    listApi: (ctx) => `/api/Training/trainings?${upcomingFilter(ctx)}`,
  },
];

export const workspaceFigures: WorkspaceFigureProvider[] = [
  {
    key: 'workers.workers',
    permission: 'Worker.read',
    labelKey: 'workers:workspace.workers',
    order: 10,
    value: tallied(liveWorkers),
  },
  {
    key: 'training.coursesThisYear',
    permission: 'Training.read',
    labelKey: 'workers:workspace.coursesThisYear',
    order: 40,
    value: (ctx) => countCourses(ctx, `${ctx.today.slice(0, 4)}-01-01`, `${ctx.today.slice(0, 4)}-12-31`),
    link: COURSES,
  },
];
