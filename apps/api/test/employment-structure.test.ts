import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_UNITS } from '../src/modules/accounts/seed.ts';
import { CENTRE_STRUCTURE, employmentStructureDemoStep } from '../src/modules/employment/seed-structure.ts';
import { signIn, type Session } from './support/accounts.ts';
import { createTestApp, demoSeedContext, type TestApp } from './support/app.ts';

/**
 * The employment service centre's organisation structure (`/dich-vu-viec-lam/co-cau-to-chuc`): the demo centre's
 * tree, kept by the centre, read by the department, closed to employers and communes.
 */
let t: TestApp;
let centre: Session;
let centreUnit = '';
const API = '/api/EmploymentCentreUnit';
const BOARD = `${DEMO_UNITS.serviceCentre.code}-BGD`;

type Node = { id: string; code: string; name: string; hasChildren: boolean };

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
  centre = await signIn(t, { userName: 'ttdvvl', password: DEMO_PASSWORD });
  centreUnit = (
    await sql<{ id: string }>`select id from unit where code = ${DEMO_UNITS.serviceCentre.code}`.execute(t.database.db)
  ).rows[0]!.id;
});
afterAll(async () => t?.close());

const count = async () =>
  (
    await sql<{ n: number }>`select count(*)::int as n from employment_centre_unit
      where deleted_at is null and unit_id = ${centreUnit}`.execute(t.database.db)
  ).rows[0]!.n;

describe("the service centre's organisation structure", () => {
  it('is seeded for the demo centre, once', async () => {
    expect(await count()).toBe(CENTRE_STRUCTURE.length);
    await employmentStructureDemoStep.run(demoSeedContext(t));
    expect(await count()).toBe(CENTRE_STRUCTURE.length);
  });

  it('shows the centre its tree: the board at the root, its divisions, floor and branches under it', async () => {
    const roots = await t.request({ url: `${API}/get-treeview-root`, headers: centre.headers });
    expect(roots.statusCode, roots.body).toBe(200);
    const board = (roots.json() as Node[]).find((n) => n.code === BOARD);
    expect(board).toMatchObject({ name: 'Ban Giám đốc', hasChildren: true });
    const children = await t.request({
      url: `${API}/get-treeview-childRen`,
      query: { parentId: board!.id },
      headers: centre.headers,
    });
    expect(children.statusCode, children.body).toBe(200);
    const names = (children.json() as Node[]).map((n) => n.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Phòng Hành chính - Tổng hợp',
        'Phòng Tư vấn, giới thiệu việc làm',
        'Phòng Bảo hiểm thất nghiệp',
        'Phòng Thông tin thị trường lao động',
        'Sàn giao dịch việc làm Đà Lạt',
        'Chi nhánh Bảo Lộc',
        'Chi nhánh Đức Trọng',
      ]),
    );
    // A service point hangs under its branch.
    const baoLoc = (children.json() as Node[]).find((n) => n.name === 'Chi nhánh Bảo Lộc')!;
    expect(baoLoc.hasChildren).toBe(true);
  });

  it('lets the centre add a branch under the board', async () => {
    const board = (
      await sql<{ id: string }>`select id from employment_centre_unit where code = ${BOARD}`.execute(t.database.db)
    ).rows[0]!.id;
    const body = {
      code: 'TTDVVL-CN-LH',
      name: 'Chi nhánh Lâm Hà',
      parentId: board,
      unitId: centreUnit,
      kind: 'branch',
      head: 'Bùi Văn Khánh',
      position: 'Giám đốc Chi nhánh',
      phone: '0263 3850 770',
      email: 'lamha@vieclamlamdong.demo.example',
      adminUnitId: '2025:24868',
      staffCount: 5,
    };
    const made = await t.request({
      method: 'POST',
      url: `${API}/employmentCentreUnits`,
      headers: centre.headers,
      payload: body,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      parentId: board,
      parentName: 'Ban Giám đốc',
      kind: 'branch',
      unitId: centreUnit,
    });

    const opened = await t.request({ url: `${API}/employmentCentreUnits/${made.json().id}`, headers: centre.headers });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ name: 'Chi nhánh Lâm Hà', adminUnitId: '2025:24868', staffCount: 5 });
  });

  it('is read by the department, refused to employers and communes', async () => {
    const department = await signIn(t, { userName: 'canbo.so', password: DEMO_PASSWORD });
    const all = await t.request({
      url: `${API}/employmentCentreUnits?pageNumber=1&pageSize=50`,
      headers: department.headers,
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().totalRecord).toBe(CENTRE_STRUCTURE.length + 1);

    for (const userName of ['dn.caudatxanh', 'canbo.xuanhuong']) {
      const other = await signIn(t, { userName, password: DEMO_PASSWORD });
      const list = await t.request({ url: `${API}/employmentCentreUnits`, headers: other.headers });
      expect(list.statusCode, `${userName}: ${list.body}`).toBe(403);
      const tree = await t.request({ url: `${API}/get-treeview-root`, headers: other.headers });
      expect(tree.statusCode).toBe(403);
      const write = await t.request({
        method: 'POST',
        url: `${API}/employmentCentreUnits`,
        headers: other.headers,
        payload: { code: `X-${userName}`, name: 'Phòng thử', unitId: centreUnit, kind: 'division' },
      });
      expect(write.statusCode).toBe(403);
    }
  });
});
