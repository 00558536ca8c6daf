import { ASSIGNMENT_PAGE } from '@portal/domain/reports/assignment';
import type { RouteEntry } from '../../app/route-types.ts';

/**
 * Periodic reports, the core pages: who must report (the assignment rules and the expected reporters of a
 * period). The report types and reminder steps are the catalogue's generated pages; the assignment's create, edit
 * and import pages too.
 */
export const reportCoreRoutes: RouteEntry[] = [
  {
    path: ASSIGNMENT_PAGE,
    titleKey: 'reports:areas.reportAssignment.title',
    breadcrumb: ['shell:menu.groups.reports'],
    ability: { action: 'read', subject: 'ReportAssignment' },
    layout: 'app',
    page: () => import('./AssignmentsPage.tsx'),
  },
];
