import { sql } from 'kysely';
import { INSPECTION_PATHS, INSPECTION_PERMISSIONS } from '@portal/domain/inspections/features';
import type { WorkspaceTaskProvider, WorkspaceContext } from '../workspace/index.ts';
import { callerOf, visibleTo } from './access.ts';

/**
 * Inspections in the workspaces, each side within its scope: requirements past their deadline (both sides, the
 * follow-up), answers waiting for the department's review, requirements waiting for the employer's answer.
 */
async function countInspections(ctx: WorkspaceContext, requirement: 'overdue' | 'answered' | 'toAnswer') {
  const test =
    requirement === 'overdue'
      ? sql`r.status in ('open', 'returned') and r.deadline < ${ctx.today}::date`
      : requirement === 'answered'
        ? sql`r.status = 'answered'`
        : sql`r.status in ('open', 'returned')`;
  const rows = await sql<{ n: string }>`select count(*) as n from labour_inspection i
    where ${visibleTo(callerOf(ctx.principal))} and i.status = 'concluded'
      and exists (select 1 from labour_inspection_requirement r where r.inspection_id = i.id and ${test})`.execute(
    ctx.db,
  );
  return Number(rows.rows[0]?.n ?? 0);
}

export const workspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'inspections.answersToReview',
    permission: INSPECTION_PERMISSIONS.update,
    side: 'authority',
    titleKey: 'inspections:workspace.answersToReview',
    tone: 'action',
    order: 14,
    count: (ctx) => countInspections(ctx, 'answered'),
    link: `${INSPECTION_PATHS.list}?answered=true`,
    listApi: '/api/Inspection/inspections?answered=true',
  },
  {
    key: 'inspections.toAnswer',
    permission: INSPECTION_PERMISSIONS.update,
    side: 'employer',
    titleKey: 'inspections:workspace.toAnswer',
    tone: 'action',
    order: 14,
    count: (ctx) => countInspections(ctx, 'toAnswer'),
    link: `${INSPECTION_PATHS.list}?toAnswer=true`,
    listApi: '/api/Inspection/inspections?toAnswer=true',
  },
  {
    key: 'inspections.overdue',
    permission: INSPECTION_PERMISSIONS.read,
    titleKey: 'inspections:workspace.overdue',
    tone: 'warning',
    order: 21,
    count: (ctx) => countInspections(ctx, 'overdue'),
    link: `${INSPECTION_PATHS.list}?overdue=true`,
    listApi: '/api/Inspection/inspections?overdue=true',
  },
];
