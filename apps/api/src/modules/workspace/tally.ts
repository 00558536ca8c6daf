import { createHash } from 'node:crypto';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Principal } from '../../platform/access/index.ts';

/**
 * Tallies: workspace counts kept exact by the writes themselves (migration 0043).
 *
 * The count cache (cache.ts) recounts a count whenever a table it reads changes, and the first call after a write
 * pays for that recount: over a province's million workers, seconds. A count whose rows are decided by each row
 * alone (not by other tables) can instead be declared as a tally: the table, which rows count, the row's owners
 * (employer, unit, commune) and, for a count by date (due, overdue), the row's day. Statement triggers on the
 * table (with transition tables: one statement, one insert) append what each write changed per owner and day to
 * workspace_tally_delta, in the writing transaction. A count is its scope's compacted counts plus its deltas, each
 * part kept by the count cache (cache.ts) under the versions of the tally tables (migrations 0043, 0044): a warm
 * call reads no tally row, the first call after a write reads only its scope's few deltas, and a compaction (every
 * couple of thousand deltas) has the compacted parts read again. So a count is exact at every call, for any writer
 * (the API, a job, plain SQL, another instance), and costs a few index reads however large the table.
 *
 * The caller's scope is the provider's own rule (`scope`, written over the tally's columns, alias `t`): the live
 * count (the bench's baseline, and the count used until the tally is built) applies it to the table's rows
 * projected onto the same columns, so the two cannot disagree. A date window (overdue: before today) is applied at
 * read time with the portal's day, so counts roll over at midnight without any write.
 *
 * Declared in the module that owns the count:
 *
 *   const workers = defineTally({
 *     name: 'workers',
 *     table: 'worker',
 *     where: 'deleted_at is null',
 *     owners: { business_id: 'business_id' },
 *     scope: (p) => scopeCondition(p, { businessColumn: 't.business_id' }),
 *   });
 *   // a provider: value: tallied(workers)    (a due list: count: tallied(machines, (today) => ({ to: ... })))
 */

/** The tally's columns, each an SQL expression over the table's row (unqualified column names). */
export interface TallyOwners {
  /** The owning employer (uuid). */
  business_id?: string;
  /** The owning unit (uuid). */
  unit_id?: string;
  /** The record's administrative unit (text: a ward code). */
  local_unit?: string;
}

export interface TallyDefinition {
  /** Unique among tallies (stored with its counts). */
  name: string;
  table: string;
  /**
   * Which rows count: SQL over the row's own columns, constant (it runs inside the table's trigger): no other
   * table, no clock, no parameters.
   */
  where: string;
  owners: TallyOwners;
  /** The row's day (SQL giving a date), for counts by date; read with a window (tallied's second argument). */
  day?: string;
  /** What a row adds (SQL giving an integer, e.g. a number of deaths); 1 when absent. */
  adds?: string;
  /**
   * Up to three categories the counts are kept by (SQL giving text: a sex, a kind, a birth year), in columns d1..d3:
   * a statistic's rollup (modules/statistics) reads its figures grouped by them. Workspace counts need none.
   */
  dims?: readonly string[];
  /** The caller's rows among the tally's, over alias `t` (columns business_id, unit_id, local_unit, day); null: all. */
  scope(principal: Principal): Expression<SqlBool> | null;
}

/** Days from `from` to `to`, both included ('YYYY-MM-DD'); an open end is unbounded. */
export interface DayWindow {
  from?: string;
  to?: string;
}

export interface TallyUse {
  of: TallyDefinition;
  window?: ((today: string) => DayWindow) | undefined;
}

/** A tally's declaration, checked (its SQL is written into a trigger: a mistake shows at start, not at a write). */
export function defineTally(definition: TallyDefinition): TallyDefinition {
  if (!/^[a-z][a-z0-9_.]*$/i.test(definition.name)) throw new Error(`tally "${definition.name}": bad name`);
  if (!/^[a-z_][a-z0-9_]*$/.test(definition.table)) throw new Error(`tally "${definition.name}": bad table`);
  if ((definition.dims?.length ?? 0) > DIMS.length) throw new Error(`tally "${definition.name}": at most 3 dims`);
  const texts = [
    definition.where,
    definition.day,
    definition.adds,
    ...Object.values(definition.owners),
    ...(definition.dims ?? []),
  ];
  for (const text of texts) {
    if (text !== undefined && (/\$\d/.test(text) || text.includes(';')))
      throw new Error(`tally "${definition.name}": its SQL must be constant (no parameters, one expression)`);
  }
  return definition;
}

