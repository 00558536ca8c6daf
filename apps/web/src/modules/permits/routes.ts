import { PERMIT_PATHS } from '@portal/domain/permits/features';
import { type BreadcrumbItem, type RouteEntry, withId } from '../../app/route-types.ts';

/**
 * Route-table entries of the work-permit pages (spec §2, Vietnamese slugs): the employer's list and its request
 * pages, the confirmation pages, and the department's licensing list.
 */
const group: BreadcrumbItem[] = ['shell:menu.groups.workers'];
const inList: BreadcrumbItem[] = [...group, { titleKey: 'permits:routes.list', path: PERMIT_PATHS.list }];
const read = { action: 'read', subject: 'WorkerLicense' };
const create = { action: 'create', subject: 'WorkerLicense' };

export const permitRoutes: RouteEntry[] = [
  {
    path: PERMIT_PATHS.list,
    titleKey: 'permits:routes.list',
    breadcrumb: group,
    ability: read,
    layout: 'app',
    page: () => import('./ListPage.tsx'),
  },
  {
    path: PERMIT_PATHS.create,
    titleKey: 'permits:routes.create',
    breadcrumb: inList,
    ability: create,
    layout: 'app',
    page: () => import('./LicenseRequestPage.tsx'),
  },
  {
    path: PERMIT_PATHS.edit,
    titleKey: 'permits:routes.edit',
    breadcrumb: inList,
    ability: read,
    layout: 'app',
    page: () => import('./LicenseRequestPage.tsx'),
    ...withId,
  },
  {
    path: PERMIT_PATHS.createConfirm,
    titleKey: 'permits:routes.createConfirm',
    breadcrumb: inList,
    ability: create,
    layout: 'app',
    page: () => import('./ConfirmRequestPage.tsx'),
  },
  {
    path: PERMIT_PATHS.editConfirm,
    titleKey: 'permits:routes.editConfirm',
    breadcrumb: inList,
    ability: read,
    layout: 'app',
    page: () => import('./ConfirmRequestPage.tsx'),
    ...withId,
  },
  {
    path: PERMIT_PATHS.review,
    titleKey: 'permits:routes.review',
    breadcrumb: group,
    ability: { action: 'review', subject: 'WorkerLicense' },
    layout: 'app',
    page: () => import('./ReviewListPage.tsx'),
  },
];
