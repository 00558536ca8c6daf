import { sql, type SqlBool } from 'kysely';
import { BUSINESS_PAGES } from '@portal/domain/businesses/index';
import { scopeCondition } from '../../platform/access/scope.ts';
import type { WorkspaceFigureProvider, WorkspaceTaskProvider, WorkspaceContext } from '../workspace/index.ts';
import { countOvertime, OVERTIME_SUBJECT } from './overtime.ts';

/**
 * Employers in the workspaces: overtime notices the authority has to accept, returned ones the employer has
 * to correct, and the number of employers in the caller's scope.
 */
const overtimeList = (status: string) => `${BUSINESS_PAGES.overtime}?status=${status}`;
const overtimeApi = (status: string) => `/api/OvertimeNotification/overtimeNotifications?status=${status}`;

export const workspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'overtime.toAccept',
    permission: `${OVERTIME_SUBJECT}.approve`,
    side: 'authority',
    titleKey: 'businesses:workspace.overtimeToAccept',
    tone: 'action',
    order: 20,
    count: (ctx) => countOvertime(ctx.db, ctx.principal, 'submitted'),
    link: overtimeList('submitted'),
    listApi: overtimeApi('submitted'),
  },
  {
    key: 'overtime.returned',
    permission: `${OVERTIME_SUBJECT}.update`,
    side: 'employer',
    titleKey: 'businesses:workspace.overtimeReturned',
    tone: 'action',
    order: 20,
    count: (ctx) => countOvertime(ctx.db, ctx.principal, 'returned'),
    link: overtimeList('returned'),
    listApi: overtimeApi('returned'),
  },
];

async function countEmployers(ctx: WorkspaceContext): Promise<number> {
  const scope = scopeCondition(ctx.principal, { businessColumn: 'b.id', localUnitColumn: 'b.ward_code' });
  const row = await ctx.db
    .selectFrom('business as b')
    .where((eb) => eb.and([sql<SqlBool>`b.deleted_at is null`, ...(scope ? [scope] : [])]))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const workspaceFigures: WorkspaceFigureProvider[] = [
  {
    key: 'businesses.employers',
    permission: 'Bussiness.read',
    // An employer user's scope is its own employer: a figure of one says nothing.
    side: 'authority',
    labelKey: 'businesses:workspace.employers',
    order: 20,
    value: countEmployers,
    link: BUSINESS_PAGES.list,
  },
];
