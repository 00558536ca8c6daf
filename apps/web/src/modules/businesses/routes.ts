import { BUSINESS_PAGES } from '@portal/domain/businesses/pages';
import type { RouteEntry } from '../../app/route-types.ts';

const group = ['shell:menu.groups.businesses'];

/**
 * The employers domain's pages. The employer's create, edit and import pages are the catalogue's generated
 * ones (the `Bussiness` declaration); its list is drawn here (registry sync, sectors, accounts).
 */
export const businessRoutes: RouteEntry[] = [
  {
    path: BUSINESS_PAGES.list,
    titleKey: 'businesses:areas.bussiness.title',
    breadcrumb: group,
    ability: { action: 'read', subject: 'Bussiness' },
    layout: 'app',
    page: () => import('./BusinessListPage.tsx'),
  },
  ...[BUSINESS_PAGES.profile, BUSINESS_PAGES.profileAlias].map((path): RouteEntry => ({
    path,
    titleKey: 'businesses:routes.profile',
    breadcrumb: group,
    ability: { action: 'read', subject: 'Bussiness' },
    layout: 'app',
    page: () => import('./BusinessProfilePage.tsx'),
  })),
  {
    path: BUSINESS_PAGES.incoming,
    titleKey: 'businesses:routes.incoming',
    breadcrumb: group,
    ability: { action: 'read', subject: 'OfficialDocument' },
    layout: 'app',
    page: () => import('./DocumentsPage.tsx').then((m) => ({ default: m.bind('incoming') })),
  },
  {
    path: BUSINESS_PAGES.outgoing,
    titleKey: 'businesses:routes.outgoing',
    breadcrumb: group,
    ability: { action: 'read', subject: 'OfficialDocument' },
    layout: 'app',
    page: () => import('./DocumentsPage.tsx').then((m) => ({ default: m.bind('outgoing') })),
  },
  {
    path: BUSINESS_PAGES.overtime,
    titleKey: 'businesses:routes.overtime',
    breadcrumb: group,
    ability: { action: 'read', subject: 'OvertimeNotification' },
    layout: 'app',
    page: () => import('./OvertimePage.tsx'),
  },
  {
    path: BUSINESS_PAGES.violations,
    titleKey: 'businesses:routes.violations',
    breadcrumb: group,
    ability: { action: 'read', subject: 'ViolatingOrganization' },
    layout: 'app',
    page: () => import('./ViolationsPage.tsx'),
  },
  {
    path: BUSINESS_PAGES.publicViolations,
    titleKey: 'businesses:routes.publicViolations',
    layout: 'full',
    page: () => import('./PublicViolationsPage.tsx'),
    home: { section: 'tra-cuu', card: 'violations', order: 40 },
  },
];
