import { type Expression, type RawBuilder, sql } from 'kysely';

/**
 * Accent- and case-insensitive text search. `f_unaccent` (migration 0001) lowers and strips diacritics,
 * so "nguyen van a" finds "Nguyễn Văn A" and "d" matches "đ".
 * Index a searchable column with `searchIndexSql` so `%keyword%` uses a trigram index.
 */
export function normalized(column: Expression<unknown> | string): RawBuilder<string> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  return sql<string>`f_unaccent(${ref})`;
}

/** Escape LIKE wildcards in user input so '%' and '_' match literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Normalise a keyword the same way the database does (for display or for caching). */
export function normalizeKeyword(keyword: string): string {
  return keyword
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');
}

/** `column` contains `keyword`, ignoring accents and case. Matches any of the columns when several are given. */
export function matchesKeyword(columns: Array<Expression<unknown> | string>, keyword: string): RawBuilder<boolean> {
  const pattern = `%${escapeLike(normalizeKeyword(keyword))}%`;
  const parts = columns.map((c) => sql`${normalized(c)} like f_unaccent(${pattern})`);
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

/** DDL for a trigram index on the normalised column: `await searchIndexSql('worker', 'full_name').execute(db)`. */
export function searchIndexSql(table: string, column: string): RawBuilder<unknown> {
  const name = `${table}_${column}_search_idx`;
  return sql`create index if not exists ${sql.id(name)} on ${sql.table(table)} using gin (f_unaccent(${sql.ref(column)}) gin_trgm_ops)`;
}