const hashes = new WeakMap<TallyDefinition, string>();

/** What the stored counts were built from: a tally whose hash changed is built again. */
export function definitionHash(d: TallyDefinition): string {
  let hash = hashes.get(d);
  if (!hash) {
    const { name, table, where, owners, day, adds, dims } = d;
    hash = createHash('sha1')
      .update(JSON.stringify({ name, table, where, owners, day: day ?? null, adds: adds ?? null, dims, v: 1 }))
      .digest('base64url');
    hashes.set(d, hash);
  }
  return hash;
}

const OWNER_TYPES = { business_id: 'uuid', unit_id: 'uuid', local_unit: 'text' } as const;
/** The category columns (migration 0050). */
export const DIMS = ['d1', 'd2', 'd3'] as const;
/** Every column a count is kept by, in the order of the tables' keys. */
const KEY_COLUMNS = 'business_id, unit_id, local_unit, day, d1, d2, d3';

/** The row's tally columns: business_id, unit_id, local_unit, day, d1..d3, n (SQL over unqualified columns). */
function projection(d: TallyDefinition, sign: 1 | -1 = 1): string {
  const owners = (Object.keys(OWNER_TYPES) as (keyof TallyOwners)[]).map(
    (k) => `(${d.owners[k] ?? 'null'})::${OWNER_TYPES[k]} as ${k}`,
  );
  const dims = DIMS.map((c, i) => `(${d.dims?.[i] ?? 'null'})::text as ${c}`);
  const n = `${sign === 1 ? '' : '-'}(${d.adds ?? '1'})::bigint as n`;
  return [...owners, `(${d.day ?? 'null'})::date as day`, ...dims, n].join(', ');
}

function windowCondition(use: TallyUse, today: string): Expression<SqlBool> {
  const w = use.window?.(today);
  const parts: Expression<SqlBool>[] = [];
  if (w?.from) parts.push(sql<SqlBool>`t.day >= ${w.from}::date`);
  if (w?.to) parts.push(sql<SqlBool>`t.day <= ${w.to}::date`);
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`true`;
}

/** The count straight from the table (no tally): the same rows, scope and window. */
export async function liveTally(db: Db, principal: Principal, today: string, use: TallyUse): Promise<number> {
  const d = use.of;
  const scope = d.scope(principal);
  const rows = await sql<{ n: string | null }>`select coalesce(sum(t.n), 0) as n from (
      select ${sql.raw(projection(d))} from ${sql.table(d.table)} where ${sql.raw(d.where)}) t
    where ${windowCondition(use, today)} ${scope ? sql`and ${scope}` : sql``}`.execute(db);
  return Number(rows.rows[0]?.n ?? 0);
}

/** Compact when this many deltas wait (a few index reads each call until then). */
const COMPACT_AFTER = 2_000;

/** The compacted rows of the caller's scope (the department: the totals), within the use's window. */
function keptRows(use: TallyUse, i: number, principal: Principal, today: string): RawBuilder<unknown> {
  const scope = use.of.scope(principal);
  const window = windowCondition(use, today);
  return scope
    ? sql`select ${i}::int as k, t.n from workspace_tally_base t where t.tally = ${use.of.name} and ${window} and ${scope}`
    : sql`select ${i}::int as k, t.n from workspace_tally_total t where t.tally = ${use.of.name} and ${window}`;
}

function deltaRows(use: TallyUse, i: number, principal: Principal, today: string): RawBuilder<unknown> {
  const scope = use.of.scope(principal);
  return sql`select ${i}::int as k, t.n from workspace_tally_delta t
    where t.tally = ${use.of.name} and ${windowCondition(use, today)} ${scope ? sql`and ${scope}` : sql``}`;
}

async function sums(db: Db, parts: RawBuilder<unknown>[], count: number): Promise<number[]> {
  const rows = await sql<{ k: number; n: string | null }>`select x.k, coalesce(sum(x.n), 0) as n
    from (${sql.join(parts, sql` union all `)}) x group by x.k`.execute(db);
  const out = new Array<number>(count).fill(0);
  for (const r of rows.rows) out[r.k] = Number(r.n ?? 0);
  return out;
}

