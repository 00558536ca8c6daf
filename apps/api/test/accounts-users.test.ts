import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { catalogRegistry } from '../src/catalog/registry.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import {
  createBusiness,
  createUnit,
  createUser,
  departmentUnitId,
  login,
  sessionWith,
  type Session,
  type TestUser,
} from './support/accounts.ts';

/**
 * Users (OfficalProfile), a catalogue area with the accounts module's hooks: list, detail, create (password or
 * invitation), edit, delete to the trash bin and back, permanent delete, combobox, avatar, Excel.
 */

let t: TestApp;
let manager: Session & { user: TestUser };
let department: string;
let officerType: string;
const ALL = [
  'User.read',
  'User.create',
  'User.update',
  'User.delete',
  'User.import',
  'User.export',
  'Unit.read',
  'RecycleBin.read',
  'RecycleBin.delete',
];

beforeAll(async () => {
  t = await createTestApp();
  department = await departmentUnitId(t);
  manager = await sessionWith(t, { permissions: ALL });
  officerType = (
    await t.database.db.selectFrom('user_type').select('id').where('code', '=', 'CAN_BO_SO').executeTakeFirstOrThrow()
  ).id;
  // A type with nothing the manager lacks, for assignments.
  await t.database.db
    .updateTable('user_type')
    .set({ permissions: JSON.stringify(['User.read']) })
    .where('id', '=', officerType)
    .execute();
});
afterAll(async () => t.close());

const get = (url: string, s: Session = manager) => t.request({ url, headers: s.headers });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, s: Session = manager) =>
  t.request({ method, url, payload: payload as object, headers: s.headers });

function newUser(overrides: Record<string, unknown> = {}) {
  const id = Math.random().toString(36).slice(2, 8);
  return {
    userName: `nv_${id}`,
    fullName: 'Trần Thị Bích Ngọc',
    email: `nv_${id}@so.example`,
    unitId: department,
    userTypeId: officerType,
    password: 'BanDau@Suoi-Vang26',
    ...overrides,
  };
}

describe('the user area', () => {
  it('is a catalogue area over app_user; units and user types are lookups it refers to, never served', () => {
    const users = catalogRegistry.byArea.get('OfficalProfile')!;
    expect(users).toMatchObject({ key: 'user', table: 'app_user', subject: 'User' });
    expect(users.paths).toMatchObject({ delete: 'delete-users', import: 'import-user-from-json' });
    expect(catalogRegistry.all).toContain(users);
    expect(catalogRegistry.lookups.map((c) => c.key).sort()).toEqual(['unit', 'userType']);
    for (const lookup of catalogRegistry.lookups) expect(catalogRegistry.all).not.toContain(lookup);
    // The password is taken on create and import, never read back or exported.
    expect(users.excel).toContain('password');
    expect(users.exported).not.toContain('password');
  });
});

