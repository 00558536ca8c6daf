/**
 * The permission catalogue: every feature a user type can be granted, as one tree shared by the API (route
 * permissions, CASL abilities, the user-type editor's feature tree) and the web (abilities, menu, guard).
 *
 * - A permission is a `Subject.action` string ('Position.read'); routes declare one, CASL rules derive from it.
 * - A leaf of the tree grants exactly one permission; its key *is* that permission, so a user type stores the
 *   list of permissions it was granted and nothing can drift between the tree and the rules.
 * - Groups only arrange leaves. The top-level groups are declared here; every domain (and every catalogue
 *   declaration) contributes its nodes with `registerFeatures(groupKey, node)` at module load, so adding an
 *   area adds its permission-tree node without editing this file.
 */

/** Standard actions. Domains may use others (e.g. 'approve'); the catalogue accepts any lower-case word. */
export const ACTIONS = ['read', 'create', 'update', 'delete', 'import', 'export'] as const;
export type StandardAction = (typeof ACTIONS)[number];
export const CRUD_ACTIONS = ['read', 'create', 'update', 'delete'] as const;
/** The spec's catalogue areas: list, create, edit, delete, template/export, import. */
export const CATALOGUE_ACTIONS = ACTIONS;

export type PermissionKey = `${string}.${string}`;

/** A raw CASL rule (both sides feed these to `createMongoAbility`). */
export interface AbilityRule {
  action: string;
  subject: string;
}

export interface FeatureLeaf {
  /** The permission this leaf grants, e.g. 'User.update'. */
  key: PermissionKey;
  /** i18n key ('namespace:path') of the label. */
  labelKey: string;
  /** Permissions granted along with this one (any action other than read implies read of the same subject). */
  implies?: PermissionKey[];
}

export interface FeatureGroup {
  /** Stable key, never a permission: 'system', 'system.users', 'catalogues.positions'. */
  key: string;
  labelKey: string;
  /** Position among siblings (lower first); equal orders keep registration order. */
  order?: number;
  children: FeatureNode[];
}

export type FeatureNode = FeatureGroup | FeatureLeaf;

export function isFeatureGroup(node: FeatureNode): node is FeatureGroup {
  return 'children' in node;
}

const SUBJECT_RE = /^[A-Z][A-Za-z0-9]*$/;
const ACTION_RE = /^[a-z][a-zA-Z0-9]*$/;

/** 'User.update' → { subject: 'User', action: 'update' }; undefined for anything else. */
export function parsePermission(value: string): { subject: string; action: string } | undefined {
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const subject = value.slice(0, dot);
  const action = value.slice(dot + 1);
  if (!SUBJECT_RE.test(subject) || !ACTION_RE.test(action)) return undefined;
  return { subject, action };
}

/** The default ability of everyone, signed in or not (spec §6: read on subject Auth). */
export const DEFAULT_RULES: readonly AbilityRule[] = [{ action: 'read', subject: 'Auth' }];
/**
 * Every signed-in user, whatever the user type: their own account pages (account information, password,
 * two-factor, workspace). The API's routes say 'authenticated' for the same thing.
 */
export const SIGNED_IN_RULES: readonly AbilityRule[] = [{ action: 'read', subject: 'Profile' }];
/** Administrators: everything (CASL's reserved words). */
export const ADMIN_RULES: readonly AbilityRule[] = [{ action: 'manage', subject: 'all' }];

// ---------------------------------------------------------------------------------------------------------------
// Registry

const roots = new Map<string, FeatureGroup>();
let rootSeq = 0;
const rootSeqOf = new Map<string, number>();

