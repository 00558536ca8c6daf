import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@portal/domain/menu';
import { activeMenuPath } from './menu.ts';

const menu: MenuNode[] = [
  {
    key: 'users',
    titleKey: 'U',
    children: [
      { path: '/nguoi-dung/danh-sach', permission: 'User.read' },
      { path: '/nguoi-dung/kieu-nguoi-dung/danh-sach', permission: 'UserType.read' },
    ],
  },
  { key: 'system', titleKey: 'S', children: [{ path: '/chinh-sua-menu', permission: 'Menu.update' }] },
];

describe('active menu entry', () => {
  it('exact path first, then an entry the path starts with, then the same area', () => {
    expect(activeMenuPath(menu, '/nguoi-dung/danh-sach')).toEqual({
      path: '/nguoi-dung/danh-sach',
      ancestors: ['users'],
    });
    expect(activeMenuPath(menu, '/chinh-sua-menu/keo-tha')?.path).toBe('/chinh-sua-menu');
    expect(activeMenuPath(menu, '/nguoi-dung/chinh-sua/42')?.path).toBe('/nguoi-dung/danh-sach');
    expect(activeMenuPath(menu, '/nguoi-dung/kieu-nguoi-dung/chinh-sua/7')?.path).toBe(
      '/nguoi-dung/kieu-nguoi-dung/danh-sach',
    );
    expect(activeMenuPath(menu, '/trang-chu')).toBeNull();
  });
});
