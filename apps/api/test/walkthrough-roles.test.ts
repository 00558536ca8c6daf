import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@portal/domain/i18n';
import { isMenuGroup, type MenuNode } from '@portal/domain/menu';
import { DEFAULT_USER_TYPE_CODES, DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { signIn, type Session } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * What the role-by-role walkthrough of the demo province found: menus that open what they offer, an access
 * history in words, notifications waiting at the first sign-in, and demo records dated as they happened.
 */
let t: TestApp;
const sessions = new Map<string, Session>();

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
});
afterAll(async () => t?.close());

async function sessionOf(userName: string): Promise<Session> {
  let s = sessions.get(userName);
  if (!s) {
    s = await signIn(t, { userName, password: DEMO_PASSWORD });
    sessions.set(userName, s);
  }
  return s;
}

const get = async (url: string, userName: string) => t.request({ url, headers: (await sessionOf(userName)).headers });

const leavesOf = (nodes: readonly MenuNode[]): { path: string; permission: string }[] =>
  nodes.flatMap((n) => (isMenuGroup(n) ? leavesOf(n.children) : [n]));

// One demo account per seeded default user type.
const ONE_PER_TYPE = [...new Map(DEMO_ACCOUNTS.map((a) => [a.type, a.userName])).values()];

describe('menus of the seeded default user types', () => {
  it.each(ONE_PER_TYPE)('%s: every menu entry’s page may load what its permission guards', async (userName) => {
    const menu = await get('/api/UserTypev2/get-menu', userName);
    expect(menu.statusCode).toBe(200);
    const refused: string[] = [];
    for (const leaf of leavesOf(menu.json().items as MenuNode[])) {
      if (leaf.permission === 'authenticated') continue;
      // The lists and summaries a page opens with: the route's own permission, no record id in the address.
      const loads = t.app.routePermissions.filter(
        (r) => r.method === 'GET' && r.permission === leaf.permission && !r.url.includes(':'),
      );
      for (const route of loads) {
        const res = await get(route.url, userName);
        if (res.statusCode === 403) refused.push(`${leaf.path} → ${route.url}`);
      }
    }
    expect(refused).toEqual([]);
  });
});

describe('the commune officer’s menu fits its job', () => {
  it('no news portal, no province-wide reference lists, no training courses to open', async () => {
    const menu = await get('/api/UserTypev2/get-menu', 'canbo.xuanhuong');
    const paths = leavesOf(menu.json().items as MenuNode[]).map((l) => l.path);
    expect(paths).not.toContain('/tin-tuc/quan-li-tin-tuc/danh-sach');
    expect(paths).not.toContain('/loai-hinh-doanh-nghiep/danh-sach');
    // Its working menu stays short; the statistics are a group of their own (one page each, folded by default).
    expect(paths.filter((p) => !p.startsWith('/thong-ke/')).length).toBeLessThan(60);
    const type = await t.database.db
      .selectFrom('user_type')
      .select('permissions')
      .where('code', '=', DEFAULT_USER_TYPE_CODES.districtOfficer)
      .executeTakeFirstOrThrow();
    // The workspace's "new training course" shortcut needs it.
    expect(type.permissions as unknown as string[]).not.toContain('Training.create');
  });
});

describe('access history in words', () => {
  it('names every action and subject of the demo in both languages', async () => {
    const actions = await sql<{ action: string }>`select distinct action from audit_log`.execute(t.database.db);
    const unnamed = actions.rows.flatMap(({ action }) =>
      (['vi', 'en'] as const)
        .filter((lang) => translate(lang, `accounts:history.actions.${action}`).includes('history.'))
        .map((lang) => `${lang}:${action}`),
    );
    expect(unnamed).toEqual([]);
    const subjects = await sql<{ subject: string }>`select distinct subject from audit_log
      where subject is not null`.execute(t.database.db);
    const unlabelled: string[] = [];
    for (const { subject } of subjects.rows) {
      const res = await get(`/api/AccessHistory/get-paging?pageSize=1&subject=${subject}`, 'quantri');
      expect(res.statusCode).toBe(200);
      const key = (res.json().pageLists as { subjectLabelKey: string | null }[])[0]?.subjectLabelKey;
      if (!key || translate('vi', key) === key || translate('en', key) === key) unlabelled.push(subject);
    }
    expect(unlabelled).toEqual([]);
  });
});

describe('the demo province as found at the first sign-in', () => {
  it('tells every demo account of the tasks waiting on its workspace, in words', async () => {
    const silent: string[] = [];
    for (const userName of ONE_PER_TYPE) {
      const workspace = await get('/api/Workspace/tasks', userName);
      const waiting = (workspace.json().tasks as { count: number }[]).filter((task) => task.count > 0);
      if (!waiting.length) continue;
      const list = await get('/api/Notification/notifications?pageSize=100', userName);
      expect(list.statusCode).toBe(200);
      const contents = (list.json().pageLists as { content: string }[]).map((n) => n.content);
      const told = contents.filter((c) => c.startsWith('Đang chờ bạn xử lý: '));
      if (told.length !== waiting.length) silent.push(`${userName}: ${told.length}/${waiting.length}`);
      for (const c of told) expect(c).not.toMatch(/[a-z]+:[a-z]+\.[a-zA-Z.]+/);
    }
    expect(silent).toEqual([]);
  });

  it('dates the demo inspection’s history on the inspection’s own days', async () => {
    const rows = await sql<{ id: string; decision_date: string; conclusion_date: string }>`
      select id, decision_date::text, conclusion_date::text from labour_inspection
      where decision_number like '21/QĐ-TTr-%'`.execute(t.database.db);
    const inspection = rows.rows[0]!;
    const detail = await get(`/api/Inspection/inspections/${inspection.id}`, 'thanhtra');
    expect(detail.statusCode).toBe(200);
    const history = detail.json().history as { at: string; action: string }[];
    const day = (at: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date(at));
    expect(day(history.find((h) => h.action === 'create')!.at)).toBe(inspection.decision_date);
    expect(day(history.find((h) => h.action === 'conclude')!.at)).toBe(inspection.conclusion_date);
  });

  it('names communes and wards with their prefix', async () => {
    const res = await get('/api/ObservationMonitor/get-paging-missing?pageSize=100', 'canbo.so');
    expect(res.statusCode).toBe(200);
    const names = (res.json().pageLists as { wardName: string | null }[]).flatMap((r) => r.wardName ?? []);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^(Phường|Xã|Thị trấn|Đặc khu) /);
  });
});
