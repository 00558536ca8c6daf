import { describe, expect, it } from 'vitest';
import { BUSINESS_PAGES } from '../businesses/pages.ts';
import accountLinked from './areas/account-linked.ts';
import bussiness from './areas/bussiness.ts';
import indexEquipment from './areas/index-equipment.ts';
import { resolveCatalog } from './resolve.ts';

/** Pages the specification names at its own slugs, whatever other spellings also open them. */
describe("the specification's own slugs", () => {
  it('employers: create, profile, update and import under /doanh-nghiep', () => {
    const routes = resolveCatalog(bussiness).pages[0]!.routes;
    expect(routes.create).toBe('/doanh-nghiep/them-doanh-nghiep');
    expect(routes.edit).toBe('/doanh-nghiep/cap-nhat-doanh-nghiep/{id}');
    expect(routes.import).toBe('/doanh-nghiep/them-tu-file-danh-sach-doanh-nghiẹp');
    expect(BUSINESS_PAGES.profile).toBe('/doanh-nghiep/thong-tin-doanh-nghiep');
    // Earlier releases' root spellings still open the same pages.
    expect(routes.aliases).toMatchObject({ create: '/them-doanh-nghiep', edit: '/cap-nhat-doanh-nghiep/{id}' });
  });

  it("the news portal's inspected-equipment list and its import", () => {
    const routes = resolveCatalog(indexEquipment).pages[0]!.routes;
    expect(routes.aliases).toMatchObject({
      list: '/tin-tuc/thiet-bi-kiem/danh-sach',
      import: '/tin-tuc/thiet-bi-kiem/them-tu-tep',
    });
  });

  it('linked accounts at /tai-khoan-khai-thac, with the call names of AccountLinked', () => {
    const c = resolveCatalog(accountLinked);
    expect(c.pages[0]!.routes.list).toBe('/tai-khoan-khai-thac/danh-sach');
    expect(c.paths).toMatchObject({ delete: 'delete-account-linked', import: 'import-account-linked-json' });
    expect(c.mount).toBe('AccountLinked');
  });
});
