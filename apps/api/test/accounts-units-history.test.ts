import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import {
  adminUser,
  createBusiness,
  createUser,
  departmentUnitId,
  login,
  sessionWith,
  signIn,
  type Session,
} from './support/accounts.ts';
import { defaultPortalConfig, savePortalConfig } from '../src/modules/configuration/store.ts';

/** Units (list, create, edit, delete, own unit) and the access history. */

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  await savePortalConfig(t.database.db, {
    ...defaultPortalConfig(),
    provinceCode: '68',
    provinceName: 'Lâm Đồng',
    localUnitLevel: 'ward',
  });
  admin = await signIn(t, await adminUser(t));
});
afterAll(async () => t.close());

const get = (url: string, s: Session = admin) => t.request({ url, headers: s.headers });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, s: Session = admin) =>
  t.request({ method, url, payload: payload as object, headers: s.headers });

describe('units', () => {
  it('creates a commune unit for a ward of the portal’s province, with its name shown', async () => {
    const res = await send('POST', '/api/Unit/units', {
      kind: 'district',
      code: 'UBND_CAM_LY',
      name: 'UBND phường Cam Ly - Đà Lạt',
      localUnitCode: '2025:24787',
      parentId: await departmentUnitId(t),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'district',
      localUnitCode: '2025:24787',
      localUnitName: 'Phường Cam Ly - Đà Lạt',
      userCount: 0,
    });
    expect((await send('POST', '/api/Unit/units', { kind: 'district', name: 'Không có xã' })).json().error.code).toBe(
      'UNKNOWN_LOCAL_UNIT',
    );
    expect(
      (
        await send('POST', '/api/Unit/units', { kind: 'district', name: 'Xã tỉnh khác', localUnitCode: '2025:00004' })
      ).json().error.code,
    ).toBe('UNKNOWN_LOCAL_UNIT');
    expect(
      (
        await send('POST', '/api/Unit/units', {
          kind: 'district',
          code: 'ubnd_cam_ly',
          name: 'Trùng mã',
          localUnitCode: '2025:24787',
        })
      ).json().error.code,
    ).toBe('UNIT_CODE_TAKEN');
    expect((await send('POST', '/api/Unit/units', { kind: 'employer', name: 'Doanh nghiệp tự tạo' })).statusCode).toBe(
      400,
    );
  });

  it('lists with search without accents, kind filter and paging', async () => {
    await send('POST', '/api/Unit/units', {
      kind: 'service_centre',
      code: 'TT_BAO_LOC',
      name: 'Trung tâm Dịch vụ việc làm Bảo Lộc',
    });
    const found = (await get('/api/Unit/units?keyWord=bao loc&kind=service_centre')).json();
    expect(found.totalRecord).toBe(1);
    expect(found.pageLists[0].name).toBe('Trung tâm Dịch vụ việc làm Bảo Lộc');
    const paged = (await get('/api/Unit/units?pageSize=1&pageNumber=2')).json();
    expect(paged.pageLists).toHaveLength(1);
    expect(paged.totalRecord).toBeGreaterThan(1);
  });

  it('edits a unit; refuses a parent cycle; an employer unit keeps its employer’s name', async () => {
    const parent = (
      await send('POST', '/api/Unit/units', { kind: 'department', code: 'PHONG_ATLD', name: 'Phòng An toàn lao động' })
    ).json();
    const child = (
      await send('POST', '/api/Unit/units', {
        kind: 'department',
        code: 'TO_KIEM_TRA',
        name: 'Tổ kiểm tra',
        parentId: parent.id,
      })
    ).json();
    const cycle = await send('PUT', `/api/Unit/units/${parent.id}`, {
      name: 'Phòng An toàn lao động',
      code: 'PHONG_ATLD',
      parentId: child.id,
    });
    expect(cycle.json().error.code).toBe('PARENT_CYCLE');
    const ok = await send('PUT', `/api/Unit/units/${child.id}`, {
      name: 'Tổ kiểm tra an toàn',
      code: 'TO_KIEM_TRA',
      parentId: parent.id,
      phone: '0263 3800 000',
    });
    expect(ok.json()).toMatchObject({
      name: 'Tổ kiểm tra an toàn',
      parentName: 'Phòng An toàn lao động',
      phone: '0263 3800 000',
    });

    const business = await createBusiness(t, '2025:24781', 'Công ty Giữ Tên');
    const before = (await get(`/api/Unit/units/${business.unitId}`)).json();
    const edit = await send('PUT', `/api/Unit/units/${business.unitId}`, { name: 'Tên khác', address: '1 Đường Mới' });
    expect(edit.json()).toMatchObject({ name: before.name, address: '1 Đường Mới', businessCode: business.code });
  });

  it('deletes only units without users or sub-units', async () => {
    const empty = (
      await send('POST', '/api/Unit/units', { kind: 'training_body', code: 'XOA_DUOC', name: 'Đơn vị xóa được' })
    ).json();
    const busy = (
      await send('POST', '/api/Unit/units', { kind: 'training_body', code: 'CO_NGUOI', name: 'Đơn vị có người' })
    ).json();
    await createUser(t, { unitId: busy.id });
    expect((await send('POST', '/api/Unit/delete-units', [busy.id])).json().error.code).toBe('UNIT_IN_USE');
    expect((await send('POST', '/api/Unit/delete-units', [empty.id])).json()).toEqual({ deleted: 1 });
    expect((await get(`/api/Unit/units/${empty.id}`)).statusCode).toBe(404);
  });

  it('every user reads their own unit; employers see their employer; editing it needs Unit.update', async () => {
    const business = await createBusiness(t, '2025:24778');
    const reader = await sessionWith(t, { unitId: business.unitId });
    const mine = (await get('/api/Unit/my-unit', reader)).json();
    expect(mine).toMatchObject({
      id: business.unitId,
      kind: 'employer',
      business: { code: business.code, wardCode: '2025:24778', wardName: 'Phường Lâm Viên - Đà Lạt' },
    });
    expect((await send('PUT', '/api/Unit/my-unit', { phone: '0263 999 999' }, reader)).statusCode).toBe(403);
    const editor = await sessionWith(t, { unitId: business.unitId, permissions: ['Unit.update'] });
    const edited = await send(
      'PUT',
      '/api/Unit/my-unit',
      { phone: '0263 999 999', email: 'lienhe@congty.example' },
      editor,
    );
    expect(edited.json()).toMatchObject({ phone: '0263 999 999', email: 'lienhe@congty.example' });
  });
});

