import type { UnitKindName } from './accounts.ts';
import { isGrantable, parsePermission, type PermissionKey } from './permissions.ts';
import { SUGGESTION_OFFICE_UNITS } from './suggestions/office.ts';

/**
 * The menu catalogue: every side-menu entry of the product, grouped by area (spec section 2), each leaf with the
 * page path it opens and the permission it needs. Shared by the API (`GET /api/UserTypev2/get-menu` filters it
 * by the caller's abilities and applies the arrangement administrators saved for the role) and the web (the
 * left menu shows a leaf only once its page exists in the route table, and the menu editor).
 *
 * - Group keys are stable; the catalogue engine's groups (users, businesses, workers, safety, documents, system)
 *   are among them.
 * - A leaf's key is its path, so an arrangement keeps working when titles change.
 * - A leaf without `titleKey` is labelled with its page's title (the route table's title key).
 * - Areas contribute or correct entries with `registerMenuItems(group, …)`; an entry with the same path replaces
 *   the one listed here.
 */

export type MenuIcon =
  | 'dashboard'
  | 'team'
  | 'shop'
  | 'user'
  | 'safety'
  | 'alert'
  | 'read'
  | 'file'
  | 'report'
  | 'solution'
  | 'chart'
  | 'link'
  | 'mail'
  | 'setting';

export interface MenuLeaf {
  /** The page path (a static route path, e.g. '/nguoi-dung/danh-sach'); also the leaf's key. */
  path: string;
  /** Needed to see the entry; 'authenticated' for any signed-in user. */
  permission: PermissionKey | 'authenticated';
  /** Label; default: the page's own title. */
  titleKey?: string;
  /** Position among siblings when registered by an area (lower first); listed entries keep their order. */
  order?: number;
  /**
   * Only for users whose unit is of these kinds (administrators: as their unit): the employer's and the
   * authority's variants of a list, and province-wide reference lists, which employers use only through the
   * drop-downs of their forms. Absent: everyone the permission admits.
   */
  units?: readonly UnitKindName[];
}

/** The authority's side: the department, commune units and the service centre. */
export const AUTHORITY_UNITS = ['department', 'district', 'service_centre'] as const satisfies readonly UnitKindName[];
/** Who keeps the province-wide reference lists (the catalogue areas of global scope). */
export const REFERENCE_KEEPER_UNITS = ['department'] as const satisfies readonly UnitKindName[];
/** Employers. */
export const EMPLOYER_UNITS = ['employer'] as const satisfies readonly UnitKindName[];

export interface MenuGroup {
  key: string;
  titleKey: string;
  icon?: MenuIcon;
  children: MenuNode[];
}

export type MenuNode = MenuGroup | MenuLeaf;

export const isMenuGroup = (node: MenuNode): node is MenuGroup => 'children' in node;
export const menuKey = (node: MenuNode): string => (isMenuGroup(node) ? node.key : node.path);

const leaf = (path: string, permission: MenuLeaf['permission'], units?: readonly UnitKindName[]): MenuLeaf =>
  units ? { path, permission, units } : { path, permission };
const group = (key: string, icon: MenuIcon, children: MenuNode[]): MenuGroup => ({
  key,
  titleKey: `shell:menu.groups.${key}`,
  icon,
  children,
});
const read = (subject: string) => `${subject}.read` as PermissionKey;
const ATVS = '/an-toan-ve-sinh-lao-dong';