describe('create and edit', () => {
  it('creates an active user with a password; the user must change it at first sign-in', async () => {
    const body = newUser({ phone: '0912 345 678', jobTitle: 'Chuyên viên', gender: 'female', birthday: '1990-05-20' });
    const res = await send('POST', '/api/OfficalProfile/users', body);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      userName: body.userName,
      status: 'active',
      unitId: department,
      userTypeId: officerType,
      gender: 'female',
      birthday: '1990-05-20',
      mustChangePassword: true,
    });
    const signIn = await login(t, body.userName, body.password);
    expect(signIn.json().userData.mustChangePassword).toBe(true);
    expect((await get(`/api/OfficalProfile/users/${user.id}`)).json().jobTitle).toBe('Chuyên viên');
    expect((await get(`/api/OfficalProfile/getByUserId/${user.id}`)).statusCode).toBe(200);
  });

  it('without a password, mails an invitation; the link sets the password and activates', async () => {
    const body = newUser({ password: null });
    const res = await send('POST', '/api/OfficalProfile/users', body);
    expect(res.json().status).toBe('inactive');
    const mail = await t.database.db
      .selectFrom('outbox_mail')
      .selectAll()
      .where('to_address', '=', body.email)
      .executeTakeFirstOrThrow();
    const token = /loi-moi\?token=([\w-]+)/.exec(mail.text_body!)![1]!;
    expect((await t.request(`/api/Account/check-link?purpose=invitation&token=${token}`)).json()).toEqual({
      valid: true,
      userName: body.userName,
    });
    const accept = await t.request({
      method: 'POST',
      url: '/api/Account/accept-invitation',
      payload: { token, password: 'TuDat@Langbiang26' },
    });
    expect(accept.statusCode).toBe(200);
    expect((await login(t, body.userName, 'TuDat@Langbiang26')).statusCode).toBe(200);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/Account/accept-invitation',
          payload: { token, password: 'Khac@Tuyen-Lam26' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('refuses bad input with field details', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ userName: 'a' }, 400, 'VALIDATION'],
      [{ email: 'x' }, 400, 'VALIDATION'],
      [{ birthday: '20/05/1990' }, 400, 'VALIDATION'],
      [{ password: 'ngan' }, 400, 'WEAK_PASSWORD'],
      [{ password: null, email: null }, 400, 'EMAIL_REQUIRED'],
      [{ unitId: '00000000-0000-4000-8000-000000000000' }, 400, 'VALIDATION'],
      [{ userTypeId: '00000000-0000-4000-8000-000000000000' }, 400, 'VALIDATION'],
      [{ userName: 'ADMIN' }, 409, 'CONFLICT'],
    ];
    for (const [overrides, status, code] of cases) {
      const res = await send('POST', '/api/OfficalProfile/users', newUser(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
  });

  it('a user type meant for another kind of unit is refused', async () => {
    const employerType = (
      await t.database.db
        .selectFrom('user_type')
        .select('id')
        .where('code', '=', 'DOANH_NGHIEP')
        .executeTakeFirstOrThrow()
    ).id;
    await t.database.db
      .updateTable('user_type')
      .set({ permissions: JSON.stringify(['User.read']) })
      .where('id', '=', employerType)
      .execute();
    const res = await send('POST', '/api/OfficalProfile/users', newUser({ userTypeId: employerType }));
    expect(res.json().error.code).toBe('USER_TYPE_UNIT_MISMATCH');
  });

  it('nobody creates or edits an account stronger than their own', async () => {
    const strong = await createUser(t, { permissions: ['User.read', 'UserType.delete'] });
    const res = await send('POST', '/api/OfficalProfile/users', newUser({ userTypeId: strong.userTypeId }));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('USER_TYPE_NOT_ASSIGNABLE');
    const adminType = (
      await t.database.db.selectFrom('user_type').select('id').where('code', '=', 'QUAN_TRI').executeTakeFirstOrThrow()
    ).id;
    expect((await send('POST', '/api/OfficalProfile/users', newUser({ userTypeId: adminType }))).statusCode).toBe(403);
    // Editing the stronger user is refused too.
    const edit = await send('PUT', `/api/OfficalProfile/users/${strong.id}`, {
      userName: strong.userName,
      fullName: 'Đổi tên',
      unitId: department,
      userTypeId: officerType,
    });
    expect(edit.json().error.code).toBe('USER_TYPE_NOT_ASSIGNABLE');
  });

  it('edits a user; the user name stays; emails stay unique', async () => {
    const user = await createUser(t, { userTypeId: officerType });
    const other = await createUser(t, { email: 'da.co@so.example' });
    const taken = await send('PUT', `/api/OfficalProfile/users/${user.id}`, {
      userName: user.userName,
      fullName: 'Lê Văn Sửa',
      email: 'DA.CO@so.example',
      unitId: department,
      userTypeId: officerType,
    });
    expect(taken.json().error).toMatchObject({
      code: 'CONFLICT',
      details: [expect.objectContaining({ field: 'email' })],
    });
    // The whole record is sent; a changed user name is ignored: it stays what it was.
    const ok = await send('PUT', `/api/OfficalProfile/users/${user.id}`, {
      userName: 'doi_ten_dang_nhap',
      fullName: 'Lê Văn Sửa',
      email: 'moi@so.example',
      phone: '0263 123 456',
      unitId: department,
      userTypeId: officerType,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ fullName: 'Lê Văn Sửa', email: 'moi@so.example', userName: user.userName });
    expect(other.id).not.toBe(user.id);
  });

  it('one’s own profile can be edited by anyone signed in', async () => {
    const s = await sessionWith(t);
    const res = await send(
      'PUT',
      '/api/OfficalProfile/my-profile',
      { fullName: 'Nguyễn Văn Tự Sửa', phone: '0909 000 111' },
      s,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fullName: 'Nguyễn Văn Tự Sửa', phone: '0909 000 111' });
    expect((await get(`/api/OfficalProfile/getByUserId/${s.user.id}`, s)).json().fullName).toBe('Nguyễn Văn Tự Sửa');
    // Another user's account information needs User.read.
    expect((await get(`/api/OfficalProfile/getByUserId/${manager.user.id}`, s)).statusCode).toBe(403);
  });
});

