import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, type As } from './support/calls.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { scopeFixture } from './support/accounts.ts';

/**
 * The trash bin beyond the catalogue: records the domains keep themselves (official documents, units, …) land
 * there when deleted, for whoever may delete them within their scope; restore brings them back to their lists,
 * permanent delete removes them. Another employer never sees, restores or purges them.
 */
const PERMISSIONS = [
  'RecycleBin.read',
  'RecycleBin.delete',
  'OfficialDocument.read',
  'OfficialDocument.create',
  'OfficialDocument.delete',
  'Unit.read',
  'Unit.create',
  'Unit.delete',
];

let t: TestApp;
let f: Awaited<ReturnType<typeof scopeFixture>>;
beforeAll(async () => {
  t = await createTestApp();
  f = await scopeFixture(t, PERMISSIONS);
});
afterAll(async () => t?.close());
const call: ReturnType<typeof caller> = (...args) => caller(t)(...args);

async function trash(who: As, area: string) {
  const res = await call(who, 'GET', '/api/RecycleBin/recycleBins', undefined, { area, pageSize: '200' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    pageLists: { id: string; area: string; titleKey: string; name: string; code: string | null }[];
  };
}

describe('trash bin: records the domains keep themselves', () => {
  it("an employer's deleted document: in its trash bin only, restored to its list, then deleted for good", async () => {
    const sent = await call(f.employerA, 'POST', '/api/OfficialDocument/officialDocuments', {
      number: '27/BC-TRASH',
      documentType: 'report',
      issuedOn: '2026-03-02',
      subject: 'Báo cáo tai nạn lao động quý I',
      signer: 'Nguyễn Văn Bình',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().id as string;
    const outgoing = async () =>
      (await call(f.employerA, 'GET', '/api/OfficialDocument/officialDocuments', undefined, { box: 'outgoing' })).json()
        .pageLists as { id: string }[];

    expect((await call(f.employerA, 'POST', '/api/OfficialDocument/delete-official-documents', [id])).statusCode).toBe(
      200,
    );
    expect((await outgoing()).map((d) => d.id)).not.toContain(id);

    // The area is offered in the trash bin's filter, and the record found there, by an accent-free keyword too.
    const areas = (await call(f.employerA, 'GET', '/api/RecycleBin/areas')).json() as { area: string }[];
    expect(areas.map((a) => a.area)).toContain('OfficialDocument');
    const mine = await trash(f.employerA, 'OfficialDocument');
    expect(mine.pageLists.find((r) => r.id === id)).toMatchObject({
      area: 'OfficialDocument',
      titleKey: 'catalog:trash.areas.OfficialDocument',
      name: 'Báo cáo tai nạn lao động quý I',
      code: '27/BC-TRASH',
    });
    const found = await call(f.employerA, 'GET', '/api/RecycleBin/recycleBins', undefined, {
      keyWord: 'bao cao tai nan',
    });
    expect(found.json().pageLists.map((r: { id: string }) => r.id)).toContain(id);

    // Another employer: not listed, not restorable, not purgeable (it looks absent).
    expect((await trash(f.employerB, 'OfficialDocument')).pageLists.map((r) => r.id)).not.toContain(id);
    const foreign = await call(f.employerB, 'POST', '/api/RecycleBin/restore', { area: 'OfficialDocument', ids: [id] });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    expect(
      (await call(f.employerB, 'POST', '/api/RecycleBin/permanent-delete', { area: 'OfficialDocument', ids: [id] }))
        .statusCode,
    ).toBe(404);

    // Restored: back in the employer's list, gone from the trash bin.
    const restored = await call(f.employerA, 'POST', '/api/RecycleBin/restore', {
      area: 'OfficialDocument',
      ids: [id],
    });
    expect(restored.json()).toEqual({ restored: 1 });
    expect((await outgoing()).map((d) => d.id)).toContain(id);
    expect((await trash(f.employerA, 'OfficialDocument')).pageLists.map((r) => r.id)).not.toContain(id);

    // Deleted again, then for good: neither in the list nor in the trash bin, and a second purge finds nothing.
    await call(f.employerA, 'POST', '/api/OfficialDocument/delete-official-documents', [id]);
    const purged = await call(f.employerA, 'POST', '/api/RecycleBin/permanent-delete', {
      area: 'OfficialDocument',
      ids: [id],
    });
    expect(purged.json()).toEqual({ purged: 1 });
    expect((await trash(f.employerA, 'OfficialDocument')).pageLists.map((r) => r.id)).not.toContain(id);
    expect(
      (await call(f.employerA, 'POST', '/api/RecycleBin/permanent-delete', { area: 'OfficialDocument', ids: [id] }))
        .statusCode,
    ).toBe(404);
    const row = await t.database.db
      .selectFrom('official_document')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('a deleted unit is restored from the trash bin by the department; a user without the permission is refused', async () => {
    const code = `TRASH-${Date.now()}`;
    const created = await call(f.department, 'POST', '/api/Unit/units', {
      kind: 'service_centre',
      code,
      name: 'Trung tâm Dịch vụ việc làm thử',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await call(f.department, 'POST', '/api/Unit/delete-units', [id])).statusCode).toBe(200);
    expect((await trash(f.department, 'Unit')).pageLists.map((r) => r.id)).toContain(id);
    // The employer holds Unit.delete for its own units only: someone else's unit is not its to restore.
    expect((await trash(f.employerA, 'Unit')).pageLists.map((r) => r.id)).not.toContain(id);
    expect((await call(f.department, 'POST', '/api/RecycleBin/restore', { area: 'Unit', ids: [id] })).json()).toEqual({
      restored: 1,
    });
    const unit = await call(f.department, 'GET', `/api/Unit/units/${id}`);
    expect(unit.statusCode, unit.body).toBe(200);
  });
});
