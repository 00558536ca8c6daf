import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app from one port with SPA fallback: any GET outside /api that is not a file
 * answers index.html and the web router decides (including its own 404 page).
 * Hashed assets are cached for a year; index.html is always revalidated.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ webDist }, 'web app not built; serving the API only (run `npm run build`)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    index: false,
    // The server-rendering bundle and page templates are read by renderedPage(), not served.
    allowedPath: (pathName) => !pathName.startsWith('/prerendered/'),
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });
  return true;
}

export function isSpaRequest(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api') && !url.startsWith('/hubs');
}

/** How the renderer asks this server for a page's data: its own routes, through `inject`, no network hop. */
type ServerFetch = (url: string, init: RequestInit) => Promise<Response>;

/** What the web build's server-rendering bundle exports (apps/web/src/prerender.tsx). */
interface PageRenderer {
  /** What fills the page template's `<!--name-->` slots (the markup in each language, head elements, data). */
  prerender(pattern: string, url: string, config: unknown, serverFetch: ServerFetch): Promise<Record<string, string>>;
}

interface ServerPage {
  pattern: string;
  matches: RegExp;
  template: string;
}

interface ServerPages {
  pages: ServerPage[];
  renderer?: Promise<PageRenderer>;
  /** The configuration as the pages are rendered with it (banner inlined), for the configuration it came from. */
  configuration?: { source: string; rendered: string };
  /** Renders waiting or running: past a few, a page is sent as the plain app page instead of waiting. */
  pending: number;
}

const serverPagesOf = new WeakMap<FastifyInstance, ServerPages>();

/** '/chi-tiet-tin-tuc/:id' → a pattern matching one segment for each parameter. */
const patternOf = (route: string) =>
  new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);

function serverPages(app: FastifyInstance): ServerPages {
  let pages = serverPagesOf.get(app);
  if (!pages) {
    const dir = path.join(app.config.webDist, 'prerendered');
    const list: ServerPage[] = [];
    if (existsSync(path.join(dir, 'server/prerender.js')) && existsSync(path.join(dir, 'pages.json'))) {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'pages.json'), 'utf8')) as {
        pattern: string;
        template: string;
      }[];
      for (const { pattern, template } of manifest)
        list.push({ pattern, matches: patternOf(pattern), template: readFileSync(path.join(dir, template), 'utf8') });
    }
    pages = { pages: list, pending: 0 };
    serverPagesOf.set(app, pages);
  }
  return pages;
}

/** The part of the province's configuration the first pages read here. */
interface PageConfiguration {
  bannerImages?: string[];
  [key: string]: unknown;
}

/** Banners up to this size come inside the page itself. */
const INLINE_BANNER_BYTES = 16 * 1024;
/** Renders at once past which a page is not rendered here (a burst of new addresses must not queue visitors). */
const MAX_PENDING_RENDERS = 4;

/**
 * The banner is the largest thing the home page paints: a small one (the demo's are 3 KB of SVG) comes inside
 * the page as a data address, so it paints with the page instead of after a request that shares a slow line
 * with the scripts. The page hydrates with the same configuration, so the two renderings agree.
 */
async function withInlineBanner(app: FastifyInstance, config: PageConfiguration): Promise<PageConfiguration> {
  const banner = config.bannerImages?.[0];
  if (!banner?.startsWith('/api/')) return config;
  const image = await app.inject({ method: 'GET', url: banner });
  const type = String(image.headers['content-type'] ?? '').split(';')[0]!;
  if (image.statusCode !== 200 || !type.startsWith('image/') || image.rawPayload.length > INLINE_BANNER_BYTES)
    return config;
  const inline = `data:${type};base64,${image.rawPayload.toString('base64')}`;
  return { ...config, bannerImages: [inline, ...config.bannerImages!.slice(1)] };
}

/** The renderer's calls answered by this server's own routes, as a visitor who is not signed in. */
function serverFetchOf(app: FastifyInstance): ServerFetch {
  return async (url, init) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const answer = await app.inject({ method: (init.method ?? 'GET') as 'GET', url, headers });
    return new Response(answer.rawPayload.length ? new Uint8Array(answer.rawPayload) : null, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

/**
 * The first pages of a visit (the public home, sign-in, the news and its articles) rendered here with the
 * province's configuration and the page's data, from the web build's server-rendering bundle and page templates
 * (`prerendered/`, listed in `pages.json`): the browser paints them before any script runs, then hydrates them.
 * The renderer keeps the markup until the configuration or the data change. null: the address has no such page
 * (or the build has none, or too many renders are waiting, or rendering failed — a page's data query answering
 * an error included): the caller sends index.html.
 */
export async function renderedPage(app: FastifyInstance, url: string): Promise<string | null> {
  const pages = serverPages(app);
  const pathname = (url.split('?')[0] ?? url).replace(/(.)\/$/, '$1');
  const page = pages.pages.find((p) => p.matches.test(pathname));
  if (!page || pages.pending >= MAX_PENDING_RENDERS) return null;
  pages.pending++;
  try {
    // The same answer the browser would get, through the same route (one place reads the configuration).
    const answer = await app.inject({ method: 'GET', url: '/api/Home/configuration' });
    if (answer.statusCode !== 200) return null;
    if (pages.configuration?.source !== answer.body) {
      const rendered = await withInlineBanner(app, JSON.parse(answer.body) as PageConfiguration);
      pages.configuration = { source: answer.body, rendered: JSON.stringify(rendered) };
    }
    const configuration = pages.configuration.rendered;
    pages.renderer ??= import(pathToFileURL(path.join(app.config.webDist, 'prerendered/server/prerender.js')).href);
    const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    const slots = await (
      await pages.renderer
    ).prerender(page.pattern, pathname + query, JSON.parse(configuration), serverFetchOf(app));
    return page.template.replace(/<!--([\w:]+)-->/g, (_, slot: string) =>
      // The configuration the page was rendered with, for hydration; JSON inside <script>: no "<" closes it early.
      slot === 'configuration' ? configuration.replace(/</g, '\\u003c') : (slots[slot] ?? ''),
    );
  } catch (err) {
    app.log.warn({ err, url: pathname }, 'server rendering failed; sending index.html');
    return null;
  } finally {
    pages.pending--;
  }
}

/** The web app's page as it comes from the build (index.html): the app renders it in the browser. */
export async function plainAppPage(app: FastifyInstance): Promise<string | null> {
  const index = path.join(app.config.webDist, 'index.html');
  return existsSync(index) ? readFile(index, 'utf8') : null;
}

/** The web app's page for an address: rendered here when it is one of the first pages, else index.html. */
export async function appPage(app: FastifyInstance, url: string): Promise<string | null> {
  return (await renderedPage(app, url)) ?? plainAppPage(app);
}