/**
 * The counts of `uses` for `principal` on `today`, in order, in one statement (one snapshot: the compacted counts
 * and the deltas it reads are consistent).
 */
export function readTallies(db: Db, principal: Principal, today: string, uses: TallyUse[]): Promise<number[]> {
  return sums(
    db,
    uses.flatMap((use, i) => [keptRows(use, i, principal, today), deltaRows(use, i, principal, today)]),
    uses.length,
  );
}

/**
 * The compacted part of one count. It changes only when a compaction (or a build) commits, which moves the
 * versions of workspace_tally_base and workspace_tally_total (their statement triggers, migration 0043), and when
 * what the scope reads changes (an employer moved to another commune): the count cache keeps it by those versions,
 * so a commune's count, whose scope reads the employers, is not worked out again after each write.
 */
export async function readKept(db: Db, principal: Principal, today: string, use: TallyUse): Promise<number> {
  return (await sums(db, [keptRows(use, 0, principal, today)], 1))[0]!;
}

/**
 * The tables whose versions date a tallied count's parts: a compaction moves rows from the deltas to the compacted
 * counts in one commit, a write adds deltas; each commit moves the versions of those it changed.
 */
export const TALLY_TABLES = ['workspace_tally_base', 'workspace_tally_total', 'workspace_tally_delta'] as const;

/**
 * The deltas of one count not yet compacted (kept by the count cache until a write or a compaction commits: a
 * warm call reads none). Starts a compaction, without waiting for it, when the deltas have piled up.
 */
export async function readDelta(db: Db, principal: Principal, today: string, use: TallyUse): Promise<number> {
  const rows = await sql<{ n: string | null; pending: string | null }>`select
      (select coalesce(sum(x.n), 0) from (${deltaRows(use, 0, principal, today)}) x) as n,
      (select max(id) - min(id) + 1 from workspace_tally_delta) as pending`.execute(db);
  if (Number(rows.rows[0]?.pending ?? 0) >= COMPACT_AFTER) void compactTallies(db).catch(() => {});
  return Number(rows.rows[0]?.n ?? 0);
}

const compacting = new WeakMap<Db, Promise<number>>();

/** A compaction moving this many deltas has the compacted counts analyzed again. */
const ANALYZE_AFTER = 10_000;

/**
 * Moves the deltas into the compacted counts (one at a time per database: per process here, between instances by
 * the function's lock). Resolves with the number of deltas moved.
 */
export function compactTallies(db: Db): Promise<number> {
  let running = compacting.get(db);
  if (!running) {
    running = sql<{ moved: string }>`select workspace_tally_compact() as moved`
      .execute(db)
      .then(async (r) => {
        const moved = Number(r.rows[0]?.moved ?? 0);
        // A large move (an import of thousands of workers) changes what the planner should know of the compacted
        // counts, as a build does; without it a commune's count joined a province of counts row by row (130 ms).
        // The moved deltas are dead rows every read of the deltas would step over until a vacuum: one now.
        if (moved >= ANALYZE_AFTER) {
          await sql`analyze workspace_tally_base, workspace_tally_total`.execute(db);
          await sql`vacuum workspace_tally_delta`.execute(db);
        }
        return moved;
      })
      .finally(() => compacting.delete(db));
    compacting.set(db, running);
  }
  return running;
}

/**
 * The table's trigger functions and triggers (one per event: transition tables take one event each), for every
 * tally on it. An update appends the new rows' counts and takes back the old rows'; rows whose counting columns did
 * not change cancel out and write nothing.
 */