describe('list', () => {
  it('pages, searches without accents, filters and sorts', async () => {
    const unit = await createUnit(t, 'service_centre');
    // Sorted as the catalogue lists sort (by the stored text): names that differ after a common first word.
    const names = ['Đặng Văn Đức', 'Đặng Thị Hoa', 'Đặng Văn An'];
    for (const fullName of names) {
      const u = await createUser(t, { unitId: unit });
      await t.database.db.updateTable('app_user').set({ full_name: fullName }).where('id', '=', u.id).execute();
    }
    const page1 = (
      await get(`/api/OfficalProfile/users?unitId=${unit}&pageSize=2&pageNumber=1&sortField=fullName&sortOrder=asc`)
    ).json();
    expect(page1.totalRecord).toBe(3);
    expect(page1.pageLists.map((u: { fullName: string }) => u.fullName)).toEqual(['Đặng Thị Hoa', 'Đặng Văn An']);
    const page2 = (
      await get(`/api/OfficalProfile/users?unitId=${unit}&pageSize=2&pageNumber=2&sortField=fullName&sortOrder=asc`)
    ).json();
    expect(page2.pageLists.map((u: { fullName: string }) => u.fullName)).toEqual(['Đặng Văn Đức']);
    const search = (await get(`/api/OfficalProfile/users?keyWord=${encodeURIComponent('dang van duc')}`)).json();
    expect(search.pageLists.map((u: { fullName: string }) => u.fullName)).toEqual(['Đặng Văn Đức']);
    const desc = (await get(`/api/OfficalProfile/users?unitId=${unit}&sortField=fullName&sortOrder=desc`)).json();
    expect(desc.pageLists[0].fullName).toBe('Đặng Văn Đức');
    expect(
      (await get('/api/OfficalProfile/users?status=locked'))
        .json()
        .pageLists.every((u: { status: string }) => u.status === 'locked'),
    ).toBe(true);
    expect((await get('/api/OfficalProfile/users?pageSize=0')).statusCode).toBe(400);
    expect((await get('/api/OfficalProfile/users?sortField=password')).statusCode).toBe(400);
  });

  it('combobox lists active users in scope, and keeps the given ids', async () => {
    const u = await createUser(t);
    await t.database.db.updateTable('app_user').set({ full_name: 'Võ Thị Chọn Lựa' }).where('id', '=', u.id).execute();
    const res = (await get(`/api/OfficalProfile/combobox?keyWord=chon lua`)).json();
    expect(res).toEqual([expect.objectContaining({ value: u.id, label: 'Võ Thị Chọn Lựa' })]);
    const withIds = (
      await get(
        `/api/OfficalProfile/get-combobox-offical-profile?keyWord=chon lua&ids=${encodeURIComponent(JSON.stringify([manager.user.id]))}`,
      )
    ).json();
    expect(withIds.map((r: { value: string }) => r.value).sort()).toEqual([u.id, manager.user.id].sort());
  });
});

