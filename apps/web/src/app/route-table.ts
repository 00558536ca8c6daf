import { PUBLIC_ABILITY, type HomeSection, type RouteEntry } from './route-types.ts';

/**
 * Questions about the route table (is there a page at this path, which pages a home section lists), for the
 * shell and for pages alike. The table itself (app/routes.tsx) loads every area's pages lazily, so a page that
 * imported it would import itself; the table hands itself here instead, when it is defined.
 */

let table: readonly RouteEntry[] | undefined;
let staticRoutes = new Map<string, RouteEntry>();

/** Called by app/router.tsx with the shell's part of the table, then by app/routes.tsx with the whole of it. */
export function defineRouteTable(entries: RouteEntry[]): RouteEntry[] {
  table = entries;
  staticRoutes = new Map(entries.filter((r) => !r.path.includes(':')).map((r) => [r.path, r]));
  return entries;
}

function entries(): readonly RouteEntry[] {
  // A question asked before the table is loaded would answer "no such page" for every page: fail loudly instead.
  if (!table) throw new Error('The route table (app/routes.tsx) is not loaded yet.');
  return table;
}

export function abilityOf(entry: RouteEntry) {
  return entry.ability ?? PUBLIC_ABILITY;
}

/** Pages of one public-home section, in display order (only public pages: the home is for everyone). */
export function homeEntries(section: HomeSection): RouteEntry[] {
  return entries()
    .filter((r) => r.home?.section === section && abilityOf(r).subject === 'Auth' && !r.path.includes(':'))
    .sort((a, b) => (a.home?.order ?? 100) - (b.home?.order ?? 100));
}

/** The page at a static path, if the web app has one. */
export function routeByPath(path: string): RouteEntry | undefined {
  entries();
  return staticRoutes.get(path.split(/[?#]/)[0] ?? path);
}

/** True when the web app has a page at this path (menus and links show only pages that exist). */
export function hasRoute(path: string): boolean {
  return routeByPath(path) !== undefined;
}

/** True when the table has this exact path pattern ('/thong-tin-tai-khoan/:id'). */
export function hasRoutePattern(pattern: string): boolean {
  return entries().some((r) => r.path === pattern);
}
