import { BUSINESS_PAGES } from '@portal/domain/businesses/index';
import { scopeCondition } from '../../platform/access/scope.ts';
import { defineTally, tallied, type WorkspaceFigureProvider, type WorkspaceTaskProvider } from '../workspace/index.ts';
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

/** Employers on the register by owner and commune, kept by the writes: the employers figure. */
const liveEmployers = defineTally({
  name: 'businesses.live',
  table: 'business',
  where: 'deleted_at is null',
  owners: { business_id: 'id', local_unit: 'ward_code' },
  scope: (principal) => scopeCondition(principal, { businessColumn: 't.business_id', localUnitColumn: 't.local_unit' }),
});

export const workspaceFigures: WorkspaceFigureProvider[] = [
  {
    key: 'businesses.employers',
    permission: 'Bussiness.read',
    // An employer user's scope is its own employer: a figure of one says nothing.
    side: 'authority',
    labelKey: 'businesses:workspace.employers',
    order: 20,
    value: tallied(liveEmployers),
    link: BUSINESS_PAGES.list,
  },
];
