import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { columnOf, employerFieldOf, type FieldDef, type ResolvedCatalog } from '@portal/domain/catalog/index';
import { catalogRegistry, type CatalogRegistry } from './registry.ts';

/**
 * Catalogue tables are derived from the declarations: created, and extended with new columns and indexes,
 * whenever the declarations change (a repeatable migration, run after the numbered ones). The sync only adds:
 * renaming or dropping a column, or changing its type, needs a numbered migration.
 *
 * Every table has: id, created/updated/deleted at and by (soft delete to the trash bin), the declared fields,
 * `business_id` for areas owned per employer. Uniqueness is per live record (partial indexes), so a deleted
 * code can be reused; searchable columns get trigram indexes on their accent-free form.
 */

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

function sqlType(f: FieldDef): string {
  switch (f.kind) {
    case 'text':
    case 'longText':
      return 'text';
    case 'number':
      return f.integer ? 'bigint' : 'numeric';
    case 'date':
      return 'date';
    case 'enum':
      // An enum with a default is never null (see EnumField.default), as a boolean is never null.
      return f.default !== undefined ? `text not null default '${f.default.replace(/'/g, "''")}'` : 'text';
    case 'boolean':
      return 'boolean not null default false';
    case 'reference':
    case 'treeReference':
    case 'file':
    case 'employer':
      return 'uuid';
    case 'adminUnit':
      return 'text';
  }
}

function referenceClause(c: ResolvedCatalog, name: string, f: FieldDef, registry: CatalogRegistry): string {
  switch (f.kind) {
    case 'reference':
      return ` references ${q(registry.get(f.target).table)}(id)`;
    case 'treeReference': {
      const target = f.target ? registry.get(f.target).table : c.table;
      // A tree's own parent: permanently deleting a node removes the subtree that was trashed with it.
      return name === c.parentField ? ` references ${q(target)}(id) on delete cascade` : ` references ${q(target)}(id)`;
    }
    case 'adminUnit':
      return ' references admin_unit(id)';
    case 'file':
      return ' references stored_file(id) on delete set null';
    default:
      return '';
  }
}

const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

/**
 * Names and titles sort as Vietnamese readers expect — "Đặng" beside "Dang", "Ánh" beside "Anh" — not after "Z"
 * as their bytes would (PGlite and most servers compare text byte by byte). Codes and digit strings keep their
 * plain order.
 */
export function sortsByWords(f: FieldDef | undefined): boolean {
  return !!f && ((f.kind === 'text' && !f.code && !f.digits) || f.kind === 'longText');
}

/**
 * The column a keyword is searched in: every search field, accent-free and lower-case (f_unaccent), joined by a
 * unit separator no keyword holds, computed by the database on write and stored. A list's search then reads one
 * trigram index and checks each candidate against stored text, where it used to strip the accents of every
 * candidate again on every search (most of a search's cost at a million rows). Its name carries a hash of its
 * expression: changing an area's search fields makes a new column, and the sync drops the old one.
 * Null for lookups (tables other modules own and shape).
 */
export function searchColumnOf(c: ResolvedCatalog): { column: string; expression: string } | null {
  const d = c.declaration;
  if (d.lookup) return null;
  const expression = d.search.map((name) => `coalesce(f_unaccent(${q(columnOf(name))}), '')`).join(` || E'\\x1f' || `);
  return { column: `search_${createHash('sha1').update(expression).digest('hex').slice(0, 8)}`, expression };
}

const SEARCH_COLUMN = /^search_[0-9a-f]{8}$/;

