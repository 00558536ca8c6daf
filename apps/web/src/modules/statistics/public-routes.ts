import type { RouteEntry } from '../../app/route-types.ts';
import { PUBLIC_STATISTICS_PATH } from './paths.ts';

/**
 * The public statistics page (full layout, no sign-in), with its card on the public home: in the shell's part of the
 * route table, which the public pages start from. The signed-in pages are in ./routes.ts.
 */
export const statisticsPublicRoutes: RouteEntry[] = [
  {
    path: PUBLIC_STATISTICS_PATH,
    titleKey: 'statistics:public.title',
    layout: 'full',
    namespaces: ['statistics'],
    page: () => import('./PublicStatisticsPage.tsx'),
    home: { section: 'tra-cuu', card: 'statistics', order: 72 },
  },
];
