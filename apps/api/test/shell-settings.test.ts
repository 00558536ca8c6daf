import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMongoAbility } from '@casl/ability';
import { abilityRules } from '@portal/domain/permissions';
import { isMenuGroup, menuKey, type MenuNode } from '@portal/domain/menu';
import type { Principal, PrincipalResolver } from '../src/platform/access/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';

const USER_TYPE = '6f1d2a4e-8c3b-4d7a-9e21-3b5c7d9f1a20';

function principal(role: 'admin' | 'client', permissions: string[], userTypeId: string | null = null): Principal {
  return {
    userId: '11111111-2222-4333-8444-555555555555',
    userName: role === 'admin' ? 'admin' : 'canbo',
    role,
    userTypeId,
    unit: { id: '11111111-2222-4333-8444-666666666666', kind: 'department' },
    ability: createMongoAbility(abilityRules(role, permissions)),
  };
}

/** Test callers by header: x-test-user = admin | editor | viewer | plain. */
const callers: Record<string, Principal> = {
  admin: principal('admin', []),
  editor: principal('client', ['Configuration.update', 'Menu.update'], USER_TYPE),
  viewer: principal('client', ['Configuration.read'], USER_TYPE),
  plain: principal('client', [], USER_TYPE),
};
const resolvePrincipal: PrincipalResolver = async (request) => callers[String(request.headers['x-test-user'])] ?? null;
const as = (who: string) => ({ 'x-test-user': who });

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
function imageForm(data: Buffer, name = 'Biểu trưng.png'): FormData {
  const f = new FormData();
  f.append('FileType', 'logo');
  f.append('formFile', new Blob([data]), name);
  return f;
}

const keysOf = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => [menuKey(n), ...(isMenuGroup(n) ? keysOf(n.children) : [])]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { resolvePrincipal });
});
afterAll(async () => t.close());

