import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SaxesParser } from 'saxes';
import { newsDemoStep, seedNewsTopics } from '../src/modules/news/seed.ts';
import { caller, type As } from './support/calls.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { sessionWith, type Session } from './support/accounts.ts';

/**
 * The news portal: articles written in the back office (draft → published → hidden, the body sanitised on every
 * save), read by anyone once published (accent-free search, topics, paging); the public pages' link previews
 * (title, description, Open Graph in the served HTML), the sitemap and the RSS feed.
 */
const WRITER = ['News.read', 'News.create', 'News.update', 'News.delete'];
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let t: TestApp;
let webDist: string;
let writer: Session;
let reader: Session;
let topics: Map<string, string>;
const call: ReturnType<typeof caller> = (...args) => caller(t)(...args);

beforeAll(async () => {
  // A stand-in web build: the page template the server fills for the news pages.
  webDist = mkdtempSync(path.join(os.tmpdir(), 'portal-web-news-'));
  mkdirSync(webDist, { recursive: true });
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="vi"><head><meta charset="UTF-8" /><title>Cổng thông tin</title></head>' +
      '<body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ webDist, publicUrl: 'https://atvsld.lamdong.gov.vn' });
  writer = await sessionWith(t, { permissions: WRITER });
  reader = await sessionWith(t, { permissions: ['News.read'] });
  topics = await seedNewsTopics(t.app.db);
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

interface ArticleAnswer {
  id: string;
  title: string;
  body: string;
  state: string;
  publishedAt: string | null;
  coverUrl: string | null;
  topicName: string | null;
}

async function write(who: As, body: Record<string, unknown>, id?: string) {
  const res = id
    ? await call(who, 'PUT', `/api/News/update/${id}`, { title: 'Tin', ...body })
    : await call(who, 'POST', '/api/News/create', { title: 'Tin', ...body });
  return res;
}
async function created(body: Record<string, unknown>): Promise<ArticleAnswer> {
  const res = await write(writer, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ArticleAnswer;
}
function uploadImage(who: Session, data: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('formFile', new Blob([data], { type }), name);
  return t.request({ method: 'POST', url: '/api/News/upload-image', headers: who.headers, payload: form });
}
function expectErrorBody(res: { statusCode: number; json: () => unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { error: { code: string; message: string; details: unknown[] } };
  expect(typeof body.error.code).toBe('string');
  expect(typeof body.error.message).toBe('string');
  expect(Array.isArray(body.error.details)).toBe(true);
}

describe('writing articles', () => {
  it('a draft is saved with its body sanitised, and the public does not see it', async () => {
    const a = await created({
      title: 'Bản nháp thử',
      body: '<p onclick="x()">Chữ<script>alert(1)</script></p><a href="javascript:alert(1)">l</a><img src="http://x/a.png">',
      topicId: topics.get('HOAT-DONG'),
    });
    expect(a.state).toBe('draft');
    expect(a.publishedAt).toBeNull();
    expect(a.topicName).toBe('Tin hoạt động');
    expect(a.body).toBe('<p>Chữ</p><a rel="noopener noreferrer">l</a>');
    expectErrorBody(await call(null, 'GET', `/api/News/public/get-by-id/${a.id}`), 404);
    expect((await call(writer, 'GET', `/api/News/get-by-id/${a.id}`)).statusCode).toBe(200);
    // The page itself: the app's page, with the status to match.
    expect((await t.request(`/chi-tiet-tin-tuc/${a.id}`)).statusCode).toBe(404);
  });

  it('published: dated the first time, hidden: gone from the public, shown again: the first date kept', async () => {
    const a = await created({ title: 'Tin đăng', state: 'published', body: '<p>Nội dung</p>' });
    expect(a.publishedAt).not.toBeNull();
    expect((await call(null, 'GET', `/api/News/public/get-by-id/${a.id}`)).statusCode).toBe(200);
    const hidden = await write(writer, { title: 'Tin đăng', state: 'hidden' }, a.id);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((hidden.json() as ArticleAnswer).publishedAt).toBe(a.publishedAt);
    expectErrorBody(await call(null, 'GET', `/api/News/public/get-by-id/${a.id}`), 404);
    expect((await t.request(`/chi-tiet-tin-tuc/${a.id}`)).statusCode).toBe(404);
    const again = await write(writer, { title: 'Tin đăng', state: 'published' }, a.id);
    expect((again.json() as ArticleAnswer).publishedAt).toBe(a.publishedAt);
    // Sanitised on every save, updates too.
    const edited = await write(
      writer,
      { title: 'Tin đăng', state: 'published', body: '<p>ok<iframe src=x></iframe></p>' },
      a.id,
    );
    expect((edited.json() as ArticleAnswer).body).toBe('<p>ok</p>');
    // Deleted: gone everywhere.
    expect((await call(writer, 'POST', '/api/News/delete', [a.id])).json()).toEqual({ deleted: 1 });
    expect((await call(null, 'GET', `/api/News/public/get-by-id/${a.id}`)).statusCode).toBe(404);
    expect((await call(writer, 'GET', `/api/News/get-by-id/${a.id}`)).statusCode).toBe(404);
    expectErrorBody(await write(writer, { title: 'x' }, a.id), 404);
  });

  it('permissions: the public reads published articles only; a reader cannot write', async () => {
    expectErrorBody(await call(null, 'GET', '/api/News/get-paging'), 401);
    expectErrorBody(await write(null, {}), 401);
    expectErrorBody(await write(reader, {}), 403);
    expectErrorBody(await call(reader, 'POST', '/api/News/delete', ['00000000-0000-4000-8000-000000000000']), 403);
    expect((await call(reader, 'GET', '/api/News/get-paging')).statusCode).toBe(200);
    expect((await call(null, 'GET', '/api/News/public/get-paging')).statusCode).toBe(200);
    expect((await call(null, 'GET', '/api/News/public/topics')).statusCode).toBe(200);
  });

  it('bad input is a 400 with the error body', async () => {
    expectErrorBody(await write(writer, { title: '' }), 400);
    expectErrorBody(await write(writer, { state: 'archived' }), 400);
    expectErrorBody(await write(writer, { topicId: '00000000-0000-4000-8000-000000000000' }), 400);
    expectErrorBody(await write(writer, { coverFileId: '00000000-0000-4000-8000-000000000000' }), 400);
    expectErrorBody(await write(writer, { body: 'x'.repeat(200_001) }), 400);
    expectErrorBody(await call(writer, 'GET', '/api/News/get-by-id/not-an-id'), 400);
    expectErrorBody(await call(null, 'GET', '/api/News/public/get-paging', undefined, { pageSize: '1000' }), 400);
    expectErrorBody(await call(writer, 'GET', '/api/News/get-paging', undefined, { state: 'x' }), 400);
  });

  it('images are uploaded as public files; other files are refused', async () => {
    const res = await uploadImage(writer, png, 'Ảnh bìa.png', 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json() as { id: string; url: string; isSecure: boolean };
    expect(file.isSecure).toBe(false);
    expect(file.url).toBe(`/api/Files/${file.id}`);
    expect((await t.request(file.url)).statusCode).toBe(200);
    expectErrorBody(await uploadImage(writer, pdf, 'a.pdf', 'application/pdf'), 415);
    expectErrorBody(await uploadImage(reader, png, 'a.png', 'image/png'), 403);
    const a = await created({
      title: 'Có ảnh',
      coverFileId: file.id,
      body: `<p><img src="${file.url}" alt="Ảnh"></p>`,
    });
    expect(a.coverUrl).toBe(file.url);
    expect(a.body).toBe(`<p><img src="${file.url}" alt="Ảnh" /></p>`);
  });
});

describe('the public list', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 12; i++)
      await created({
        title: `Tháng hành động an toàn số ${i}`,
        summary: 'Phát động',
        state: 'published',
        topicId: topics.get(i % 2 ? 'THONG-BAO' : 'HUONG-DAN'),
      });
    await created({ title: 'Tháng hành động bản nháp', state: 'draft', topicId: topics.get('THONG-BAO') });
  });

  const list = async (query: Record<string, string>) => {
    const res = await call(null, 'GET', '/api/News/public/get-paging', undefined, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { pageLists: ArticleAnswer[]; totalRecord: number };
  };

  it('searches without accents, by topic, page by page, newest first, published only', async () => {
    const all = await list({ keyWord: 'thang hanh dong', pageSize: '5' });
    expect(all.totalRecord).toBe(12);
    expect(all.pageLists).toHaveLength(5);
    expect(all.pageLists.every((a) => a.state === 'published')).toBe(true);
    const dates = all.pageLists.map((a) => a.publishedAt!);
    expect([...dates].sort().reverse()).toEqual(dates);
    const third = await list({ keyWord: 'THÁNG HÀNH', pageSize: '5', pageNumber: '3' });
    expect(third.pageLists).toHaveLength(2);
    const byTopic = await list({ keyWord: 'thang hanh dong', topicId: topics.get('THONG-BAO')! });
    expect(byTopic.totalRecord).toBe(6);
    const office = await call(writer, 'GET', '/api/News/get-paging', undefined, {
      keyWord: 'thang hanh dong',
      state: 'draft',
    });
    expect((office.json() as { totalRecord: number }).totalRecord).toBe(1);
    const sorted = await call(writer, 'GET', '/api/News/get-paging', undefined, { sortBy: 'title', sortOrder: 'asc' });
    const titles = (sorted.json() as { pageLists: ArticleAnswer[] }).pageLists.map((a) => a.title);
    expect(titles.length).toBeGreaterThan(1);
    const topicCounts = (await call(null, 'GET', '/api/News/public/topics')).json() as Array<{
      code: string;
      count: number;
    }>;
    expect(topicCounts.find((c) => c.code === 'THONG-BAO')?.count).toBe(6);
  });
});

/** A strict XML parse (well-formedness checked) into a small tree. */
interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}
function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: false });
  const root: XmlNode = { name: '#root', attributes: {}, children: [], text: '' };
  const stack = [root];
  parser.on('opentag', (tag) => {
    const node: XmlNode = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
      text: '',
    };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('text', (text) => (stack.at(-1)!.text += text));
  parser.on('closetag', () => void stack.pop());
  parser.on('error', (err) => {
    throw err;
  });
  parser.write(xml).close();
  return root.children[0]!;
}
const child = (n: XmlNode, name: string) => n.children.find((c) => c.name === name);
const childrenNamed = (n: XmlNode, name: string) => n.children.filter((c) => c.name === name);

