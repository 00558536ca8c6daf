/**
 * Looking at pages while building them: starts a portal and saves PNGs of the given paths.
 *   node e2e/support/screenshot-cli.ts /tmp/shots /trang-chu /error-404
 * Options by environment: SKIN=dark, UI_LANG=en, WIDTH=1366, HEIGHT=768, FULL=1 (full page).
 */
import path from 'node:path';
import { launchBrowser, defaultContextOptions } from './browser.ts';
import { prepareWebSnapshot } from './build.ts';
import { startPortal } from './portal.ts';

const [outDir = '/tmp/shots', ...paths] = process.argv.slice(2);
const webDist = await prepareWebSnapshot();
const portal = await startPortal({}, { webDist });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({
    ...defaultContextOptions,
    viewport: { width: Number(process.env.WIDTH ?? 1366), height: Number(process.env.HEIGHT ?? 768) },
  });
  await context.addInitScript(
    ([skin, lang]) => {
      if (skin) localStorage.setItem('skin', skin);
      if (lang) localStorage.setItem('language', lang);
    },
    [process.env.SKIN ?? '', process.env.UI_LANG ?? ''],
  );
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  for (const p of paths.length ? paths : ['/trang-chu']) {
    await page.goto(new URL(p, portal.baseUrl).toString(), { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const file = path.join(
      outDir,
      `${p.replace(/[^\w]+/g, '_') || 'root'}${process.env.SKIN ? `-${process.env.SKIN}` : ''}.png`,
    );
    await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
    console.log(file);
  }
} finally {
  await browser.close();
  await portal.stop();
}
