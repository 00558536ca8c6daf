import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@portal/domain/menu';
import {
  applyDrop,
  flatten,
  moveNode,
  possibleMoves,
  projectDrop,
  toArranged,
  toEditorTree,
  type EditorNode,
} from './menu-tree.ts';

const catalogue: MenuNode[] = [
  {
    key: 'a',
    titleKey: 'A',
    children: [
      { path: '/a1', permission: 'A.read' },
      { path: '/a2', permission: 'A.read' },
    ],
  },
  {
    key: 'b',
    titleKey: 'B',
    children: [
      { path: '/b1', permission: 'B.read' },
      { path: '/hidden', permission: 'B.read' },
    ],
  },
  { key: 'empty', titleKey: 'E', children: [{ path: '/none', permission: 'E.read' }] },
  { path: '/top', permission: 'authenticated' },
];
const tree = (): EditorNode[] =>
  toEditorTree(
    catalogue,
    (l) => !['/hidden', '/none'].includes(l.path),
    (l) => `t:${l.path}`,
  );
const shape = (nodes: EditorNode[]): unknown[] =>
  nodes.map((n) => (n.kind === 'group' ? { [n.key]: shape(n.children) } : n.key));

describe('editor tree', () => {
  it('keeps visible entries and non-empty groups', () => {
    expect(shape(tree())).toEqual([{ a: ['/a1', '/a2'] }, { b: ['/b1'] }, '/top']);
    expect(toArranged(tree())).toEqual([
      { key: 'a', children: [{ key: '/a1' }, { key: '/a2' }] },
      { key: 'b', children: [{ key: '/b1' }] },
      { key: '/top' },
    ]);
  });

  it('moves up, down, into the group above and out of a group', () => {
    let t = tree();
    expect(possibleMoves(t, '/a1')).toEqual({ up: false, down: true, indent: false, outdent: true });
    t = moveNode(t, '/a1', 'down');
    expect(shape(t)).toEqual([{ a: ['/a2', '/a1'] }, { b: ['/b1'] }, '/top']);
    t = moveNode(t, '/top', 'indent');
    expect(shape(t)).toEqual([{ a: ['/a2', '/a1'] }, { b: ['/b1', '/top'] }]);
    t = moveNode(t, '/a1', 'outdent');
    expect(shape(t)).toEqual([{ a: ['/a2'] }, '/a1', { b: ['/b1', '/top'] }]);
    t = moveNode(t, 'b', 'up');
    expect(shape(t)).toEqual([{ a: ['/a2'] }, { b: ['/b1', '/top'] }, '/a1']);
    // Entries cannot hold children; an impossible move changes nothing.
    expect(possibleMoves(t, '/a1').indent).toBe(true);
    expect(shape(moveNode(t, 'a', 'up'))).toEqual(shape(t));
  });
});

describe('drag and drop', () => {
  it('projects a depth bounded by the neighbours', () => {
    const items = flatten(tree());
    // Dragging /top up over /b1 and to the right: inside group b.
    expect(projectDrop(items, '/top', '/b1', 40, 24)).toEqual({ depth: 1, parentKey: 'b' });
    // Dragging /top over /b1 far left: it would orphan /b1 below it, so it stays one level deep.
    expect(projectDrop(items, '/top', '/b1', -100, 24)?.depth).toBe(1);
    // Dragging /a1 to the far left at the end: top level.
    expect(projectDrop(items, '/a1', '/top', -100, 24)).toEqual({ depth: 0, parentKey: null });
    // A leaf never becomes a parent: /a2 after /top cannot go deeper than /top.
    expect(projectDrop(items, '/a2', '/top', 200, 24)).toEqual({ depth: 0, parentKey: null });
  });

  it('applies a drop and carries a group with its entries', () => {
    let t = tree();
    const items = flatten(t);
    t = applyDrop(t, '/top', 'a', projectDrop(items, '/top', 'a', 0, 24)!);
    expect(shape(t)).toEqual(['/top', { a: ['/a1', '/a2'] }, { b: ['/b1'] }]);
    const flat = flatten(t);
    const visible = flat.filter((i) => i.parentKey !== 'b');
    const p = projectDrop(visible, 'b', '/top', 0, 24)!;
    t = applyDrop(t, 'b', '/top', p);
    expect(shape(t)).toEqual([{ b: ['/b1'] }, '/top', { a: ['/a1', '/a2'] }]);
  });
});