describe('link previews, sitemap and feed', () => {
  let article: ArticleAnswer;
  let hidden: ArticleAnswer;
  beforeAll(async () => {
    const image = (await uploadImage(writer, png, 'bia.png', 'image/png')).json() as { id: string };
    article = await created({
      title: 'Tháng hành động về an toàn, vệ sinh lao động năm 2026 <"&">',
      summary: 'Phát động tháng hành động "an toàn" & vệ sinh lao động.',
      body: '<p>Nội dung</p>',
      coverFileId: image.id,
      state: 'published',
      topicId: topics.get('HOAT-DONG'),
      author: 'Phòng Lao động',
    });
    hidden = await created({ title: 'Tin đã ẩn', state: 'hidden' });
  });

  const meta = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];

  it('the article page carries its title, description and Open Graph tags', async () => {
    const res = await t.request(`/chi-tiet-tin-tuc/${article.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<title>Tháng hành động về an toàn, vệ sinh lao động năm 2026 &lt;&quot;&amp;&quot;&gt; – ');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:title')).toMatch(
      /^Tháng hành động về an toàn, vệ sinh lao động năm 2026 &lt;&quot;&amp;&quot;&gt;/,
    );
    expect(meta(html, 'description')).toBe('Phát động tháng hành động &quot;an toàn&quot; &amp; vệ sinh lao động.');
    expect(meta(html, 'og:description')).toBe(meta(html, 'description'));
    expect(meta(html, 'og:url')).toBe(`https://atvsld.lamdong.gov.vn/chi-tiet-tin-tuc/${article.id}`);
    expect(meta(html, 'og:image')).toBe(`https://atvsld.lamdong.gov.vn${article.coverUrl}`);
    // The tags are inside the head, and the page is still the app's.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('og:image');
    expect(html).toContain('<div id="root"></div>');
    // Not published, not an article, not an id: the app's page with a 404.
    for (const url of [
      `/chi-tiet-tin-tuc/${hidden.id}`,
      '/chi-tiet-tin-tuc/00000000-0000-4000-8000-000000000000',
      '/chi-tiet-tin-tuc/abc',
    ]) {
      const other = await t.request(url);
      expect(other.statusCode, url).toBe(404);
      expect(other.body).not.toContain('og:title');
    }
  });

  it('the news list page has its own title and Open Graph tags', async () => {
    const res = await t.request('/tin-tuc');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<title>Tin tức – .+<\/title>/);
    expect(meta(res.body, 'og:type')).toBe('website');
    expect(meta(res.body, 'og:url')).toBe('https://atvsld.lamdong.gov.vn/tin-tuc');
  });

  it('the sitemap lists the public pages and the published articles only', async () => {
    const res = await t.request('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const root = parseXml(res.body);
    expect(root.name).toBe('urlset');
    expect(root.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = childrenNamed(root, 'url').map((u) => child(u, 'loc')!.text);
    expect(locs).toContain('https://atvsld.lamdong.gov.vn/tin-tuc');
    expect(locs).toContain(`https://atvsld.lamdong.gov.vn/chi-tiet-tin-tuc/${article.id}`);
    expect(locs).not.toContain(`https://atvsld.lamdong.gov.vn/chi-tiet-tin-tuc/${hidden.id}`);
    const entry = childrenNamed(root, 'url').find((u) => child(u, 'loc')!.text.endsWith(article.id))!;
    expect(Number.isNaN(Date.parse(child(entry, 'lastmod')!.text))).toBe(false);
  });

  it('the RSS feed is RSS 2.0 of the latest published articles, newest first, at most 50', async () => {
    for (let i = 0; i < 40; i++) await created({ title: `Tin nguồn cấp ${i}`, state: 'published' });
    const res = await t.request('/tin-tuc/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const rss = parseXml(res.body);
    expect(rss.name).toBe('rss');
    expect(rss.attributes.version).toBe('2.0');
    const channel = child(rss, 'channel')!;
    expect(child(channel, 'title')!.text).toMatch(/^Tin tức – /);
    expect(child(channel, 'link')!.text).toBe('https://atvsld.lamdong.gov.vn/tin-tuc');
    const items = childrenNamed(channel, 'item');
    expect(items).toHaveLength(50);
    const dates = items.map((i) => Date.parse(child(i, 'pubDate')!.text));
    expect(dates.every((d) => !Number.isNaN(d))).toBe(true);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const all = (await call(null, 'GET', '/api/News/public/get-paging', undefined, { pageSize: '100' })).json() as {
      totalRecord: number;
    };
    expect(all.totalRecord).toBeGreaterThan(50);
    for (const item of items) {
      const link = child(item, 'link')!.text;
      expect(link).toMatch(/^https:\/\/atvsld\.lamdong\.gov\.vn\/chi-tiet-tin-tuc\/[0-9a-f-]{36}$/);
      expect(child(item, 'guid')!.text).toBe(link);
    }
    expect(items.map((i) => child(i, 'link')!.text)).not.toContain(
      `https://atvsld.lamdong.gov.vn/chi-tiet-tin-tuc/${hidden.id}`,
    );
  });
});

describe('demo news', () => {
  it('topics and articles, published but one draft, written once', async () => {
    const ctx = { db: t.app.db, config: t.config, log: { info() {}, warn() {}, error() {} }, announce() {} };
    await newsDemoStep.run(ctx);
    await newsDemoStep.run(ctx);
    const res = await call(null, 'GET', '/api/News/public/get-paging', undefined, {
      keyWord: 'thiet bi co yeu cau nghiem ngat',
    });
    expect((res.json() as { totalRecord: number }).totalRecord).toBe(1);
    const drafts = await t.app.db
      .selectFrom('news_article')
      .select('title')
      .where('title', 'like', 'Dự thảo:%')
      .execute();
    expect(drafts).toHaveLength(1);
  });
});
