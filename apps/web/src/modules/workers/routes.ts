import { type BreadcrumbItem, type RouteEntry, withId } from '../../app/route-types.ts';
import { COURSES, PARTICIPANTS_IMPORT } from './paths.ts';

/**
 * Route-table entries of the workers' own pages (spec §2 slugs): a worker's page with progress and overtime (the
 * employer's and the department's variants), a course with its participants and their import, a worker report
 * with its file, and the workers of a training target group. Lists, creation and imports of these areas are the
 * catalogue's generated pages.
 */
const workers: BreadcrumbItem[] = ['shell:menu.groups.workers'];
const training: BreadcrumbItem[] = ['shell:menu.groups.training'];

export const workerRoutes: RouteEntry[] = [
  {
    path: '/nguoi-lao-dong/chinh-sua/:id',
    titleKey: 'workers:web.routes.worker',
    breadcrumb: [...workers, { titleKey: 'workers:areas.worker.views.employer', path: '/nguoi-lao-dong/danh-sach' }],
    ability: { action: 'read', subject: 'Worker' },
    layout: 'app',
    page: () => import('./WorkerEditPage.tsx').then((m) => ({ default: m.bind('worker.employer') })),
    ...withId,
  },
  {
    path: '/nguoi-lao-dong/chinh-sua-so/:id',
    titleKey: 'workers:web.routes.worker',
    breadcrumb: [
      ...workers,
      { titleKey: 'workers:areas.worker.views.department', path: '/nguoi-lao-dong/danh-sach-so' },
    ],
    ability: { action: 'read', subject: 'Worker' },
    layout: 'app',
    page: () => import('./WorkerEditPage.tsx').then((m) => ({ default: m.bind('worker.department') })),
    ...withId,
  },
  {
    path: `${COURSES}/chinh-sua/:id`,
    titleKey: 'workers:web.routes.course',
    breadcrumb: [...training, { titleKey: 'workers:areas.training.title', path: `${COURSES}/danh-sach` }],
    ability: { action: 'read', subject: 'Training' },
    layout: 'app',
    page: () => import('./TrainingEditPage.tsx'),
    ...withId,
  },
  {
    path: `${PARTICIPANTS_IMPORT}/:id`,
    titleKey: 'workers:web.import.title',
    breadcrumb: [...training, { titleKey: 'workers:areas.training.title', path: `${COURSES}/danh-sach` }],
    ability: { action: 'update', subject: 'Training' },
    layout: 'app',
    page: () => import('./ParticipantsImportPage.tsx'),
    ...withId,
  },
  {
    path: '/nguoi-lao-dong/bao-cao-nguoi-lao-dong/chinh-sua/:id',
    titleKey: 'workers:web.routes.report',
    breadcrumb: [
      ...workers,
      { titleKey: 'workers:areas.collectWorker.title', path: '/nguoi-lao-dong/bao-cao-nguoi-lao-dong/danh-sach' },
    ],
    ability: { action: 'read', subject: 'CollectWorker' },
    layout: 'app',
    page: () => import('./CollectWorkerEditPage.tsx'),
    ...withId,
  },
  {
    path: '/nguoi-lao-dong/nhom-doi-tuong-huan-luyen/theo-nhom-danh-sach/:id',
    titleKey: 'workers:web.group.title',
    breadcrumb: [
      ...workers,
      { titleKey: 'catalog:areas.targetTraining.title', path: '/nguoi-lao-dong/nhom-doi-tuong-huan-luyen/danh-sach' },
    ],
    ability: { action: 'read', subject: 'Worker' },
    layout: 'app',
    page: () => import('./TargetGroupWorkersPage.tsx'),
    ...withId,
  },
];
