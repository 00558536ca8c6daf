import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../apps/web/src/app/route-types.ts';
import shell from '../packages/domain/src/locales/vi/shell.json' with { type: 'json' };
import { defaultContextOptions, useBrowser } from './support/browser.ts';
import { settled } from './support/forms.ts';
import { signIn } from './support/session.ts';

/**
 * Every demo role's side menu, entry by entry, as its user opens them at 1366×768: no entry leads to the
 * "page not found" or "no access" page, and no call a page makes at load is refused (403). The menu is the one
 * the portal answers for that user (the seeded default user types, as the README's table lists them).
 */
const ui = useBrowser();
const ACCOUNTS = ['quantri', 'canbo.so', 'thanhtra', 'canbo.xuanhuong', 'dn.caudatxanh', 'ttdvvl', 'huanluyen'];

interface MenuNode {
  path?: string;
  children?: MenuNode[];
}
const leaves = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.children ? leaves(n.children) : n.path ? [n.path] : []));

/** The web app's route table, loaded as the test runs (as the accessibility walk loads it). */
const ROUTE_TABLE = new URL('../apps/web/src/app/routes.tsx', import.meta.url).pathname;
const routePatterns = async () =>
  ((await import(/* @vite-ignore */ ROUTE_TABLE)) as { routes: RouteEntry[] }).routes.map(
    (r) => new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}$`),
  );

/**
 * The entries the side menu shows: the portal's menu for this user, minus what the web hides for want of a page
 * (domains still to come, such as the periodic reports).
 */
async function shownEntries(page: Page): Promise<string[]> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken') ?? '');
  const res = await fetch(ui.url('/api/UserTypev2/get-menu'), { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const patterns = await routePatterns();
  return leaves(((await res.json()) as { items: MenuNode[] }).items).filter((path) =>
    patterns.some((p) => p.test(path)),
  );
}

/** What is wrong on the page now: the not-found or no-access page. */
async function resultPage(page: Page): Promise<string | null> {
  const heading = (await page.locator('h1.portal-result-title').allTextContents()).join(' ');
  if (heading.includes(shell.notFound.title)) return 'page not found';
  if (heading.includes(shell.notAuthorized.title)) return 'no access';
  return null;
}

describe('every role’s menu opens', () => {
  for (const account of ACCOUNTS)
    it(`${account}: no entry leads to a missing page, a refused page or a refused call`, async () => {
      const problems: string[] = [];
      // A context of its own: the accounts must not share a signed-in session.
      const context = await ui.browser.newContext({ ...defaultContextOptions, viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      await signIn(page, ui.baseUrl, account, 'Demo@2026');
      // Each refused call with the page that made it (the address when the call was sent).
      const sentFrom = new WeakMap<object, string>();
      page.on('request', (req) => sentFrom.set(req, new URL(page.url()).pathname));
      const refused: Array<{ call: string; from: string }> = [];
      page.on('response', (r) => {
        const url = new URL(r.url());
        if (r.status() === 403 && url.pathname.startsWith('/api/'))
          refused.push({ call: url.pathname, from: sentFrom.get(r.request()) ?? '' });
      });
      // The workspace first: every sign-in lands there.
      const walked = ['/trang-lam-viec', ...(await shownEntries(page))];
      for (const path of walked) {
        await page.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, path);
        await settled(page);
        let wrong = await resultPage(page);
        if (wrong) {
          // Confirmed by opening the page afresh (nothing left over from the page before).
          await page.goto(ui.url(path));
          await settled(page);
          wrong = await resultPage(page);
        }
        if (wrong) problems.push(`${path}: ${wrong}`);
      }
      // Late answers included: every refused call is laid at the door of the page that made it.
      await settled(page);
      for (const path of new Set(refused.map((r) => r.from))) {
        const calls = refused.filter((r) => r.from === path).map((r) => r.call);
        problems.push(`${path}: 403 on ${[...new Set(calls)].join(', ')}`);
      }
      await context.close();
      expect(problems).toEqual([]);
    }, 300_000);
});
