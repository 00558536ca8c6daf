import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { exampleTaxCode } from '@portal/domain/businesses/index';
import { caller } from './support/calls.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createBusiness, scopeFixture, sessionWith } from './support/accounts.ts';

/**
 * The employer record (`Bussiness`, a catalogue area over the `business` table): who sees and changes which
 * employer, tax-code and head-count rules, exist checks, the employer's own profile, its accounts.
 * The registry-wide contract suite covers the standard calls, Excel and the trash bin.
 */

const PERMISSIONS = [
  'Bussiness.read',
  'Bussiness.create',
  'Bussiness.update',
  'Bussiness.delete',
  'Bussiness.import',
  'Bussiness.export',
  'User.read',
  'User.create',
  'Account.update',
];

let t: TestApp;
let f: Awaited<ReturnType<typeof scopeFixture>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await scopeFixture(t, PERMISSIONS);
});
afterAll(async () => t?.close());
const call: ReturnType<typeof caller> = (...args) => caller(t)(...args);

function refused(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as {
    error: { code: string; message: string; details: { field?: string; message: string; code?: string }[] };
  };
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}

let seq = 0;
const employer = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    code: exampleTaxCode(`employers-test-${seq}`),
    name: `Công ty TNHH Chế biến Nông sản Đức Trọng ${seq}`,
    wardCode: f.wards[0],
    address: 'Số 12 đường Trần Phú',
    email: `lienhe${seq}@ductrong.example.com`,
    employeeCount: 120,
    femaleCount: 70,
    hazardousCount: 15,
    status: 'active',
    ...over,
  };
};

describe('who sees which employer', () => {
  it('an employer user sees only itself; a commune the employers located in it; the department all', async () => {
    const mine = await call(f.employerA, 'GET', '/api/Bussiness/bussinesses', undefined, { pageSize: '100' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().pageLists.map((b: { id: string }) => b.id)).toEqual([f.businessA.id]);
    refused(await call(f.employerA, 'GET', `/api/Bussiness/bussinesses/${f.businessB.id}`), 404);
    const commune = await call(f.districtA, 'GET', '/api/Bussiness/bussinesses', undefined, { pageSize: '100' });
    const ids = commune.json().pageLists.map((b: { id: string }) => b.id);
    expect(ids).toContain(f.businessA.id);
    expect(ids).not.toContain(f.businessB.id);
    const all = await call(f.department, 'GET', '/api/Bussiness/bussinesses', undefined, {
      keyWord: 'cong ty b',
      pageSize: '100',
    });
    expect(all.json().pageLists.map((b: { id: string }) => b.id)).toContain(f.businessB.id);
    refused(await call(null, 'GET', '/api/Bussiness/bussinesses'), 401);
  });

  it('the employer user’s own profile, with its sectors', async () => {
    const own = await call(f.employerA, 'GET', '/api/Bussiness/my-bussiness');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ id: f.businessA.id, code: f.businessA.code, sectors: [] });
    expect(refused(await call(f.department, 'GET', '/api/Bussiness/my-bussiness'), 404).code).toBe('NOT_AN_EMPLOYER');
  });
});

