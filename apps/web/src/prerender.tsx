/**
 * Server rendering of the first pages of a visit (the public home, sign-in, the news and its articles). The
 * build bundles this file for Node (vite.config.ts, `prerenderPages`); the API renders each page with the
 * province's configuration and the page's data when it is asked for it (apps/api/src/platform/http/static.ts),
 * keeps the markup until either changes, and main.tsx hydrates it. So the page paints from HTML and CSS alone,
 * already with the province's name, logo and banner, and the news. Rendered for a visitor who is not signed in, in the default skin (the skin is CSS), in each
 * language (public/boot-page.js shows the stored one). Never part of the browser bundle.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, matchPath, RouterProvider } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@portal/domain/languages';
import { bindSender } from './app/api-client.ts';
import { configurationQuery, type PublicPortalConfig } from './app/configuration.ts';
import { CORE_NAMESPACES, ensureAllLanguages, i18n, NAMESPACES } from './app/i18n.ts';
import { FullLayout } from './app/layouts/FullLayout.tsx';
import { Providers } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { RootShell } from './app/RootShell.tsx';
import { routes } from './app/routes.tsx';
import type { RouteHandle } from './app/route-types.ts';

export { DEFAULT_LANGUAGE, LANGUAGES };

/** The route of a pattern ('/chi-tiet-tin-tuc/:id'): a bare full-layout page (no Ant Design to render). */
function entryOf(pattern: string) {
  const entry = routes.find((r) => r.path === pattern);
  if (!entry) throw new Error(`prerender: no route ${pattern}`);
  if (entry.layout !== 'full' || !entry.bare) throw new Error(`prerender: ${pattern} must be a bare full-layout page`);
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

/** How the server answers the page's API calls (its own routes, without a network hop). */
export type ServerFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Markup of pages rendered lately, by address, with what it was made from: a page is rendered again only when
 * its configuration or data change. Bounded: any address with a query string is a new entry. */
const renderedMarkup = new Map<string, { stamp: string; markup: Record<string, string> }>();
const MARKUP_ENTRIES = 200;

const configurationKey = JSON.stringify(configurationQuery.queryKey);

/**
 * What fills the page template's slots (`<!--name-->`) for one address (`url`, of the route `pattern`):
 * `page:<language>`, the markup of #root in each language; `head`, the province's favicon (no script has to swap
 * it, no request waits for one); `path`, the address rendered (main.tsx hydrates only that); `data`, the answers
 * of the page's server queries (see `ServerQueries`), which the browser puts in its query cache before hydrating.
 * A query that fails rejects: the caller sends the plain app page. One render at a time: the texts' language and
 * the query cache are shared.
 */
export function prerender(
  pattern: string,
  url: string,
  config: PublicPortalConfig,
  serverFetch: ServerFetch,
): Promise<Record<string, string>> {
  const run = queue.then(async () => {
    const entry = entryOf(pattern);
    const address = new URL(url, 'http://portal.invalid');
    const params = matchPath(pattern, address.pathname)?.params;
    if (!params || (entry.validParams && !entry.validParams(params)))
      throw new Error(`prerender: ${address.pathname} is not ${pattern}`);
    await ensureAllLanguages(namespacesOf(pattern));
    const module = await entry.page();
    const Page = module.default;
    queryClient.clear();
    queryClient.setQueryData(configurationQuery.queryKey, config);
    bindSender(serverFetch);
    const queries = module.serverQueries?.({ params, search: address.searchParams }) ?? [];
    const answers = await Promise.all(queries.map((q) => queryClient.fetchQuery(q)));
    const path = address.pathname + address.search;
    // Fresh each time (the browser judges staleness by the time of the answer); the markup may be reused.
    const data = JSON.stringify(
      dehydrate(queryClient, { shouldDehydrateQuery: (q) => JSON.stringify(q.queryKey) !== configurationKey }),
    );
    const slots: Record<string, string> = {
      head: `<link rel="icon" id="portal-favicon" href="${escapeAttribute(config.favicon || '/favicon.svg')}" />`,
      path: escapeAttribute(path),
      // JSON inside <script>: no "<" may close it early.
      data: data.replace(/</g, '\\u003c'),
    };
    const stamp = JSON.stringify([config, answers]);
    const last = renderedMarkup.get(path);
    if (last?.stamp === stamp) return { ...slots, ...last.markup };
    const markup: Record<string, string> = {};
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
                children: [{ path: pattern, Component: Page, handle: { entry } satisfies RouteHandle }],
              },
            ],
          },
        ],
        { initialEntries: [path] },
      );
      markup[`page:${language}`] = renderToString(
        <StrictMode>
          <Providers>
            <RouterProvider router={router} />
          </Providers>
        </StrictMode>,
      );
    }
    renderedMarkup.delete(path);
    renderedMarkup.set(path, { stamp, markup });
    if (renderedMarkup.size > MARKUP_ENTRIES) renderedMarkup.delete(renderedMarkup.keys().next().value!);
    return { ...slots, ...markup };
  });
  queue = run.catch(() => undefined);
  return run;
}