function checkNode(node: FeatureNode, seen: Set<string>): void {
  if (isFeatureGroup(node)) {
    if (parsePermission(node.key)) throw new Error(`Feature group key "${node.key}" looks like a permission`);
    if (seen.has(node.key)) throw new Error(`Duplicate feature key "${node.key}"`);
    seen.add(node.key);
    for (const child of node.children) checkNode(child, seen);
    return;
  }
  if (!parsePermission(node.key)) throw new Error(`Feature leaf "${node.key}" is not a Subject.action permission`);
  if (seen.has(node.key)) throw new Error(`Duplicate feature key "${node.key}"`);
  seen.add(node.key);
  for (const p of node.implies ?? []) {
    if (!parsePermission(p)) throw new Error(`Feature "${node.key}" implies an invalid permission "${p}"`);
  }
}

/** Declare a top-level group (idempotent: a second declaration with the same key keeps the children). */
export function defineFeatureGroup(key: string, labelKey: string, order = 100): FeatureGroup {
  const existing = roots.get(key);
  if (existing) {
    existing.labelKey = labelKey;
    existing.order = order;
    return existing;
  }
  const group: FeatureGroup = { key, labelKey, order, children: [] };
  roots.set(key, group);
  rootSeqOf.set(key, rootSeq++);
  return group;
}

/**
 * Contribute nodes under a top-level group. Re-registering a node with the same key replaces it (module
 * reloads during development), so registration is idempotent. Throws on malformed nodes or on a permission
 * already registered elsewhere in the tree.
 */
export function registerFeatures(groupKey: string, ...nodes: FeatureNode[]): void {
  const group = roots.get(groupKey);
  if (!group) throw new Error(`Unknown feature group "${groupKey}"; declare it with defineFeatureGroup first`);
  for (const node of nodes) {
    const index = group.children.findIndex((c) => c.key === node.key);
    const others = new Set<string>();
    for (const root of roots.values()) {
      for (const key of collectKeys(root)) others.add(key);
    }
    if (index >= 0) for (const key of collectKeys(group.children[index]!)) others.delete(key);
    checkNode(node, others);
    if (index >= 0) group.children[index] = node;
    else group.children.push(node);
  }
  invalidate();
}

function collectKeys(node: FeatureNode, out: string[] = []): string[] {
  out.push(node.key);
  if (isFeatureGroup(node)) for (const c of node.children) collectKeys(c, out);
  return out;
}

/**
 * The node for one subject: a group whose leaves are its actions. Labels: the subject's label key for the
 * group, `accounts:permissions.actions.<action>` for the leaves unless `actionLabels` overrides one.
 */