const catalogue: MenuGroup[] = [
  group('dashboard', 'dashboard', [
    leaf('/tong-quan/phan-tich', read('Statistics')),
    leaf('/thong-ke-tong-quang', read('Statistics')),
  ]),
  // The province's statistics, one page each: listed from their declarations by statistics/index.ts (it registers
  // them here), so this file — in the web's first load — does not carry the statistics module and its schemas.
  group('statistics', 'chart', []),
  group('users', 'team', [
    leaf('/nguoi-dung/danh-sach', read('User')),
    // Every unit's own details; the department keeps all units on the one unit list.
    leaf('/nguoi-dung/thong-tin-don-vi', read('Unit'), ['district', 'employer', 'service_centre', 'training_body']),
    leaf('/nguoi-dung/phong', read('Unit'), ['department']),
    leaf('/nguoi-dung/vi-tri-cong-viec/danh-sach', read('Position')),
    leaf('/nguoi-dung/co-cau-to-chuc/danh-sach', read('OrganizationStructure')),
    leaf('/nguoi-dung/nhom-nguoi-dung/danh-sach', read('GroupUser')),
    leaf('/nguoi-dung/kieu-nguoi-dung/danh-sach', read('UserType')),
    leaf('/nguoi-dung/lich-su-truy-cap/danh-sach', read('AccessHistory')),
    leaf('/thung-rac', read('RecycleBin')),
  ]),
  group('businesses', 'shop', [
    leaf('/doanh-nghiep/danh-sach', read('Bussiness')),
    leaf('/loai-hinh-doanh-nghiep/danh-sach', read('BussinessType'), AUTHORITY_UNITS),
    leaf('/nganh-nghe-kinh-doanh/danh-sach', read('BussinessSector'), AUTHORITY_UNITS),
  ]),
  group('workers', 'user', [
    leaf('/nguoi-lao-dong/danh-sach', read('Worker'), EMPLOYER_UNITS),
    leaf('/nguoi-lao-dong/danh-sach-so', read('Worker'), AUTHORITY_UNITS),
    // The employer files requests; the department works through its review queue.
    leaf('/nguoi-lao-dong/giay-phep-lao-dong/danh-sach', read('WorkerLicense'), [
      'employer',
      'district',
      'service_centre',
    ]),
    leaf('/nguoi-lao-dong/cap-phep-nguoi-lao-dong/danh-sach', 'WorkerLicense.review'),
    leaf('/nguoi-lao-dong/bao-cao-nguoi-lao-dong/danh-sach', read('CollectWorker')),
    leaf('/nguoi-lao-dong/phan-loai-suc-khoe/danh-sach', read('ClassifyHealth')),
    leaf('/nguoi-lao-dong/danh-muc-nghe-nghiep/danh-sach', read('TypeOfProfession')),
    leaf('/nguoi-lao-dong/nhom-doi-tuong-huan-luyen/danh-sach', read('TargetTraining')),
  ]),
  group('safety', 'safety', [
    leaf(`${ATVS}/quan-li-thiet-bi-kiem-dinh/danh-sach`, read('DevicesTestedForSafety')),
    leaf(`${ATVS}/quan-li-thiet-bi/danh-sach`, read('Equipment')),
    leaf(`${ATVS}/kiem-dinh-vien/danh-sach`, read('Inspector')),
    leaf(`${ATVS}/to-chuc-kiem-dinh/danh-sach`, read('InspectionOrganization')),
    leaf(`${ATVS}/boi-duong-hien-vat/danh-sach`, read('CompensationInKind')),
    leaf(`${ATVS}/loai-chan-thuong/danh-sach`, read('InjuryReason')),
    leaf(`${ATVS}/yeu-to-chan-thuong/danh-sach`, read('InjuryElement')),
    leaf(`${ATVS}/danh-gia-rui-ro/danh-sach`, read('RiskAssessment')),
    leaf(`${ATVS}/kiem-dinh-an-toan-lao-dong/danh-sach`, read('EquipmentInspection'), AUTHORITY_UNITS),
    leaf(`${ATVS}/quan-li-khai-bao-thiet-bi/danh-sach`, 'EquipmentDeclaration.review'),
    leaf('/kiem-dinh-thiet-bi/danh-sach', read('EquipmentInspection'), EMPLOYER_UNITS),
    leaf('/khai-bao-thiet-bi/danh-sach', read('EquipmentDeclaration'), EMPLOYER_UNITS),
    leaf('/thiet-bi-kiem-dinh/danh-sach', read('IndexEquipment')),
    leaf(`${ATVS}/quang-trac-moi-truong/danh-sach`, read('ObservationMonitor')),
    leaf(`${ATVS}/quang-trac-moi-truong/tong-hop`, read('ObservationMonitor'), AUTHORITY_UNITS),
    leaf(`${ATVS}/thanh-tra-so/danh-sach`, read('Inspection')),
    leaf(`${ATVS}/bao-cao-an-toan-ve-sinh-lao-dong/danh-sach`, read('SafetyReport')),
    leaf(`${ATVS}/bao-cao-don-vi-cap-huyen/danh-sach`, read('SafetyReport')),
  ]),
  group('accidents', 'alert', [
    leaf(`${ATVS}/khai-bao-tai-nan-lao-dong/danh-sach`, read('AccidentDeclaration')),
    leaf(`${ATVS}/quan-li-tai-nan-lao-dong/danh-sach`, read('AccidentDeclaration')),
    leaf(`${ATVS}/thong-ke-tai-nan-lao-dong-co-quan/danh-sach`, read('AccidentStatistical')),
    leaf(`${ATVS}/bao-cao-tong-hop-tai-nan-lao-dong-chuyen-nganh/danh-sach`, read('AccidentSpecializeReport')),
  ]),
  group('training', 'solution', [
    leaf(`${ATVS}/thuc-hien-huan-luyen/danh-sach`, read('Training')),
    leaf(`${ATVS}/tu-huan-luyen/danh-sach`, read('Training'), EMPLOYER_UNITS),
    leaf(`${ATVS}/de-nghi-cap-giay-huan-luyen/danh-sach`, read('TrainingCertificateRequest')),
    leaf(`${ATVS}/cap-giay-chung-nhan-huan-luyen/danh-sach`, read('TrainingCertificate')),
    leaf(`${ATVS}/huan-luyen-ATVSLD`, read('TrainingCertificate'), [
      'department',
      'district',
      'service_centre',
      'employer',
    ]),
    leaf(`${ATVS}/thong-bao-to-chuc-huan-luyen/danh-sach`, read('TrainingNotice'), ['employer', 'training_body']),
    leaf(`${ATVS}/thong-bao-to-chuc-huan-luyen-so/danh-sach`, read('TrainingNotice'), AUTHORITY_UNITS),
    leaf(`${ATVS}/tu-cong-bo-huan-luyen-hang-A/danh-sach`, read('TrainingSelfDeclaration'), EMPLOYER_UNITS),
    leaf(`${ATVS}/tu-cong-bo-huan-luyen-hang-A-so/danh-sach`, read('TrainingSelfDeclaration'), AUTHORITY_UNITS),
  ]),
  group('news', 'read', [
    leaf('/tin-tuc/quan-li-tin-tuc/danh-sach', read('News')),
    leaf('/tin-tuc/chu-de-tin-tuc/danh-sach', read('NewsTopic')),
    leaf('/tin-tuc/van-ban-phap-ly/danh-sach', read('LegalDocument')),
    leaf('/tin-tuc/hom-thu-gop-y/danh-sach', read('Suggestion'), SUGGESTION_OFFICE_UNITS),
    leaf('/tin-tuc/thiet-bi-kiem/danh-sach', read('IndexEquipment'), AUTHORITY_UNITS),
  ]),
  group('reports', 'report', [
    leaf('/nop-bao-cao/danh-sach', read('Report')),
    leaf('/tinh-hinh-nop-bao-cao/danh-sach', read('Report')),
    leaf('/phan-loai-bao-cao/danh-sach', read('Report')),
    leaf('/bang-tong-hop-kiem-dinh-thiet-bi/danh-sach', read('Equipment'), ['department', 'district']),
    leaf('/bang-tong-hop-huan-luyen-ATVSLĐ', read('TrainingCertificate'), ['department', 'district']),
  ]),
  group('documents', 'file', [
    leaf('/quan-ly-tai-lieu-so/danh-sach', read('SignedDocument')),
    leaf('/tai-lieu-ky-so/danh-sach', read('SignedDocument')),
    leaf('/quan-ly-ho-so-luu-tru/danh-sach', read('ArchiveRecord')),
    leaf('/danh-muc-ho-so/danh-sach', read('IndexFile')),
  ]),
  group('employment', 'solution', [
    leaf('/nop-bao-cao-dich-vu-lam-viec/danh-sach', read('EmploymentReport')),
    leaf('/nop-bao-ca/danh-sach', read('EmploymentReport')),
  ]),
  group('links', 'link', [
    leaf('/don-vi-ket-noi/danh-sach', read('AffiliatedUnit')),
    leaf('/tai-khoan-khai-thac/danh-sach', read('AccountLinked')),
  ]),
  group('messages', 'mail', [
    leaf('/tin-nhan', 'authenticated'),
    leaf('/tin-nhan/hop-thu-di', 'authenticated'),
    leaf('/thong-bao/danh-sach', 'authenticated'),
  ]),
  group('system', 'setting', [leaf('/cai-dat', 'Configuration.read'), leaf('/chinh-sua-menu', 'Menu.update')]),
];

