/**
 * Server rendering of the first pages of a visit (the public home, sign-in). The build bundles this file for
 * Node (vite.config.ts, `prerenderPages`); the API renders each page with the province's configuration when it
 * is asked for it, keeps the result until the configuration changes (apps/api/src/platform/http/static.ts),
 * and main.tsx hydrates it. So the page paints from HTML and CSS alone, already with the province's name, logo
 * and banner. Rendered for a visitor who is not signed in, in the default skin (the skin is CSS), in each
 * language (public/boot-page.js shows the stored one). Never part of the browser bundle.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@portal/domain/languages';
import { configurationQuery, type PublicPortalConfig } from './app/configuration.ts';
import { CORE_NAMESPACES, ensureAllLanguages, i18n, NAMESPACES } from './app/i18n.ts';
import { FullLayout } from './app/layouts/FullLayout.tsx';
import { Providers } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { RootShell } from './app/RootShell.tsx';
import { routes } from './app/routes.tsx';
import type { RouteHandle } from './app/router.tsx';

export { DEFAULT_LANGUAGE, LANGUAGES };

function entryOf(path: string) {
  const entry = routes.find((r) => r.path === path);
  if (!entry) throw new Error(`prerender: no route ${path}`);
  if (entry.layout !== 'full' || !entry.bare) throw new Error(`prerender: ${path} must be a bare full-layout page`);
  return entry;
}

/** Text namespaces the page shows (the build preloads them with the page). */
export function namespacesOf(path: string): string[] {
  const entry = entryOf(path);
  const own = typeof entry.namespaces === 'function' ? entry.namespaces() : entry.namespaces;
  return [...CORE_NAMESPACES, ...(own ?? NAMESPACES)];
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

let queue: Promise<unknown> = Promise.resolve();

/**
 * What fills the page template's slots (`<!--name-->`): `page:<language>`, the markup of #root in each language,
 * and `head`, the province's favicon (no script has to swap it, no request waits for one). One render at a
 * time: the texts' language is shared.
 */
export function prerender(path: string, config: PublicPortalConfig): Promise<Record<string, string>> {
  const run = queue.then(async () => {
    const entry = entryOf(path);
    await ensureAllLanguages(namespacesOf(path));
    const Page = (await entry.page()).default;
    queryClient.setQueryData(configurationQuery.queryKey, config);
    const slots: Record<string, string> = {
      head: `<link rel="icon" id="portal-favicon" href="${escapeAttribute(config.favicon || '/favicon.svg')}" />`,
    };
    for (const language of LANGUAGES) {
      await i18n.changeLanguage(language);
      // The same route nesting as app/router.tsx: root shell → full layout → page.
      const router = createMemoryRouter(
        [
          {
            id: 'root',
            Component: RootShell,
            children: [
              {
                Component: FullLayout,
                children: [{ path, Component: Page, handle: { entry } satisfies RouteHandle }],
              },
            ],
          },
        ],
        { initialEntries: [path] },
      );
      slots[`page:${language}`] = renderToString(
        <StrictMode>
          <Providers>
            <RouterProvider router={router} />
          </Providers>
        </StrictMode>,
      );
    }
    return slots;
  });
  queue = run.catch(() => undefined);
  return run;
}
