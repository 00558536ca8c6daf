import { sql } from 'kysely';
import { ACCIDENT_PATHS, ACCIDENT_PERMISSIONS } from '@portal/domain/accidents/features';
import type { WorkspaceFigureProvider, WorkspaceTaskProvider, WorkspaceContext } from '../workspace/index.ts';
import { accidentVisibleTo, callerOf } from './access.ts';
import { investigationOverdue } from './investigations.ts';
import { awaitingInvestigation } from './queries.ts';

const API = '/api/Accident';

/**
 * Accidents in the workspaces: declarations returned for completion (the declarant), serious and fatal accidents
 * without an investigation and investigations past their deadline (the department), and the year's accidents and
 * deaths as figures (each within its scope).
 */
async function count(ctx: WorkspaceContext, where: ReturnType<typeof sql>): Promise<number> {
  const caller = callerOf(ctx.principal);
  const rows = await sql<{ n: string }>`select count(*) as n from accident a
    where ${accidentVisibleTo(caller)} and ${where}`.execute(ctx.db);
  return Number(rows.rows[0]?.n ?? 0);
}

const thisYear = (ctx: WorkspaceContext) =>
  sql`a.occurred_at >= (${`${ctx.today.slice(0, 4)}-01-01`}::date)::timestamp at time zone 'Asia/Ho_Chi_Minh'`;

export const workspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'accidents.returned',
    permission: ACCIDENT_PERMISSIONS.update,
    side: 'employer',
    titleKey: 'accidents:workspace.returned',
    tone: 'action',
    order: 5,
    count: (ctx) => count(ctx, sql`a.status = 'returned'`),
    link: `${ACCIDENT_PATHS.declarations}?status=returned`,
    listApi: `${API}/accidents?status=returned`,
  },
  {
    key: 'accidents.toInvestigate',
    permission: ACCIDENT_PERMISSIONS.investigate,
    side: 'authority',
    titleKey: 'accidents:workspace.toInvestigate',
    tone: 'action',
    order: 5,
    count: (ctx) => count(ctx, awaitingInvestigation),
    link: `${ACCIDENT_PATHS.declarations}?toInvestigate=true`,
    listApi: `${API}/accidents?toInvestigate=true`,
  },
  {
    key: 'accidents.investigationsOverdue',
    permission: ACCIDENT_PERMISSIONS.investigate,
    side: 'authority',
    titleKey: 'accidents:workspace.overdue',
    tone: 'warning',
    order: 6,
    count: (ctx) =>
      count(
        ctx,
        sql`exists (select 1 from accident_investigation i where i.accident_id = a.id and i.deleted_at is null
          and ${investigationOverdue(ctx.today)})`,
      ),
    link: `${ACCIDENT_PATHS.investigations}?overdue=true`,
    listApi: `${API}/investigations?overdue=true`,
  },
];

export const workspaceFigures: WorkspaceFigureProvider[] = [
  {
    key: 'accidents.year',
    permission: ACCIDENT_PERMISSIONS.read,
    labelKey: 'accidents:workspace.figureYear',
    order: 50,
    value: (ctx) => count(ctx, thisYear(ctx)),
    link: ACCIDENT_PATHS.declarations,
  },
  {
    key: 'accidents.deaths',
    permission: ACCIDENT_PERMISSIONS.read,
    labelKey: 'accidents:workspace.figureDeaths',
    order: 51,
    value: async (ctx) => {
      const caller = callerOf(ctx.principal);
      const rows = await sql<{ n: string | null }>`select coalesce(sum(a.death_count), 0) as n from accident a
        where ${accidentVisibleTo(caller)} and ${thisYear(ctx)}`.execute(ctx.db);
      return Number(rows.rows[0]?.n ?? 0);
    },
    link: `${ACCIDENT_PATHS.declarations}?severity=fatal`,
  },
];
