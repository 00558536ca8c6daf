import { FILING_PATHS, FILING_VIEWS } from '@portal/domain/reports/workflow';
import { withId, type BreadcrumbItem, type RouteEntry } from '../../../app/route-types.ts';

/**
 * The filing pages: the one list, declared once per view (the whole list, and the domains' views filtered by report
 * type at their spec slugs), and one report's page (the filer's form, the department's review).
 */
const reading = { action: 'read', subject: 'ReportSubmission' };
const crumbs: Record<string, BreadcrumbItem[]> = {
  reports: ['shell:menu.groups.reports'],
  safety: ['shell:menu.groups.safety'],
};

export const reportFilingRoutes: RouteEntry[] = [
  ...FILING_VIEWS.map((view): RouteEntry => ({
    path: view.path,
    titleKey: `reportFiling:pages.views.${view.key}`,
    breadcrumb: crumbs[view.menuGroup] ?? [],
    ability: reading,
    layout: 'app',
    page: () => import('./FilingListPage.tsx'),
  })),
  {
    path: FILING_PATHS.submission,
    titleKey: 'reportFiling:pages.submission.title',
    breadcrumb: [...crumbs.reports!, { titleKey: 'reportFiling:pages.views.all', path: FILING_PATHS.list }],
    ability: reading,
    layout: 'app',
    page: () => import('./SubmissionPage.tsx'),
    ...withId,
  },
];
