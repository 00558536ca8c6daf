import { afterAll, beforeAll, expect, it } from 'vitest';
import { WORKSPACE_API, type WorkspaceTask } from '@portal/domain/workspace';
import { createTestApp, seedDemo, type TestApp } from './support/app.ts';
import { login } from './support/accounts.ts';

/**
 * Each workspace card counts what its list shows: for every task of every demo role, the count equals the total
 * of the API list behind the card's link (one filter for both, the task's `listApi`).
 */
let t: TestApp;

const DEMO_USERS = [
  'quantri',
  'canbo.so',
  'thanhtra',
  'canbo.xuanhuong',
  'dn.caudatxanh',
  'dn.rauhoa',
  'ttdvvl',
  'huanluyen',
];

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
  await seedDemo(t);
});

afterAll(async () => {
  await t?.close();
});

it("every demo role's workspace task counts exactly the rows its linked list answers", async () => {
  const mismatches: string[] = [];
  let compared = 0;
  for (const userName of DEMO_USERS) {
    const session = await login(t, userName, 'Demo@2026');
    expect(session.statusCode, userName).toBe(200);
    const headers = { authorization: `Bearer ${session.json<{ accessToken: string }>().accessToken}` };
    const workspace = await t.request({ url: WORKSPACE_API, headers });
    expect(workspace.statusCode, userName).toBe(200);
    for (const task of workspace.json<{ tasks: WorkspaceTask[] }>().tasks) {
      if (task.listApi === null) continue;
      const list = await t.request({ url: task.listApi, headers });
      const total =
        list.statusCode === 200 ? list.json<{ totalRecord: number }>().totalRecord : `HTTP ${list.statusCode}`;
      compared += 1;
      if (total !== task.count) mismatches.push(`${userName} ${task.key}: count ${task.count}, list ${total}`);
    }
  }
  expect(mismatches).toEqual([]);
  expect(compared).toBeGreaterThan(20);
});

it('the department officer\'s "serious accidents not investigated" card lists no light injuries', async () => {
  const session = await login(t, 'canbo.so', 'Demo@2026');
  const headers = { authorization: `Bearer ${session.json<{ accessToken: string }>().accessToken}` };
  const { tasks } = (await t.request({ url: WORKSPACE_API, headers })).json<{ tasks: WorkspaceTask[] }>();
  const task = tasks.find((x) => x.key === 'accidents.toInvestigate');
  expect(task?.link).toContain('toInvestigate=true');
  const list = (await t.request({ url: task?.listApi ?? '', headers })).json<{
    pageLists: { severity: string; investigationId: string | null }[];
  }>();
  expect(list.pageLists.every((r) => r.severity !== 'light' && r.investigationId === null)).toBe(true);
});