/** Index names are limited to 63 bytes: long ones keep a readable prefix and a hash. */
function indexName(table: string, suffix: string): string {
  const name = `${table}_${suffix}`;
  if (name.length <= 63) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

/** The DDL for one catalogue, every statement idempotent. */
export function catalogDdl(c: ResolvedCatalog, registry: CatalogRegistry = catalogRegistry): string[] {
  const d = c.declaration;
  const t = q(c.table);
  const out: string[] = [
    `create table if not exists ${t} (
      id uuid primary key default gen_random_uuid(),
      created_at timestamptz not null default now(),
      created_by text,
      updated_at timestamptz not null default now(),
      updated_by text,
      deleted_at timestamptz,
      deleted_by text,
      deleted_by_name text
    )`,
  ];
  const ownerField = employerFieldOf(d);
  if (d.scope === 'employer') {
    // An owner chosen per record must name a real employer; the implicit owner comes from the token.
    out.push(
      `alter table ${t} add column if not exists business_id uuid${ownerField ? ' references business(id)' : ''}`,
    );
    out.push(`create index if not exists ${q(indexName(c.table, 'business_idx'))} on ${t} (business_id)`);
  }
  for (const [name, f] of Object.entries(d.fields)) {
    // A write-only field (an initial password) is never a column: hooks store what it becomes.
    if (name === ownerField || f.writeOnly) continue;
    out.push(
      `alter table ${t} add column if not exists ${q(columnOf(name))} ${sqlType(f)}${referenceClause(c, name, f, registry)}`,
    );
    if (['reference', 'treeReference', 'adminUnit'].includes(f.kind)) {
      out.push(
        `create index if not exists ${q(indexName(c.table, `${columnOf(name)}_idx`))} on ${t} (${q(columnOf(name))})`,
      );
    }
  }
  for (const name of d.filters ?? []) {
    const f = d.fields[name]!;
    if (['reference', 'treeReference', 'adminUnit', 'employer'].includes(f.kind)) continue;
    out.push(
      `create index if not exists ${q(indexName(c.table, `${columnOf(name)}_idx`))} on ${t} (${q(columnOf(name))}) where deleted_at is null`,
    );
  }
  for (const name of d.search) {
    // Same expression as db/search.ts normalized(): other modules' own searches on these tables use it.
    out.push(
      `create index if not exists ${q(indexName(c.table, `${columnOf(name)}_search_idx`))} on ${t} using gin (f_unaccent(${q(columnOf(name))}) gin_trgm_ops)`,
    );
  }
  const search = searchColumnOf(c);
  if (search) {
    out.push(
      `alter table ${t} add column if not exists ${q(search.column)} text generated always as (${search.expression}) stored`,
    );
    out.push(
      `create index if not exists ${q(indexName(c.table, `${search.column}_idx`))} on ${t} using gin (${q(search.column)} gin_trgm_ops)`,
    );
  }
  const sortField = d.list.defaultSort.field;
  const sortColumn =
    sortField === 'createdAt' ? 'created_at' : sortField === 'updatedAt' ? 'updated_at' : columnOf(sortField);
  // The same key the lists sort on (query.ts sortKey): names by their accent-free, lower-case form.
  const byWords = sortsByWords(d.fields[sortField]);
  const sortKey = byWords ? `lower(f_unaccent(${q(sortColumn)}))` : q(sortColumn);
  const sortIndex = byWords ? `${sortColumn}_words_sort_idx` : `${sortColumn}_sort_idx`;
  out.push(
    `create index if not exists ${q(indexName(c.table, sortIndex))} on ${t} (${sortKey}, id) where deleted_at is null`,
  );
  if (d.scope === 'employer') {
    // An employer's own list (the everyday one) reads its first page, and counts, on one employer's entries only.
    out.push(
      `create index if not exists ${q(indexName(c.table, `business_${sortIndex}`))} on ${t} (business_id, ${sortKey}, id) where deleted_at is null`,
    );
  }
  for (const [key, fields] of Object.entries(d.unique ?? {})) {
    const parts = fields.map((name) => {
      const f = d.fields[name]!;
      return f.kind === 'text' || f.kind === 'longText' ? `lower(${q(columnOf(name))})` : q(columnOf(name));
    });
    if (d.scope === 'employer' && !d.globalUnique?.includes(key))
      parts.unshift(`coalesce(business_id, '${NIL_UUID}'::uuid)`);
    out.push(
      `create unique index if not exists ${q(indexName(c.table, `${columnOf(key)}_uq`))} on ${t} (${parts.join(', ')}) where deleted_at is null`,
    );
  }
  for (const [key, index] of Object.entries(d.indexes ?? {})) {
    // `where` values are options of enum fields (checked at start-up): plain words, quoted all the same.
    const where = Object.entries(index.where ?? {}).map(
      ([name, value]) => ` and ${q(columnOf(name))} = '${value.replace(/'/g, "''")}'`,
    );
    out.push(
      `create index if not exists ${q(indexName(c.table, `${columnOf(key)}_idx`))} on ${t} (${index.fields.map((n) => q(columnOf(n))).join(', ')}) where deleted_at is null${where.join('')}`,
    );
  }
  out.push(
    `create index if not exists ${q(indexName(c.table, 'trash_idx'))} on ${t} (deleted_at) where deleted_at is not null`,
  );
  return out;
}

/** Tables before the tables that refer to them. */
function inDependencyOrder(registry: CatalogRegistry): ResolvedCatalog[] {
  const done = new Set<string>();
  const out: ResolvedCatalog[] = [];
  const visit = (c: ResolvedCatalog, path: string[]) => {
    // A lookup's table belongs to its module: referred to, never created or extended here.
    if (done.has(c.key) || c.declaration.lookup) return;
    if (path.includes(c.key)) throw new Error(`Catalogue references form a loop: ${[...path, c.key].join(' → ')}`);
    for (const f of Object.values(c.declaration.fields)) {
      const target = f.kind === 'reference' ? f.target : f.kind === 'treeReference' ? f.target : undefined;
      if (target && target !== c.key) visit(registry.get(target), [...path, c.key]);
    }
    done.add(c.key);
    out.push(c);
  };
  for (const c of registry.all) visit(c, []);
  return out;
}

/** The areas a sync run from inside the numbered migrations may make now (the others wait for the sync after them). */
async function readyNow<T>(db: Kysely<T>, ordered: ResolvedCatalog[]): Promise<ResolvedCatalog[]> {
  const files =
    (await sql<{ t: string | null }>`select to_regclass('stored_file')::text as t`.execute(db)).rows[0]?.t != null;
  const waiting = new Set<string>();
  for (const c of ordered) {
    const fields = Object.values(c.declaration.fields);
    const refersToWaiting = fields.some(
      (f) => (f.kind === 'reference' || f.kind === 'treeReference') && f.target && waiting.has(f.target),
    );
    if (c.declaration.existingTable || (!files && fields.some((f) => f.kind === 'file')) || refersToWaiting)
      waiting.add(c.key);
  }
  return ordered.filter((c) => !waiting.has(c.key));
}

/**
 * Bring the catalogue tables in line with the declarations. Cheap when nothing changed: a fingerprint of the
 * DDL is kept in app_setting and compared first. Runs in one transaction under an advisory lock, so two
 * instances starting together do not race.
 */
export async function ensureCatalogSchema<T>(
  db: Kysely<T>,
  registry: CatalogRegistry = catalogRegistry,
  options: { afterMigrations?: boolean } = {},
): Promise<boolean> {
  const ordered = inDependencyOrder(registry);
  const print = (areas: ResolvedCatalog[]) => {
    const statements = areas.flatMap((c) => catalogDdl(c, registry));
    return { statements, fingerprint: createHash('sha256').update(statements.join(';\n')).digest('hex') };
  };
  const full = print(ordered);
  // A migration that runs the sync (0005) must not touch tables later migrations still shape (existingTable),
  // nor make tables that need one a later migration makes (a file field needs stored_file, from 0006).
  const synced = options.afterMigrations ? ordered : await readyNow(db, ordered);
  const { statements, fingerprint } = print(synced);
  const current = await sql<{ value: unknown }>`select value from app_setting where key = 'catalog.schema'`.execute(db);
  const stored = (current.rows[0]?.value as { fingerprint?: string } | undefined)?.fingerprint;
  if (stored === full.fingerprint || stored === fingerprint) return false;
  const apply = async (trx: Kysely<T>) => {
    await sql`select pg_advisory_xact_lock(hashtext('catalog.schema'))`.execute(trx);
    await dropStaleSearchColumns(trx, synced);
    for (const statement of statements) await sql.raw(statement).execute(trx);
    const value = JSON.stringify({ fingerprint, tables: registry.all.map((c) => c.table) });
    await sql`insert into app_setting (key, value, updated_at) values ('catalog.schema', ${value}::jsonb, now())
              on conflict (key) do update set value = excluded.value, updated_at = now()`.execute(trx);
  };
  // Migrations already run inside the migrator's transaction.
  if (db.isTransaction) await apply(db);
  else await db.transaction().execute(apply);
  return true;
}

/** Search columns of an earlier set of search fields (see searchColumnOf): dropped with their index. */
async function dropStaleSearchColumns<T>(db: Kysely<T>, areas: ResolvedCatalog[]): Promise<void> {
  const wanted = new Map(areas.map((c) => [c.table, searchColumnOf(c)?.column]));
  if (wanted.size === 0) return;
  const found = await sql<{ table: string; column: string }>`select table_name as "table", column_name as "column"
      from information_schema.columns
      where table_schema = current_schema() and table_name = any(${[...wanted.keys()]}::text[])`.execute(db);
  for (const { table, column } of found.rows) {
    if (SEARCH_COLUMN.test(column) && wanted.get(table) !== column)
      await sql`alter table ${sql.table(table)} drop column ${sql.id(column)}`.execute(db);
  }
}
