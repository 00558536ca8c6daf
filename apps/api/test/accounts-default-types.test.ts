import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { catalogRegistry } from '../src/catalog/registry.ts';
import { CENTRE_OWN_SUBJECTS } from '../src/modules/accounts/seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// Province-wide reference lists are kept by the department: no other default user type may change them. The
// service centre's own province-wide records (its job exchange sessions) are not reference lists.
it('only department types may change province-wide reference lists', async () => {
  const types = await t.database.db.selectFrom('user_type').select(['code', 'unit_kind', 'permissions']).execute();
  const global = catalogRegistry.all
    .filter((c) => c.declaration.scope === 'global' && !CENTRE_OWN_SUBJECTS.includes(c.subject))
    .map((c) => c.subject);
  expect(global).toEqual(expect.arrayContaining(['BussinessType', 'BussinessSector', 'InjuryReason']));
  for (const type of types.filter((x) => x.unit_kind !== 'department')) {
    const granted = (type.permissions as unknown as string[]).filter((p) =>
      global.includes(p.slice(0, p.lastIndexOf('.'))),
    );
    expect(
      granted.every((p) => p.endsWith('.read')),
      `${type.code}: ${granted.join(', ')}`,
    ).toBe(true);
  }
  const centre = types.find((x) => x.unit_kind === 'service_centre')!;
  expect(centre.permissions as unknown as string[]).toContain('JobFair.create');
  const officer = types.find(
    (x) =>
      x.code !== 'QUAN_TRI' &&
      x.unit_kind === 'department' &&
      (x.permissions as unknown as string[]).includes('BussinessType.update'),
  );
  expect(officer).toBeDefined();
});

it('department officers restore from the trash bin; deleting for good stays the administrator’s', async () => {
  const officer = await t.database.db
    .selectFrom('user_type')
    .select('permissions')
    .where('code', '=', 'CAN_BO_SO')
    .executeTakeFirstOrThrow();
  const granted = officer.permissions as unknown as string[];
  expect(granted).toContain('RecycleBin.read');
  expect(granted).not.toContain('RecycleBin.delete');
});