const groupsByKey = new Map<string, MenuGroup>();
const indexGroups = (nodes: MenuNode[]) => {
  for (const n of nodes) {
    if (isMenuGroup(n)) {
      groupsByKey.set(n.key, n);
      indexGroups(n.children);
    }
  }
};
indexGroups(catalogue);

function findLeaf(nodes: readonly MenuNode[], path: string): MenuLeaf | undefined {
  for (const n of nodes) {
    const found = isMenuGroup(n) ? findLeaf(n.children, path) : n.path === path ? n : undefined;
    if (found) return found;
  }
  return undefined;
}

function removePath(nodes: MenuNode[], path: string): void {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i]!;
    if (isMenuGroup(n)) removePath(n.children, path);
    else if (n.path === path) nodes.splice(i, 1);
  }
}

/**
 * An area contributes entries to a group (the catalogue engine: one per declared list page). Idempotent: an
 * entry with a path already in the catalogue replaces it (in the group given here).
 */
export function registerMenuItems(groupKey: string, ...items: MenuLeaf[]): void {
  const target = groupsByKey.get(groupKey);
  if (!target) throw new Error(`Unknown menu group "${groupKey}"`);
  for (const item of items) {
    if (!item.path.startsWith('/') || item.path.includes(':')) {
      throw new Error(`Menu entry "${item.path}" must be a static page path`);
    }
    if (item.permission !== 'authenticated' && !parsePermission(item.permission)) {
      throw new Error(`Menu entry "${item.path}" has an invalid permission "${item.permission}"`);
    }
    // The audience listed here for a path stays when an area contributes the path's page.
    const previous = findLeaf(catalogue, item.path);
    const entry: MenuLeaf = previous?.units && !item.units ? { ...item, units: previous.units } : item;
    removePath(catalogue, item.path);
    const at = target.children.findIndex((c) => !isMenuGroup(c) && (c.order ?? 1000) > (entry.order ?? 1000));
    if (at < 0) target.children.push(entry);
    else target.children.splice(at, 0, entry);
  }
}

