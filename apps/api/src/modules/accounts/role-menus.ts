import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { translate } from '@portal/domain/i18n';
import { filterMenu, isMenuGroup, leafForUnit, menuCatalogue, type MenuLeaf, type MenuNode } from '@portal/domain/menu';
import { expandPermissions, isGrantable, permissionGroups } from '@portal/domain/permissions';
import { DEFAULT_USER_TYPES, DEMO_ACCOUNTS, grantedByDefault } from './seed.ts';

/**
 * The README's table of role × menu entry, generated from the seeded default user types and the menu catalogue,
 * so the documentation cannot drift: a unit test compares it with the README (role-menus.test.ts), and
 * `node apps/api/src/modules/accounts/role-menus.ts` rewrites it.
 * An entry counts when the type's permissions admit it and it is meant for the type's unit kind; entries of
 * areas not built yet (no feature grants their permission) are left out.
 */

export const README_START = '<!-- role-menus:start (generated: node apps/api/src/modules/accounts/role-menus.ts) -->';
export const README_END = '<!-- role-menus:end -->';

function leavesOf(nodes: readonly MenuNode[]): MenuLeaf[] {
  return nodes.flatMap((n) => (isMenuGroup(n) ? leavesOf(n.children) : [n]));
}

/** Per default type (by code): the menu paths its users see. */
export async function defaultTypeMenus(): Promise<Map<string, Set<string>>> {
  // Every module's features and menu entries, as the seed sees them.
  const [{ modules }, { installModules }] = await Promise.all([import('../index.ts'), import('../define.ts')]);
  installModules(modules);
  const groups = permissionGroups();
  const out = new Map<string, Set<string>>();
  for (const type of DEFAULT_USER_TYPES) {
    const granted = new Set(
      expandPermissions([...groups.keys()].filter((p) => grantedByDefault(type, p, groups.get(p)!))),
    );
    const menu = filterMenu(
      menuCatalogue(),
      (leaf) =>
        (leaf.permission === 'authenticated' ||
          (isGrantable(leaf.permission) && (type.role === 'admin' || granted.has(leaf.permission)))) &&
        leafForUnit(leaf, type.unitKind),
    );
    out.set(type.code, new Set(leavesOf(menu).map((l) => l.path)));
  }
  return out;
}

/** The markdown table (with its markers). */
export async function roleMenuTable(): Promise<string> {
  const menus = await defaultTypeMenus();
  const demoUser = (code: string) => {
    const type = DEFAULT_USER_TYPES.find((t) => t.code === code)!;
    const key = type.nameKey.split('.').pop()!;
    return DEMO_ACCOUNTS.find((a) => a.type === key)?.userName ?? code;
  };
  const codes = DEFAULT_USER_TYPES.map((t) => t.code);
  const header = ['menu entry', 'path', ...codes.map((c) => `\`${demoUser(c)}\``)];
  const rows: string[][] = [];
  for (const group of menuCatalogue()) {
    if (!isMenuGroup(group)) continue;
    const groupTitle = translate('vi', group.titleKey);
    for (const leaf of leavesOf(group.children)) {
      if (!codes.some((c) => menus.get(c)!.has(leaf.path))) continue;
      const title = leaf.titleKey ? translate('vi', leaf.titleKey) : '';
      const label = title && title !== leaf.titleKey ? `${groupTitle} › ${title}` : groupTitle;
      rows.push([label, `\`${leaf.path}\``, ...codes.map((c) => (menus.get(c)!.has(leaf.path) ? '✓' : ''))]);
    }
  }
  const totals = ['**entries**', '', ...codes.map((c) => `**${menus.get(c)!.size}**`)];
  const widths = header.map((_, i) => Math.max(3, ...[header, ...rows, totals].map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  // Blank lines around the table, as the formatter keeps them.
  return [
    README_START,
    '',
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    line(totals),
    '',
    README_END,
  ].join('\n');
}

export const README_PATH = fileURLToPath(new URL('../../../../../README.md', import.meta.url));

/** The README's current table (between the markers), or null when absent. */
export function readmeTable(text = readFileSync(README_PATH, 'utf8')): string | null {
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  return start < 0 || end < start ? null : text.slice(start, end + README_END.length);
}

if (import.meta.main) {
  const text = readFileSync(README_PATH, 'utf8');
  const current = readmeTable(text);
  if (!current) throw new Error(`README.md has no ${README_START} … ${README_END} section`);
  writeFileSync(README_PATH, text.replace(current, await roleMenuTable()));
}
