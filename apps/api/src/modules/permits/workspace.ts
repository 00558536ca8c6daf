import { PERMIT_PATHS, PERMIT_PERMISSIONS } from '@portal/domain/permits/features';
import { PERMIT_EXPIRING_DAYS } from '@portal/domain/permits/rules';
import type { StoredStatus } from '@portal/domain/permits/state';
import type { WorkspaceFigureProvider, WorkspaceTaskProvider, WorkspaceContext } from '../workspace/index.ts';
import { callerOf } from './access.ts';
import { countPermits } from './queries.ts';

/**
 * Work permits in the workspaces: the department's requests to review; the employer's returned requests to
 * fix and drafts to submit; permits ending soon for both; permits in force as a figure. Counted with the list's
 * own filters and scope, so a task's count is what its link shows.
 */
const count = (ctx: WorkspaceContext, q: Parameters<typeof countPermits>[2]) =>
  countPermits(ctx.db, callerOf(ctx.principal), q, ctx.today);
const byStatus = (status: StoredStatus) => (ctx: WorkspaceContext) => count(ctx, { status: [status] });
const employerList = (status: string) => `${PERMIT_PATHS.list}?status=${status}`;
const listApi = (filter: string) => `/api/WorkerLicense/workerLicenses?${filter}`;

export const workspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'permits.toReview',
    permission: PERMIT_PERMISSIONS.review,
    side: 'authority',
    titleKey: 'permits:workspace.toReview',
    tone: 'action',
    order: 10,
    count: byStatus('submitted'),
    link: `${PERMIT_PATHS.review}?tab=submitted`,
    listApi: listApi('status=submitted'),
  },
  {
    key: 'permits.returned',
    permission: PERMIT_PERMISSIONS.update,
    side: 'employer',
    titleKey: 'permits:workspace.returned',
    tone: 'action',
    order: 10,
    count: byStatus('returned'),
    link: employerList('returned'),
    listApi: listApi('status=returned'),
  },
  {
    key: 'permits.drafts',
    permission: PERMIT_PERMISSIONS.update,
    side: 'employer',
    titleKey: 'permits:workspace.drafts',
    tone: 'action',
    order: 11,
    count: byStatus('draft'),
    link: employerList('draft'),
    listApi: listApi('status=draft'),
  },
  {
    key: 'permits.expiring',
    permission: PERMIT_PERMISSIONS.read,
    titleKey: 'permits:workspace.expiring',
    tone: 'warning',
    order: 40,
    count: (ctx) => count(ctx, { expiringWithinDays: PERMIT_EXPIRING_DAYS }),
    // The department's queue has the tab; the employer's list the same filter.
    link: (ctx) =>
      callerOf(ctx.principal).canReview ? `${PERMIT_PATHS.review}?tab=expiring` : `${PERMIT_PATHS.list}?expiring=true`,
    listApi: listApi(`expiringWithinDays=${PERMIT_EXPIRING_DAYS}`),
  },
];

export const workspaceFigures: WorkspaceFigureProvider[] = [
  {
    key: 'permits.inForce',
    permission: PERMIT_PERMISSIONS.read,
    labelKey: 'permits:workspace.inForce',
    order: 30,
    value: (ctx) => count(ctx, { status: ['approved'] }),
  },
];