function triggerStatements(table: string, defs: TallyDefinition[]): RawBuilder<unknown>[] {
  const select = (d: TallyDefinition, rows: 'new_rows' | 'old_rows') =>
    `select ${literal(d.name)}::text as tally, ${projection(d, rows === 'new_rows' ? 1 : -1)} from ${rows} where ${d.where}`;
  const body = (rows: ('new_rows' | 'old_rows')[]) => {
    const union = defs.flatMap((d) => rows.map((r) => select(d, r))).join('\n        union all ');
    return `begin
      insert into workspace_tally_delta (tally, ${KEY_COLUMNS}, n)
      select tally, ${KEY_COLUMNS}, sum(n) from (
        ${union}
      ) x group by 1, 2, 3, 4, 5, 6, 7, 8 having sum(n) <> 0;
      return null;
    end`;
  };
  const fn = (event: string) => `workspace_tally_${table}_${event}`;
  const events = [
    { event: 'ins', when: 'insert', referencing: 'new table as new_rows', rows: ['new_rows'] as const },
    {
      event: 'upd',
      when: 'update',
      referencing: 'old table as old_rows new table as new_rows',
      rows: ['new_rows', 'old_rows'] as const,
    },
    { event: 'del', when: 'delete', referencing: 'old table as old_rows', rows: ['old_rows'] as const },
  ];
  const out: RawBuilder<unknown>[] = [];
  for (const e of events) {
    out.push(
      sql`create or replace function ${sql.id(fn(e.event))}() returns trigger language plpgsql as ${sql.raw(
        dollarQuoted(body([...e.rows])),
      )}`,
    );
    out.push(sql`drop trigger if exists ${sql.id(`workspace_tally_${e.event}`)} on ${sql.table(table)}`);
    out.push(
      sql`create trigger ${sql.id(`workspace_tally_${e.event}`)} after ${sql.raw(e.when)} on ${sql.table(table)}
        referencing ${sql.raw(e.referencing)} for each statement execute function ${sql.id(fn(e.event))}()`,
    );
  }
  out.push(sql`drop trigger if exists workspace_tally_truncate on ${sql.table(table)}`);
  out.push(
    sql`create trigger workspace_tally_truncate after truncate on ${sql.table(table)}
      for each statement execute function workspace_tally_truncate(${sql.raw(defs.map((d) => literal(d.name)).join(', '))})`,
  );
  return out;
}

/**
 * Tables none of whose tallies is declared any more (a module dropped its count): their triggers would go on
 * writing deltas nobody reads. Their triggers and counts go.
 */
