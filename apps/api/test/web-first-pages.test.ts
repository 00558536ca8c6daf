import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPortalConfig, savePortalConfig } from '../src/modules/configuration/store.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * The first pages of a visit (public home, sign-in) are rendered by the server from the web build's
 * server-rendering bundle and page templates (`prerendered/`), with the province's configuration. Here a
 * stand-in build: its bundle counts its renderings, so the cache shows.
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
    path.join(webDist, 'prerendered/server/prerender.js'),
    `let renderings = 0;
export async function prerender(path, config) {
  renderings += 1;
  return {
    'page:vi': '<h1>' + config.portalName + ' ' + path + ' #' + renderings + '</h1>',
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
    expect(res.body).toContain('<div id="root"><h1>Cổng <thử> & "nghiệm" /dang-nhap #1</h1></div>');
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

  it('renders again only when the configuration changes', async () => {
    expect((await t.request('/dang-nhap')).body).toContain('#1</h1></div>');
    const config = await getPortalConfig(t.app.db);
    await savePortalConfig(t.app.db, { ...config, portalName: 'Cổng mới' });
    expect((await t.request('/dang-nhap/')).body).toContain('<h1>Cổng mới /dang-nhap #2</h1>');
    expect((await t.request('/dang-nhap')).body).toContain('#2</h1></div>');
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