/** The whole catalogue (a fresh copy: callers may rearrange it freely). */
export function menuCatalogue(): MenuNode[] {
  return structuredClone(catalogue);
}

// ---------------------------------------------------------------------------------------------------------------
// Arrangement: the order and nesting administrators choose per role, stored as keys only.

export interface ArrangedNode {
  key: string;
  children?: ArrangedNode[];
}

/** Where an arrangement applies: every role by default, administrators, or one user type. */
export type MenuScope = 'default' | 'admin' | `userType:${string}`;
export const MENU_SCOPE_RE = /^(default|admin|userType:[0-9a-f-]{36})$/;

export function isMenuScope(value: string): value is MenuScope {
  return MENU_SCOPE_RE.test(value);
}

/** The scopes consulted for a user, most specific first. */
export function scopesFor(role: 'admin' | 'client', userTypeId: string | null): MenuScope[] {
  if (role === 'admin') return ['admin', 'default'];
  return userTypeId ? [`userType:${userTypeId}`, 'default'] : ['default'];
}

/** The catalogue as an arrangement (the starting point of the editor). */
export function toArrangement(nodes: readonly MenuNode[]): ArrangedNode[] {
  return nodes.map((n) => (isMenuGroup(n) ? { key: n.key, children: toArrangement(n.children) } : { key: n.path }));
}

