import { TRAINING_STATUS_PATHS } from '@portal/domain/training/refresher';
import type { RouteEntry } from '../../../app/route-types.ts';

/** "Trained until when" (spec route huan-luyen-ATVSLD): the training status page with its refresher lists. */
export const trainingStatusRoutes: RouteEntry[] = [
  {
    path: TRAINING_STATUS_PATHS.status,
    titleKey: 'training:refresher.title',
    breadcrumb: ['shell:menu.groups.training'],
    ability: { action: 'read', subject: 'TrainingCertificate' },
    layout: 'app',
    page: () => import('./StatusPage.tsx'),
  },
];