describe('delete', () => {
  it('soft-deletes, ends sessions, refuses oneself and the last administrator', async () => {
    const s = await sessionWith(t, { userTypeId: officerType });
    const res = await send('POST', '/api/OfficalProfile/delete-users', [s.user.id]);
    expect(res.json()).toEqual({ deleted: 1 });
    expect((await t.request({ url: '/api/Account/info', headers: s.headers })).statusCode).toBe(401);
    expect((await get(`/api/OfficalProfile/users/${s.user.id}`)).statusCode).toBe(404);
    const row = await t.database.db
      .selectFrom('app_user')
      .select(['deleted_at', 'deleted_by'])
      .where('id', '=', s.user.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_by).toBe(manager.user.id);
    expect((await login(t, s.user.userName, s.user.password)).statusCode).toBe(401);
    expect((await send('POST', '/api/OfficalProfile/delete-users', { ids: [manager.user.id] })).json().error.code).toBe(
      'CANNOT_DELETE_SELF',
    );
    expect((await send('POST', '/api/OfficalProfile/delete-users', [])).statusCode).toBe(400);

    // Deleted users are in the trash bin and are restored from it; they sign in again.
    const trash = (await get('/api/RecycleBin/recycleBins?area=OfficalProfile&pageSize=200')).json();
    expect(trash.pageLists).toContainEqual(
      expect.objectContaining({ area: 'OfficalProfile', id: s.user.id, code: s.user.userName }),
    );
    const live = (await get('/api/OfficalProfile/users?pageSize=500')).json();
    expect(live.pageLists.map((u: { id: string }) => u.id)).not.toContain(s.user.id);
    const restored = await send('POST', '/api/RecycleBin/restore', { area: 'OfficalProfile', ids: [s.user.id] });
    expect(restored.json()).toEqual({ restored: 1 });
    expect((await get(`/api/OfficalProfile/users/${s.user.id}`)).statusCode).toBe(200);
    expect((await login(t, s.user.userName, s.user.password)).statusCode).toBe(200);
    expect(
      (await send('POST', '/api/RecycleBin/restore', { area: 'OfficalProfile', ids: [s.user.id] })).statusCode,
    ).toBe(404);
    // A deleted account's user name stays its own: nobody takes it meanwhile.
    await send('POST', '/api/OfficalProfile/delete-users', [s.user.id]);
    const reuse = await send('POST', '/api/OfficalProfile/users', newUser({ userName: s.user.userName }));
    expect(reuse.json().error).toMatchObject({
      code: 'CONFLICT',
      details: [expect.objectContaining({ field: 'userName' })],
    });
    expect(
      (await send('POST', '/api/OfficalProfile/delete-users', ['00000000-0000-4000-8000-000000000000'])).statusCode,
    ).toBe(404);
  });
});

describe('trash bin', () => {
  it('nobody restores or purges an account stronger than their own', async () => {
    const strong = await createUser(t, { permissions: ['User.read', 'UserType.delete'] });
    await t.database.db.updateTable('app_user').set({ deleted_at: new Date() }).where('id', '=', strong.id).execute();
    const restore = await send('POST', '/api/RecycleBin/restore', { area: 'OfficalProfile', ids: [strong.id] });
    expect(restore.json().error.code).toBe('USER_TYPE_NOT_ASSIGNABLE');
    const purge = await send('POST', '/api/RecycleBin/permanent-delete', { area: 'OfficalProfile', ids: [strong.id] });
    expect(purge.json().error.code).toBe('USER_TYPE_NOT_ASSIGNABLE');
  });

  it('deletes an account for good with what belongs to it; the access history keeps the name', async () => {
    const s = await sessionWith(t, { userTypeId: officerType });
    const group = await sql<{
      id: string;
    }>`insert into group_user (code, name) values (${`NHOM_${s.user.userName}`}, 'Nhóm xóa hẳn') returning id`.execute(
      t.database.db,
    );
    await sql`insert into group_user_member (group_id, user_id) values (${group.rows[0]!.id}, ${s.user.id})`.execute(
      t.database.db,
    );
    // Live accounts are not purged: they go to the trash bin first.
    const early = await send('POST', '/api/RecycleBin/permanent-delete', { area: 'OfficalProfile', ids: [s.user.id] });
    expect(early.statusCode).toBe(404);
    expect((await send('POST', '/api/OfficalProfile/delete-users', [s.user.id])).json()).toEqual({ deleted: 1 });
    const purged = await send('POST', '/api/RecycleBin/permanent-delete', { area: 'OfficalProfile', ids: [s.user.id] });
    expect(purged.statusCode, purged.body).toBe(200);
    expect(purged.json()).toEqual({ purged: 1 });
    const db = t.database.db;
    expect(await db.selectFrom('app_user').select('id').where('id', '=', s.user.id).execute()).toEqual([]);
    expect(await db.selectFrom('auth_session').select('id').where('user_id', '=', s.user.id).execute()).toEqual([]);
    const memberships = await sql`select 1 from group_user_member where user_id = ${s.user.id}`.execute(db);
    expect(memberships.rows).toEqual([]);
    const history = await db.selectFrom('audit_log').select('user_name').where('user_id', '=', s.user.id).execute();
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((h) => h.user_name === s.user.userName)).toBe(true);
    const trash = (await get('/api/RecycleBin/recycleBins?area=OfficalProfile&pageSize=200')).json();
    expect(trash.pageLists.map((r: { id: string }) => r.id)).not.toContain(s.user.id);
    expect((await login(t, s.user.userName, s.user.password)).statusCode).toBe(401);
  });
});

