import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureLeaves } from '@portal/domain/permissions';
import { createTestApp, type TestApp } from './support/app.ts';
import { adminUser, createUser, login, sessionWith, signIn, type Session } from './support/accounts.ts';

/** User types with their feature tree, the default types, and abilities derived from them. */

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, await adminUser(t));
});
afterAll(async () => t.close());

const get = (url: string, s: Session = admin) => t.request({ url, headers: s.headers });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, s: Session = admin) =>
  t.request({ method, url, payload: payload as object, headers: s.headers });

interface Feature {
  value: string;
  title: string;
  isSelect: boolean;
  children?: Feature[];
}
const flatten = (nodes: Feature[]): Feature[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('default user types', () => {
  it('are seeded for every kind of user, with the administrator holding everything', async () => {
    const list = (await get('/api/UserTypev2/get-paging?pageSize=50')).json();
    const codes = list.pageLists.map((x: { code: string }) => x.code);
    for (const code of [
      'QUAN_TRI',
      'CAN_BO_SO',
      'CAN_BO_CAP_XA',
      'DOANH_NGHIEP',
      'TRUNG_TAM_DVVL',
      'THANH_TRA',
      'TO_CHUC_HUAN_LUYEN',
    ])
      expect(codes).toContain(code);
    const adminType = list.pageLists.find((x: { code: string }) => x.code === 'QUAN_TRI');
    expect(adminType).toMatchObject({ role: 'admin', isSystem: true, permissionCount: featureLeaves().size });
    expect(adminType.userCount).toBeGreaterThanOrEqual(1);
    const employer = (
      await get(
        `/api/UserTypev2/get-by-id/${list.pageLists.find((x: { code: string }) => x.code === 'DOANH_NGHIEP').id}`,
      )
    ).json();
    expect(employer).toMatchObject({ role: 'client', unitKind: 'employer' });
    expect(employer.permissions).toEqual(expect.arrayContaining(['User.read', 'Unit.read']));
    expect(employer.permissions).not.toContain('UserType.read');
  });

  it('cannot be deleted, and keep their code and role', async () => {
    const type = (await get('/api/UserTypev2/get-paging?keyWord=CAN_BO_SO')).json().pageLists[0];
    const del = await send('POST', '/api/UserTypev2/delete', [type.id]);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.code).toBe('USER_TYPE_SYSTEM');
    const edit = await send('PUT', '/api/UserTypev2/update', {
      id: type.id,
      code: 'DOI_MA',
      name: 'Cán bộ Sở (sửa)',
      role: 'admin',
      unitKind: 'department',
      permissions: ['User.read'],
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      code: 'CAN_BO_SO',
      role: 'client',
      name: 'Cán bộ Sở (sửa)',
      permissions: ['User.read'],
    });
  });
});

describe('feature tree', () => {
  it('is nested, translated, and marks exactly the type’s features (groups when all children are)', async () => {
    const created = await send('POST', '/api/UserTypev2/create', {
      code: 'XEM_NGUOI_DUNG',
      name: 'Xem người dùng',
      unitKind: 'department',
      permissions: ['User.read', 'AccessHistory.read'],
    });
    expect(created.statusCode).toBe(201);
    const tree = (await get(`/api/UserTypev2/get-feature-by-usertype?userTypeId=${created.json().id}`)).json()
      .features as Feature[];
    const system = tree.find((n) => n.value === 'system')!;
    expect(system.title).toBe('Quản trị hệ thống');
    const nodes = flatten(tree);
    expect(
      nodes
        .filter((n) => !n.children && n.isSelect)
        .map((n) => n.value)
        .sort(),
    ).toEqual(['AccessHistory.read', 'User.read']);
    expect(nodes.find((n) => n.value === 'system.accessHistory')!.isSelect).toBe(true);
    expect(nodes.find((n) => n.value === 'system.users')!.isSelect).toBe(false);
    expect(nodes.find((n) => n.value === 'User.read')!.title).toBe('Xem');

    const en = await t.request({
      url: `/api/UserTypev2/get-feature-by-usertype?userTypeId=${created.json().id}`,
      headers: { ...admin.headers, 'accept-language': 'en' },
    });
    expect(en.json().features.find((n: Feature) => n.value === 'system').title).toBe('System administration');
    const blank = (await get('/api/UserTypev2/get-feature-by-usertype')).json().features as Feature[];
    expect(flatten(blank).some((n) => n.isSelect)).toBe(false);
  });

  it('editing the tree changes what the type’s users may do at once', async () => {
    const created = (
      await send('POST', '/api/UserTypev2/create', { code: 'THAY_DOI', name: 'Thay đổi', permissions: [] })
    ).json();
    const user = await createUser(t, { userTypeId: created.id });
    const s = await signIn(t, user);
    expect((await get('/api/OfficalProfile/users', s)).statusCode).toBe(403);
    const edit = await send('PUT', '/api/UserTypev2/update', {
      id: created.id,
      code: 'THAY_DOI',
      name: 'Thay đổi',
      permissions: ['User.read'],
    });
    expect(edit.statusCode).toBe(200);
    expect((await get('/api/OfficalProfile/users', s)).statusCode).toBe(200);
    expect((await get('/api/Account/info', s)).json().ability).toContainEqual({ action: 'read', subject: 'User' });
    // A write implies read of the same subject.
    await send('PUT', '/api/UserTypev2/update', {
      id: created.id,
      code: 'THAY_DOI',
      name: 'Thay đổi',
      permissions: ['Unit.update'],
    });
    const ability = (await get('/api/Account/info', s)).json().ability;
    expect(ability).toEqual(
      expect.arrayContaining([
        { action: 'update', subject: 'Unit' },
        { action: 'read', subject: 'Unit' },
      ]),
    );
    expect(ability).not.toContainEqual({ action: 'read', subject: 'User' });
  });
});

