import type { CatalogDeclaration, CatalogPaths, CatalogRoutes, CatalogView, ComboboxPath, FieldDef } from './types.ts';

/** `injuryReason` → `injury-reason`; `InjuryReason` → `injury-reason`. */
export function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

/** Field name → column name: `parentId` → `parent_id`. */
export function columnOf(fieldName: string): string {
  return fieldName.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Where a reference's display name appears in a record: `parentId` → `parentName`, `unit` → `unitName`. */
export function displayKeyOf(fieldName: string): string {
  return fieldName.endsWith('Id') ? `${fieldName.slice(0, -2)}Name` : `${fieldName}Name`;
}

/** Where a reference's code appears in a record: `parentId` → `parentCode` (exports write codes: they import back). */
export function codeKeyOf(fieldName: string): string {
  return fieldName.endsWith('Id') ? `${fieldName.slice(0, -2)}Code` : `${fieldName}Code`;
}

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** i18n key of one of an area's texts: `areaText(d, 'title')` → `catalog:areas.position.title`. */
export function areaText(d: CatalogDeclaration, path: string): string {
  return `${d.texts ?? `catalog:areas.${d.key}`}.${path}`;
}

/** The employer field of an employer area (`businessId`), when the area lets the department choose the owner. */
export function employerFieldOf(d: CatalogDeclaration): string | null {
  return d.scope === 'employer' && d.fields.businessId?.kind === 'employer' ? 'businessId' : null;
}

/** Design §4 defaults for whatever spelling the spec leaves unsaid. */
export function resolvePaths(d: CatalogDeclaration): CatalogPaths {
  const p = d.paths ?? {};
  const list = p.list ?? d.plural;
  const exist: Record<string, string> = {};
  for (const name of Object.keys({ ...d.unique, ...d.existChecks }))
    exist[name] = p.exist?.[name] ?? `exist${upperFirst(name)}`;
  return {
    list,
    detail: p.detail ?? `${list}/{id}`,
    create: p.create ?? list,
    update: p.update ?? `${list}/{id}`,
    delete: p.delete ?? `delete-${kebab(d.plural)}`,
    ...(p.deleteIdParam ? { deleteIdParam: p.deleteIdParam } : {}),
    combobox: p.combobox ?? ['combobox', `get-combobox-${kebab(d.key)}`],
    import: p.import ?? `import-${kebab(d.key)}-from-json`,
    template: p.template ?? 'generateTemplate',
    export: p.export ?? 'export-excel',
    exist,
    ...(p.purge ? { purge: p.purge } : {}),
    ...(p.byCode ? { byCode: p.byCode } : {}),
    treeRoot: p.treeRoot ?? 'get-treeview-root',
    treeChildren: p.treeChildren ?? 'get-treeview-childRen',
    treeFromUpdate: p.treeFromUpdate ?? 'get-treeview-from-update',
  };
}

export function comboboxSpelling(c: ComboboxPath): { path: string; fixed: Record<string, string> } {
  return typeof c === 'string' ? { path: c, fixed: {} } : c;
}

export interface ResolvedRoutes {
  list: string;
  create: string | null;
  edit: string | null;
  detail: string | null;
  import: string | null;
  aliases: { list?: string; create?: string; edit?: string; import?: string };
}

/** Absolute web paths, `{id}` kept as the id marker (the router turns it into `:id`). */
export function resolveRoutes(routes: Partial<CatalogRoutes> & { base: string }): ResolvedRoutes {
  const join = (rel: string | false | undefined, fallback: string): string | null =>
    rel === false ? null : rel?.startsWith('/') ? rel : `${routes.base}/${rel ?? fallback}`;
  return {
    list: join(routes.list, 'danh-sach')!,
    create: join(routes.create, 'tao-moi'),
    edit: join(routes.edit, 'chinh-sua/{id}'),
    detail: join(routes.detail, 'chi-tiet/{id}'),
    import: join(routes.import, 'them-tu-tep'),
    aliases: routes.aliases ?? {},
  };
}

/** A page set: the area itself, or one of its views (fixed filter values). */
export interface ResolvedPage {
  /** `injuryReason` or `educationDepartment.district` */
  id: string;
  catalogKey: string;
  view: CatalogView | null;
  routes: ResolvedRoutes;
  fixed: Record<string, string>;
  /** i18n key of the page title. */
  titleKey: string;
}

export function pagesOf(d: CatalogDeclaration): ResolvedPage[] {
  if (!d.routes) return [];
  if (d.views?.length) {
    return d.views.map((v) => ({
      id: `${d.key}.${v.key}`,
      catalogKey: d.key,
      view: v,
      routes: resolveRoutes({ ...d.routes!, ...v.routes }),
      fixed: v.fixed,
      titleKey: areaText(d, `views.${v.key}`),
    }));
  }
  return [
    {
      id: d.key,
      catalogKey: d.key,
      view: null,
      routes: resolveRoutes(d.routes),
      fixed: {},
      titleKey: areaText(d, 'title'),
    },
  ];
}

/** Label key candidates of a field, most specific first. */
export function fieldLabelKeys(d: CatalogDeclaration, name: string): string[] {
  const f = d.fields[name];
  return [...(f?.label ? [f.label] : []), areaText(d, `fields.${name}`), `catalog:fields.${name}`];
}

export function optionLabelKey(d: CatalogDeclaration, name: string, option: string): string {
  const f = d.fields[name];
  const prefix = f?.kind === 'enum' && f.optionLabels ? f.optionLabels : areaText(d, `options.${name}`);
  return `${prefix}.${option}`;
}

/** The tree's parent field (a treeReference to the area itself). */
export function parentFieldOf(d: CatalogDeclaration): string | null {
  if (!d.tree) return null;
  const entry = Object.entries(d.fields).find(
    ([, f]) => f.kind === 'treeReference' && (!f.target || f.target === d.key),
  );
  return entry?.[0] ?? null;
}

/** Fields clients write (forms, import). */
export function writableFields(d: CatalogDeclaration): string[] {
  return Object.entries(d.fields)
    .filter(([, f]) => !f.readOnly)
    .map(([name]) => name);
}

export function excelColumnsOf(d: CatalogDeclaration): string[] {
  return d.excel ? [...d.excel] : writableFields(d).filter((n) => d.fields[n]!.kind !== 'file');
}

/** Fields held in the table's columns (read back, listed, exported): all but the write-only ones. */
export function storedFields(d: CatalogDeclaration): string[] {
  return Object.keys(d.fields).filter((n) => !d.fields[n]!.writeOnly);
}

/** Columns of an export: the template's, without write-only fields (nothing to read back), then the export-only ones. */
export function exportColumnsOf(d: CatalogDeclaration): string[] {
  return [...excelColumnsOf(d).filter((n) => !d.fields[n]?.writeOnly), ...(d.exportOnly ?? [])];
}

/** Does the table keep deleted rows (`deleted_at`)? Every catalogue table does; a lookup may not. */
export function hasSoftDelete(d: CatalogDeclaration): boolean {
  return d.lookup ? d.lookup.softDelete : true;
}

/** Columns a list may be sorted by: declared list columns that hold plain values, plus creation time. */
export function sortableFieldsOf(d: CatalogDeclaration): string[] {
  const plain = (f: FieldDef) =>
    !f.writeOnly && !['reference', 'treeReference', 'file', 'longText', 'employer'].includes(f.kind);
  return [...d.list.columns.filter((c) => d.fields[c] && plain(d.fields[c]!)), 'createdAt', 'updatedAt'];
}

export function subjectOf(d: CatalogDeclaration): string {
  return d.subject ?? d.area;
}

/** Actions every catalogue subject has (the permission tree's leaves). */
export const CATALOG_ACTIONS = ['read', 'create', 'update', 'delete', 'import', 'export'] as const;
export type CatalogAction = (typeof CATALOG_ACTIONS)[number];

/** The trash bin's own subject: listing it; restoring and purging also need the area's delete permission. */
export const TRASH_SUBJECT = 'RecycleBin';

/** Top-level groups of the side-menu catalogue (packages/domain/src/menu.ts) an area's list page may join. */
export const CATALOG_MENU_GROUPS = [
  'dashboard',
  'users',
  'businesses',
  'workers',
  'safety',
  'accidents',
  'training',
  'news',
  'reports',
  'documents',
  'employment',
  'links',
  'messages',
  'system',
] as const;

/** A declaration with every default filled in: what the engine and the pages actually use. */
export interface ResolvedCatalog {
  declaration: CatalogDeclaration;
  key: string;
  area: string;
  /** The API path segment: `mount`, else `area`. */
  mount: string;
  subject: string;
  table: string;
  paths: CatalogPaths;
  pages: ResolvedPage[];
  parentField: string | null;
  writable: string[];
  excel: string[];
  /** Export columns: `excel` without write-only fields. */
  exported: string[];
  sortable: string[];
  /** The unique key an import row is matched on to update instead of insert (the one holding the code). */
  upsertKey: string | null;
}

export function resolveCatalog(d: CatalogDeclaration): ResolvedCatalog {
  const uniqueKeys = Object.entries(d.unique ?? {});
  const upsert =
    uniqueKeys.find(([, fields]) => d.codeField !== undefined && fields.includes(d.codeField)) ?? uniqueKeys[0];
  return {
    declaration: d,
    key: d.key,
    area: d.area,
    mount: d.mount ?? d.area,
    subject: subjectOf(d),
    table: d.table,
    paths: resolvePaths(d),
    pages: pagesOf(d),
    parentField: parentFieldOf(d),
    writable: writableFields(d),
    excel: excelColumnsOf(d),
    exported: exportColumnsOf(d),
    sortable: sortableFieldsOf(d),
    upsertKey: upsert?.[0] ?? null,
  };
}
