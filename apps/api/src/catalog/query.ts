import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import {
  codeKeyOf,
  columnOf,
  displayKeyOf,
  employerFieldOf,
  storedFields,
  type ResolvedCatalog,
} from '@portal/domain/catalog/index';
import { containsKeyword, matchesKeyword } from '../db/search.ts';
import type { Principal } from '../platform/access/index.ts';
import { catalogRegistry } from './registry.ts';
import { rowScope } from './scope.ts';
import { searchColumnOf, sortsByWords } from './schema.ts';

/** SQL pieces shared by the list, detail, tree, combobox and export queries (row alias `t`). */

export const tableRef = (c: ResolvedCatalog) => sql.table(c.table);
export const col = (c: ResolvedCatalog, field: string, alias = 't') => sql.ref(`${alias}.${fieldColumn(c, field)}`);

export function fieldColumn(_c: ResolvedCatalog, field: string): string {
  if (field === 'createdAt') return 'created_at';
  if (field === 'updatedAt') return 'updated_at';
  return columnOf(field);
}

interface Join {
  sql: RawBuilder<unknown>;
  select: RawBuilder<unknown>;
}

/**
 * Display names of referenced records, admin units, employers and files. `inline` (lists and details: a page of
 * 20) reads each as a scalar subquery: the planner then plans the page and a few one-row lookups, where six left
 * joins made it search join orders for longer than the page takes to run (≈ 20 ms of planning for the Worker
 * list at 1 M rows, against ≈ 1 ms). Exports, which read every row, keep the joins.
 */
function joinsOf(c: ResolvedCatalog, inline: boolean): Join[] {
  const out: Join[] = [];
  let i = 0;
  /** One looked-up column of `table` for the row's `name` column: `as` in the record. */
  const lookup = (table: RawBuilder<unknown>, alias: string, name: string, column: string, as: string) =>
    inline
      ? sql`(select ${sql.ref(`${alias}.${column}`)} from ${table} as ${sql.id(alias)} where ${sql.ref(`${alias}.id`)} = ${col(c, name)}) as ${sql.ref(as)}`
      : sql`${sql.ref(`${alias}.${column}`)} as ${sql.ref(as)}`;
  const join = (table: RawBuilder<unknown>, alias: string, name: string) =>
    inline ? sql`` : sql`left join ${table} as ${sql.id(alias)} on ${sql.ref(`${alias}.id`)} = ${col(c, name)}`;
  for (const [name, f] of Object.entries(c.declaration.fields)) {
    const alias = `j${i++}`;
    const as = displayKeyOf(name);
    let table: RawBuilder<unknown>;
    let columns: [string, string][];
    if (f.kind === 'reference' || f.kind === 'treeReference') {
      const target =
        f.kind === 'reference' ? catalogRegistry.get(f.target) : f.target ? catalogRegistry.get(f.target) : c;
      const code = target.declaration.codeField;
      table = sql.table(target.table);
      columns = [
        [columnOf(target.declaration.titleField), as],
        ...(code ? [[columnOf(code), codeKeyOf(name)] as [string, string]] : []),
      ];
    } else if (f.kind === 'adminUnit') {
      table = sql`admin_unit`;
      columns = [['full_name', as]];
    } else if (f.kind === 'employer') {
      // The employer's name, and its tax code (what an export writes: it imports back).
      table = sql`business`;
      columns = [
        ['name', as],
        ['code', codeKeyOf(name)],
      ];
    } else if (f.kind === 'file') {
      table = sql`stored_file`;
      columns = [['original_name', as]];
    } else continue;
    out.push({
      sql: join(table, alias, name),
      select: sql.join(columns.map(([column, key]) => lookup(table, alias, name, column, key))),
    });
  }
  return out;
}

type Shape = { selection: RawBuilder<unknown>; joins: RawBuilder<unknown> };
const caches = { record: new WeakMap<ResolvedCatalog, Shape>(), export: new WeakMap<ResolvedCatalog, Shape>() };

function shapeOf(c: ResolvedCatalog, timestamps: boolean, inline: boolean): Shape {
  const joins = joinsOf(c, inline);
  const columns: RawBuilder<unknown>[] = [
    sql`t.id`,
    ...storedFields(c.declaration).map((name) => sql`${col(c, name)} as ${sql.ref(name)}`),
    ...(c.declaration.scope === 'employer' && !employerFieldOf(c.declaration)
      ? [sql`t.business_id as "businessId"`]
      : []),
    ...(timestamps ? [sql`t.created_at as "createdAt"`, sql`t.updated_at as "updatedAt"`] : []),
    ...joins.map((j) => j.select),
  ];
  return {
    selection: sql.join(columns),
    joins:
      joins.length && !inline
        ? sql.join(
            joins.map((j) => j.sql),
            sql` `,
          )
        : sql``,
  };
}