describe('validation and escalation', () => {
  it('refuses unknown permissions, duplicate codes and bad input', async () => {
    const unknown = await send('POST', '/api/UserTypev2/create', {
      code: 'LA',
      name: 'Lạ',
      permissions: ['Nuclear.launch'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      code: 'UNKNOWN_PERMISSION',
      message: 'Quyền không có trong danh mục quyền: Nuclear.launch',
    });
    expect(
      (await send('POST', '/api/UserTypev2/create', { code: 'quan_tri', name: 'Trùng', permissions: [] })).json().error
        .code,
    ).toBe('USER_TYPE_CODE_TAKEN');
    expect((await send('POST', '/api/UserTypev2/create', { code: 'a b', name: 'x', permissions: [] })).statusCode).toBe(
      400,
    );
    expect(
      (await send('POST', '/api/UserTypev2/create', { code: 'OK', name: 'OK', permissions: 'User.read' })).statusCode,
    ).toBe(400);
  });

  it('a non-administrator grants only what it holds and never the administrator role', async () => {
    const editor = await sessionWith(t, {
      permissions: ['UserType.read', 'UserType.create', 'UserType.update', 'User.read'],
    });
    expect(
      (await send('POST', '/api/UserTypev2/create', { code: 'NHO', name: 'Nhỏ', permissions: ['User.read'] }, editor))
        .statusCode,
    ).toBe(201);
    const more = await send(
      'POST',
      '/api/UserTypev2/create',
      { code: 'LON', name: 'Lớn', permissions: ['User.delete'] },
      editor,
    );
    expect(more.statusCode).toBe(403);
    expect(more.json().error.code).toBe('USER_TYPE_NOT_ASSIGNABLE');
    expect(
      (
        await send(
          'POST',
          '/api/UserTypev2/create',
          { code: 'QT2', name: 'QT2', role: 'admin', permissions: [] },
          editor,
        )
      ).statusCode,
    ).toBe(403);
    const adminTypeId = (await get('/api/UserTypev2/get-paging?keyWord=QUAN_TRI')).json().pageLists[0].id;
    expect(
      (
        await send(
          'PUT',
          '/api/UserTypev2/update',
          { id: adminTypeId, code: 'QUAN_TRI', name: 'Đổi tên', permissions: [] },
          editor,
        )
      ).statusCode,
    ).toBe(403);
    // Its own type, which holds UserType.update, cannot be widened either.
    const own = await send(
      'PUT',
      '/api/UserTypev2/update',
      {
        id: editor.userData.userTypeId,
        code: 'X1',
        name: 'Tự nâng quyền',
        permissions: ['UserType.read', 'UserType.create', 'UserType.update', 'User.read', 'User.delete'],
      },
      editor,
    );
    expect(own.statusCode).toBe(403);
  });

  it('a type in use cannot be deleted; an unused one can', async () => {
    const used = (
      await send('POST', '/api/UserTypev2/create', { code: 'DANG_DUNG', name: 'Đang dùng', permissions: [] })
    ).json();
    await createUser(t, { userTypeId: used.id });
    expect((await send('POST', '/api/UserTypev2/delete', [used.id])).json().error.code).toBe('USER_TYPE_IN_USE');
    const unused = (
      await send('POST', '/api/UserTypev2/create', { code: 'KHONG_DUNG', name: 'Không dùng', permissions: [] })
    ).json();
    expect((await send('POST', '/api/UserTypev2/delete', { ids: [unused.id] })).json()).toEqual({ deleted: 1 });
    expect((await get(`/api/UserTypev2/get-by-id/${unused.id}`)).statusCode).toBe(404);
  });

  it('the last administrators’ type cannot lose the administrator role', async () => {
    const created = (
      await send('POST', '/api/UserTypev2/create', {
        code: 'QT_PHU',
        name: 'Quản trị phụ',
        role: 'admin',
        permissions: [],
      })
    ).json();
    const second = await createUser(t, { userTypeId: created.id });
    expect((await login(t, second.userName, second.password)).json().userData.role).toBe('admin');
    // Another administrator type exists with active users: the role can go.
    expect(
      (
        await send('PUT', '/api/UserTypev2/update', {
          id: created.id,
          code: 'QT_PHU',
          name: 'Quản trị phụ',
          role: 'client',
          permissions: [],
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('comboboxes', () => {
  it('list assignable types, optionally for a kind of unit, under every spec path', async () => {
    for (const url of ['/api/UserTypev2/combobox', '/api/UserType/combobox', '/api/UserType/get-combobox-user-type']) {
      const res = await get(`${url}?unitKind=employer`);
      expect(res.statusCode).toBe(200);
      const items = res.json();
      expect(items.map((x: { code: string }) => x.code)).toContain('DOANH_NGHIEP');
      expect(items.map((x: { code: string }) => x.code)).not.toContain('CAN_BO_SO');
    }
    const limited = await sessionWith(t, { permissions: ['User.read'] });
    const codes = (await get('/api/UserType/combobox', limited)).json().map((x: { code: string }) => x.code);
    expect(codes).not.toContain('QUAN_TRI');
  });
});
