import { trainingStatusLink, type TrainingStateFilter } from '@portal/domain/training/refresher';
import type { WorkspaceFigureProvider, WorkspaceTaskProvider, WorkspaceContext } from '../workspace/index.ts';
import { countStatus, countTrainedWorkers, refresherNoticeDays, type StatusDay } from './refresher.ts';

/**
 * Training in the workspaces: the employer's credentials due for a refresher soon, expired, and its workers never
 * trained for their group (each the count of the status list its link opens); the authority's expired
 * credentials in its scope; workers holding a credential in force as a figure.
 */
const READ = 'TrainingCertificate.read';
const statusApi = (state: TrainingStateFilter) => `/api/TrainingCertificate/get-paging-refresher?state=${state}`;

const dayOf = async (ctx: WorkspaceContext): Promise<StatusDay> => ({
  today: ctx.today,
  noticeDays: await refresherNoticeDays(ctx.db, ctx.today),
});
const count = (state: TrainingStateFilter) => async (ctx: WorkspaceContext) =>
  countStatus(ctx.db, ctx.principal, state, await dayOf(ctx));

export const workspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'training.dueSoon',
    permission: READ,
    side: 'employer',
    titleKey: 'training:workspace.dueSoon',
    tone: 'warning',
    order: 16,
    count: count('dueSoon'),
    link: trainingStatusLink('dueSoon'),
    listApi: statusApi('dueSoon'),
  },
  {
    key: 'training.expired',
    permission: READ,
    side: 'employer',
    titleKey: 'training:workspace.expired',
    tone: 'action',
    order: 15,
    count: count('expired'),
    link: trainingStatusLink('expired'),
    listApi: statusApi('expired'),
  },
  {
    key: 'training.neverTrained',
    permission: READ,
    side: 'employer',
    titleKey: 'training:workspace.neverTrained',
    tone: 'action',
    order: 17,
    count: count('neverTrained'),
    link: trainingStatusLink('neverTrained'),
    listApi: statusApi('neverTrained'),
  },
  {
    key: 'training.employersWithExpired',
    permission: READ,
    side: 'authority',
    titleKey: 'training:workspace.employersWithExpired',
    tone: 'warning',
    order: 45,
    // The expired credentials themselves, as the list the card opens shows them.
    count: count('expired'),
    link: trainingStatusLink('expired'),
    listApi: statusApi('expired'),
  },
];

export const workspaceFigures: WorkspaceFigureProvider[] = [
  {
    key: 'training.trainedWorkers',
    permission: READ,
    labelKey: 'training:workspace.trainedWorkers',
    order: 37,
    value: async (ctx) => countTrainedWorkers(ctx.db, ctx.principal, await dayOf(ctx)),
    link: trainingStatusLink(),
  },
];
