import { TRAINING_STATUS_PATHS } from '@portal/domain/training/refresher';
import type { RouteEntry } from '../../../app/route-types.ts';

/** The training summary table (spec route /bang-tong-hop-huan-luyen-ATVSLĐ, in the reports menu). */
export const trainingSummaryRoutes: RouteEntry[] = [
  {
    path: TRAINING_STATUS_PATHS.summary,
    titleKey: 'training:summary.pageTitle',
    breadcrumb: ['shell:menu.groups.reports'],
    ability: { action: 'read', subject: 'TrainingCertificate' },
    layout: 'app',
    page: () => import('./SummaryPage.tsx'),
  },
];
