import { RISK_ASSESSMENT_PATHS as PATHS } from '@portal/domain/risk-assessment/rules';
import { type BreadcrumbItem, type RouteEntry, withId } from '../../app/route-types.ts';
import { registerQuickFilters, type QuickFilter } from '../../catalog/extensions.ts';

/**
 * Route-table entries of the risk-assessment pages (Vietnamese slugs): a new assessment (the catalogue's form, then
 * straight to its page) and an assessment's page with OiRA's steps. The list and the header's edit form are the
 * catalogue's generated pages; the list gets its quick filters here.
 */
const safety: BreadcrumbItem[] = ['shell:menu.groups.safety'];
const inner: BreadcrumbItem[] = [
  ...safety,
  { titleKey: 'riskAssessment:areas.riskAssessment.title', path: PATHS.list },
];

registerQuickFilters('riskAssessment', [
  { key: 'all', labelKey: 'riskAssessment:quick.all', params: () => ({}) },
  ...(['draft', 'completed'] as const).map((status): QuickFilter => ({
    key: status,
    labelKey: `riskAssessment:quick.${status}`,
    params: () => ({ status, reviewDue: null }),
  })),
  ...(['accident', 'dateReached'] as const).map((reason): QuickFilter => ({
    key: reason,
    labelKey: `riskAssessment:quick.${reason}`,
    params: () => ({ reviewDue: reason, status: null }),
  })),
]);

export const riskAssessmentRoutes: RouteEntry[] = [
  {
    path: PATHS.create,
    titleKey: 'riskAssessment:page.createTitle',
    breadcrumb: inner,
    ability: { action: 'create', subject: 'RiskAssessment' },
    layout: 'app',
    page: () => import('./CreatePage.tsx'),
  },
  {
    path: PATHS.detail,
    titleKey: 'riskAssessment:page.detailTitle',
    breadcrumb: inner,
    ability: { action: 'read', subject: 'RiskAssessment' },
    layout: 'app',
    page: () => import('./AssessmentPage.tsx'),
    ...withId,
  },
];
