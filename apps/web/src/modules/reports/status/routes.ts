import type { RouteEntry } from '../../../app/route-types.ts';
import { STATUS_PATHS } from './paths.ts';

/**
 * The status of periodic reports (spec §2): the department's and communes' status page and the consolidated
 * report (app layout, read Report), and the two public look-ups (full layout, no sign-in) with their cards on the
 * public home.
 */
const inReports = ['shell:menu.groups.reports'];

export const reportStatusRoutes: RouteEntry[] = [
  {
    path: STATUS_PATHS.status,
    titleKey: 'reportStatus:page.title',
    breadcrumb: inReports,
    ability: { action: 'read', subject: 'Report' },
    layout: 'app',
    page: () => import('./StatusPage.tsx'),
  },
  {
    path: STATUS_PATHS.consolidated,
    titleKey: 'reportStatus:consolidated.page.title',
    breadcrumb: [...inReports, { titleKey: 'reportStatus:page.title', path: STATUS_PATHS.status }],
    ability: { action: 'read', subject: 'Report' },
    layout: 'app',
    page: () => import('./ConsolidatedPage.tsx'),
  },
  {
    path: STATUS_PATHS.publicStatus,
    titleKey: 'reportStatus:public.status.title',
    layout: 'full',
    namespaces: ['reportStatus'],
    page: () => import('./PublicStatusPage.tsx'),
    home: { section: 'tra-cuu', card: 'reportStatus', order: 75 },
  },
  {
    path: STATUS_PATHS.publicFilers,
    titleKey: 'reportStatus:public.filers.title',
    layout: 'full',
    namespaces: ['reportStatus'],
    page: () => import('./PublicFilersPage.tsx'),
    home: { section: 'tra-cuu', card: 'reportFilers', order: 76 },
  },
];
