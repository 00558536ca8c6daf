import {
  isMenuGroup,
  menuKey,
  type ArrangedNode,
  type MenuIcon,
  type MenuLeaf,
  type MenuNode,
} from '@portal/domain/menu';

/**
 * The menu editor's model: a tree of groups and entries, edited by keyboard (move up/down, indent, outdent) on
 * /chinh-sua-menu and by dragging on /chinh-sua-menu/keo-tha. Only groups hold children. Pure functions,
 * tested in menu-tree.test.ts.
 */
export interface EditorNode {
  key: string;
  kind: 'group' | 'leaf';
  titleKey: string;
  icon?: MenuIcon;
  path?: string;
  children: EditorNode[];
}

/** Catalogue → editor tree, keeping the entries `visible` accepts and the groups left with some. */
export function toEditorTree(
  nodes: readonly MenuNode[],
  visible: (leaf: MenuLeaf) => boolean,
  leafTitle: (leaf: MenuLeaf) => string,
): EditorNode[] {
  const out: EditorNode[] = [];
  for (const n of nodes) {
    if (isMenuGroup(n)) {
      const children = toEditorTree(n.children, visible, leafTitle);
      if (children.length)
        out.push({ key: n.key, kind: 'group', titleKey: n.titleKey, ...(n.icon ? { icon: n.icon } : {}), children });
    } else if (visible(n)) {
      out.push({ key: menuKey(n), kind: 'leaf', titleKey: leafTitle(n), path: n.path, children: [] });
    }
  }
  return out;
}

export function toArranged(nodes: readonly EditorNode[]): ArrangedNode[] {
  return nodes.map((n) => (n.kind === 'group' ? { key: n.key, children: toArranged(n.children) } : { key: n.key }));
}

/** Where a key sits: its sibling list and index. */
function locate(
  tree: EditorNode[],
  key: string,
  parent: EditorNode | null = null,
): { list: EditorNode[]; index: number; parent: EditorNode | null } | null {
  const index = tree.findIndex((n) => n.key === key);
  if (index >= 0) return { list: tree, index, parent };
  for (const n of tree) {
    const found = locate(n.children, key, n);
    if (found) return found;
  }
  return null;
}

const clone = (tree: readonly EditorNode[]): EditorNode[] => structuredClone(tree) as EditorNode[];

export type Move = 'up' | 'down' | 'indent' | 'outdent';

/** Which moves are possible for a node (buttons are disabled otherwise). */
export function possibleMoves(tree: EditorNode[], key: string): Record<Move, boolean> {
  const at = locate(tree, key);
  if (!at) return { up: false, down: false, indent: false, outdent: false };
  const previous = at.list[at.index - 1];
  return {
    up: at.index > 0,
    down: at.index < at.list.length - 1,
    indent: previous?.kind === 'group',
    outdent: at.parent !== null,
  };
}

/**
 * up/down: swap with the neighbouring sibling; indent: become the last child of the group just above;
 * outdent: leave the group, placed right after it. Returns a new tree (unchanged when the move is impossible).
 */
export function moveNode(tree: readonly EditorNode[], key: string, move: Move): EditorNode[] {
  const next = clone(tree);
  const at = locate(next, key);
  if (!at || !possibleMoves(next, key)[move]) return next;
  const [node] = at.list.splice(at.index, 1) as [EditorNode];
  if (move === 'up') at.list.splice(at.index - 1, 0, node);
  else if (move === 'down') at.list.splice(at.index + 1, 0, node);
  else if (move === 'indent') at.list[at.index - 1]!.children.push(node);
  else {
    const parentAt = locate(next, at.parent!.key)!;
    parentAt.list.splice(parentAt.index + 1, 0, node);
  }
  return next;
}

// ---------------------------------------------------------------------------------------------------------------
// Drag and drop: the tree as a flat list with depths; the horizontal drag offset chooses the depth.

