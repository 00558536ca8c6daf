import { TRAINING_ORGANIZATION_PATHS as PATHS } from '@portal/domain/training/organizations';
import { type BreadcrumbItem, type RouteEntry, withId } from '../../../app/route-types.ts';
import { registerQuickFilters } from '../../../catalog/extensions.ts';

/**
 * Route-table entries of the training organisations' own pages: the department's notices (list and calendar)
 * and a notice with its acknowledgement, a class A self-declaration with its handling (employer's and
 * department's), self-training, and the public list of class A employers. The other lists and forms of
 * TrainingNotice and TrainingSelfDeclaration are the catalogue's generated pages; their status tabs are set here.
 */
const training: BreadcrumbItem[] = ['shell:menu.groups.training'];
const all = { key: 'all', labelKey: 'catalog:list.filterAll', params: () => ({}) };

registerQuickFilters('trainingNotice', [
  all,
  ...(['submitted', 'acknowledged'] as const).map((status) => ({
    key: status,
    labelKey: `training:notices.statuses.${status}`,
    params: () => ({ status }),
  })),
]);
registerQuickFilters('trainingSelfDeclaration', [
  all,
  ...(['submitted', 'resubmitted', 'refused', 'acknowledged'] as const).map((status) => ({
    key: status,
    labelKey: `training:selfDeclaration.statuses.${status}`,
    params: () => ({ status }),
  })),
]);

export const trainingOrganizationRoutes: RouteEntry[] = [
  {
    // The units' list is the catalogue's own list page.
    path: PATHS.notices,
    titleKey: 'training:areas.trainingNotice.views.unit',
    breadcrumb: training,
    ability: { action: 'read', subject: 'TrainingNotice' },
    layout: 'app',
    page: () => import('../../../catalog/ListPage.tsx').then((m) => ({ default: m.bind('trainingNotice.unit') })),
  },
  {
    path: PATHS.notice,
    titleKey: 'training:areas.trainingNotice.title',
    breadcrumb: [...training, { titleKey: 'training:areas.trainingNotice.views.unit', path: PATHS.notices }],
    ability: { action: 'read', subject: 'TrainingNotice' },
    layout: 'app',
    page: () => import('./NoticePage.tsx').then((m) => ({ default: m.bindView('unit') })),
    ...withId,
  },
  {
    path: PATHS.noticesDepartment,
    titleKey: 'training:areas.trainingNotice.views.department',
    breadcrumb: training,
    ability: { action: 'read', subject: 'TrainingNotice' },
    layout: 'app',
    page: () => import('./NoticesDepartmentPage.tsx'),
  },
  {
    path: PATHS.noticeDepartment,
    titleKey: 'training:areas.trainingNotice.title',
    breadcrumb: [
      ...training,
      { titleKey: 'training:areas.trainingNotice.views.department', path: PATHS.noticesDepartment },
    ],
    ability: { action: 'read', subject: 'TrainingNotice' },
    layout: 'app',
    page: () => import('./NoticePage.tsx').then((m) => ({ default: m.bindView('department') })),
    ...withId,
  },
  {
    path: PATHS.selfDeclaration,
    titleKey: 'training:areas.trainingSelfDeclaration.title',
    breadcrumb: [
      ...training,
      { titleKey: 'training:areas.trainingSelfDeclaration.views.employer', path: PATHS.selfDeclarations },
    ],
    ability: { action: 'read', subject: 'TrainingSelfDeclaration' },
    layout: 'app',
    page: () => import('./SelfDeclarationPage.tsx').then((m) => ({ default: m.bindView('employer') })),
    ...withId,
  },
  {
    path: PATHS.selfDeclarationDepartment,
    titleKey: 'training:areas.trainingSelfDeclaration.title',
    breadcrumb: [
      ...training,
      { titleKey: 'training:areas.trainingSelfDeclaration.views.department', path: PATHS.selfDeclarationsDepartment },
    ],
    ability: { action: 'read', subject: 'TrainingSelfDeclaration' },
    layout: 'app',
    page: () => import('./SelfDeclarationPage.tsx').then((m) => ({ default: m.bindView('department') })),
    ...withId,
  },
  {
    path: PATHS.selfTraining,
    titleKey: 'training:organizations.selfTraining.title',
    breadcrumb: training,
    ability: { action: 'read', subject: 'Training' },
    layout: 'app',
    page: () => import('./SelfTrainingPage.tsx'),
  },
  {
    // A self-training course is a course: its page with the participants.
    path: PATHS.selfTrainingCourse,
    titleKey: 'training:organizations.selfTraining.course',
    breadcrumb: [...training, { titleKey: 'training:organizations.selfTraining.title', path: PATHS.selfTraining }],
    ability: { action: 'read', subject: 'Training' },
    layout: 'app',
    // The workers module's course page. Its index is imported on the first visit too: imported up front, the
    // edit frame it exports would join the first download.
    page: () => import('../../workers/index.ts').then((m) => m.trainingEditPage()),
    ...withId,
  },
  {
    path: PATHS.publicClassA,
    titleKey: 'training:publicClassA.title',
    layout: 'full',
    namespaces: ['training'],
    page: () => import('./PublicClassAPage.tsx'),
    home: { section: 'tra-cuu', card: 'classASelfDeclared', order: 58 },
  },
];
