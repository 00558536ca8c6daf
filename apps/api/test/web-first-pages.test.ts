import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPortalConfig, savePortalConfig } from '../src/modules/configuration/store.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * The first pages of a visit (public home, sign-in, news) are rendered by the server from the web build's
 * server-rendering bundle and page templates (`prerendered/`, listed in `pages.json`), with the province's
 * configuration and the page's data, which the renderer asks of the server's own routes. Here a stand-in build:
 * its bundle counts its renderings and answers what it was given; the real renderer's markup and data are
 * checked in the browser tests (e2e/news-public.test.ts).
 */
let webDist: string;
let t: TestApp;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'portal-web-first-'));
  mkdirSync(path.join(webDist, 'prerendered/server'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div><!--index-->');
  writeFileSync(
    path.join(webDist, 'prerendered/dang-nhap.html'),
    '<!doctype html><!--head--><div id="root"><!--page:vi--></div><template><!--page:en--></template>' +
      '<script type="application/json" id="portal-configuration"><!--configuration--></script>',
  );
  writeFileSync(
    path.join(webDist, 'prerendered/tin.html'),
    '<!doctype html><div id="root" data-path="<!--path-->"><!--page:vi--></div>' +
      '<script type="application/json" id="portal-data"><!--data--></script>',
  );
  writeFileSync(
    path.join(webDist, 'prerendered/pages.json'),
    JSON.stringify([
      { pattern: '/dang-nhap', template: 'dang-nhap.html' },
      { pattern: '/tin/:id', template: 'tin.html' },
    ]),
  );
  writeFileSync(
    path.join(webDist, 'prerendered/server/prerender.js'),
    `let renderings = 0;
export async function prerender(pattern, url, config, serverFetch) {
  renderings += 1;
  if (pattern === '/tin/:id') {
    // Its data from the server's own routes, as a visitor who is not signed in.
    const answer = await serverFetch('/api/Home/configuration', { headers: { accept: 'application/json' } });
    if (url.endsWith('/hong')) throw new Error('the page cannot be rendered');
    const data = await answer.json();
    return { path: url, 'page:vi': '<p>' + pattern + ' ' + answer.status + ' ' + data.portalName + '</p>', data: '{}' };
  }
  return {
    'page:vi': '<h1>' + config.portalName + ' ' + url + ' #' + renderings + '</h1>',
    'page:en': '<h1>en #' + renderings + '</h1>',
    head: '<link rel="icon" href="' + config.favicon + '">',
  };
}
`,
  );
  t = await createTestApp({ webDist });
});

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('server-rendered first pages', () => {
  it('answers the page rendered with the configuration, which the page carries for hydration', async () => {
    const config = await getPortalConfig(t.app.db);
    await savePortalConfig(t.app.db, { ...config, portalName: 'Cổng <thử> & "nghiệm"' });
    const res = await t.request('/dang-nhap?redirect=%2Fdoi-mat-khau');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(
      '<div id="root"><h1>Cổng <thử> & "nghiệm" /dang-nhap?redirect=%2Fdoi-mat-khau #1</h1></div>',
    );
    expect(res.body).toContain('<template><h1>en #1</h1></template>');
    expect(res.body).toContain(`<!doctype html><link rel="icon" href="${config.favicon}"><div id="root">`);
    const json = /<script type="application\/json" id="portal-configuration">(.*?)<\/script>/.exec(res.body)?.[1];
    // No "<" inside the script element, and it reads back as the configuration the API serves.
    expect(json).not.toContain('<');
    const served = (await t.request('/api/Home/configuration')).json() as { bannerImages: string[] };
    const carried = JSON.parse(json!) as { bannerImages: string[] };
    expect({ ...carried, bannerImages: served.bannerImages }).toEqual(served);
    // The banner (a small image) comes inside the page, the same image the API serves at its address.
    expect(served.bannerImages[0]).toMatch(/^\/api\/Home\/images\//);
    const inline = /^data:image\/svg\+xml;base64,(.+)$/.exec(carried.bannerImages[0]!)?.[1];
    expect(Buffer.from(inline!, 'base64')).toEqual((await t.request(served.bannerImages[0]!)).rawPayload);
    expect(carried.bannerImages.slice(1)).toEqual(served.bannerImages.slice(1));
  });

  it('renders a page with parameters with the data it asks of the server; a failed rendering sends index.html', async () => {
    const config = await getPortalConfig(t.app.db);
    const res = await t.request('/tin/42?trang=2');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<div id="root" data-path="/tin/42?trang=2"><p>/tin/:id 200 ${config.portalName}</p></div>`,
    );
    expect(res.body).toContain('<script type="application/json" id="portal-data">{}</script>');
    const failed = await t.request('/tin/hong');
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<!--index-->');
    // A path with more segments is not the page.
    expect((await t.request('/tin/42/x')).body).toContain('<!--index-->');
  });

  it('every other address answers index.html; the templates and the bundle are not served', async () => {
    for (const url of [
      '/trang-chu',
      '/nguoi-dung/danh-sach',
      '/prerendered/dang-nhap.html',
      '/prerendered/server/prerender.js',
    ]) {
      const res = await t.request(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<!--index-->');
    }
  });
});