async function dropUndeclared(db: Db, declared: string[]): Promise<void> {
  const stale = await sql<{ table_name: string }>`select distinct table_name from workspace_tally
    where table_name <> all(${declared}::text[])`.execute(db);
  for (const { table_name: table } of stale.rows) {
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`workspace_tally:${table}`}))`.execute(trx);
      const exists = await sql<{ n: number }>`select count(*)::int as n from pg_class
        where relname = ${table} and relnamespace = current_schema()::regnamespace`.execute(trx);
      if (exists.rows[0]?.n) {
        for (const e of ['ins', 'upd', 'del', 'truncate'])
          await sql`drop trigger if exists ${sql.id(`workspace_tally_${e}`)} on ${sql.table(table)}`.execute(trx);
      }
      const names = sql`(select name from workspace_tally where table_name = ${table})`;
      await sql`delete from workspace_tally_base where tally in ${names}`.execute(trx);
      await sql`delete from workspace_tally_total where tally in ${names}`.execute(trx);
      await sql`delete from workspace_tally_delta where tally in ${names}`.execute(trx);
      await sql`delete from workspace_tally where table_name = ${table}`.execute(trx);
    });
  }
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

function dollarQuoted(body: string): string {
  let tag = '$tally$';
  for (let i = 0; body.includes(tag); i += 1) tag = `$tally${i}$`;
  return `${tag}${body}${tag}`;
}

/**
 * Builds what is missing or changed: for each table, its triggers (naming every tally on it) and the counts of its
 * new or changed tallies, in one transaction holding off the table's writers, so no write falls between the counts
 * and the triggers. Several instances starting at once take turns (the first builds, the others find it done).
 */
export async function buildTallies(
  db: Db,
  definitions: readonly TallyDefinition[],
  /** `definitions` are all the tallies there are (the app's): those of other tables are dropped. */
  { all = false }: { all?: boolean } = {},
): Promise<void> {
  const byTable = new Map<string, TallyDefinition[]>();
  for (const d of definitions) byTable.set(d.table, [...(byTable.get(d.table) ?? []), d]);
  if (all) await dropUndeclared(db, [...byTable.keys()]);
  let built = false;
  for (const [table, defs] of byTable) {
    const wanted = new Map(defs.map((d) => [d.name, definitionHash(d)]));
    const current = async (executor: Db) => {
      const stored = await sql<{ name: string; definition: string }>`select name, definition from workspace_tally
        where table_name = ${table}`.execute(executor);
      const triggers = await sql<{ n: number }>`select count(*)::int as n from pg_trigger g
        join pg_class c on c.oid = g.tgrelid
        where c.relname = ${table} and c.relnamespace = current_schema()::regnamespace
          and g.tgname in ('workspace_tally_ins', 'workspace_tally_upd', 'workspace_tally_del', 'workspace_tally_truncate')`.execute(
        executor,
      );
      const have = new Map(stored.rows.map((r) => [r.name, r.definition]));
      const stale = defs.filter((d) => have.get(d.name) !== wanted.get(d.name) || triggers.rows[0]?.n !== 4);
      const gone = [...have.keys()].filter((n) => !wanted.has(n));
      return { stale, gone };
    };
    const first = await current(db);
    if (!first.stale.length && !first.gone.length) continue;
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`workspace_tally:${table}`}))`.execute(trx);
      const { stale, gone } = await current(trx);
      if (!stale.length && !gone.length) return;
      built = true;
      await sql`lock table ${sql.table(table)} in share row exclusive mode`.execute(trx);
      for (const statement of triggerStatements(table, defs)) await statement.execute(trx);
      const renewed = [...stale.map((d) => d.name), ...gone];
      await sql`delete from workspace_tally_base where tally = any(${renewed}::text[])`.execute(trx);
      await sql`delete from workspace_tally_total where tally = any(${renewed}::text[])`.execute(trx);
      await sql`delete from workspace_tally_delta where tally = any(${renewed}::text[])`.execute(trx);
      await sql`delete from workspace_tally where name = any(${gone}::text[])`.execute(trx);
      for (const d of stale) {
        await sql`insert into workspace_tally_base (tally, ${sql.raw(KEY_COLUMNS)}, n)
          select ${d.name}, ${sql.raw(KEY_COLUMNS)}, sum(n) from (
            select ${sql.raw(projection(d))} from ${sql.table(table)} where ${sql.raw(d.where)}) t
          group by 2, 3, 4, 5, 6, 7, 8 having sum(n) <> 0`.execute(trx);
        await sql`insert into workspace_tally_total (tally, local_unit, day, d1, d2, d3, n)
          select tally, local_unit, day, d1, d2, d3, sum(n) from workspace_tally_base where tally = ${d.name}
          group by 1, 2, 3, 4, 5, 6`.execute(trx);
        await sql`insert into workspace_tally (name, table_name, definition) values (${d.name}, ${table}, ${wanted.get(d.name)!})
          on conflict (name) do update set table_name = excluded.table_name, definition = excluded.definition,
            built_at = now()`.execute(trx);
      }
    });
  }
  // A build writes a province's counts at once, long before autovacuum would look: without statistics the planner
  // takes the compacted counts for a few hundred rows and joins a commune's scope row by row (184 ms, not 14).
  if (built) await sql`analyze workspace_tally_base, workspace_tally_total`.execute(db);
}

/** What a grouped read asks of one tally (modules/statistics). */
export interface TallyGroupRead {
  of: TallyDefinition;
  /** The keys to group by: SQL over alias `t` (columns business_id, local_unit, day, d1..d3). */
  groupBy: readonly RawBuilder<unknown>[];
  /** Conditions over `t` (the caller's scope, filters, a day window). */
  where: readonly Expression<SqlBool>[];
  /**
   * The read needs the per-employer rows (it groups or filters by employer, or the scope is an employer's);
   * otherwise it reads the province's compacted counts, which keep the commune and the categories.
   */
  perEmployer: boolean;
  /** Count the employers with a positive count in each group instead of summing the counts. */
  distinctEmployers?: boolean;
  /** Only this many groups, the largest (by their counts) first. */
  largest?: number;
}

/**
 * A tally's counts grouped by `groupBy` (keys as text, in order), compacted counts and deltas together, in one
 * statement (one snapshot). Groups whose counts add up to zero are left out.
 */
