import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeeds, type SeedContext } from '../src/seed/index.ts';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { demoSeedContext, createTestApp, type TestApp } from './support/app.ts';
import { signIn } from './support/accounts.ts';

/** The demo roles match their jobs: what each may do, and the menus they get. */
let t: TestApp;
let ctx: SeedContext;

beforeAll(async () => {
  t = await createTestApp();
  ctx = demoSeedContext(t);
  await runSeeds(ctx);
});
afterAll(async () => t?.close());

const as = async (userName: string) => (await signIn(t, { userName, password: DEMO_PASSWORD })).headers;

async function menuPaths(userName: string): Promise<string[]> {
  const res = await t.request({ url: '/api/UserTypev2/get-menu', headers: await as(userName) });
  expect(res.statusCode).toBe(200);
  type Node = { path?: string; children?: Node[] };
  const walk = (nodes: Node[]): string[] => nodes.flatMap((n) => (n.children ? walk(n.children) : [n.path!]));
  return walk(res.json().items);
}

async function permissionsOf(code: string): Promise<string[]> {
  const row = await t.database.db
    .selectFrom('user_type')
    .select('permissions')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.permissions as unknown as string[];
}

describe('roles that match the jobs', () => {
  it('lets the inspector record a violation', async () => {
    const headers = await as('thanhtra');
    const business = await t.database.db
      .selectFrom('business')
      .select('id')
      .where('code', '=', '5807654320')
      .executeTakeFirstOrThrow();
    const res = await t.request({
      method: 'POST',
      url: '/api/ViolatingOrganization/violatingOrganizations',
      headers,
      payload: {
        businessId: business.id,
        violationContent: 'Không trang bị phương tiện bảo vệ cá nhân cho người lao động phun thuốc',
        decisionNumber: '12/QĐ-XPHC',
        decisionDate: '2026-03-02',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('keeps global settings and menus for administrators: the department officer gets 403', async () => {
    const headers = await as('canbo.so');
    const config = await t.request({ url: '/api/Configuration', headers });
    const put = await t.request({ method: 'PUT', url: '/api/Configuration', headers, payload: config.json() });
    expect(put.statusCode).toBe(403);
    expect(put.json().error.code).toBe('FORBIDDEN');
    const menu = await t.request({ url: '/api/UserTypev2/menu-arrangement', headers });
    expect(menu.statusCode).toBe(403);
    const save = await t.request({
      method: 'PUT',
      url: '/api/UserTypev2/menu-arrangement',
      headers,
      payload: { scope: 'default', items: [] },
    });
    expect(save.statusCode).toBe(403);
    expect(await menuPaths('canbo.so')).not.toContain('/chinh-sua-menu');
    // The administrator still may.
    const admin = await as('quantri');
    const ok = await t.request({ url: '/api/UserTypev2/menu-arrangement', headers: admin });
    expect(ok.statusCode).toBe(200);
  });

  it('shows employers their own work first, without the province-wide reference lists', async () => {
    const paths = await menuPaths('dn.caudatxanh');
    expect(paths).toContain('/nguoi-lao-dong/danh-sach');
    expect(paths).toContain('/nguoi-lao-dong/giay-phep-lao-dong/danh-sach');
    for (const reference of [
      '/loai-hinh-doanh-nghiep/danh-sach',
      '/nganh-nghe-kinh-doanh/danh-sach',
      '/an-toan-ve-sinh-lao-dong/loai-chan-thuong/danh-sach',
      '/nguoi-lao-dong/danh-sach-so',
      '/nguoi-lao-dong/cap-phep-nguoi-lao-dong/danh-sach',
    ])
      expect(paths).not.toContain(reference);
    // The drop-downs of its forms still offer them.
    const combobox = await t.request({
      url: '/api/BussinessType/combobox',
      headers: await as('dn.caudatxanh'),
    });
    expect(combobox.statusCode).toBe(200);
    expect(combobox.json().length).toBeGreaterThan(0);
  });

  it('gives the department its variant of a list and its review queue, not the employer’s', async () => {
    const paths = await menuPaths('canbo.so');
    expect(paths).toContain('/nguoi-lao-dong/danh-sach-so');
    expect(paths).toContain('/nguoi-lao-dong/cap-phep-nguoi-lao-dong/danh-sach');
    expect(paths).toContain('/nguoi-dung/phong');
    expect(paths).not.toContain('/nguoi-lao-dong/danh-sach');
    expect(paths).not.toContain('/nguoi-lao-dong/giay-phep-lao-dong/danh-sach');
    expect(paths).not.toContain('/nguoi-dung/thong-tin-don-vi');
  });

  it('updates the default types of an installation seeded before the change, once', async () => {
    // As an earlier start left them: the officer could change settings and menus, the inspector not record.
    const officer = await permissionsOf('CAN_BO_SO');
    await t.database.db
      .updateTable('user_type')
      .set({ permissions: JSON.stringify([...officer, 'Configuration.update', 'Menu.update']) })
      .where('code', '=', 'CAN_BO_SO')
      .execute();
    const inspector = (await permissionsOf('THANH_TRA')).filter((p) => !p.startsWith('ViolatingOrganization.'));
    await t.database.db
      .updateTable('user_type')
      .set({ permissions: JSON.stringify(inspector) })
      .where('code', '=', 'THANH_TRA')
      .execute();
    await t.database.db.deleteFrom('app_setting').where('key', '=', 'accounts.defaultTypeRevisions').execute();

    await runSeeds(ctx);
    expect(await permissionsOf('CAN_BO_SO')).not.toContain('Configuration.update');
    expect(await permissionsOf('CAN_BO_SO')).not.toContain('Menu.update');
    expect(await permissionsOf('THANH_TRA')).toContain('ViolatingOrganization.create');

    // An administrator's later choice stands: the revision does not run again.
    await t.database.db
      .updateTable('user_type')
      .set({ permissions: JSON.stringify([...(await permissionsOf('CAN_BO_SO')), 'Menu.update']) })
      .where('code', '=', 'CAN_BO_SO')
      .execute();
    await runSeeds(ctx);
    expect(await permissionsOf('CAN_BO_SO')).toContain('Menu.update');
  });
});
