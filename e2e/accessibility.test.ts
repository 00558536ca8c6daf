import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HOME_SECTIONS, PUBLIC_ABILITY, type RouteEntry } from '../apps/web/src/app/route-types.ts';
import { useBrowser, type BrowserSession } from './support/browser.ts';
import { signIn } from './support/session.ts';

/**
 * Every page of the route table, as a role that may open it, at 1366×768: no serious or critical accessibility
 * violation (axe-core, WCAG 2.1 A and AA), and no sideways scroll on the page or in a table. Pages whose path
 * needs an id are reached through the links the other pages show (a list's names lead to its records).
 */

const ui = useBrowser();
/** The web app's route table, loaded as the test runs (its pages are not type-checked with the tests). */
const ROUTE_TABLE = new URL('../apps/web/src/app/routes.tsx', import.meta.url).pathname;
const loadRoutes = async () => ((await import(/* @vite-ignore */ ROUTE_TABLE)) as { routes: RouteEntry[] }).routes;
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const DEMO_PASSWORD = 'Demo@2026';
/** An office screen; axe-core is injected as an inline script, which the portal's content security policy refuses. */
const CONTEXT = {
  viewport: { width: 1366, height: 768 },
  locale: 'vi-VN',
  timezoneId: 'Asia/Ho_Chi_Minh',
  bypassCSP: true,
} as const;
/**
 * A browser context for the checks, with CSS transitions off: a button enabled as its data arrives (an export once
 * the figures are in) would otherwise be read half-way between its disabled and its enabled colours when axe
 * happens to run in those 200 ms. Contrast is judged on the colours a page settles on.
 */
async function openContext(options: Parameters<BrowserSession['browser']['newContext']>[0] = CONTEXT) {
  const context = await ui.browser.newContext(options);
  await context.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(style);
    });
  });
  return context;
}
/** Demo roles, the most specific first: a page is checked as the first role that may open it. */
const ROLES = ['canbo.so', 'dn.caudatxanh', 'canbo.xuanhuong', 'thanhtra', 'ttdvvl', 'huanluyen', 'quantri'];

interface Rule {
  action: string;
  subject: string;
}
const allows = (rules: Rule[], a: { action: string; subject: string }) =>
  rules.some(
    (r) => (r.subject === a.subject || r.subject === 'all') && (r.action === a.action || r.action === 'manage'),
  );

async function rulesOf(userName: string): Promise<Rule[]> {
  const res = await fetch(ui.url('/api/Account/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: DEMO_PASSWORD }),
  });
  expect(res.status, userName).toBe(200);
  return ((await res.json()) as { userData: { ability: Rule[] } }).userData.ability;
}