describe('avatar', () => {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
    'hex',
  );
  function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
    const boundary = '----cong-atvsld';
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(fields))
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    if (file) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="formFile"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
      );
      parts.push(file.data, Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('uploads one’s own avatar, served as a public file; others need User.update', async () => {
    const s = await sessionWith(t);
    const form = multipart({ UserId: s.user.id }, { name: 'anh-dai-dien.png', data: png });
    const res = await t.request({
      method: 'POST',
      url: '/api/OfficalProfile/uploadAvatar',
      payload: form.payload,
      headers: { ...s.headers, ...form.headers },
    });
    expect(res.statusCode).toBe(200);
    const { avatar } = res.json();
    expect(avatar).toMatch(/^\/api\/Files\/[0-9a-f-]{36}$/);
    const img = await t.request(avatar);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await t.request({ url: '/api/Account/info', headers: s.headers })).json().avatar).toBe(avatar);

    const other = multipart({ UserId: manager.user.id }, { name: 'a.png', data: png });
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/OfficalProfile/uploadAvatar',
          payload: other.payload,
          headers: { ...s.headers, ...other.headers },
        })
      ).statusCode,
    ).toBe(403);
    const byManager = multipart({ UserId: s.user.id }, { name: 'a.png', data: png });
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/OfficalProfile/uploadAvatar',
          payload: byManager.payload,
          headers: { ...manager.headers, ...byManager.headers },
        })
      ).statusCode,
    ).toBe(200);

    const notImage = multipart({}, { name: 'x.png', data: Buffer.from('%PDF-1.4 not an image') });
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/OfficalProfile/uploadAvatar',
          payload: notImage.payload,
          headers: { ...s.headers, ...notImage.headers },
        })
      ).statusCode,
    ).toBe(415);
    const noFile = multipart({ UserId: s.user.id });
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/OfficalProfile/uploadAvatar',
          payload: noFile.payload,
          headers: { ...s.headers, ...noFile.headers },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.request({ method: 'POST', url: '/api/OfficalProfile/uploadAvatar', payload: {}, headers: s.headers }))
        .statusCode,
    ).toBe(415);
  });
});

