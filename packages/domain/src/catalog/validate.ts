import { FIELD_KINDS, type CatalogDeclaration } from './types.ts';
import {
  CATALOG_MENU_GROUPS,
  areaText,
  comboboxSpelling,
  excelColumnsOf,
  fieldLabelKeys,
  optionLabelKey,
  pagesOf,
  parentFieldOf,
  resolvePaths,
  sortableFieldsOf,
} from './resolve.ts';

/** Column names every catalogue table has; fields may not reuse them. */
export const RESERVED_FIELDS = [
  'id',
  'createdAt',
  'createdBy',
  'updatedAt',
  'updatedBy',
  'deletedAt',
  'deletedBy',
  'deletedByName',
  'businessId',
  'hasChildren',
  'isSuccess',
  'errors',
  'action',
  'children',
] as const;

const FILTERABLE = new Set([
  'enum',
  'boolean',
  'reference',
  'treeReference',
  'adminUnit',
  'date',
  'number',
  'text',
  'employer',
]);
const SEARCHABLE = new Set(['text', 'longText']);

/**
 * Checks every declaration against the others (and the locale files) and returns what is wrong.
 * The API and the web call it at start-up and refuse to start on any problem: an unknown field kind, reference,
 * column or missing translation is a bug that must not reach a user.
 */
