import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';

/**
 * The one way a service answers a page of a list (spec: `pageNumber` from 1, `pageSize`; the answer
 * `{ pageLists, totalRecord }`): the page's rows and the count of every matching row, asked together.
 */

/** The paging part of a list request. */
export interface PageRequest {
  pageNumber: number;
  pageSize: number;
}

/** A page of a list as the API answers it. */
export interface Page<T> {
  pageLists: T[];
  totalRecord: number;
}

/** How many rows the requested page skips. */
export const offsetOf = (q: PageRequest): number => (q.pageNumber - 1) * q.pageSize;

/**
 * The rows of a page of a Kysely query and the total: `rows` is the ordered selection, `matching` the same
 * filters with nothing selected (its rows are counted; it may join less than `rows` when that keeps the count).
 */
export async function pageRows<DB, TB extends keyof DB, O, CDB, CTB extends keyof CDB, CO>(
  q: PageRequest,
  rows: SelectQueryBuilder<DB, TB, O>,
  matching: SelectQueryBuilder<CDB, CTB, CO>,
): Promise<{ rows: O[]; total: number }> {
  const [page, count] = await Promise.all([
    rows.limit(q.pageSize).offset(offsetOf(q)).execute(),
    // The generic builder cannot carry the selection's type through; the count is one row of `n`.
    matching
      .select(sql<string>`count(*)`.as('n'))
      .$castTo<{ n: string }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(count.n) };
}

/** A page of a Kysely query as the API answers it, each row made an item by `toItem`. */
export async function listPage<DB, TB extends keyof DB, O, CDB, CTB extends keyof CDB, CO, T>(
  q: PageRequest,
  rows: SelectQueryBuilder<DB, TB, O>,
  matching: SelectQueryBuilder<CDB, CTB, CO>,
  toItem: (row: O) => T,
): Promise<Page<T>> {
  const page = await pageRows(q, rows, matching);
  return { pageLists: page.rows.map(toItem), totalRecord: page.total };
}

/** What runs a raw statement: the database or a transaction. */
type SqlExecutor = Parameters<RawBuilder<unknown>['execute']>[0];

/**
 * A page of raw SQL, for the lists Kysely's builder cannot say: `select ${select} from ${from} where ${where}
 * order by ${order}` (give `order` a unique last key so pages do not overlap). `countFrom` counts the same rows
 * with fewer joins where the page's joins do not change the number. The count is asked only when the page cannot
 * tell it: a full page, or an empty page past the first.
 */
export async function sqlPage<R>(
  db: SqlExecutor,
  q: PageRequest,
  query: {
    select: RawBuilder<unknown>;
    from: RawBuilder<unknown>;
    countFrom?: RawBuilder<unknown>;
    where: Expression<SqlBool>[];
    order: RawBuilder<unknown>;
  },
): Promise<{ rows: R[]; total: number }> {
  const condition = query.where.length ? sql.join(query.where, sql` and `) : sql`true`;
  const offset = offsetOf(q);
  const page = await sql<R>`select ${query.select} from ${query.from} where ${condition}
    order by ${query.order} limit ${q.pageSize} offset ${offset}`.execute(db);
  if (page.rows.length > 0 ? page.rows.length < q.pageSize : offset === 0)
    return { rows: page.rows, total: offset + page.rows.length };
  const count = await sql<{ n: string }>`select count(*) as n from ${query.countFrom ?? query.from}
    where ${condition}`.execute(db);
  return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
}
