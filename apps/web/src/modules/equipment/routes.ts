import dayjs from 'dayjs';
import { EQUIPMENT_PATHS } from '@portal/domain/equipment/features';
import { DUE_SOON_DAYS } from '@portal/domain/equipment/rules';
import { type BreadcrumbItem, type RouteEntry, withId } from '../../app/route-types.ts';
import { registerQuickFilters } from '../../catalog/extensions.ts';

/**
 * Route-table entries of the equipment pages (spec §2, Vietnamese slugs): the employer's declarations, the
 * department's queue, a machine's detail, the summary, and the public look-ups (QR page, inspectors). The
 * register, certificates, inspectors and organisations are the catalogue's generated pages; the register gets
 * its quick filters here.
 */
const safety: BreadcrumbItem[] = ['shell:menu.groups.safety'];
const inDeclarations: BreadcrumbItem[] = [
  ...safety,
  { titleKey: 'equipment:pages.routes.declarations', path: EQUIPMENT_PATHS.declarations },
];
const day = (offset = 0) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

registerQuickFilters('equipment', [
  { key: 'all', labelKey: 'equipment:pages.quick.all', params: () => ({}) },
  {
    key: 'overdue',
    labelKey: 'equipment:pages.quick.overdue',
    params: () => ({ status: 'inUse', nextDueDateTo: day(-1) }),
  },
  {
    key: 'dueSoon',
    labelKey: 'equipment:pages.quick.dueSoon',
    params: () => ({ nextDueDateFrom: day(), nextDueDateTo: day(DUE_SOON_DAYS) }),
  },
  { key: 'undeclared', labelKey: 'equipment:pages.quick.undeclared', params: () => ({ declarationStatus: 'none' }) },
]);

export const equipmentRoutes: RouteEntry[] = [
  {
    path: EQUIPMENT_PATHS.declarations,
    titleKey: 'equipment:pages.routes.declarations',
    breadcrumb: safety,
    ability: { action: 'read', subject: 'EquipmentDeclaration' },
    layout: 'app',
    page: () => import('./DeclarationListPage.tsx'),
  },
  {
    path: EQUIPMENT_PATHS.declarationCreate,
    titleKey: 'equipment:pages.routes.declarationCreate',
    breadcrumb: inDeclarations,
    ability: { action: 'create', subject: 'EquipmentDeclaration' },
    layout: 'app',
    page: () => import('./DeclarationPage.tsx'),
  },
  {
    path: EQUIPMENT_PATHS.declarationEdit,
    titleKey: 'equipment:pages.routes.declarationEdit',
    breadcrumb: inDeclarations,
    ability: { action: 'read', subject: 'EquipmentDeclaration' },
    layout: 'app',
    page: () => import('./DeclarationPage.tsx'),
    ...withId,
  },
  {
    path: EQUIPMENT_PATHS.review,
    titleKey: 'equipment:pages.routes.review',
    breadcrumb: safety,
    ability: { action: 'review', subject: 'EquipmentDeclaration' },
    layout: 'app',
    page: () => import('./ReviewListPage.tsx'),
  },
  {
    path: EQUIPMENT_PATHS.machine,
    titleKey: 'equipment:pages.routes.machine',
    breadcrumb: [...safety, { titleKey: 'equipment:areas.equipment.title', path: EQUIPMENT_PATHS.register }],
    ability: { action: 'read', subject: 'Equipment' },
    layout: 'app',
    page: () => import('./MachineDetailPage.tsx'),
    ...withId,
  },
  {
    path: EQUIPMENT_PATHS.summary,
    titleKey: 'equipment:pages.routes.summary',
    breadcrumb: safety,
    ability: { action: 'read', subject: 'Equipment' },
    layout: 'app',
    page: () => import('./SummaryPage.tsx'),
  },
  {
    path: EQUIPMENT_PATHS.publicLookup,
    titleKey: 'equipment:pages.routes.publicLookup',
    layout: 'full',
    namespaces: ['equipment'],
    page: () => import('./PublicLookupPage.tsx'),
    home: { section: 'tra-cuu', card: 'equipmentLookup', order: 50 },
  },
  {
    path: EQUIPMENT_PATHS.publicMachine,
    titleKey: 'equipment:pages.routes.publicMachine',
    layout: 'full',
    namespaces: ['equipment'],
    page: () => import('./PublicMachinePage.tsx'),
    validParams: ({ code }) => !!code && code.length <= 64,
  },
  {
    path: EQUIPMENT_PATHS.publicInspectors,
    titleKey: 'equipment:pages.routes.publicInspectors',
    layout: 'full',
    namespaces: ['equipment'],
    page: () => import('./PublicInspectorsPage.tsx'),
    home: { section: 'tra-cuu', card: 'inspectors', order: 55 },
  },
];