export function subjectFeature(
  subject: string,
  labelKey: string,
  actions: readonly string[] = CATALOGUE_ACTIONS,
  options: { key?: string; order?: number; actionLabels?: Record<string, string> } = {},
): FeatureGroup {
  if (!SUBJECT_RE.test(subject)) throw new Error(`Invalid permission subject "${subject}"`);
  return {
    key: options.key ?? `subject:${subject}`,
    labelKey,
    ...(options.order !== undefined ? { order: options.order } : {}),
    children: actions.map((action) => {
      const key = `${subject}.${action}` as PermissionKey;
      const leaf: FeatureLeaf = {
        key,
        labelKey: options.actionLabels?.[action] ?? `accounts:permissions.actions.${action}`,
      };
      if (action !== 'read' && actions.includes('read')) leaf.implies = [`${subject}.read`];
      return leaf;
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the catalogue

let cachedTree: readonly FeatureGroup[] | undefined;
let cachedLeaves: ReadonlyMap<string, FeatureLeaf> | undefined;

function invalidate(): void {
  cachedTree = undefined;
  cachedLeaves = undefined;
}

function sortNodes(nodes: FeatureNode[]): FeatureNode[] {
  return nodes
    .map((n, i) => ({ n, i }))
    .sort((a, b) => {
      const oa = isFeatureGroup(a.n) ? (a.n.order ?? 100) : 100;
      const ob = isFeatureGroup(b.n) ? (b.n.order ?? 100) : 100;
      return oa - ob || a.i - b.i;
    })
    .map(({ n }) => (isFeatureGroup(n) ? { ...n, children: sortNodes(n.children) } : n));
}

/** The whole tree, top-level groups in order; empty groups are left out. */
export function featureTree(): readonly FeatureGroup[] {
  if (!cachedTree) {
    cachedTree = [...roots.values()]
      .filter((g) => g.children.length > 0)
      .sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || rootSeqOf.get(a.key)! - rootSeqOf.get(b.key)!)
      .map((g) => ({ ...g, children: sortNodes(g.children) }));
  }
  return cachedTree;
}

/** Every grantable permission → its leaf. */
export function featureLeaves(): ReadonlyMap<string, FeatureLeaf> {
  if (!cachedLeaves) {
    const map = new Map<string, FeatureLeaf>();
    const walk = (node: FeatureNode) => {
      if (isFeatureGroup(node)) node.children.forEach(walk);
      else map.set(node.key, node);
    };
    featureTree().forEach(walk);
    cachedLeaves = map;
  }
  return cachedLeaves;
}

/**
 * The label key of a permission subject: the label of the node holding only that subject's permissions (what
 * the user-type editor shows), so the access history names a subject as the rest of the portal does.
 */
export function subjectLabelKey(subject: string): string | undefined {
  const find = (node: FeatureNode): string | undefined => {
    if (!isFeatureGroup(node)) return undefined;
    const leaves = node.children.filter((c) => !isFeatureGroup(c));
    if (leaves.length > 0 && leaves.length === node.children.length) {
      if (leaves.every((l) => parsePermission(l.key)?.subject === subject)) return node.labelKey;
      return undefined;
    }
    for (const child of node.children) {
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  for (const root of featureTree()) {
    const found = find(root);
    if (found) return found;
  }
  return undefined;
}

/** Every grantable permission → the key of its top-level group (default user types are defined by group). */
export function permissionGroups(): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const root of featureTree()) {
    const walk = (node: FeatureNode) => {
      if (isFeatureGroup(node)) node.children.forEach(walk);
      else map.set(node.key, root.key);
    };
    walk(root);
  }
  return map;
}

export function isGrantable(permission: string): boolean {
  return featureLeaves().has(permission);
}

/** Granted permissions plus what they imply, unknown ones dropped, in a stable order. */
export function expandPermissions(granted: Iterable<string>): PermissionKey[] {
  const leaves = featureLeaves();
  const out = new Set<PermissionKey>();
  for (const key of granted) {
    const leaf = leaves.get(key);
    if (!leaf) continue;
    out.add(leaf.key);
    for (const p of leaf.implies ?? []) out.add(p);
  }
  return [...out].sort();
}

/** CASL rules of a signed-in user: the default rules, then one rule per granted permission (admins: everything). */
export function abilityRules(role: 'admin' | 'client', granted: Iterable<string>): AbilityRule[] {
  if (role === 'admin') return [...DEFAULT_RULES, ...SIGNED_IN_RULES, ...ADMIN_RULES];
  const rules: AbilityRule[] = [...DEFAULT_RULES, ...SIGNED_IN_RULES];
  for (const p of expandPermissions(granted)) {
    const parsed = parsePermission(p)!;
    rules.push({ action: parsed.action, subject: parsed.subject });
  }
  return rules;
}

/** The tree as the spec's editor shows it: nested features with `value` (the key) and `isSelect`. */
export interface SelectableFeature {
  value: string;
  labelKey: string;
  /** true when selected; a group is selected when every leaf below it is. */
  isSelect: boolean;
  children?: SelectableFeature[];
}

export function selectableTree(granted: Iterable<string>): SelectableFeature[] {
  const set = new Set(granted);
  const map = (node: FeatureNode): SelectableFeature => {
    if (isFeatureGroup(node)) {
      const children = node.children.map(map);
      return { value: node.key, labelKey: node.labelKey, isSelect: children.every((c) => c.isSelect), children };
    }
    return { value: node.key, labelKey: node.labelKey, isSelect: set.has(node.key) };
  };
  return featureTree().map(map);
}

// ---------------------------------------------------------------------------------------------------------------
// Top-level groups, in the order the editor shows them. Domains register their nodes into these.

export const FEATURE_GROUPS = {
  system: 'system',
  catalogues: 'catalogues',
  businesses: 'businesses',
  workers: 'workers',
  safety: 'safety',
  accidents: 'accidents',
  training: 'training',
  monitoring: 'monitoring',
  employment: 'employment',
  news: 'news',
  messaging: 'messaging',
  reports: 'reports',
  statistics: 'statistics',
  integration: 'integration',
  settings: 'settings',
} as const;
export type FeatureGroupKey = (typeof FEATURE_GROUPS)[keyof typeof FEATURE_GROUPS];

Object.values(FEATURE_GROUPS).forEach((key, i) =>
  defineFeatureGroup(key, `accounts:permissions.groups.${key}`, (i + 1) * 10),
);

// ---------------------------------------------------------------------------------------------------------------
// Identity and access (accounts module): users, accounts, units, user types, access history, mail outbox.

/** Subjects of the accounts module. */
export const ACCOUNT_SUBJECTS = {
  user: 'User',
  account: 'Account',
  unit: 'Unit',
  userType: 'UserType',
  accessHistory: 'AccessHistory',
  mailOutbox: 'MailOutbox',
} as const;

registerFeatures(
  FEATURE_GROUPS.system,
  subjectFeature('User', 'accounts:permissions.subjects.User', ACTIONS, { key: 'system.users', order: 10 }),
  {
    key: 'system.accounts',
    labelKey: 'accounts:permissions.subjects.Account',
    order: 20,
    children: [
      // Activate, disable, lock, unlock, bulk-activate employer accounts.
      { key: 'Account.update', labelKey: 'accounts:permissions.actions.accountStatus', implies: ['User.read'] },
      // Set or reissue another user's password.
      { key: 'Account.password', labelKey: 'accounts:permissions.actions.accountPassword', implies: ['User.read'] },
    ],
  },
  subjectFeature('Unit', 'accounts:permissions.subjects.Unit', ACTIONS, { key: 'system.units', order: 30 }),
  subjectFeature('UserType', 'accounts:permissions.subjects.UserType', CRUD_ACTIONS, {
    key: 'system.userTypes',
    order: 40,
  }),
  subjectFeature('AccessHistory', 'accounts:permissions.subjects.AccessHistory', ['read'], {
    key: 'system.accessHistory',
    order: 50,
  }),
  subjectFeature('MailOutbox', 'accounts:permissions.subjects.MailOutbox', ['read'], {
    key: 'system.mailOutbox',
    order: 60,
  }),
);

// Portal settings (shell): the configuration page and the menu arrangement per role.
registerFeatures(
  FEATURE_GROUPS.settings,
  subjectFeature('Configuration', 'shell:permissions.Configuration', ['read', 'update'], {
    key: 'settings.configuration',
    order: 10,
    actionLabels: { read: 'shell:permissions.configurationRead', update: 'shell:permissions.configurationUpdate' },
  }),
  subjectFeature('Menu', 'shell:permissions.Menu', ['update'], {
    key: 'settings.menu',
    order: 20,
    actionLabels: { update: 'shell:permissions.menuUpdate' },
  }),
);

// Periodic reports (modules/reports): who must report for a period and how filing stands are read under `Report`
// by every unit that files or receives reports (their scope narrows what they see); report types, assignments and
// reminder steps are catalogue areas with their own subjects (kept by the department).
registerFeatures(
  FEATURE_GROUPS.reports,
  subjectFeature('Report', 'reports:permissions.Report', ['read'], { key: 'reports.report', order: 10 }),
);
