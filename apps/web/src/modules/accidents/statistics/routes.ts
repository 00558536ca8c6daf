import { STATISTICS_PATHS } from '@portal/domain/accidents/statistics/index';
// The summary's menu entry (the department's and communes' side menu).
import '@portal/domain/accidents/statistics/menu';
import { type BreadcrumbItem, type RouteEntry, withIds } from '../../../app/route-types.ts';

/**
 * Route-table entries of the accident statistics pages (spec §2, Vietnamese slugs): a report with its victims,
 * losses and figures (the catalogue list's edit links open it), its worker-list import, the department's summary,
 * and a specialised summary report with the imports of its lines. The lists, create forms and the reports' own
 * import are the catalogue's generated pages.
 */
const inReports: BreadcrumbItem[] = [
  'shell:menu.groups.accidents',
  { titleKey: 'accidents:statistics.areas.accidentStatistical.title', path: STATISTICS_PATHS.list },
];
const inSpecialized: BreadcrumbItem[] = [
  'shell:menu.groups.accidents',
  { titleKey: 'accidents:statistics.areas.accidentSpecializeReport.title', path: STATISTICS_PATHS.specializeList },
];
const read = (subject: string) => ({ action: 'read', subject });

export const accidentStatisticsRoutes: RouteEntry[] = [
  {
    path: STATISTICS_PATHS.edit,
    titleKey: 'accidents:statistics.page.report',
    breadcrumb: inReports,
    ability: read('AccidentStatistical'),
    layout: 'app',
    page: () => import('./ReportPage.tsx'),
    ...withIds('id'),
  },
  {
    path: `${STATISTICS_PATHS.base}/them-tu-tep/:id`,
    titleKey: 'accidents:statistics.page.importWorkers',
    breadcrumb: inReports,
    ability: { action: 'import', subject: 'AccidentStatistical' },
    layout: 'app',
    page: () => import('./ImportPages.tsx'),
    ...withIds('id'),
  },
  {
    path: STATISTICS_PATHS.summary,
    titleKey: 'accidents:statistics.page.summary',
    breadcrumb: ['shell:menu.groups.accidents'],
    ability: read('AccidentStatistical'),
    layout: 'app',
    page: () => import('./SummaryPage.tsx'),
  },
  {
    path: STATISTICS_PATHS.specializeEdit,
    titleKey: 'accidents:statistics.page.specialize',
    breadcrumb: inSpecialized,
    ability: read('AccidentSpecializeReport'),
    layout: 'app',
    page: () => import('./SpecializePage.tsx'),
    ...withIds('id'),
  },
  {
    path: STATISTICS_PATHS.specializeImport,
    titleKey: 'accidents:statistics.page.specializeImport',
    breadcrumb: inSpecialized,
    ability: { action: 'import', subject: 'AccidentSpecializeReport' },
    layout: 'app',
    page: () => import('./LineImportPage.tsx'),
    ...withIds('id'),
  },
  {
    path: STATISTICS_PATHS.specializeImportType,
    titleKey: 'accidents:statistics.page.specializeImport',
    breadcrumb: inSpecialized,
    ability: { action: 'import', subject: 'AccidentSpecializeReport' },
    layout: 'app',
    page: () => import('./LineImportPage.tsx'),
    ...withIds('id', 'type'),
  },
];
