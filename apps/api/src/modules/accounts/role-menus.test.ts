import { describe, expect, it } from 'vitest';
import { defaultTypeMenus, readmeTable, roleMenuTable } from './role-menus.ts';

describe('README: role × menu entry', () => {
  it('matches the seeded default user types and the menu catalogue', async () => {
    // On a difference, run `node apps/api/src/modules/accounts/role-menus.ts` and review the README's diff.
    expect(readmeTable()).toBe(await roleMenuTable());
  });

  it('gives each role its own work: employers no reference lists, settings for administrators only', async () => {
    const menus = await defaultTypeMenus();
    const employer = menus.get('DOANH_NGHIEP')!;
    expect(employer.has('/nguoi-lao-dong/danh-sach')).toBe(true);
    expect(employer.has('/loai-hinh-doanh-nghiep/danh-sach')).toBe(false);
    expect(employer.has('/nguoi-lao-dong/danh-sach-so')).toBe(false);
    for (const [code, paths] of menus) {
      if (code === 'QUAN_TRI') continue;
      expect(paths.has('/chinh-sua-menu'), code).toBe(false);
      expect(paths.has('/cai-dat'), code).toBe(false);
    }
    expect(menus.get('QUAN_TRI')!.has('/chinh-sua-menu')).toBe(true);
  });
});
