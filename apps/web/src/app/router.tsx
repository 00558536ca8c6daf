import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { loadAntd } from './antd.ts';
import { ensureConfiguration } from './configuration.ts';
import { currentAccess } from './access.ts';
import { guard } from './guard.ts';
import { FullLayout } from './layouts/FullLayout.tsx';
import { RootShell, RouteError, BootSpinner } from './RootShell.tsx';
import { homeForRole } from '../platform/auth/index.ts';
import { routes } from './routes.tsx';
import { HOME_PATH, NOT_FOUND_PATH, type RouteEntry } from './route-types.ts';

export interface RouteHandle {
  entry: RouteEntry;
}

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

export const router = createBrowserRouter([
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
      { Component: FullLayout, children: routes.filter((r) => r.layout === 'full').map(toRouteObject) },
      {
        // The signed-in shell (menu, header) is its own chunk: the public home never downloads it.
        lazy: async () => ({ Component: (await import('./layouts/AppLayout.tsx')).default }),
        children: routes.filter((r) => r.layout === 'app').map(toRouteObject),
      },
      { path: '*', loader: () => redirect(NOT_FOUND_PATH) },
    ],
  },
]);