describe('configuration (settings page)', () => {
  it('needs Configuration.read to read and Configuration.update to change', async () => {
    expect((await t.request('/api/Configuration')).statusCode).toBe(401);
    expect((await t.request({ url: '/api/Configuration', headers: as('plain') })).statusCode).toBe(403);
    const read = await t.request({ url: '/api/Configuration', headers: as('viewer') });
    expect(read.statusCode).toBe(200);
    const config = read.json();
    expect(config).toHaveProperty('portalName');
    const denied = await t.request({
      method: 'PUT',
      url: '/api/Configuration',
      headers: as('viewer'),
      payload: config,
    });
    expect(denied.statusCode).toBe(403);
  });

  it('an update shows in the public configuration and is recorded in the access history', async () => {
    const config = (await t.request({ url: '/api/Configuration', headers: as('editor') })).json();
    const changed = {
      ...config,
      provinceName: 'Tỉnh Thử Nghiệm',
      isTestPortal: true,
      systemInfo: { ...config.systemInfo, hotline: '1900 1234' },
    };
    const res = await t.request({ method: 'PUT', url: '/api/Configuration', headers: as('editor'), payload: changed });
    expect(res.statusCode).toBe(200);
    const pub = (await t.request('/api/Home/configuration')).json();
    expect(pub.provinceName).toBe('Tỉnh Thử Nghiệm');
    expect(pub.systemInfo.hotline).toBe('1900 1234');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', 'Configuration')
      .execute();
    expect(audit.some((a) => a.action === 'update')).toBe(true);
  });

  it('refuses an invalid configuration with field details', async () => {
    const config = (await t.request({ url: '/api/Configuration', headers: as('editor') })).json();
    const res = await t.request({
      method: 'PUT',
      url: '/api/Configuration',
      headers: as('editor'),
      payload: { ...config, portalName: '', logo: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['body.portalName', 'body.logo']));
  });

  it('uploads an image (checked by content and size) and answers a public URL', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/Configuration/uploadImage',
      headers: as('editor'),
      payload: imageForm(png),
    });
    expect(res.statusCode).toBe(200);
    const { url, mime } = res.json();
    expect(mime).toBe('image/png');
    expect(url).toMatch(/^\/api\/Files\/[0-9a-f-]{36}$/);
    const image = await t.request(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const notImage = await t.request({
      method: 'POST',
      url: '/api/Configuration/uploadImage',
      headers: as('editor'),
      payload: imageForm(Buffer.from('%PDF-1.4\n%%EOF\n'), 'logo.png'),
    });
    expect(notImage.statusCode).toBe(415);
    const tooBig = await t.request({
      method: 'POST',
      url: '/api/Configuration/uploadImage',
      headers: as('editor'),
      payload: imageForm(Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)])),
    });
    expect(tooBig.statusCode).toBe(413);
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/Configuration/uploadImage',
      payload: imageForm(png),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves and updates the system information', async () => {
    const info = await t.request('/api/Configuration/system-info');
    expect(info.statusCode).toBe(200);
    const next = { ...info.json(), owner: 'Sở Nội vụ tỉnh Thử Nghiệm', email: 'sonv@example.gov.vn' };
    const res = await t.request({
      method: 'PUT',
      url: '/api/Configuration/system-info',
      headers: as('editor'),
      payload: next,
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request('/api/Home/configuration')).json().systemInfo.owner).toBe('Sở Nội vụ tỉnh Thử Nghiệm');
    const bad = await t.request({
      method: 'PUT',
      url: '/api/Configuration/system-info',
      headers: as('editor'),
      payload: { ...next, email: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('menu per role', () => {
  it('needs a signed-in user', async () => {
    expect((await t.request('/api/UserTypev2/get-menu')).statusCode).toBe(401);
  });

  it('filters by abilities: administrators see settings, others only what they are granted', async () => {
    const admin = keysOf((await t.request({ url: '/api/UserTypev2/get-menu', headers: as('admin') })).json().items);
    expect(admin).toEqual(expect.arrayContaining(['system', '/cai-dat', '/chinh-sua-menu']));
    const viewer = keysOf((await t.request({ url: '/api/UserTypev2/get-menu', headers: as('viewer') })).json().items);
    expect(viewer).toContain('/cai-dat');
    expect(viewer).not.toContain('/chinh-sua-menu');
    const plain = keysOf((await t.request({ url: '/api/UserTypev2/get-menu', headers: as('plain') })).json().items);
    expect(plain).not.toContain('/cai-dat');
    // The report filing list follows its permission (ReportSubmission.read), which this type was not given.
    expect(plain).not.toContain('/nop-bao-cao/danh-sach');
    // The mailbox follows its own permission, which this type was not given.
    expect(plain).not.toContain('/tin-nhan');
  });

  it('saves an arrangement per scope; the menu of that role follows it, others keep theirs', async () => {
    const editor = as('editor');
    const before = (await t.request({ url: '/api/UserTypev2/menu-arrangement?scope=admin', headers: editor })).json();
    expect(before.saved).toBe(false);
    const topKeys = before.items.map(menuKey);
    expect(topKeys[0]).toBe('dashboard');

    // Settings group first, and the messages group nested inside it.
    const res = await t.request({
      method: 'PUT',
      url: '/api/UserTypev2/menu-arrangement',
      headers: editor,
      payload: {
        scope: 'admin',
        items: [
          { key: 'system', children: [{ key: '/chinh-sua-menu' }, { key: '/cai-dat' }, { key: 'messages' }] },
          { key: '/unknown' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().items as MenuNode[];
    expect(menuKey(saved[0]!)).toBe('system');
    expect(keysOf(saved)).not.toContain('/unknown');
    expect(keysOf(saved).length).toBe(keysOf(before.items).length); // nothing lost

    const adminMenu = (await t.request({ url: '/api/UserTypev2/get-menu', headers: as('admin') })).json()
      .items as MenuNode[];
    expect(menuKey(adminMenu[0]!)).toBe('system');
    const system = adminMenu[0]!;
    expect(isMenuGroup(system) && system.children.map(menuKey)).toEqual(['/chinh-sua-menu', '/cai-dat', 'messages']);

    const viewerMenu = (await t.request({ url: '/api/UserTypev2/get-menu', headers: as('viewer') })).json()
      .items as MenuNode[];
    expect(menuKey(viewerMenu[0]!)).not.toBe('system');

    const reread = (await t.request({ url: '/api/UserTypev2/menu-arrangement?scope=admin', headers: editor })).json();
    expect(reread.saved).toBe(true);

    const reset = await t.request({
      method: 'DELETE',
      url: '/api/UserTypev2/menu-arrangement?scope=admin',
      headers: editor,
    });
    expect(reset.statusCode).toBe(200);
    const after = (await t.request({ url: '/api/UserTypev2/get-menu', headers: as('admin') })).json()
      .items as MenuNode[];
    expect(menuKey(after[0]!)).toBe('dashboard');
  });

  it('a user type arrangement applies to that user type, the default to everyone else', async () => {
    const editor = as('editor');
    await t.request({
      method: 'PUT',
      url: '/api/UserTypev2/menu-arrangement',
      headers: editor,
      payload: { scope: `userType:${USER_TYPE}`, items: [{ key: 'messages' }] },
    });
    await t.request({
      method: 'PUT',
      url: '/api/UserTypev2/menu-arrangement',
      headers: editor,
      payload: { scope: 'default', items: [{ key: 'system' }] },
    });
    const viewer = (await t.request({ url: '/api/UserTypev2/get-menu', headers: as('viewer') })).json()
      .items as MenuNode[];
    expect(menuKey(viewer[0]!)).toBe('messages');
    const admin = (await t.request({ url: '/api/UserTypev2/get-menu', headers: as('admin') })).json()
      .items as MenuNode[];
    expect(menuKey(admin[0]!)).toBe('system');
  });

  it('guards the editor and validates the scope', async () => {
    expect((await t.request({ url: '/api/UserTypev2/menu-arrangement', headers: as('viewer') })).statusCode).toBe(403);
    const bad = await t.request({
      method: 'PUT',
      url: '/api/UserTypev2/menu-arrangement',
      headers: as('editor'),
      payload: { scope: 'userType:x', items: [] },
    });
    expect(bad.statusCode).toBe(400);
  });
});
