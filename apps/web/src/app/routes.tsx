import type { RouteEntry } from './route-types.ts';
import { defineRouteTable } from './route-table.ts';
import { shellRoutes } from './shell-routes.tsx';
import { catalogRoutes } from '../catalog/routes.ts';
import { statisticsRoutes } from '../modules/statistics/routes.ts';
import { employmentRoutes } from '../modules/employment/routes.ts';

/**
 * THE route table of the web app (spec section 2): one entry per page, with its Vietnamese slug, title and
 * breadcrumb keys (shell/area namespaces, vi and en), required ability, layout and redirect-if-logged-in flag.
 * Add a page by adding one entry in its area's block (app/shell-routes.tsx). Pages are loaded lazily, so an entry costs the first
 * load nothing. Root `/` → /trang-chu and unknown paths → /error-404 are handled by app/router.tsx.
 */
export const routes: RouteEntry[] = defineRouteTable([
  ...shellRoutes,
  // ── Statistics: a page per declared statistic, the overview and the analysis (their declarations carry
  //    schemas, so they are not in the shell's first load) ────────────────────────────────────────────────
  ...statisticsRoutes,
  // ── Employment services: a job seeker's and a vacancy's matches, opened from the rows of the catalogue's lists
  //    (registered with them) ──────────────────────────────────────────────────────────────────────────────
  ...employmentRoutes,
  // ── Catalogue areas: list, create, edit, detail, import and the trash bin, from their declarations ─────
  ...catalogRoutes(),
]);
