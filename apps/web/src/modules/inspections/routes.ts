import { INSPECTION_PATHS } from '@portal/domain/inspections/features';
import { type BreadcrumbItem, type RouteEntry, withId } from '../../app/route-types.ts';

/**
 * The inspection pages (spec §2): the list (the department's all, an employer's own, a commune's), the form to
 * plan or record one, one inspection (edit while open; read, answer or review afterwards), and the public look-up
 * (a card in the public home's look-up section).
 */
const inList: BreadcrumbItem[] = [
  'shell:menu.groups.safety',
  { titleKey: 'inspections:routes.list', path: INSPECTION_PATHS.list },
];

export const inspectionRoutes: RouteEntry[] = [
  {
    path: INSPECTION_PATHS.list,
    titleKey: 'inspections:routes.list',
    breadcrumb: ['shell:menu.groups.safety'],
    ability: { action: 'read', subject: 'Inspection' },
    layout: 'app',
    page: () => import('./InspectionListPage.tsx'),
  },
  {
    path: INSPECTION_PATHS.create,
    titleKey: 'inspections:routes.create',
    breadcrumb: inList,
    ability: { action: 'create', subject: 'Inspection' },
    layout: 'app',
    page: () => import('./inspection-page/index.tsx'),
  },
  {
    path: INSPECTION_PATHS.edit,
    titleKey: 'inspections:routes.edit',
    breadcrumb: inList,
    ability: { action: 'read', subject: 'Inspection' },
    layout: 'app',
    page: () => import('./inspection-page/index.tsx'),
    ...withId,
  },
  {
    path: INSPECTION_PATHS.publicLookup,
    titleKey: 'inspections:routes.publicLookup',
    layout: 'full',
    namespaces: ['inspections'],
    page: () => import('./PublicLookupPage.tsx'),
    home: { section: 'tra-cuu', card: 'inspectionLookup', order: 70 },
  },
];