export function validateCatalogs(
  declarations: readonly CatalogDeclaration[],
  hasTranslation: (language: 'vi' | 'en', key: string) => boolean,
): string[] {
  const problems: string[] = [];
  const byKey = new Map<string, CatalogDeclaration>();
  const seen = {
    key: new Set<string>(),
    area: new Set<string>(),
    table: new Set<string>(),
    route: new Map<string, string>(),
    /** `{mount} {method} {path}` → the area answering it: areas sharing a mount spell their paths apart. */
    api: new Map<string, string>(),
  };

  for (const d of declarations) {
    const at = `catalogue "${d.key}"`;
    if (!/^[a-z][A-Za-z0-9]*$/.test(d.key)) problems.push(`${at}: key must be camelCase`);
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(d.area)) problems.push(`${at}: area "${d.area}" is not a path segment`);
    if (d.mount !== undefined && !/^[A-Za-z][A-Za-z0-9]*$/.test(d.mount))
      problems.push(`${at}: mount "${d.mount}" is not a path segment`);
    if (!/^[a-z][a-z0-9_]*$/.test(d.table)) problems.push(`${at}: table "${d.table}" must be snake_case`);
    for (const [kind, value] of [
      ['key', d.key],
      ['area', d.area],
      ['table', d.table],
    ] as const) {
      if (seen[kind].has(value)) problems.push(`${at}: ${kind} "${value}" is declared twice`);
      seen[kind].add(value);
    }
    byKey.set(d.key, d);
  }

  for (const d of declarations) {
    const at = `catalogue "${d.key}"`;
    const fieldNames = Object.keys(d.fields);
    const has = (name: string) => fieldNames.includes(name);

    for (const [name, f] of Object.entries(d.fields)) {
      if (!(FIELD_KINDS as readonly string[]).includes(f.kind))
        problems.push(`${at}: field "${name}" has unknown kind "${String(f.kind)}"`);
      if (!/^[a-z][A-Za-z0-9]*$/.test(name)) problems.push(`${at}: field "${name}" must be camelCase`);
      const ownerField = name === 'businessId' && f.kind === 'employer';
      if ((RESERVED_FIELDS as readonly string[]).includes(name) && !ownerField)
        problems.push(`${at}: field "${name}" is reserved`);
      if (f.kind === 'employer' && (!ownerField || d.scope !== 'employer')) {
        problems.push(`${at}: an employer field must be "businessId" in an area owned per employer`);
      }
      if (f.kind === 'reference') {
        const target = byKey.get(f.target);
        if (!target) problems.push(`${at}: field "${name}" refers to unknown catalogue "${f.target}"`);
        // Employers themselves (self scope) may be referred to from any area: the caller's scope still applies.
        else if (
          target.scope !== 'global' &&
          target.scope !== 'self' &&
          target.scope !== d.scope &&
          // An employer area's running unit (scopeField) refers to the units.
          !(d.scope === 'employer' && name === d.scopeField && target.scope === 'unit')
        ) {
          problems.push(
            `${at}: field "${name}" refers to "${f.target}", owned per ${target.scope}, from a ${d.scope} catalogue`,
          );
        }
      }
      if (f.kind === 'treeReference') {
        const target = f.target ? byKey.get(f.target) : d;
        if (!target) problems.push(`${at}: field "${name}" refers to unknown catalogue "${f.target}"`);
        else if (!target.tree) problems.push(`${at}: field "${name}" refers to "${target.key}", which is not a tree`);
      }
      if (f.kind === 'enum' && f.options.length === 0) problems.push(`${at}: enum field "${name}" has no options`);
      if (f.kind === 'enum' && f.default !== undefined && !f.options.includes(f.default))
        problems.push(`${at}: enum field "${name}" defaults to "${f.default}", which is not one of its options`);
      for (const other of f.check?.with ?? [])
        if (!has(other)) problems.push(`${at}: the check of field "${name}" reads unknown field "${other}"`);
    }

    if (d.tree && !parentFieldOf(d)) problems.push(`${at}: a tree needs a treeReference field to itself (its parent)`);
    if (
      !d.tree &&
      Object.values(d.fields).some((f) => f.kind === 'treeReference' && (!f.target || f.target === d.key))
    ) {
      problems.push(`${at}: a treeReference to itself requires tree: true`);
    }
    const textField = (name: string | undefined, role: string) => {
      if (name === undefined) return;
      const f = d.fields[name];
      if (!f) problems.push(`${at}: ${role} "${name}" is not a field`);
      else if (f.kind !== 'text') problems.push(`${at}: ${role} "${name}" must be a text field`);
    };
    textField(d.titleField, 'titleField');
    textField(d.codeField, 'codeField');

    const listOf = (names: readonly string[] | undefined, role: string, allowed?: Set<string>) => {
      for (const name of names ?? []) {
        if (!has(name)) problems.push(`${at}: ${role} names unknown field "${name}"`);
        else if (allowed && !allowed.has(d.fields[name]!.kind))
          problems.push(`${at}: ${role} field "${name}" (${d.fields[name]!.kind}) is not allowed there`);
      }
    };
    listOf(d.list.columns, 'list column');
    listOf(d.filters, 'filter', FILTERABLE);
    listOf(d.search, 'search', SEARCHABLE);
    listOf(d.excel, 'excel column');
    listOf(d.exportOnly, 'export-only column');
    for (const name of d.exportOnly ?? [])
      if (d.fields[name] && !d.fields[name].readOnly)
        problems.push(`${at}: export-only column "${name}" must be a read-only field (it is never imported)`);
    listOf(d.importPresets, 'import preset', new Set(['enum']));
    for (const [key, fields] of Object.entries(d.unique ?? {})) {
      if (!/^[a-z][A-Za-z0-9]*$/.test(key)) problems.push(`${at}: unique key "${key}" must be camelCase`);
      listOf(fields, `unique key "${key}"`);
      if (fields.length === 0) problems.push(`${at}: unique key "${key}" has no fields`);
    }
    for (const [key, fields] of Object.entries(d.existChecks ?? {})) {
      if (!/^[a-z][A-Za-z0-9]*$/.test(key)) problems.push(`${at}: exist check "${key}" must be camelCase`);
      if (d.unique?.[key]) problems.push(`${at}: exist check "${key}" is also a unique key`);
      listOf(fields, `exist check "${key}"`);
      if (fields.length === 0) problems.push(`${at}: exist check "${key}" has no fields`);
    }
    for (const [key, index] of Object.entries(d.indexes ?? {})) {
      if (!/^[a-z][A-Za-z0-9]*$/.test(key)) problems.push(`${at}: index "${key}" must be camelCase`);
      listOf(index.fields, `index "${key}"`);
      if (index.fields.length === 0) problems.push(`${at}: index "${key}" has no fields`);
      for (const [name, value] of Object.entries(index.where ?? {})) {
        const f = d.fields[name];
        if (f?.kind !== 'enum' || !f.options.includes(value))
          problems.push(
            `${at}: index "${key}" filters on "${name}" = "${value}", which is not an option of an enum field`,
          );
      }
    }
    for (const key of d.globalUnique ?? []) {
      if (!d.unique?.[key]) problems.push(`${at}: globalUnique names "${key}", which is not a unique key`);
      if (d.scope !== 'employer') problems.push(`${at}: globalUnique only applies to areas owned per employer`);
    }
    if (d.search.length === 0) problems.push(`${at}: at least one search field is needed`);
    if (!sortableFieldsOf(d).includes(d.list.defaultSort.field)) {
      problems.push(`${at}: default sort "${d.list.defaultSort.field}" is not a sortable list column`);
    }
    const missingRequired = Object.entries(d.fields).filter(
      ([name, f]) =>
        f.required && !f.readOnly && !excelColumnsOf(d).includes(name) && !(d.importPresets ?? []).includes(name),
    );
    for (const [name] of missingRequired)
      problems.push(`${at}: required field "${name}" is missing from the Excel columns`);

    if (d.scope === 'district') {
      const f = d.scopeField ? d.fields[d.scopeField] : undefined;
      if (!f || f.kind !== 'adminUnit' || !f.required)
        problems.push(`${at}: district scope needs scopeField, a required adminUnit field`);
    } else if (d.scope === 'self') {
      const f = d.scopeField ? d.fields[d.scopeField] : undefined;
      if (d.scopeField && f?.kind !== 'adminUnit')
        problems.push(`${at}: self scope's scopeField must be an adminUnit field`);
    } else if (d.scope === 'unit') {
      const f = d.scopeField ? d.fields[d.scopeField] : undefined;
      const units = f?.kind === 'reference' ? byKey.get(f.target) : undefined;
      if (d.scopeField && (!f || f.kind !== 'reference' || !f.required || units?.scope !== 'unit' || units.scopeField))
        problems.push(`${at}: unit scope's scopeField must be a required reference to the units (a unit area)`);
    } else if (d.scope === 'employer' && d.scopeField) {
      // The unit that runs the record (a training body's course): it sees and writes the record too.
      const f = d.fields[d.scopeField];
      const units = f?.kind === 'reference' ? byKey.get(f.target) : undefined;
      if (!f || f.kind !== 'reference' || units?.scope !== 'unit' || units.scopeField)
        problems.push(`${at}: an employer area's scopeField must be a reference to the units (a unit area)`);
    } else if (d.scopeField)
      problems.push(`${at}: scopeField only applies to employer, district, self and unit scopes`);

    for (const [name, f] of Object.entries(d.fields)) {
      if (!f.writeOnly) continue;
      if (f.readOnly) problems.push(`${at}: field "${name}" cannot be both readOnly and writeOnly`);
      const roles: [string, readonly string[] | undefined][] = [
        ['list column', d.list.columns],
        ['filter', d.filters],
        ['search', d.search],
        ['unique key', Object.values(d.unique ?? {}).flat()],
        ['exist check', Object.values(d.existChecks ?? {}).flat()],
        ['titleField', [d.titleField]],
        ['codeField', d.codeField ? [d.codeField] : []],
        ['scopeField', d.scopeField ? [d.scopeField] : []],
      ];
      for (const [role, names] of roles)
        if (names?.includes(name)) problems.push(`${at}: write-only field "${name}" cannot be a ${role}`);
    }
    if (d.lookup) {
      if (d.scope !== 'global' && d.scope !== 'unit')
        problems.push(`${at}: a lookup is global or unit-scoped (the units themselves)`);
      if (d.routes || d.menu || d.views?.length || d.paths)
        problems.push(`${at}: a lookup has no routes, paths, views or menu entry`);
    }
    for (const [name, f] of Object.entries(d.fields)) {
      if (f.kind === 'reference' && byKey.get(f.target)?.lookup && d.lookup)
        problems.push(`${at}: field "${name}": a lookup cannot refer to another lookup`);
    }
    for (const [name, kind] of Object.entries(d.optionParams ?? {}))
      if (
        d.filters?.includes(name) ||
        ['keyWord', 'ids', 'id', 'take'].includes(name) ||
        !/^[a-z][A-Za-z]*$/.test(name)
      )
        problems.push(`${at}: option parameter "${name}" (${kind}) clashes with a filter or a drop-down parameter`);
    // A picker's dependent values go to parameters its target's drop-down takes, from fields of this record.
    for (const [name, f] of Object.entries(d.fields)) {
      if (f.kind !== 'reference' || !f.dependsOn) continue;
      const target = byKey.get(f.target);
      for (const [param, source] of Object.entries(f.dependsOn)) {
        if (target && !target.filters?.includes(param) && !target.optionParams?.[param])
          problems.push(`${at}: field "${name}" depends on "${param}", which ${f.target}'s drop-down does not take`);
        if (!has(source) || source === name)
          problems.push(`${at}: field "${name}" depends on "${source}", which is not another field`);
      }
    }

    const paths = resolvePaths(d);
    const spellings = new Map<string, string>();
    const claim = (method: string, path: string, role: string) => {
      if (!/^[A-Za-z0-9\-_/{}]+$/.test(path))
        problems.push(`${at}: path "${path}" (${role}) has characters outside a URL segment`);
      const id = `${method} ${path.replace(/\{id\}/g, ':id')}`;
      const other = spellings.get(id);
      if (other) problems.push(`${at}: ${role} and ${other} both answer ${id}`);
      spellings.set(id, role);
      const mounted = `${d.mount ?? d.area} ${id}`;
      const owner = seen.api.get(mounted);
      if (owner && owner !== d.key) problems.push(`${at}: ${role} answers ${mounted}, as catalogue "${owner}" does`);
      seen.api.set(mounted, d.key);
    };
    claim('GET', paths.list, 'list');
    claim('GET', paths.detail, 'detail');
    claim('POST', paths.create, 'create');
    claim('PUT', paths.update, 'update');
    claim('POST', paths.delete, 'delete');
    claim('POST', paths.import, 'import');
    claim('GET', paths.template, 'template');
    claim('GET', paths.export, 'export');
    for (const c of paths.combobox) claim('GET', comboboxSpelling(c).path, 'combobox');
    // Exist keys may share a spelling (the spec checks an employer's code and email on one path).
    const existPaths = new Map<string, string[]>();
    for (const [key, path] of Object.entries(paths.exist)) existPaths.set(path, [...(existPaths.get(path) ?? []), key]);
    for (const [path, keys] of existPaths) claim('GET', path, `exist ${keys.join('/')}`);
    if (paths.byCode) {
      claim('GET', paths.byCode, 'by code');
      if (!d.codeField) problems.push(`${at}: paths.byCode needs a codeField`);
      if (!paths.byCode.includes('{code}')) problems.push(`${at}: paths.byCode must mark the code with {code}`);
    }
    if (d.tree) {
      claim('GET', paths.treeRoot, 'tree root');
      claim('GET', paths.treeChildren, 'tree children');
      claim('GET', paths.treeFromUpdate, 'tree from update');
    }
    for (const c of paths.combobox) {
      for (const name of Object.keys(comboboxSpelling(c).fixed)) {
        if (!d.filters?.includes(name)) problems.push(`${at}: combobox fixes "${name}", which is not a filter`);
      }
    }

    for (const page of pagesOf(d)) {
      for (const name of Object.keys(page.fixed)) {
        if (!d.filters?.includes(name)) problems.push(`${at}: view fixes "${name}", which is not a filter`);
      }
      const r = page.routes;
      for (const route of [
        r.list,
        r.create,
        r.edit,
        r.detail,
        r.import,
        r.aliases.list,
        r.aliases.create,
        r.aliases.edit,
        r.aliases.import,
      ]) {
        if (!route) continue;
        const normal = route.replace(/\{id\}/g, ':id');
        const other = seen.route.get(normal);
        if (other) problems.push(`${at}: web route ${route} is also used by ${other}`);
        seen.route.set(normal, page.id);
      }
    }
    if (d.menu && !(CATALOG_MENU_GROUPS as readonly string[]).includes(d.menu.group)) {
      problems.push(`${at}: unknown menu group "${d.menu.group}"`);
    }
    if (d.menu && !d.routes) problems.push(`${at}: a menu entry needs routes`);

    for (const language of ['vi', 'en'] as const) {
      const need = (keys: string[], what: string) => {
        if (!keys.some((k) => hasTranslation(language, k)))
          problems.push(`${at}: no ${language} text for ${what} (${keys[0]})`);
      };
      need([areaText(d, 'title')], 'the title');
      need([areaText(d, 'noun')], 'the noun');
      for (const page of pagesOf(d)) need([page.titleKey], `page ${page.id}`);
      for (const name of fieldNames) {
        need(fieldLabelKeys(d, name), `field "${name}"`);
        const f = d.fields[name]!;
        if (f.kind === 'enum') for (const o of f.options) need([optionLabelKey(d, name, o)], `option "${name}.${o}"`);
      }
    }
  }
  return problems;
}

/** Throws one error listing every problem (start-up fails fast). */
export function assertValidCatalogs(
  declarations: readonly CatalogDeclaration[],
  hasTranslation: (language: 'vi' | 'en', key: string) => boolean,
): void {
  const problems = validateCatalogs(declarations, hasTranslation);
  if (problems.length) throw new Error(`Invalid catalogue declarations:\n  - ${problems.join('\n  - ')}`);
}
