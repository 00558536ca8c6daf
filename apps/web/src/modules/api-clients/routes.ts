import { API_CLIENT_PAGE, apiClientPage } from '@portal/domain/api-clients/page';
import type { RouteEntry } from '../../app/route-types.ts';
import { registerRowLinks } from '../../catalog/extensions.ts';

/** The linked accounts' API access page, opened from each row of /tai-khoan-khai-thac/danh-sach. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    validParams: (params) => UUID.test(params.id ?? ''),
  },
];
