import { describe, expect, it } from 'vitest';
import {
  applyArrangement,
  filterMenu,
  isMenuGroup,
  isMenuScope,
  leafPermitted,
  menuCatalogue,
  menuKey,
  registerMenuItems,
  scopesFor,
  toArrangement,
  type MenuNode,
} from './menu.ts';
import { isGrantable } from './permissions.ts';

const tree: MenuNode[] = [
  {
    key: 'a',
    titleKey: 'A',
    children: [
      { path: '/a1', permission: 'A.read' },
      { path: '/a2', permission: 'A.read' },
    ],
  },
  { key: 'b', titleKey: 'B', children: [{ path: '/b1', permission: 'B.read' }] },
  { path: '/top', permission: 'authenticated' },
];

const keys = (nodes: MenuNode[]): unknown[] =>
  nodes.map((n) => (isMenuGroup(n) ? { [n.key]: keys(n.children) } : menuKey(n)));

describe('menu catalogue', () => {
  it('keys are unique and leaves are static paths with valid permissions', () => {
    const seen = new Set<string>();
    const walk = (nodes: MenuNode[]) => {
      for (const n of nodes) {
        const key = menuKey(n);
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
        if (isMenuGroup(n)) {
          expect(n.titleKey).toMatch(/^shell:menu\.groups\./);
          walk(n.children);
        } else {
          expect(n.path).toMatch(/^\/[^:]*$/);
          expect(n.permission === 'authenticated' || /^[A-Z]\w*\.[a-z]\w*$/.test(n.permission)).toBe(true);
        }
      }
    };
    walk(menuCatalogue());
    expect(seen.has('/cai-dat')).toBe(true);
    expect(seen.has('/chinh-sua-menu')).toBe(true);
  });

  it('registers the settings permissions in the permission catalogue', () => {
    expect(isGrantable('Configuration.read')).toBe(true);
    expect(isGrantable('Configuration.update')).toBe(true);
    expect(isGrantable('Menu.update')).toBe(true);
  });

  it('an area registration replaces the listed entry with the same path', () => {
    registerMenuItems('businesses', { path: '/doanh-nghiep/danh-sach', permission: 'Business.read', order: 1 });
    const businesses = menuCatalogue().find((n) => isMenuGroup(n) && n.key === 'businesses');
    const all = JSON.stringify(menuCatalogue());
    expect(all.split('"/doanh-nghiep/danh-sach"').length).toBe(2);
    expect(isMenuGroup(businesses!) && businesses.children[0]).toMatchObject({ permission: 'Business.read' });
    expect(() => registerMenuItems('nope', { path: '/x', permission: 'X.read' })).toThrow(/Unknown menu group/);
    expect(() => registerMenuItems('system', { path: '/x/:id', permission: 'X.read' })).toThrow(/static/);
  });
});

describe('arrangement', () => {
  it('the catalogue arrangement gives the catalogue back', () => {
    expect(keys(applyArrangement(tree, toArrangement(tree)))).toEqual(keys(tree));
    expect(keys(applyArrangement(tree, []))).toEqual(keys(tree));
  });

  it('reorders and nests', () => {
    const arranged = applyArrangement(tree, [
      { key: '/top' },
      { key: 'b', children: [{ key: '/a2' }, { key: '/b1' }, { key: 'a', children: [{ key: '/a1' }] }] },
    ]);
    expect(keys(arranged)).toEqual(['/top', { b: ['/a2', '/b1', { a: ['/a1'] }] }]);
  });

  it('drops unknown keys and duplicates, and ignores children under a leaf', () => {
    const arranged = applyArrangement(tree, [
      { key: '/gone' },
      { key: '/top', children: [{ key: '/a1' }] },
      { key: '/top' },
    ]);
    expect(keys(arranged)).toEqual(['/top', { a: ['/a1', '/a2'] }, { b: ['/b1'] }]);
  });

  it('entries added since the arrangement keep their catalogue group', () => {
    const arranged = applyArrangement(tree, [
      { key: 'b', children: [{ key: '/b1' }] },
      { key: 'a', children: [{ key: '/a2' }] },
    ]);
    expect(keys(arranged)).toEqual([{ b: ['/b1'] }, { a: ['/a2', '/a1'] }, '/top']);
  });

  it('does not change the catalogue it is given', () => {
    const before = JSON.stringify(tree);
    applyArrangement(tree, [{ key: 'b', children: [{ key: '/a1' }] }]);
    expect(JSON.stringify(tree)).toBe(before);
  });
});

describe('filtering', () => {
  it('keeps permitted leaves and non-empty groups', () => {
    const filtered = filterMenu(tree, (l) => l.permission !== 'A.read');
    expect(keys(filtered)).toEqual([{ b: ['/b1'] }, '/top']);
  });

  it('known permissions are checked; unknown ones are left to the web; anonymous sees nothing', () => {
    const none = () => false;
    expect(leafPermitted({ path: '/cai-dat', permission: 'Configuration.read' }, none, true)).toBe(false);
    expect(leafPermitted({ path: '/cai-dat', permission: 'Configuration.read' }, () => true, true)).toBe(true);
    expect(leafPermitted({ path: '/x', permission: 'NotBuiltYet.read' }, none, true)).toBe(true);
    expect(leafPermitted({ path: '/x', permission: 'NotBuiltYet.read' }, none, false)).toBe(false);
    expect(leafPermitted({ path: '/tin-nhan', permission: 'authenticated' }, none, true)).toBe(true);
  });
});

describe('scopes', () => {
  it('most specific first', () => {
    expect(scopesFor('admin', null)).toEqual(['admin', 'default']);
    const id = '0b6f3c0e-3f4a-4c1e-9d51-6c1f9a6d7e21';
    expect(scopesFor('client', id)).toEqual([`userType:${id}`, 'default']);
    expect(isMenuScope(`userType:${id}`)).toBe(true);
    expect(isMenuScope('userType:1; drop')).toBe(false);
  });
});