describe('creating and editing employers', () => {
  it('finds it by an accent-free search, checks code and email on the same existCode path', async () => {
    const input = employer({ name: 'Công ty Cổ phần Thủy điện Đồng Nai Lâm Đồng' });
    const created = await call(f.department, 'POST', '/api/Bussiness/add-bussiness', input);
    expect(created.statusCode, created.body).toBe(201);
    const found = await call(f.department, 'GET', '/api/Bussiness/bussinesses', undefined, {
      keyWord: 'thuy dien dong nai',
    });
    expect(found.json().pageLists.map((b: { id: string }) => b.id)).toEqual([created.json().id]);
    expect(
      (await call(f.department, 'GET', '/api/Bussiness/existCode', undefined, { code: input.code })).json(),
    ).toEqual({ exists: true });
    expect(
      (
        await call(f.department, 'GET', '/api/Bussiness/existCode', undefined, { email: input.email.toUpperCase() })
      ).json(),
    ).toEqual({ exists: true });
    expect(
      (
        await call(f.department, 'GET', '/api/Bussiness/existCode', undefined, {
          email: input.email,
          id: created.json().id,
        })
      ).json(),
    ).toEqual({ exists: false });
    expect(
      (
        await call(f.department, 'GET', '/api/Bussiness/existCode', undefined, { email: 'khong.ai@example.com' })
      ).json(),
    ).toEqual({ exists: false });
    refused(await call(f.department, 'GET', '/api/Bussiness/existCode'), 400);
    // An email may repeat (registry data): checked, never refused.
    expect(
      (await call(f.department, 'POST', '/api/Bussiness/add-bussiness', employer({ email: input.email }))).statusCode,
    ).toBe(201);
  });

  it('refuses a wrong check digit, a malformed code and head counts above the total, naming the fields', async () => {
    const checksum = refused(
      await call(f.department, 'POST', '/api/Bussiness/add-bussiness', employer({ code: '5801234567' })),
      400,
    );
    expect(checksum.details).toEqual([
      expect.objectContaining({ field: 'code', message: 'Mã số thuế không hợp lệ (sai chữ số kiểm tra)' }),
    ]);
    const format = refused(
      await call(f.department, 'POST', '/api/Bussiness/add-bussiness', employer({ code: '58-0123' })),
      400,
    );
    expect(format.details.map((d) => d.field)).toEqual(['code']);
    const counts = refused(
      await call(
        f.department,
        'POST',
        '/api/Bussiness/add-bussiness',
        employer({ employeeCount: 10, femaleCount: 11, hazardousCount: 12 }),
      ),
      400,
    );
    expect(counts.details.map((d) => d.field).sort()).toEqual(['femaleCount', 'hazardousCount']);
    const branch = await call(
      f.department,
      'POST',
      '/api/Bussiness/add-bussiness',
      employer({ code: `${exampleTaxCode('branch-parent')}-001` }),
    );
    expect(branch.statusCode, branch.body).toBe(201);
  });

  it('an employer registered earlier keeps its legacy code when edited', async () => {
    // Test employers are created with random codes, most of them with a wrong check digit.
    const legacy = await createBusiness(t, f.wards[0], 'Công ty Cũ');
    const record = (await call(f.department, 'GET', `/api/Bussiness/bussinesses/${legacy.id}`)).json() as Record<
      string,
      unknown
    >;
    const res = await call(f.department, 'PUT', `/api/Bussiness/update-bussiness/${legacy.id}`, {
      ...record,
      phone: '0263 3812 345',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('creates only where the caller may: the department anywhere, a commune in its own area, never an employer', async () => {
    refused(await call(f.employerA, 'POST', '/api/Bussiness/add-bussiness', employer()), 403);
    refused(await call(f.districtA, 'POST', '/api/Bussiness/add-bussiness', employer({ wardCode: f.wards[1] })), 403);
    const own = await call(f.districtA, 'POST', '/api/Bussiness/add-bussiness', employer());
    const created = own.json() as Record<string, unknown>;
    expect(own.statusCode, own.body).toBe(201);
    // …and cannot move one of its employers to another commune.
    refused(
      await call(f.districtA, 'PUT', `/api/Bussiness/update-bussiness/${String(created.id)}`, {
        ...created,
        wardCode: f.wards[1],
      }),
      403,
    );
  });

  it('an employer edits its contacts and figures, not its tax code or status, and cannot delete itself', async () => {
    const record = (await call(f.employerA, 'GET', `/api/Bussiness/bussinesses/${f.businessA.id}`)).json() as Record<
      string,
      unknown
    >;
    const ok = await call(f.employerA, 'PUT', `/api/Bussiness/update-bussiness/${f.businessA.id}`, {
      ...record,
      phone: '0263 3555 111',
      employeeCount: 40,
      oshOfficerName: 'Trần Minh Tâm',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ phone: '0263 3555 111', oshOfficerName: 'Trần Minh Tâm' });
    const locked = refused(
      await call(f.employerA, 'PUT', `/api/Bussiness/update-bussiness/${f.businessA.id}`, {
        ...(ok.json() as object),
        status: 'inactive',
      }),
      403,
    );
    expect(locked.details.map((d) => d.field)).toEqual(['status']);
    refused(
      await call(f.employerA, 'PUT', `/api/Bussiness/update-bussiness/${f.businessB.id}`, ok.json() as object),
      404,
    );
    expect(
      refused(await call(f.employerA, 'POST', '/api/Bussiness/delete-bussinesses', [f.businessA.id]), 403).code,
    ).toBe('EMPLOYER_CANNOT_DELETE');
    // The employer's unit keeps the employer's name.
    const renamed = await call(f.department, 'PUT', `/api/Bussiness/update-bussiness/${f.businessA.id}`, {
      ...(ok.json() as object),
      name: 'Công ty A Đổi Tên',
      updatedAt: undefined,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const unit = await t.database.db
      .selectFrom('unit')
      .select('name')
      .where('id', '=', f.businessA.unitId)
      .executeTakeFirstOrThrow();
    expect(unit.name).toBe('Công ty A Đổi Tên');
  });

  it('an employer with user accounts cannot be deleted', async () => {
    expect(
      refused(await call(f.department, 'POST', '/api/Bussiness/delete-bussinesses', [f.businessB.id]), 409).code,
    ).toBe('EMPLOYER_HAS_ACCOUNTS');
  });
});

describe('imports keep to the caller’s scope', () => {
  it('an employer updates only itself; a commune cannot pull another commune’s employer into its area', async () => {
    const own = (await call(f.employerA, 'GET', `/api/Bussiness/bussinesses/${f.businessA.id}`)).json() as Record<
      string,
      unknown
    >;
    const rows = [
      { ...own, phone: '0263 3999 000' },
      { ...employer(), code: f.businessB.code },
    ];
    const res = await call(f.employerA, 'POST', '/api/Bussiness/import-bussiness-from-json', rows, { dryRun: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { isSuccess: boolean; action: string | null }) => [r.isSuccess, r.action])).toEqual([
      [true, 'update'],
      [false, null],
    ]);
    const commune = await call(
      f.districtA,
      'POST',
      '/api/Bussiness/import-bussiness-from-json',
      [{ ...employer(), code: f.businessB.code, wardCode: f.wards[0] }],
      { dryRun: 'true' },
    );
    expect(commune.json().data[0]).toMatchObject({ isSuccess: false });
    expect(commune.json().data[0].errors[0].field).toBe('wardCode');
  });
});

describe('accounts of an employer', () => {
  it('the department creates an account in the employer’s unit and activates employer accounts in bulk', async () => {
    const target = (await call(f.department, 'POST', '/api/Bussiness/add-bussiness', employer())).json();
    refused(await call(f.employerA, 'GET', `/api/Bussiness/list-account/${target.id}`), 404);
    // The employers' default type holds rights this test officer lacks: identity's rule refuses giving it.
    expect(
      refused(
        await call(f.department, 'POST', `/api/Bussiness/add-account/${target.id}`, {
          userName: `dn.${seq}.x`,
          fullName: 'Phạm Thị Thu',
          email: `x${seq}@example.com`,
        }),
        403,
      ).code,
    ).toBe('USER_TYPE_NOT_ASSIGNABLE');
    const admin = await sessionWith(t, { role: 'admin' });
    const invited = await call(admin, 'POST', `/api/Bussiness/add-account/${target.id}`, {
      userName: `dn.${seq}.ketoan`,
      fullName: 'Phạm Thị Thu',
      email: `ketoan${seq}@example.com`,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const accounts = await call(admin, 'GET', `/api/Bussiness/list-account/${target.id}`);
    expect(accounts.json().pageLists).toEqual([
      expect.objectContaining({ id: invited.json().id, status: 'inactive', unitKind: 'employer' }),
    ]);
    const unit = await t.database.db
      .selectFrom('unit')
      .select(['kind', 'code', 'name'])
      .where('business_id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(unit).toEqual({ kind: 'employer', code: target.code, name: target.name });
    const activated = await call(admin, 'POST', '/api/Account/active-bussiness-accounts', [invited.json().id]);
    expect(activated.json().activated).toEqual([invited.json().id]);
    refused(
      await call(f.department, 'POST', `/api/Bussiness/add-account/${target.id}`, { userName: 'x', fullName: '' }),
      400,
    );
  });

  it('an employer adds a colleague to its own employer only', async () => {
    const ok = await call(f.employerA, 'POST', `/api/Bussiness/add-account/${f.businessA.id}`, {
      userName: `dn.a.${seq}.nhansu`,
      fullName: 'Đỗ Văn Nam',
      password: 'Nhan-su#2026x',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    refused(
      await call(f.employerA, 'POST', `/api/Bussiness/add-account/${f.businessB.id}`, {
        userName: `dn.b.${seq}.x`,
        fullName: 'Không được',
      }),
      404,
    );
    const admin = await sessionWith(t, { role: 'admin' });
    expect(
      (await call(admin, 'GET', `/api/Bussiness/list-account/${f.businessA.id}`)).json().totalRecord,
    ).toBeGreaterThanOrEqual(2);
  });
});
