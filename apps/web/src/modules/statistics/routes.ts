import { STATISTICS, STATISTICS_PATHS, statisticPath } from '@portal/domain/statistics/index';
import type { RouteAbility, RouteEntry } from '../../app/route-types.ts';

/**
 * The province's statistics (spec §2): one page per declared statistic at `/thong-ke/<slug>/danh-sach` (one
 * generic page driven by the declaration), the overview and the analysis page. They join the route table with the
 * catalogue's pages (app/routes.tsx), not its first load: the declarations carry their schemas. Their pages load
 * ECharts; nothing here does.
 */
const ability: RouteAbility = { action: 'read', subject: 'Statistics' };
const inStatistics = ['shell:menu.groups.statistics'];
const inDashboard = ['shell:menu.groups.dashboard'];

export const statisticsRoutes: RouteEntry[] = [
  {
    path: STATISTICS_PATHS.overview,
    titleKey: 'statistics:overview.title',
    breadcrumb: inDashboard,
    ability,
    layout: 'app',
    page: () => import('./OverviewPage.tsx'),
  },
  {
    path: STATISTICS_PATHS.analysis,
    titleKey: 'statistics:analysis.title',
    breadcrumb: inDashboard,
    ability,
    layout: 'app',
    page: () => import('./AnalysisPage.tsx'),
  },
  ...STATISTICS.map((s): RouteEntry => ({
    path: statisticPath(s.slug),
    titleKey: `statistics:items.${s.key}.title`,
    breadcrumb: [...inStatistics, `statistics:groups.${s.group}`],
    ability,
    layout: 'app',
    page: () => import('./StatisticPage.tsx'),
  })),
];
