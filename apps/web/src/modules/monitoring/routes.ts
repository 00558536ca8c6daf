import { MONITORING_PATHS } from '@portal/domain/monitoring/factors';
import { type BreadcrumbItem, type RouteEntry, withId } from '../../app/route-types.ts';

/**
 * Route-table entries of the monitoring pages (spec §2, Vietnamese slugs): a report with its readings (the
 * catalogue list's edit and detail links open it), the import of the organisation's whole file, and the
 * department's overview. The list, create form and the national standards are the catalogue's generated pages.
 */
export const MONITORING_OVERVIEW_PATH = MONITORING_PATHS.overview;

const inReports: BreadcrumbItem[] = [
  'shell:menu.groups.safety',
  { titleKey: 'monitoring:areas.monitoringReport.title', path: MONITORING_PATHS.reports },
];
const report = {
  titleKey: 'monitoring:pages.routes.report',
  breadcrumb: inReports,
  layout: 'app' as const,
  page: () => import('./ReportPage.tsx'),
  ...withId,
};

export const monitoringRoutes: RouteEntry[] = [
  { ...report, path: MONITORING_PATHS.report, ability: { action: 'update', subject: 'ObservationMonitor' } },
  {
    ...report,
    path: MONITORING_PATHS.report.replace('chinh-sua', 'chi-tiet'),
    ability: { action: 'read', subject: 'ObservationMonitor' },
  },
  {
    path: MONITORING_PATHS.import,
    titleKey: 'monitoring:pages.routes.import',
    breadcrumb: inReports,
    ability: { action: 'import', subject: 'ObservationMonitor' },
    layout: 'app',
    page: () => import('./ImportPage.tsx'),
  },
  {
    path: MONITORING_OVERVIEW_PATH,
    titleKey: 'monitoring:pages.routes.overview',
    breadcrumb: ['shell:menu.groups.safety'],
    ability: { action: 'read', subject: 'ObservationMonitor' },
    layout: 'app',
    page: () => import('./OverviewPage.tsx'),
  },
];