export interface FlatItem {
  key: string;
  parentKey: string | null;
  depth: number;
  node: EditorNode;
}

export function flatten(tree: readonly EditorNode[], parentKey: string | null = null, depth = 0): FlatItem[] {
  return tree.flatMap((node) => [
    { key: node.key, parentKey, depth, node },
    ...flatten(node.children, node.key, depth + 1),
  ]);
}

/** Flat items (in order, with parents) → tree. */
export function buildTree(items: readonly FlatItem[]): EditorNode[] {
  const root: EditorNode[] = [];
  const byKey = new Map<string, EditorNode>();
  for (const item of items) byKey.set(item.key, { ...item.node, children: [] });
  for (const item of items) {
    const node = byKey.get(item.key)!;
    const parent = item.parentKey ? byKey.get(item.parentKey) : undefined;
    (parent ? parent.children : root).push(node);
  }
  return root;
}

/** While a group is dragged its descendants travel with it and are left out of the list. */
export function withoutDescendantsOf(items: readonly FlatItem[], key: string): FlatItem[] {
  const hidden = new Set<string>([key]);
  return items.filter((item) => {
    if (item.parentKey && hidden.has(item.parentKey)) {
      hidden.add(item.key);
      return false;
    }
    return true;
  });
}

export function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1) as [T];
  copy.splice(to, 0, item);
  return copy;
}

/**
 * Where the dragged item would land: over `overKey`, at a depth from the horizontal offset, bounded by its
 * neighbours (at most one level below a group just above it; never shallower than the item just below, so that
 * item keeps its parent), with the parent it would get.
 */
export function projectDrop(
  items: readonly FlatItem[],
  activeKey: string,
  overKey: string,
  offsetX: number,
  indent: number,
): { depth: number; parentKey: string | null } | null {
  const activeIndex = items.findIndex((i) => i.key === activeKey);
  const overIndex = items.findIndex((i) => i.key === overKey);
  if (activeIndex < 0 || overIndex < 0) return null;
  const active = items[activeIndex]!;
  const moved = arrayMove(items, activeIndex, overIndex);
  const previous = moved[overIndex - 1];
  const next = moved[overIndex + 1];
  const wanted = active.depth + Math.round(offsetX / indent);
  const maxDepth = previous ? (previous.node.kind === 'group' ? previous.depth + 1 : previous.depth) : 0;
  const minDepth = next ? Math.min(next.depth, maxDepth) : 0;
  const depth = Math.max(minDepth, Math.min(wanted, maxDepth));
  let parentKey: string | null = null;
  if (depth > 0 && previous) {
    if (depth === previous.depth) parentKey = previous.parentKey;
    else if (depth > previous.depth) parentKey = previous.key;
    else {
      for (let i = overIndex - 1; i >= 0; i--) {
        if (moved[i]!.depth === depth) {
          parentKey = moved[i]!.parentKey;
          break;
        }
      }
    }
  }
  return { depth, parentKey };
}

/** Applies a drop: the flat list (with the dragged group's descendants restored after it) → tree. */
export function applyDrop(
  tree: readonly EditorNode[],
  activeKey: string,
  overKey: string,
  projection: { depth: number; parentKey: string | null },
): EditorNode[] {
  const all = flatten(tree);
  const activeIndex = all.findIndex((i) => i.key === activeKey);
  if (activeIndex < 0) return clone(tree);
  const visible = withoutDescendantsOf(all, activeKey);
  const from = visible.findIndex((i) => i.key === activeKey);
  const to = visible.findIndex((i) => i.key === overKey);
  if (to < 0) return clone(tree);
  const moved = arrayMove(visible, from, to);
  moved[to] = { ...moved[to]!, depth: projection.depth, parentKey: projection.parentKey };
  // Descendants keep their own parents; they are re-attached under the moved group.
  const descendants = all.filter((i) => !visible.includes(i));
  return buildTree([...moved, ...descendants]);
}
