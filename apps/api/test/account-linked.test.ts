import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRegistry } from '../src/catalog/registry.ts';
import { api, createCatalogTestApp, token, type CatalogTestApp } from './catalog.fixtures.ts';

/**
 * Linked accounts (spec §7 AccountLinked: accountLinkeds, delete-account-linked, import-account-linked-json), each
 * with its affiliated unit and user type; listed at /tai-khoan-khai-thac/danh-sach.
 */
let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(async () => t?.close());

describe('AccountLinked', () => {
  it('imports, lists with the affiliated unit and user type, and deletes at the spec paths', async () => {
    const units = catalogRegistry.get('affiliatedUnit');
    const tag = token();
    const unit = await t.request({
      method: 'POST',
      url: api(units, units.paths.create),
      headers: t.as('department'),
      payload: { code: `BHXH-${tag}`, name: `Bảo hiểm xã hội tỉnh ${tag}`, active: true },
    });
    expect(unit.statusCode, unit.body).toBeLessThan(300);
    const unitId = unit.json().id as string;
    const account = {
      userName: `bhxh.${tag.toLowerCase()}`,
      fullName: `Hệ thống BHXH ${tag}`,
      affiliatedUnitId: unitId,
      userTypeId: t.lookups.userType,
      email: `bhxh.${tag.toLowerCase()}@example.com`,
      active: true,
    };

    const imported = await t.request({
      method: 'POST',
      url: '/api/AccountLinked/import-account-linked-json',
      headers: t.as('department'),
      payload: [
        account,
        // No affiliated unit: refused beside its field, nothing stored.
        { userName: `thieu.${tag.toLowerCase()}`, fullName: 'Thiếu đơn vị', userTypeId: t.lookups.userType },
      ],
      query: { dryRun: 'true' },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const verdicts = imported.json().data as Array<{ isSuccess: boolean; errors?: Array<{ field: string }> }>;
    expect(verdicts[0]!.isSuccess).toBe(true);
    expect(verdicts[1]!.isSuccess).toBe(false);
    expect(verdicts[1]!.errors?.map((e) => e.field)).toContain('affiliatedUnitId');

    const stored = await t.request({
      method: 'POST',
      url: '/api/AccountLinked/import-account-linked-json',
      headers: t.as('department'),
      payload: [account],
    });
    expect(stored.statusCode, stored.body).toBe(200);

    const list = await t.request({
      url: '/api/AccountLinked/accountLinkeds',
      query: { keyWord: tag },
      headers: t.as('department'),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().totalRecord).toBe(1);
    const row = list.json().pageLists[0] as { id: string; affiliatedUnitId: string; affiliatedUnitName: string };
    expect(row).toMatchObject({
      affiliatedUnitId: unitId,
      affiliatedUnitName: `Bảo hiểm xã hội tỉnh ${tag}`,
      userTypeId: t.lookups.userType,
    });

    expect((await t.request({ url: '/api/AccountLinked/accountLinkeds', headers: t.as('nobody') })).statusCode).toBe(
      401,
    );
    const removed = await t.request({
      method: 'POST',
      url: '/api/AccountLinked/delete-account-linked',
      headers: t.as('department'),
      payload: [row.id],
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const after = await t.request({
      url: '/api/AccountLinked/accountLinkeds',
      query: { keyWord: tag },
      headers: t.as('department'),
    });
    expect(after.json().totalRecord).toBe(0);
  });
});
