import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from './support/app.ts';
import { createUser, login, scopeFixture, signIn, type Session, type TestUser } from './support/accounts.ts';

/**
 * Data scopes of the identity area, with two employers in two communes and a district user for each commune:
 * nothing of one is readable, editable, deletable, exportable or importable into by the other. Scope comes
 * from the token: ids of the other side are answered as if they did not exist.
 */

const PERMISSIONS = [
  'User.read',
  'User.create',
  'User.update',
  'User.delete',
  'User.import',
  'User.export',
  'Unit.read',
  'Unit.update',
  'Account.update',
  'Account.password',
  'AccessHistory.read',
  'RecycleBin.read',
  'RecycleBin.delete',
];

let t: TestApp;
let f: Awaited<ReturnType<typeof scopeFixture>>;
/** A colleague in each side's unit, who has signed in once (history). */
const colleague: Record<'employerA' | 'employerB' | 'districtA' | 'districtB', TestUser> = {} as never;
let employerType: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await scopeFixture(t, PERMISSIONS);
  employerType = (
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
  colleague.employerA = await createUser(t, { unitId: f.businessA.unitId, permissions: ['User.read'] });
  colleague.employerB = await createUser(t, { unitId: f.businessB.unitId, permissions: ['User.read'] });
  colleague.districtA = await createUser(t, { unitId: f.districtUnitA, permissions: ['User.read'] });
  colleague.districtB = await createUser(t, { unitId: f.districtUnitB, permissions: ['User.read'] });
  for (const c of Object.values(colleague)) await signIn(t, c);
});
afterAll(async () => t.close());

const get = (s: Session, url: string) => t.request({ url, headers: s.headers });
const post = (s: Session, url: string, payload: unknown) =>
  t.request({ method: 'POST', url, headers: s.headers, payload: payload as object });
const put = (s: Session, url: string, payload: unknown) =>
  t.request({ method: 'PUT', url, headers: s.headers, payload: payload as object });

async function listedUserIds(s: Session): Promise<string[]> {
  const res = await get(s, '/api/OfficalProfile/users?pageSize=500');
  expect(res.statusCode).toBe(200);
  return res.json().pageLists.map((u: { id: string }) => u.id);
}

async function exportedUserNames(s: Session): Promise<string[]> {
  const res = await get(s, '/api/OfficalProfile/export-excel');
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return (wb.worksheets[0]!.getColumn(1).values.slice(2) as string[]).filter(Boolean);
}

const pairs = [
  ['employerA', 'employerB'],
  ['employerB', 'employerA'],
  ['districtA', 'districtB'],
  ['districtB', 'districtA'],
] as const;