/**
 * Applies a saved arrangement to the catalogue. Keys the catalogue no longer has are dropped; entries the
 * arrangement does not mention (added since it was saved) keep their catalogue place: inside their catalogue
 * group wherever that group now is, else at the end of the top level. Only groups can hold children; each entry
 * appears once.
 */
export function applyArrangement(nodes: readonly MenuNode[], arrangement: readonly ArrangedNode[]): MenuNode[] {
  const byKey = new Map<string, MenuNode>();
  const parentOf = new Map<string, string | null>();
  const order: string[] = [];
  const index = (list: readonly MenuNode[], parent: string | null) => {
    for (const n of list) {
      const key = menuKey(n);
      byKey.set(key, n);
      parentOf.set(key, parent);
      order.push(key);
      if (isMenuGroup(n)) index(n.children, key);
    }
  };
  index(nodes, null);

  const placed = new Map<string, MenuNode>();
  const build = (list: readonly ArrangedNode[], depth: number): MenuNode[] => {
    const out: MenuNode[] = [];
    for (const a of list) {
      const source = byKey.get(a.key);
      if (!source || placed.has(a.key) || depth > 8) continue;
      if (isMenuGroup(source)) {
        const copy: MenuGroup = { ...source, children: [] };
        placed.set(a.key, copy);
        copy.children = build(a.children ?? [], depth + 1);
        out.push(copy);
      } else {
        const copy = { ...source };
        placed.set(a.key, copy);
        out.push(copy);
      }
    }
    return out;
  };
  const result = build(arrangement, 0);

  for (const key of order) {
    if (placed.has(key)) continue;
    const source = byKey.get(key)!;
    const copy: MenuNode = isMenuGroup(source) ? { ...source, children: [] } : { ...source };
    placed.set(key, copy);
    const parentKey = parentOf.get(key);
    const parent = parentKey ? placed.get(parentKey) : undefined;
    if (parent && isMenuGroup(parent)) parent.children.push(copy);
    else result.push(copy);
  }
  return result;
}

/** Keeps the leaves `keep` accepts and the groups left with at least one entry. */
export function filterMenu(nodes: readonly MenuNode[], keep: (leaf: MenuLeaf) => boolean): MenuNode[] {
  const out: MenuNode[] = [];
  for (const n of nodes) {
    if (isMenuGroup(n)) {
      const children = filterMenu(n.children, keep);
      if (children.length) out.push({ ...n, children });
    } else if (keep(n)) {
      out.push(n);
    }
  }
  return out;
}

/**
 * Whether a caller with these abilities sees a leaf. A permission that no feature grants yet (its area is not
 * built) is left to the web, which shows the entry only if the page exists and its route allows the user.
 */
export function leafPermitted(leaf: MenuLeaf, can: (permission: PermissionKey) => boolean, signedIn: boolean): boolean {
  if (leaf.permission === 'authenticated') return signedIn;
  if (!isGrantable(leaf.permission)) return signedIn;
  return can(leaf.permission);
}

/**
 * Whether a leaf is meant for a user of this unit kind. Administrators count as their unit too (the department):
 * they get the department's variant of a list, not the employer's beside it.
 */
export function leafForUnit(leaf: MenuLeaf, unitKind: string): boolean {
  return !leaf.units || (leaf.units as readonly string[]).includes(unitKind);
}

/** Validates a submitted arrangement's shape and size (keys are checked against the catalogue when applied). */
export function countArranged(nodes: readonly ArrangedNode[], depth = 0): number {
  if (depth > 8) return Number.POSITIVE_INFINITY;
  return nodes.reduce((sum, n) => sum + 1 + countArranged(n.children ?? [], depth + 1), 0);
}