export async function readTallyGroups(db: Db, read: TallyGroupRead): Promise<{ keys: (string | null)[]; n: number }[]> {
  const keys = read.groupBy.map((g, i) => sql`(${g})::text as ${sql.ref(`k${i}`)}`);
  const cols = read.groupBy.map((_, i) => sql.ref(`x.k${i}`));
  const employer = read.distinctEmployers ? [sql`t.business_id as e`] : [];
  const select = sql.join([...keys, ...employer, sql`t.n`], sql`, `);
  const where = sql.join([sql<SqlBool>`t.tally = ${read.of.name}`, ...read.where], sql` and `);
  const kept = read.perEmployer || read.distinctEmployers ? sql`workspace_tally_base` : sql`workspace_tally_total`;
  const union = sql`select ${select} from ${kept} t where ${where}
    union all select ${select} from workspace_tally_delta t where ${where}`;
  const groupCols = cols.length ? sql.join(cols, sql`, `) : null;
  const query = read.distinctEmployers
    ? sql<Record<string, string | null>>`select ${groupCols ? sql`${groupCols}, ` : sql``}count(*)::bigint as n from (
        select ${groupCols ? sql`${groupCols}, ` : sql``}x.e from (${union}) x
        group by ${groupCols ? sql`${groupCols}, ` : sql``}x.e having sum(x.n) > 0) x
        ${groupCols ? sql`group by ${groupCols}` : sql``}`
    : sql<Record<string, string | null>>`select ${groupCols ? sql`${groupCols}, ` : sql``}sum(x.n)::bigint as n
        from (${union}) x ${groupCols ? sql`group by ${groupCols}` : sql``} having sum(x.n) <> 0
        ${read.largest ? sql`order by sum(x.n) desc limit ${read.largest}` : sql``}`;
  const [rows, pending] = await Promise.all([
    query.execute(db),
    sql<{ n: string | null }>`select max(id) - min(id) + 1 as n from workspace_tally_delta`.execute(db),
  ]);
  // Deltas piled up (an import of thousands of rows) are read by every call until compacted: start it, as the
  // workspace's reads do.
  if (Number(pending.rows[0]?.n ?? 0) >= COMPACT_AFTER) void compactTallies(db).catch(() => {});
  return rows.rows.map((r) => ({
    keys: read.groupBy.map((_, i) => r[`k${i}`] ?? null),
    n: Number(r.n ?? 0),
  }));
}

/**
 * How far a tally's kept counts (compacted and deltas) are from a full count of its table now, in groups that
 * differ; and how far the province's compacted counts are from the per-owner ones. 0 and 0 when all is well. The
 * nightly check (modules/statistics) reports any drift and builds the tally again.
 */
export async function tallyDrift(db: Db, d: TallyDefinition): Promise<{ groups: number; totals: number }> {
  const cols = sql.raw(KEY_COLUMNS);
  const kept = sql`select ${cols}, sum(n) as n from (
      select ${cols}, n from workspace_tally_base where tally = ${d.name}
      union all select ${cols}, n from workspace_tally_delta where tally = ${d.name}) k
    group by ${cols} having sum(n) <> 0`;
  const live = sql`select ${cols}, sum(n) as n from (
      select ${sql.raw(projection(d))} from ${sql.table(d.table)} where ${sql.raw(d.where)}) t
    group by ${cols} having sum(n) <> 0`;
  const groups = await sql<{ n: string }>`select count(*) as n from (
      (${kept} except all ${live}) union all (${live} except all ${kept})) x`.execute(db);
  const totalCols = sql.raw('local_unit, day, d1, d2, d3');
  const totals = await sql<{ n: string }>`select count(*) as n from (
      (select ${totalCols}, sum(n) as n from workspace_tally_base where tally = ${d.name} group by ${totalCols}
        except all select ${totalCols}, n from workspace_tally_total where tally = ${d.name})
      union all
      (select ${totalCols}, n from workspace_tally_total where tally = ${d.name}
        except all select ${totalCols}, sum(n) as n from workspace_tally_base where tally = ${d.name} group by ${totalCols})) x`.execute(
    db,
  );
  return { groups: Number(groups.rows[0]?.n ?? 0), totals: Number(totals.rows[0]?.n ?? 0) };
}

/** Builds a tally again from its table (after drift): its stored build is forgotten and the build redone. */
export async function rebuildTally(db: Db, d: TallyDefinition, all: readonly TallyDefinition[]): Promise<void> {
  await sql`delete from workspace_tally where name = ${d.name}`.execute(db);
  await buildTallies(
    db,
    all.filter((x) => x.table === d.table),
  );
}