describe.each(pairs)('%s against %s', (mine, theirs) => {
  const me = () => f[mine];
  const other = () => colleague[theirs];
  const otherUnit = () =>
    theirs === 'employerA'
      ? f.businessA.unitId
      : theirs === 'employerB'
        ? f.businessB.unitId
        : theirs === 'districtA'
          ? f.districtUnitA
          : f.districtUnitB;
  const otherUnitCode = async () =>
    (await t.database.db.selectFrom('unit').select('code').where('id', '=', otherUnit()).executeTakeFirstOrThrow())
      .code;

  it('cannot read the other side’s users, units or history', async () => {
    const ids = await listedUserIds(me());
    expect(ids).toContain(colleague[mine].id);
    expect(ids).not.toContain(other().id);
    expect((await get(me(), `/api/OfficalProfile/users/${other().id}`)).statusCode).toBe(404);
    expect((await get(me(), `/api/OfficalProfile/getByUserId/${other().id}`)).statusCode).toBe(404);
    const combo = (await get(me(), '/api/OfficalProfile/combobox')).json().map((u: { value: string }) => u.value);
    expect(combo).not.toContain(other().id);

    const units = (await get(me(), '/api/Unit/units?pageSize=500')).json().pageLists.map((u: { id: string }) => u.id);
    expect(units).not.toContain(otherUnit());
    expect((await get(me(), `/api/Unit/units/${otherUnit()}`)).statusCode).toBe(404);
    expect((await get(me(), '/api/Unit/combobox')).json().map((u: { value: string }) => u.value)).not.toContain(
      otherUnit(),
    );

    const history = (await get(me(), '/api/AccessHistory/get-paging?pageSize=500')).json().pageLists;
    expect(history.some((h: { userId: string }) => h.userId === colleague[mine].id)).toBe(true);
    expect(history.some((h: { userId: string }) => h.userId === other().id)).toBe(false);
    expect((await get(me(), `/api/AccessHistory/get-paging?userId=${other().id}`)).json().totalRecord).toBe(0);
  });

  it('cannot edit, lock, reissue or delete the other side’s users, nor edit its unit', async () => {
    const body = {
      userName: other().userName,
      fullName: 'Bị sửa',
      unitId: otherUnit(),
      userTypeId: other().userTypeId,
    };
    expect((await put(me(), `/api/OfficalProfile/users/${other().id}`, body)).statusCode).toBe(404);
    expect((await post(me(), `/api/Account/lock-account/${other().id}`, {})).statusCode).toBe(404);
    expect((await post(me(), '/api/Account/reissue-password', { userId: other().id })).statusCode).toBe(404);
    expect(
      (await post(me(), '/api/Account/change-password-user', { userId: other().id, newPassword: 'BiDoi@Langbiang26' }))
        .statusCode,
    ).toBe(404);
    expect((await post(me(), '/api/OfficalProfile/delete-users', [other().id])).statusCode).toBe(404);
    expect((await put(me(), `/api/Unit/units/${otherUnit()}`, { name: 'Bị sửa tên' })).statusCode).toBe(404);
    // Nothing happened to the other side.
    const row = await t.database.db
      .selectFrom('app_user')
      .select(['full_name', 'status', 'deleted_at'])
      .where('id', '=', other().id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
    expect(row.deleted_at).toBeNull();
    expect(row.full_name).not.toBe('Bị sửa');
    expect((await login(t, other().userName, other().password)).statusCode).toBe(200);
  });

  it('cannot create users in, move users to, or import into the other side', async () => {
    const create = await post(me(), '/api/OfficalProfile/users', {
      userName: `xam_nhap_${mine}`,
      fullName: 'Xâm nhập',
      email: `xam_nhap_${mine}@x.example`,
      unitId: otherUnit(),
      userTypeId: colleague[mine].userTypeId,
      password: 'XamNhap@Cauda2026',
    });
    expect(create.statusCode).toBe(403);
    const move = await put(me(), `/api/OfficalProfile/users/${colleague[mine].id}`, {
      userName: colleague[mine].userName,
      fullName: 'Chuyển',
      unitId: otherUnit(),
      userTypeId: colleague[mine].userTypeId,
    });
    expect(move.statusCode).toBe(403);

    const code = await otherUnitCode();
    const rows = [
      // Updating the other side's user by its user name.
      {
        userName: other().userName,
        fullName: 'Bị ghi đè',
        unitId: code,
        userTypeId: 'CAN_BO_SO',
        password: 'GhiDe@Hoa-Mai2026',
      },
      // Creating a user in the other side's unit.
      {
        userName: `nhap_${mine}`,
        fullName: 'Nhập sang',
        email: `nhap_${mine}@x.example`,
        unitId: code,
        userTypeId: 'DOANH_NGHIEP',
        password: 'NhapSang@Bao-Loc26',
      },
    ];
    const res = await post(me(), '/api/OfficalProfile/import-user-from-json', rows);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((r: { isSuccess: boolean }) => r.isSuccess)).toEqual([false, false]);
    // The other side's user (matched by its user name) is out of scope: refused on the owning unit.
    expect(data[0].errors.map((e: { field: string }) => e.field)).toContain('unitId');
    expect(data[1].errors.map((e: { field: string }) => e.field)).toContain('unitId');
    expect(res.json().created + res.json().updated).toBe(0);
    expect(
      await t.database.db.selectFrom('app_user').select('id').where('user_name', '=', `nhap_${mine}`).execute(),
    ).toEqual([]);
  });

  it('the other side’s users stay out of every call of the user area, the trash bin included', async () => {
    const combos = ['/api/OfficalProfile/combobox', '/api/OfficalProfile/get-combobox-offical-profile'];
    for (const url of combos) {
      const withId = `${url}?ids=${encodeURIComponent(JSON.stringify([other().id]))}`;
      expect((await get(me(), withId)).json().map((u: { value: string }) => u.value)).not.toContain(other().id);
    }
    const filtered = (await get(me(), `/api/OfficalProfile/users?unitId=${otherUnit()}`)).json();
    expect(filtered.totalRecord).toBe(0);
    const search = (await get(me(), `/api/OfficalProfile/users?keyWord=${other().userName}`)).json();
    expect(search.pageLists).toEqual([]);

    // A deleted user of the other side: not in the trash bin, not restorable, not purgeable.
    const gone = await createUser(t, { unitId: otherUnit(), permissions: ['User.read'] });
    await t.database.db.updateTable('app_user').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();
    const trash = (await get(me(), '/api/RecycleBin/recycleBins?pageSize=200')).json();
    expect(trash.pageLists.map((r: { id: string }) => r.id)).not.toContain(gone.id);
    const ids = { area: 'OfficalProfile', ids: [gone.id] };
    expect((await post(me(), '/api/RecycleBin/restore', ids)).statusCode).toBe(404);
    expect((await post(me(), '/api/RecycleBin/permanent-delete', ids)).statusCode).toBe(404);
    const row = await t.database.db
      .selectFrom('app_user')
      .select('deleted_at')
      .where('id', '=', gone.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();

    // The import template offers the units of its own side only.
    const template = await get(me(), '/api/OfficalProfile/generateTemplate');
    expect(template.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const cells: unknown[] = [];
    wb.eachSheet((sheet) => sheet.eachRow((r) => cells.push(...(r.values as unknown[]))));
    const unitName = (
      await t.database.db.selectFrom('unit').select('name').where('id', '=', otherUnit()).executeTakeFirstOrThrow()
    ).name;
    expect(cells).not.toContain(unitName);
  });

  it('exports only its own side', async () => {
    const names = await exportedUserNames(me());
    expect(names).toContain(colleague[mine].userName);
    expect(names).not.toContain(other().userName);
  });
});

describe('levels above', () => {
  it('a district user sees the employers located in its commune, not those of another commune', async () => {
    const ids = await listedUserIds(f.districtA);
    expect(ids).toContain(colleague.employerA.id);
    expect(ids).not.toContain(colleague.employerB.id);
    expect(ids).not.toContain(colleague.districtB.id);
  });

  it('the department sees both sides', async () => {
    const ids = await listedUserIds(f.department);
    for (const c of Object.values(colleague)) expect(ids).toContain(c.id);
  });

  it('an employer sees only itself', async () => {
    const ids = await listedUserIds(f.employerA);
    expect(ids).not.toContain(colleague.districtA.id);
    expect(ids).not.toContain(f.department.user.id);
  });
});
