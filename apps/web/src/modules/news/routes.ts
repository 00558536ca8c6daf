import { NEWS_PATHS } from '@portal/domain/news/paths';
import { type BreadcrumbItem, type RouteEntry, withId } from '../../app/route-types.ts';

/**
 * The news pages: the back office's list and article form (the editor is loaded only there), and the public
 * list and article pages (no sign-in, the full layout). The topics' list is the catalogue's own page.
 */
const group: BreadcrumbItem[] = ['shell:menu.groups.news'];
const inList: BreadcrumbItem[] = [...group, { titleKey: 'news:routes.list', path: NEWS_PATHS.list }];

export const newsRoutes: RouteEntry[] = [
  {
    path: NEWS_PATHS.list,
    titleKey: 'news:routes.list',
    breadcrumb: group,
    ability: { action: 'read', subject: 'News' },
    layout: 'app',
    page: () => import('./NewsListPage.tsx'),
  },
  {
    path: NEWS_PATHS.create,
    titleKey: 'news:routes.create',
    breadcrumb: inList,
    ability: { action: 'create', subject: 'News' },
    layout: 'app',
    page: () => import('./NewsFormPage.tsx'),
  },
  {
    path: NEWS_PATHS.edit,
    titleKey: 'news:routes.edit',
    breadcrumb: inList,
    ability: { action: 'read', subject: 'News' },
    layout: 'app',
    page: () => import('./NewsFormPage.tsx'),
    ...withId,
  },
  {
    path: NEWS_PATHS.publicList,
    titleKey: 'news:routes.publicList',
    layout: 'full',
    bare: true,
    namespaces: ['news'],
    page: () => import('./PublicNewsPage.tsx'),
    home: { section: 'tin-tuc', card: 'news', order: 10 },
  },
  {
    path: NEWS_PATHS.publicDetail,
    titleKey: 'news:routes.publicDetail',
    layout: 'full',
    bare: true,
    namespaces: ['news'],
    page: () => import('./PublicArticlePage.tsx'),
    ...withId,
  },
];
