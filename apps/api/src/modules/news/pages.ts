import type { FastifyPluginAsync } from 'fastify';
import { translate } from '@portal/domain/i18n';
import { NEWS_PATHS, newsPublicPath, RSS_ITEMS } from '@portal/domain/news/index';
import { appPage, plainAppPage } from '../../platform/http/static.ts';
import { getPortalConfig } from '../configuration/index.ts';
import { getArticle, latestPublished, publishedEntries, type Article } from './service.ts';
import { plainText } from './sanitize.ts';
import { isUuid } from '@portal/domain/ids';

/**
 * The news pages as link previews and crawlers see them: the server answers `/tin-tuc` and
 * `/chi-tiet-tin-tuc/{id}` with the web app's page, rendered here with the list or the article, whose <head>
 * carries the article's title, description and Open Graph tags (the browser then hydrates it); `/sitemap.xml` lists the public pages and the
 * published articles, `/tin-tuc/rss.xml` is an RSS 2.0 feed of the latest ones.
 */

/** Public pages of the portal for the sitemap; other modules add theirs with `addSitemapPages`. */
const sitemapPages = new Set<string>(['/trang-chu', NEWS_PATHS.publicList]);
export function addSitemapPages(...paths: string[]): void {
  for (const p of paths) sitemapPages.add(p);
}

const DESCRIPTION_CHARS = 200;

export const escapeXml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const absolute = (base: string, p: string) => new URL(p, base.endsWith('/') ? base : `${base}/`).toString();

function shorten(text: string, max = DESCRIPTION_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).trimEnd()}…`;
}

export const articleDescription = (a: Pick<Article, 'summary' | 'body'>): string =>
  shorten(a.summary.trim() || plainText(a.body));

interface HeadTags {
  title: string;
  description: string;
  url: string;
  type: 'article' | 'website';
  image?: string | null;
  siteName: string;
  publishedAt?: string | null;
}

/** The page's <title> and the tags link previews read, in place of the template's. */
export function injectHead(html: string, tags: HeadTags): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeXml(value)}" />`;
  const head = [
    meta('name', 'description', tags.description),
    `<link rel="canonical" href="${escapeXml(tags.url)}" />`,
    meta('property', 'og:site_name', tags.siteName),
    meta('property', 'og:type', tags.type),
    meta('property', 'og:title', tags.title),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.url),
    meta('property', 'og:locale', 'vi_VN'),
    ...(tags.image ? [meta('property', 'og:image', tags.image)] : []),
    ...(tags.publishedAt ? [meta('property', 'article:published_time', tags.publishedAt)] : []),
    meta('name', 'twitter:card', tags.image ? 'summary_large_image' : 'summary'),
    `<link rel="alternate" type="application/rss+xml" href="${NEWS_PATHS.rss}" />`,
  ].join('\n    ');
  const title = `<title>${escapeXml(tags.title)}</title>`;
  const withTitle = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : html.replace(/<\/head>/i, () => `${title}</head>`);
  // Any description the template had would contradict this one.
  const cleaned = withTitle.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  return /<\/head>/i.test(cleaned) ? cleaned.replace(/<\/head>/i, () => `  ${head}\n  </head>`) : `${head}${cleaned}`;
}

const pages: FastifyPluginAsync = async (app) => {
  const base = app.config.publicUrl;

  app.get(NEWS_PATHS.publicList, async (request, reply) => {
    const html = await appPage(app, request.url);
    if (html === null) return reply.callNotFound();
    const config = await getPortalConfig(app.db);
    const title = `${translate('vi', 'news:routes.publicList')} – ${config.portalName}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        injectHead(html, {
          title,
          description: translate('vi', 'news:home.description'),
          url: absolute(base, NEWS_PATHS.publicList),
          type: 'website',
          siteName: config.portalName,
        }),
      );
  });

  app.get<{ Params: { id: string } }>('/chi-tiet-tin-tuc/:id', async (request, reply) => {
    const { id } = request.params;
    const article = isUuid(id) ? await getArticle(app.db, id, 'public').catch(() => null) : null;
    // Not published (or no such article): the app's page, which shows "not found", with the status to match.
    const html = article ? await appPage(app, request.url) : await plainAppPage(app);
    if (html === null) return reply.callNotFound();
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (!article) return reply.status(404).send(html);
    const config = await getPortalConfig(app.db);
    return reply.send(
      injectHead(html, {
        title: `${article.title} – ${config.portalName}`,
        description: articleDescription(article),
        url: absolute(base, newsPublicPath(article.id)),
        type: 'article',
        image: article.coverUrl ? absolute(base, article.coverUrl) : null,
        siteName: config.portalName,
        publishedAt: article.publishedAt,
      }),
    );
  });

  app.get(NEWS_PATHS.sitemap, async (request, reply) => {
    const articles = await publishedEntries(app.db, 45_000);
    const url = (loc: string, lastmod?: string) =>
      `  <url><loc>${escapeXml(absolute(base, loc))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...[...sitemapPages].map((p) => url(p)),
      ...articles.map((a) => url(newsPublicPath(a.id), a.updatedAt)),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
  });

  app.get(NEWS_PATHS.rss, async (request, reply) => {
    const config = await getPortalConfig(app.db);
    const articles = await latestPublished(app.db, RSS_ITEMS);
    const channelLink = absolute(base, NEWS_PATHS.publicList);
    const item = (a: (typeof articles)[number]) => {
      const link = absolute(base, newsPublicPath(a.id));
      return [
        '    <item>',
        `      <title>${escapeXml(a.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <pubDate>${new Date(a.publishedAt!).toUTCString()}</pubDate>`,
        `      <description>${escapeXml(articleDescription(a))}</description>`,
        ...(a.topicName ? [`      <category>${escapeXml(a.topicName)}</category>`] : []),
        ...(a.author ? [`      <dc:creator>${escapeXml(a.author)}</dc:creator>`] : []),
        '    </item>',
      ].join('\n');
    };
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
      '  <channel>',
      `    <title>${escapeXml(`${translate('vi', 'news:routes.publicList')} – ${config.portalName}`)}</title>`,
      `    <link>${escapeXml(channelLink)}</link>`,
      `    <description>${escapeXml(translate('vi', 'news:feed.description'))}</description>`,
      '    <language>vi</language>',
      `    <atom:link href="${escapeXml(absolute(base, NEWS_PATHS.rss))}" rel="self" type="application/rss+xml" />`,
      ...(articles[0]
        ? [`    <lastBuildDate>${new Date(articles[0].publishedAt!).toUTCString()}</lastBuildDate>`]
        : []),
      ...articles.map(item),
      '  </channel>',
      '</rss>',
      '',
    ].join('\n');
    return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
  });
};

export default pages;