describe('access history', () => {
  it('records sign-in, failed sign-in, sign-out and data changes with address and browser', async () => {
    const user = await createUser(t);
    await login(t, user.userName, 'Sai@mat-khau1', '10.9.8.7');
    const s = await signIn(t, user);
    await t.request({
      method: 'POST',
      url: '/api/Account/logout',
      headers: { ...s.headers, 'user-agent': 'Trinh duyet thu nghiem' },
      payload: {},
    });
    await send('POST', '/api/Unit/units', { kind: 'service_centre', code: 'GHI_LICH_SU', name: 'Ghi lịch sử' });

    const mine = (await get(`/api/AccessHistory/get-paging?userId=${user.id}&sortBy=at&sortOrder=asc`)).json();
    expect(mine.pageLists.map((h: { action: string }) => h.action)).toEqual(['login_failed', 'login', 'logout']);
    expect(mine.pageLists[0]).toMatchObject({
      ip: '10.9.8.7',
      userName: user.userName,
      details: { reason: 'wrong_password' },
    });
    expect(mine.pageLists[2].userAgent).toBe('Trinh duyet thu nghiem');

    const changes = (await get('/api/AccessHistory/get-paging?action=create&subject=Unit')).json();
    expect(changes.pageLists[0]).toMatchObject({ action: 'create', subject: 'Unit', userName: 'admin' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
    expect(
      (await get(`/api/AccessHistory/get-paging?fromDate=${today}&toDate=${today}`)).json().totalRecord,
    ).toBeGreaterThan(3);
    expect((await get('/api/AccessHistory/get-paging?fromDate=2000-01-01&toDate=2000-01-02')).json().totalRecord).toBe(
      0,
    );
    expect((await get('/api/AccessHistory/get-paging?fromDate=hom-nay')).statusCode).toBe(400);
    const search = (await get(`/api/AccessHistory/get-paging?keyWord=${user.userName.toUpperCase()}`)).json();
    expect(search.totalRecord).toBe(3);
  });

  it('failed sign-ins under unknown names are shown to the department only', async () => {
    await login(t, 'ten_la_hoat', 'Sai@mat-khau1');
    expect((await get('/api/AccessHistory/get-paging?keyWord=ten_la_hoat')).json().totalRecord).toBe(1);
    const business = await createBusiness(t, '2025:24781');
    const employer = await sessionWith(t, { unitId: business.unitId, permissions: ['AccessHistory.read'] });
    expect((await get('/api/AccessHistory/get-paging?keyWord=ten_la_hoat', employer)).json().totalRecord).toBe(0);
  });
});
