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

/**
 * The same text as `normalized`, spelled out, for tests no index answers. PostgreSQL cannot inline the
 * f_unaccent() wrapper (unaccent() itself is only STABLE), so each call of it costs a function call of its own:
 * about twice the work of the expression it wraps.
 */
function normalizedInline(column: Expression<unknown> | string): RawBuilder<string> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  return sql<string>`public.unaccent('public.unaccent'::regdictionary, lower(${ref}))`;
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

/**
 * A cheap trigram filter that every row containing `keyword` (already normalised) passes, or null.
 *
 * A trigram index answers `like '%xe nang toyota%'` by walking the posting lists of all 15 trigrams of the
 * keyword. Those that pad a word with spaces ("  n", " na", "ng ", "  t") occur in a large share of any
 * Vietnamese text, and walking them costs far more than the matches themselves (at a million equipment rows,
 * ≈ 13 ms of the 15). The filter keeps a few: each word's first three letters, a short word with the space beside
 * it ("xe " before the next word, " a" after the previous one). The pieces, in the keyword's order and not
 * overlapping ('%xe %nan%toy%'), all occur in any text that contains the keyword, so with the exact test after
 * it (see matchesKeyword) no result changes.
 *
 * Only keywords of plain letters, digits and single spaces, for which the database's f_unaccent() is the
 * keyword itself: a piece of the keyword is then a piece of what the rows are matched against. A single word
 * keeps the plain test (all its trigrams are needed to narrow the rows down).
 */
export function trigramFilter(normalizedKeyword: string): string | null {
  if (!/^[a-z0-9]+( [a-z0-9]+)+$/.test(normalizedKeyword)) return null;
  const words = normalizedKeyword.split(' ');
  const pieces: string[] = [];
  let spaceTaken = false; // the space before this word already ends the previous piece
  words.forEach((word, i) => {
    const last = i === words.length - 1;
    if (word.length >= 3) {
      pieces.push(word.slice(0, 3));
      spaceTaken = false;
    } else if (!last) {
      pieces.push(`${i > 0 && !spaceTaken ? ' ' : ''}${word} `);
      spaceTaken = true;
    } else if (!spaceTaken) pieces.push(` ${word}`);
  });
  return pieces.length >= 2 ? `%${pieces.join('%')}%` : null;
}

/**
 * `column` contains `keyword`, ignoring accents and case. Matches any of the columns when several are given.
 *
 * `readsEveryMatch`: the caller reads all matching rows (an exact total), so the search index is read in full
 * and its cost is what counts. The index then reads the `trigramFilter`, and each row it yields is checked
 * exactly with strpos() on f_unaccent spelled out (see normalizedInline), which the index cannot take up, so
 * the keyword's other trigrams are not read after all; `<> 0` leaves the planner's estimate of the matches to
 * the filter. Without it (a page that may stop after a few rows of a sort index) the plain `like`.
 */
export function matchesKeyword(
  columns: Array<Expression<unknown> | string>,
  keyword: string,
  options: { readsEveryMatch?: boolean } = {},
): RawBuilder<boolean> {
  const parts = columns.map((c) => keywordTest(normalized(c), normalizedInline(c), keyword, options));
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

/**
 * `text`, already accent-free and lower-case (a stored search column, see the catalogue schema), contains
 * `keyword`. The same tests as matchesKeyword, without stripping any row's accents at search time. Control
 * characters are dropped from the keyword: such a column joins its fields with one.
 */
export function containsKeyword(
  text: Expression<unknown>,
  keyword: string,
  options: { readsEveryMatch?: boolean } = {},
): RawBuilder<boolean> {
  return keywordTest(text, text, keyword.replace(/\p{Cc}/gu, ' '), options);
}

/** `indexed like …` (the form a trigram index answers), and with a trigram filter the exact test on `exact`. */
function keywordTest(
  indexed: Expression<unknown>,
  exact: Expression<unknown>,
  keyword: string,
  options: { readsEveryMatch?: boolean },
): RawBuilder<boolean> {
  const words = normalizeKeyword(keyword);
  const filter = options.readsEveryMatch ? trigramFilter(words) : null;
  return filter
    ? sql<boolean>`(${indexed} like ${filter} and strpos(${exact}, ${words}) <> 0)`
    : sql<boolean>`${indexed} like f_unaccent(${`%${escapeLike(words)}%`})`;
}

/** DDL for a trigram index on the normalised column: `await searchIndexSql('worker', 'full_name').execute(db)`. */
export function searchIndexSql(table: string, column: string): RawBuilder<unknown> {
  const name = `${table}_${column}_search_idx`;
  return sql`create index if not exists ${sql.id(name)} on ${sql.table(table)} using gin (f_unaccent(${sql.ref(column)}) gin_trgm_ops)`;
}