const ability = (r: RouteEntry) => r.ability ?? PUBLIC_ABILITY;
const isPublic = (r: RouteEntry) => ability(r).subject === 'Auth' && ability(r).action === 'read';
const pattern = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`);

interface Finding {
  path: string;
  role: string;
  problems: string[];
}

/** Opens a page, lets it settle, and says what is wrong with it. */
async function check(page: Page, path: string, isList: boolean, rules?: string[]): Promise<string[]> {
  // Within the running app, the page is opened as a link would open it (the router reads the address on
  // popstate): a full load per page would start the whole app again, which is most of the walk's time.
  const running = await page
    .evaluate(() => document.documentElement.hasAttribute('data-started') && !!document.getElementById('root'))
    .catch(() => false);
  if (running) {
    // The pointer rests where the last click left it; out of the way, so nothing new under it shows hovered.
    await page.mouse.move(0, 0);
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else {
    await page.goto(ui.url(path), { waitUntil: 'load' }).catch(() => {});
  }
  // Settled: the app has started, fetches nothing (#root's aria-busy), shows no spinner or skeleton and runs no
  // transition, twice in a row (a page's answer may start another fetch). Quicker than waiting for a quiet
  // network, which takes 500 ms of silence on every page.
  const settled = () =>
    page
      .waitForFunction(
        () =>
          document.documentElement.hasAttribute('data-started') &&
          document.getElementById('root')?.getAttribute('aria-busy') !== 'true' &&
          !document.querySelector(
            '.boot-spinner, .ant-skeleton, .ant-spin-spinning, .ant-table-placeholder .ant-spin',
          ) &&
          // No colour half-way through a transition (a button enabled as its data arrives) when contrast is read.
          !document
            .getAnimations()
            .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity),
        null,
        { timeout: 5000, polling: 50 },
      )
      .catch(() => {});
  await settled();
  await page.waitForTimeout(100);
  await settled();
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResult> } }).axe;
    interface AxeResult {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    }
    const r = await axe.run(document, {
      runOnly: only
        ? { type: 'rule', values: only }
        : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    const scroller = document.scrollingElement!;
    const tables = [...document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')];
    return {
      violations: r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id} (${v.impact}): ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        ),
      pageScroll: scroller.scrollWidth > scroller.clientWidth + 1,
      tableScroll: tables.some((t) => t.scrollWidth > t.clientWidth + 1),
      url: location.pathname,
    };
  }, rules ?? null);
  const problems = [...result.violations];
  if (isList && result.pageScroll) problems.push('the page scrolls sideways');
  if (isList && result.tableScroll) problems.push('a table scrolls sideways');
  return problems;
}

/**
 * Pages whose path has an id that this page leads to: its links, and — for a list — its pages of the same area
 * (`/x/danh-sach` → `/x/chinh-sua/:id`) with the id of its first row, which a row button opens.
 */
async function recordLinks(page: Page, path: string, withParams: RouteEntry[]): Promise<string[]> {
  const { links, rowId } = await page.evaluate(() => ({
    links: [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')].map((a) => new URL(a.href).pathname),
    rowId: document.querySelector('tr[data-row-key]')?.getAttribute('data-row-key') ?? null,
  }));
  const area = path.replace(/\/[^/]+$/, '/');
  const rows =
    rowId && /^[0-9a-f-]{36}$/.test(rowId)
      ? withParams
          .filter((r) => r.path.startsWith(area) && /^[^:]*:id$/.test(r.path))
          .map((r) => r.path.replace(':id', rowId))
      : [];
  return [...links, ...rows];
}

describe('accessibility of every page', () => {
  it('has no serious or critical violation and no sideways scroll, at 1366×768, as a role that may open it', async () => {
    const entries = (await loadRoutes()).filter((r) => !r.path.includes('*'));
    const withParams = entries.filter((r) => r.path.includes(':'));
    const done = new Set<RouteEntry>();
    const findings: Finding[] = [];
    const visit = async (page: Page, role: string, rules: Rule[] | null, path: string, entry: RouteEntry) => {
      done.add(entry);
      const isList = !entry.path.includes(':') && entry.layout === 'app';
      const problems = await check(page, path, isList);
      if (problems.length) {
        findings.push({ path, role, problems });
        console.info(`${role} ${path}: ${problems.join(' | ')}`);
      }
      // Records this role may open, through the links the page shows.
      for (const href of await recordLinks(page, path, withParams)) {
        const target = withParams.find((r) => !done.has(r) && pattern(r.path).test(href));
        if (target && (rules ? allows(rules, ability(target)) : isPublic(target))) {
          await visit(page, role, rules, href, target);
        }
      }
    };

    // The public pages, before signing in (home sections by their slugs).
    const anonymous = await openContext();
    const publicPage = await anonymous.newPage();
    for (const entry of entries.filter((r) => isPublic(r) && !r.path.includes(':'))) {
      await visit(publicPage, 'public', null, entry.path, entry);
    }
    for (const type of HOME_SECTIONS) {
      const entry = entries.find((r) => r.path === '/trang-chu/:type')!;
      const problems = await check(publicPage, `/trang-chu/${type}`, false);
      if (problems.length) findings.push({ path: `/trang-chu/${type}`, role: 'public', problems });
      done.add(entry);
    }
    await anonymous.close();

    for (const role of ROLES) {
      const rules = await rulesOf(role);
      const mine = entries.filter(
        (r) => !done.has(r) && !isPublic(r) && !r.path.includes(':') && allows(rules, ability(r)),
      );
      if (!mine.length) continue;
      const context: BrowserContext = await openContext();
      const page = await context.newPage();
      await signIn(page, ui.baseUrl, role, DEMO_PASSWORD);
      for (const entry of mine) if (!done.has(entry)) await visit(page, role, rules, entry.path, entry);
      await context.close();
    }

    const unreached = entries.filter((r) => !done.has(r) && !r.redirectIfLoggedIn).map((r) => r.path);
    console.info(
      `accessibility: ${done.size} of ${entries.length} routes checked; not reached: ${unreached.join(', ')}`,
    );
    expect(findings).toEqual([]);
  }, 1_500_000);
});

describe('the dark skin', () => {
  it('keeps text at WCAG AA contrast on the department officer’s first pages', async () => {
    const entries = (await loadRoutes()).filter((r) => r.layout === 'app' && !r.path.includes(':'));
    const rules = await rulesOf('canbo.so');
    const context = await openContext({ ...CONTEXT, colorScheme: 'dark' });
    await context.addInitScript(() => window.localStorage.setItem('skin', 'dark'));
    const page = await context.newPage();
    await signIn(page, ui.baseUrl, 'canbo.so', DEMO_PASSWORD);
    const findings: Finding[] = [];
    for (const entry of entries.filter((r) => allows(rules, ability(r))).slice(0, 12)) {
      const problems = await check(page, entry.path, false, ['color-contrast']);
      if (problems.length) findings.push({ path: entry.path, role: 'canbo.so (dark)', problems });
    }
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await context.close();
    expect(findings).toEqual([]);
  }, 300_000);
});

describe('forms', () => {
  it('a failed save brings the first error into view, with its input focused', async () => {
    const { page } = ui;
    await signIn(page, ui.baseUrl, 'canbo.so', DEMO_PASSWORD);
    await page.goto(ui.url('/nguoi-lao-dong/them-moi'));
    const save = page.getByRole('button', { name: 'Lưu' });
    await save.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    await save.click();
    const error = page.locator('.ant-form-item-explain-error').first();
    await error.waitFor();
    await expect
      .poll(() =>
        error.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    const focused = await page.evaluate(() => document.activeElement?.closest('.ant-form-item-has-error') !== null);
    expect(focused).toBe(true);
    // Required fields are marked.
    expect(await page.locator('.ant-form-item-required').count()).toBeGreaterThan(0);
  });
});
