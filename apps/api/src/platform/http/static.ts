import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/** What the web build's server-rendering bundle exports (apps/web/src/prerender.tsx). */
interface PageRenderer {
  /** What fills the page template's `<!--name-->` slots (the markup in each language, head elements). */
  prerender(path: string, config: unknown): Promise<Record<string, string>>;
}

interface ServerPages {
  templates: Map<string, string>;
  renderer?: Promise<PageRenderer>;
  /** The last rendering of each page and the configuration it was made with. */
  rendered: Map<string, { configuration: string; html: string }>;
}

const serverPagesOf = new WeakMap<FastifyInstance, ServerPages>();

function serverPages(app: FastifyInstance): ServerPages {
  let pages = serverPagesOf.get(app);
  if (!pages) {
    const dir = path.join(app.config.webDist, 'prerendered');
    const templates = new Map<string, string>();
    if (existsSync(path.join(dir, 'server/prerender.js'))) {
      for (const file of readdirSync(dir)) {
        if (file.endsWith('.html'))
          templates.set(`/${file.slice(0, -'.html'.length)}`, readFileSync(path.join(dir, file), 'utf8'));
      }
    }
    pages = { templates, rendered: new Map() };
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

/**
 * The first pages of a visit (the public home, sign-in) rendered here with the province's configuration, from
 * the web build's server-rendering bundle and page templates (`prerendered/`): the browser paints them before
 * any script runs, then hydrates them. A page is rendered again only when the configuration changes. null:
 * the address has no such page (or the build has none, or rendering failed): the caller sends index.html.
 */
export async function renderedPage(app: FastifyInstance, url: string): Promise<string | null> {
  const pages = serverPages(app);
  const pathname = (url.split('?')[0] ?? url).replace(/(.)\/$/, '$1');
  const template = pages.templates.get(pathname);
  if (!template) return null;
  try {
    // The same answer the browser would get, through the same route (one place reads the configuration).
    const answer = await app.inject({ method: 'GET', url: '/api/Home/configuration' });
    if (answer.statusCode !== 200) return null;
    const configuration = answer.body;
    const last = pages.rendered.get(pathname);
    if (last?.configuration === configuration) return last.html;
    pages.renderer ??= import(pathToFileURL(path.join(app.config.webDist, 'prerendered/server/prerender.js')).href);
    const rendered = await withInlineBanner(app, JSON.parse(configuration) as PageConfiguration);
    const slots = await (await pages.renderer).prerender(pathname, rendered);
    const withPage = JSON.stringify(rendered);
    const html = template.replace(/<!--([\w:]+)-->/g, (_, slot: string) =>
      // The configuration the page was rendered with, for hydration; JSON inside <script>: no "<" closes it early.
      slot === 'configuration' ? withPage.replace(/</g, '\\u003c') : (slots[slot] ?? ''),
    );
    pages.rendered.set(pathname, { configuration, html });
    return html;
  } catch (err) {
    app.log.error({ err, url: pathname }, 'server rendering failed; sending index.html');
    return null;
  }
}