/** `select` list and joins giving a record keyed by field names. */
export function recordShape(c: ResolvedCatalog): Shape {
  let shape = caches.record.get(c);
  if (!shape) caches.record.set(c, (shape = shapeOf(c, true, true)));
  return shape;
}

/** The record without its timestamps: what an export writes (100 000 rows need no dates parsed). */
export function exportShape(c: ResolvedCatalog): Shape {
  let shape = caches.export.get(c);
  if (!shape) caches.export.set(c, (shape = shapeOf(c, false, false)));
  return shape;
}

/** Timestamps as ISO text: records are plain JSON wherever they go (REST, export, hooks). */
export function toRecord(row: Record<string, unknown>): Record<string, unknown> & { id: string } {
  const out: Record<string, unknown> = { ...row };
  for (const k of ['createdAt', 'updatedAt', 'deletedAt']) {
    const v = out[k];
    if (v instanceof Date) out[k] = v.toISOString();
  }
  return out as Record<string, unknown> & { id: string };
}

export interface Filters {
  keyWord?: string | undefined;
  /** Declared filter values, already typed (`{name}From` / `{name}To` for ranges). */
  values: Record<string, unknown>;
}

/** live rows in the principal's scope, plus the list's filters and keyword. */
export function listConditions(
  c: ResolvedCatalog,
  principal: Principal | null,
  filters: Filters,
  system = false,
): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [sql<SqlBool>`t.deleted_at is null`];
  const scope = system ? null : rowScope(c, principal);
  if (scope) where.push(scope);
  const d = c.declaration;
  for (const name of d.filters ?? []) {
    const f = d.fields[name]!;
    const column = col(c, name);
    if (f.kind === 'date' || f.kind === 'number') {
      const from = filters.values[`${name}From`];
      const to = filters.values[`${name}To`];
      if (from != null) where.push(sql<SqlBool>`${column} >= ${from}`);
      if (to != null) where.push(sql<SqlBool>`${column} <= ${to}`);
      continue;
    }
    const v = filters.values[name];
    if (v == null || v === '') continue;
    if (f.kind === 'text') where.push(sql<SqlBool>`lower(${column}) = lower(${v})`);
    else if (f.kind === 'enum' && String(v).includes(',')) {
      // Several options (a drop-down limited to some; the schema checked each).
      where.push(sql<SqlBool>`${column} in (${sql.join(String(v).split(','))})`);
    } else if (f.kind === 'adminUnit') {
      // A province or district filter also finds the wards below it.
      where.push(
        sql<SqlBool>`(${column} = ${v} or exists (select 1 from admin_unit au where au.id = ${column} and (au.parent_id = ${v} or au.province_id = ${v})))`,
      );
    } else where.push(sql<SqlBool>`${column} = ${v}`);
  }
  const keyWord = filters.keyWord?.trim();
  if (keyWord) {
    // Without a count limit every match is read (the exact total comes with the page): the cheaper index pass.
    const options = { readsEveryMatch: d.list.countLimit === undefined };
    const search = searchColumnOf(c);
    where.push(
      (search
        ? containsKeyword(sql.ref(`t.${search.column}`), keyWord, options)
        : matchesKeyword(
            d.search.map((name) => col(c, name)),
            keyWord,
            options,
          )) as Expression<SqlBool>,
    );
  }
  return where;
}

export const and = (conditions: Expression<SqlBool>[]) => sql.join(conditions, sql` and `);

/** What a list sorts on for a field; the schema sync indexes the same expression for the default sort. */
export function sortKey(c: ResolvedCatalog, field: string): RawBuilder<unknown> {
  return sortsByWords(c.declaration.fields[field]) ? sql`lower(f_unaccent(${col(c, field)}))` : sql`${col(c, field)}`;
}

export function orderBy(c: ResolvedCatalog, sortField?: string, sortOrder?: 'asc' | 'desc'): RawBuilder<unknown> {
  const field = sortField ?? c.declaration.list.defaultSort.field;
  const order = (sortField ? sortOrder : undefined) ?? (sortField ? 'asc' : c.declaration.list.defaultSort.order);
  // id breaks ties, so paging is stable and matches the (sort key, id) index.
  const key = sortKey(c, field);
  return order === 'desc' ? sql`${key} desc, t.id desc` : sql`${key} asc, t.id asc`;
}