describe('spreadsheets', () => {
  async function workbook(body: Buffer) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    return wb;
  }

  it('the template has Vietnamese headers, required marks and pick lists of units and user types', async () => {
    const res = await t.request({ url: '/api/OfficalProfile/generateTemplate', headers: manager.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(
      "filename*=UTF-8''M%E1%BA%ABu%20nh%E1%BA%ADp%20ng%C6%B0%E1%BB%9Di%20d%C3%B9ng.xlsx",
    );
    const wb = await workbook(res.rawPayload);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Tên đăng nhập *',
      'Họ và tên *',
      'Thư điện tử',
      'Số điện thoại',
      'Chức danh',
      'Đơn vị *',
      'Kiểu người dùng *',
      'Mật khẩu ban đầu',
    ]);
    // Units and user types are picked from drop-down lists (their names; codes are accepted too).
    expect(sheet.getCell('F2').dataValidation).toMatchObject({ type: 'list' });
    expect(sheet.getCell('G2').dataValidation).toMatchObject({ type: 'list' });
  });

  it('imports rows: dry run validates only; valid rows are stored; the same file twice creates nothing new', async () => {
    const unitCode = (
      await t.database.db.selectFrom('unit').select('code').where('id', '=', department).executeTakeFirstOrThrow()
    ).code!;
    const rows = [
      {
        userName: 'nhap_tep_1',
        fullName: 'Nguyễn Nhập Một',
        email: 'nhap1@so.example',
        unitId: unitCode,
        userTypeId: 'CAN_BO_SO',
        password: 'NhapTep@Da-Lat2026',
      },
      {
        userName: 'nhap_tep_2',
        fullName: 'Nguyễn Nhập Hai',
        email: 'nhap2@so.example',
        unitId: unitCode,
        userTypeId: 'can_bo_so',
      },
      {
        userName: 'nhap_tep_1',
        fullName: 'Trùng',
        unitId: unitCode,
        userTypeId: 'CAN_BO_SO',
        password: 'NhapTep@Da-Lat2026',
      },
      { userName: 'x', fullName: '', email: 'sai', unitId: 'KHONG_CO', userTypeId: 'KHONG_CO' },
      {
        userName: 'nhap_tep_3',
        fullName: 'Quá quyền',
        unitId: unitCode,
        userTypeId: 'QUAN_TRI',
        password: 'NhapTep@Da-Lat2026',
      },
    ];
    const dry = await t.request({
      method: 'POST',
      url: '/api/OfficalProfile/import-user-from-json?dryRun=true',
      payload: rows,
      headers: manager.headers,
    });
    expect(dry.statusCode).toBe(200);
    const result = dry.json();
    expect(result.data.map((r: { isSuccess: boolean }) => r.isSuccess)).toEqual([true, true, false, false, false]);
    expect(result.data[2].errors).toEqual([
      expect.objectContaining({
        field: 'userName',
        message: 'Tên đăng nhập "nhap_tep_1" bị trùng với dòng 2 trong tệp',
      }),
    ]);
    expect(result.data[3].errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ['email', 'fullName', 'unitId', 'userName', 'userTypeId'].sort(),
    );
    expect(result.data[4].errors).toEqual([
      expect.objectContaining({ field: 'userTypeId', message: 'Bạn không thể gán kiểu người dùng này' }),
    ]);
    expect(
      await t.database.db.selectFrom('app_user').select('id').where('user_name', 'like', 'nhap_tep_%').execute(),
    ).toEqual([]);

    const real = (
      await t.request({
        method: 'POST',
        url: '/api/OfficalProfile/import-user-from-json',
        payload: rows,
        headers: manager.headers,
      })
    ).json();
    expect({ created: real.created, updated: real.updated }).toEqual({ created: 2, updated: 0 });
    expect((await login(t, 'nhap_tep_1', 'NhapTep@Da-Lat2026')).statusCode).toBe(200);
    const invited = await t.database.db
      .selectFrom('outbox_mail')
      .select('subject')
      .where('to_address', '=', 'nhap2@so.example')
      .executeTakeFirstOrThrow();
    expect(invited.subject).toContain('Tài khoản của bạn đã được tạo');

    const again = (
      await t.request({
        method: 'POST',
        url: '/api/OfficalProfile/import-user-from-json',
        payload: rows.slice(0, 2),
        headers: manager.headers,
      })
    ).json();
    expect({ created: again.created, updated: again.updated }).toEqual({ created: 0, updated: 2 });
    expect(
      await t.database.db.selectFrom('app_user').select('id').where('user_name', 'like', 'nhap_tep_%').execute(),
    ).toHaveLength(2);

    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/OfficalProfile/import-user-from-json',
          payload: { a: 1 },
          headers: manager.headers,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('exports the users in scope with the same filters as the list', async () => {
    const unit = await createUnit(t, 'training_body');
    const u = await createUser(t, { unitId: unit });
    const res = await t.request({ url: `/api/OfficalProfile/export-excel?unitId=${unit}`, headers: manager.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const wb = await workbook(res.rawPayload);
    const sheet = wb.worksheets[0]!;
    // The template's columns, so an export imports back; never the password.
    expect(sheet.getRow(1).values).toContain('Tên đăng nhập *');
    expect(sheet.getRow(1).values).not.toContain('Mật khẩu ban đầu');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(u.userName);
    // After them, for reading only, whether the account can sign in.
    const header = sheet.getRow(1).values as unknown[];
    const statusColumn = header.indexOf('Trạng thái');
    expect(statusColumn).toBeGreaterThan(header.indexOf('Tên đăng nhập *'));
    expect(sheet.getRow(2).getCell(statusColumn).value).toBe('Đang hoạt động');
  });
});

describe('employer scope', () => {
  it('an employer manages only its own users', async () => {
    const a = await createBusiness(t, '2025:24781');
    const b = await createBusiness(t, '2025:24778');
    const employerType = (
      await t.database.db
        .selectFrom('user_type')
        .select('id')
        .where('code', '=', 'DOANH_NGHIEP')
        .executeTakeFirstOrThrow()
    ).id;
    await t.database.db
      .updateTable('user_type')
      .set({ permissions: JSON.stringify(['User.read']) })
      .where('id', '=', employerType)
      .execute();
    const boss = await sessionWith(t, { permissions: ['User.read', 'User.create', 'User.update'], unitId: a.unitId });
    const created = await send(
      'POST',
      '/api/OfficalProfile/users',
      newUser({ unitId: a.unitId, userTypeId: employerType }),
      boss,
    );
    expect(created.statusCode).toBe(201);
    const elsewhere = await send(
      'POST',
      '/api/OfficalProfile/users',
      newUser({ unitId: b.unitId, userTypeId: employerType }),
      boss,
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.code).toBe('OUT_OF_SCOPE');
    const list = (await get('/api/OfficalProfile/users?pageSize=100', boss)).json();
    expect(list.pageLists.every((u: { unitId: string }) => u.unitId === a.unitId)).toBe(true);
  });
});
