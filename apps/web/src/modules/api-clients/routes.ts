import { API_CLIENT_PAGE, apiClientPage } from '@portal/domain/api-clients/page';
import { type RouteEntry, withId } from '../../app/route-types.ts';
import { registerRowLinks } from '../../catalog/extensions.ts';

/** The linked accounts' API access page, opened from each row of /tai-khoan-khai-thac/danh-sach. */

registerRowLinks('accountLinked', [
  {
    key: 'apiAccess',
    labelKey: 'apiClients:openAccess',
    path: apiClientPage,
    ability: { action: 'read', subject: 'AccountLinked' },
  },
]);

export const apiClientRoutes: RouteEntry[] = [
  {
    path: API_CLIENT_PAGE,
    titleKey: 'apiClients:pageTitle',
    breadcrumb: [
      'shell:menu.groups.links',
      { titleKey: 'catalog:areas.accountLinked.title', path: '/tai-khoan-khai-thac/danh-sach' },
    ],
    ability: { action: 'read', subject: 'AccountLinked' },
    layout: 'app',
    namespaces: ['apiClients', 'catalog'],
    page: () => import('./ApiClientPage.tsx'),
    ...withId,
  },
];
