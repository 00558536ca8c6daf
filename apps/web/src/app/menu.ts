import { queryOptions, useQuery } from '@tanstack/react-query';
import { filterMenu, isMenuGroup, type MenuLeaf, type MenuNode } from '@portal/domain/menu';
import { apiFetch } from './api-client.ts';
import { i18n } from './i18n.ts';
import { can, useAccess, type Access } from './access.ts';
import { abilityOf, routeByPath } from './route-table.ts';

/**
 * The left menu fetched per role (UI state in the spec): `GET /api/UserTypev2/get-menu`, cached per signed-in
 * user, trimmed to the pages this web app has and the user may open.
 */
export const menuQuery = (userId: string) =>
  queryOptions({
    queryKey: ['menu', userId],
    queryFn: ({ signal }) =>
      apiFetch<{ items: MenuNode[] }>('/api/UserTypev2/get-menu', { signal }).then((r) => r.items),
    staleTime: 5 * 60_000,
  });

/** Entries whose page exists (no placeholder pages) and whose route the user is allowed to open. */
export function visibleMenu(nodes: readonly MenuNode[], access: Access): MenuNode[] {
  return filterMenu(nodes, (leaf) => {
    const route = routeByPath(leaf.path);
    if (!route) return false;
    const { action, subject } = abilityOf(route);
    return can(access, action, subject);
  });
}

export function useMenu(): { items: MenuNode[]; isLoading: boolean; isError: boolean; refetch: () => void } {
  const access = useAccess();
  const query = useQuery({ ...menuQuery(access.user?.userId ?? 'anonymous'), enabled: access.loggedIn });
  return {
    items: query.data ? visibleMenu(query.data, access) : [],
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: () => void query.refetch(),
  };
}

/** The leaf's label key: its own when it has a text, else its page's title. */
export function leafTitleKey(leaf: MenuLeaf): string {
  if (leaf.titleKey && i18n.exists(leaf.titleKey)) return leaf.titleKey;
  return routeByPath(leaf.path)?.titleKey ?? leaf.titleKey ?? leaf.path;
}

/**
 * The menu entry the current page belongs to: the exact path; else an entry whose path starts the current one
 * ('/chinh-sua-menu' for '/chinh-sua-menu/keo-tha'); else the entry of the same area (its path without the last
 * segment is the longest prefix of the current path: '/nguoi-dung/chinh-sua/5' → '/nguoi-dung/danh-sach').
 */
export function activeMenuPath(
  nodes: readonly MenuNode[],
  pathname: string,
): { path: string; ancestors: string[] } | null {
  let best: { path: string; ancestors: string[]; score: number } | null = null;
  const walk = (list: readonly MenuNode[], ancestors: string[]) => {
    for (const n of list) {
      if (isMenuGroup(n)) {
        walk(n.children, [...ancestors, n.key]);
        continue;
      }
      let score = -1;
      if (n.path === pathname) score = 10_000;
      else if (pathname.startsWith(`${n.path}/`)) score = 5_000 + n.path.length;
      else {
        const base = n.path.slice(0, n.path.lastIndexOf('/') + 1);
        if (base.length > 1 && pathname.startsWith(base)) score = base.length;
      }
      if (score > (best?.score ?? -1)) best = { path: n.path, ancestors, score };
    }
  };
  walk(nodes, []);
  const found = best as { path: string; ancestors: string[]; score: number } | null;
  return found ? { path: found.path, ancestors: found.ancestors } : null;
}
