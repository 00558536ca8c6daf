import { createBrowserRouter, matchPath, redirect, type RouteObject } from 'react-router';
import { loadAntd } from './antd.ts';
import { ensureConfiguration } from './configuration.ts';
import { currentAccess } from './access.ts';
import { guard } from './guard.ts';
import { FullLayout } from './layouts/FullLayout.tsx';
import { RootShell, RouteError, BootSpinner } from './RootShell.tsx';
import { homeForRole } from '../platform/auth/index.ts';
import { defineRouteTable } from './route-table.ts';
import { shellRoutes } from './shell-routes.tsx';
import { HOME_PATH, NOT_FOUND_PATH, type RouteEntry, type RouteHandle } from './route-types.ts';

function toRouteObject(entry: RouteEntry): RouteObject {
  return {
    path: entry.path,
    handle: { entry } satisfies RouteHandle,
    loader: guard(entry),
    lazy: async () => {
      // Ant Design's provider is loaded with the page (not after it), so nothing flashes while it arrives.
      const [page] = await Promise.all([entry.page(), entry.bare ? null : loadAntd()]);
      return { Component: page.default };
    },
  };
}

let configurationLoaded = false;

const APP_LAYOUT = 'app-layout';
// Until the whole table loads, questions about it (hasRoute, homeEntries) are answered from the shell's part.
const fullRoutes = defineRouteTable(shellRoutes).filter((r) => r.layout === 'full');
/** The whole table's back-office pages, added once: set by the first navigation that needs them. */
let appRoutesAdded: Promise<void> | undefined;

export const router = createBrowserRouter(
  [
    {
      id: 'root',
      Component: RootShell,
      HydrateFallback: BootSpinner,
      ErrorBoundary: RouteError,
      // Spec section 4: each navigation loads the app configuration if it is not loaded (and sets the favicon).
      loader: async () => {
        configurationLoaded = (await ensureConfiguration()) !== undefined;
        return null;
      },
      shouldRevalidate: () => !configurationLoaded,
      children: [
        // The root leads a signed-in user to their workspace, anyone else to the public home page.
        {
          index: true,
          loader: () => {
            const access = currentAccess();
            return redirect(access.loggedIn ? homeForRole(access.role) : HOME_PATH);
          },
        },
        { Component: FullLayout, children: fullRoutes.map(toRouteObject) },
        {
          id: APP_LAYOUT,
          // The signed-in shell (menu, header) is its own chunk: the public home never downloads it.
          lazy: async () => ({ Component: (await import('./layouts/AppLayout.tsx')).default }),
          // Its pages join on the first visit to one of them (patchRoutesOnNavigation below).
          children: [],
        },
        { path: '*', loader: () => redirect(NOT_FOUND_PATH) },
      ],
    },
  ],
  {
    // The router starts with the public pages only: matching against the whole table (hundreds of back-office
    // pages) cost the first public page a long task on a phone. The rest is added, in one piece, the first time
    // an address is not a public page (the router asks before matching any address that a parameter or the
    // catch-all would take).
    // The whole table (with the catalogue's pages and their declarations) is its own chunk, loaded then too: the
    // public pages never download it.
    patchRoutesOnNavigation: async ({ path, patch }) => {
      if (fullRoutes.some((r) => matchPath(r.path, path.split(/[?#]/)[0] ?? path))) return;
      // One load and one patch, whichever navigations ask meanwhile: each waits for it before matching.
      appRoutesAdded ??= import('./routes.tsx').then(({ routes }) =>
        patch(APP_LAYOUT, routes.filter((r) => r.layout === 'app').map(toRouteObject)),
      );
      await appRoutesAdded;
    },
  },
);
