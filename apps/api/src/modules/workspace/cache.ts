import { createHash } from 'node:crypto';
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  sql,
} from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Principal } from '../../platform/access/index.ts';
import {
  buildTallies,
  definitionHash,
  readDelta,
  readKept,
  readTallies,
  TALLY_TABLES,
  type TallyDefinition,
  type TallyUse,
} from './tally.ts';
import { isUuid } from '@portal/domain/ids';

/**
 * Workspace counts without recounting every domain table at every sign-in.
 *
 * Each count is kept per (provider, scope key, day) with the versions of the tables its statements read. The
 * version of a table a count reads moves at the commit of any write to it (migration 0035: a statement-level
 * trigger per such table, one bump per table and transaction), so a request reads all versions in one tiny query
 * and recomputes only the counts whose tables changed; a write through any API instance shows at the next call.
 *
 * The tables a count reads are not declared: they are taken from the SQL its computation ran (every identifier
 * that names a table), so a provider cannot forget one, and a branch that reads another table gets that table's
 * trigger when it first runs (that count is kept from its next run on). Tables no count reads carry no trigger.
 * A count that reads a view or the clock (now(), current_date) is not kept. Counts live in a bounded in-process LRU, and in `workspace_count_cache` so other instances (and a
 * restart) reuse them.
 */

/** How a provider's count may be kept: per scope (the default), per user (reads who the user is), or never. */
export type WorkspaceCaching = 'scope' | 'user' | false;

export interface CountRequest {
  key: string;
  caching: WorkspaceCaching;
  /** The count from the tables (live, or when its tally is not built). */
  compute(db: Db): Promise<number>;
  /** Kept by the writes themselves (tally.ts): read, never recounted, whenever the count is kept at all. */
  tally?: TallyUse | undefined;
}

interface Entry {
  value: number;
  /** The versions, when computed, of the tables the count read. */
  versions: Record<string, number>;
}

export interface WorkspaceCacheStats {
  /** Counts computed by running the provider (cold, stale or uncacheable). */
  computed: number;
  /** Counts asked for live (past the cache): the bench's baseline. */
  live: number;
  memoryHits: number;
  sharedHits: number;
  uncacheable: number;
  /** Counts read from their tally. */
  tallied: number;
}

const CLOCK_READS = new Set([
  'now',
  'current_date',
  'current_timestamp',
  'localtimestamp',
  'localtime',
  'clock_timestamp',
  'statement_timestamp',
  'transaction_timestamp',
  'random',
]);

/** Records the SQL of every statement run through it (compiled by the plain executor: no plugin changes it). */
class StatementCapture implements KyselyPlugin {
  readonly statements: string[] = [];
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.statements.push(this.db.getExecutor().compileQuery(args.node, args.queryId).sql);
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

/** How long a call waits for a tally build under way before counting from the tables. */
const TALLY_BUILD_WAIT_MS = 250;

/** How many stale counts of one call are counted at once (the pool has 5 connections by default). */
const COMPUTE_LANES = 3;

const rulesHashes = new WeakMap<object, string>();

/** What a scope-wide count depends on in the principal: its side, unit and scope, and its abilities. */
export function scopeKeyOf(principal: Principal): string {
  let rules = rulesHashes.get(principal.ability);
  if (!rules) {
    rules = createHash('sha1').update(JSON.stringify(principal.ability.rules)).digest('base64url');
    rulesHashes.set(principal.ability, rules);
  }
  const { unit } = principal;
  return [principal.role, unit.kind, unit.id, unit.businessId ?? '', unit.localUnitCode ?? '', rules].join('|');
}

interface Tracking {
  tracked: Set<string>;
  /** Tables without their trigger yet. */
  tables: Set<string>;
  /** Views and other relations no trigger can watch: a count reading one is never kept. */
  others: Set<string>;
}

export class WorkspaceCountCache {
  readonly stats: WorkspaceCacheStats = {
    computed: 0,
    live: 0,
    memoryHits: 0,
    sharedHits: 0,
    uncacheable: 0,
    tallied: 0,
  };
  /**
   * The last time each provider's count took to compute, in ms (one entry per provider key: bounded): what the
   * bench names when a first call is slow.
   */
  readonly computeMs = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<{ value: number; entry: Entry | null }>>();
  private tracking: Promise<Tracking | null> | null = null;
  private tallies: { key: string; ready: Promise<boolean> } | null = null;
  private prunedDay = '';

  private readonly db: Db;
  /** Entries kept in memory (about 0.5 KB each); the oldest used go first. */
  maxEntries: number;

  constructor(db: Db, maxEntries = 20_000) {
    this.db = db;
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.entries.size;
  }

  clearMemory(): void {
    this.entries.clear();
  }

  /**
   * The counts of `requests` for `principal` on `today`, in order. `tallies`: every tally the registered providers
   * declare (a table's triggers serve all the tallies on it, so they are built together).
   */
  async counts(
    principal: Principal,
    today: string,
    requests: CountRequest[],
    tallies: readonly TallyDefinition[] = [],
  ): Promise<number[]> {
    const tallied = requests.flatMap((r, i) => (r.caching !== false && r.tally ? [i] : []));
    if (!tallied.length || !(await this.talliesReadySoon(tallies)))
      return (await this.kept(principal, today, requests)).values;
    this.stats.tallied += tallied.length;
    const others = requests.flatMap((r, i) => (r.caching !== false && r.tally ? [] : [i]));
    // A tallied count = its compacted part + its deltas since, each kept like any count: the compacted part until a
    // compaction (or, for a commune, whose scope reads the employers, an employer's move), the deltas until a write
    // or a compaction. A warm call reads neither; after a write, only the deltas of the scope are read.
    const part = (i: number, kind: 'kept' | 'delta'): CountRequest => {
      const r = requests[i]!;
      const use = r.tally!;
      return {
        key: `${r.key}#${kind}:${use.of.name}`,
        caching: r.caching,
        compute: (db) => (kind === 'kept' ? readKept : readDelta)(db, principal, today, use),
      };
    };
    const asked = [
      ...others.map((i) => requests[i]!),
      ...tallied.map((i) => part(i, 'kept')),
      ...tallied.map((i) => part(i, 'delta')),
    ];
    const out = new Array<number>(requests.length);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const computed = this.stats.computed;
      const { values, versions } = await this.kept(principal, today, asked);
      // Parts read in this call were read after the versions they are kept under: a commit to the tallies in
      // between (a compaction moving deltas into the compacted counts) would make them disagree.
      const consistent =
        this.stats.computed === computed ||
        (await this.versions().then((now) => TALLY_TABLES.every((t) => (now[t] ?? 0) === (versions[t] ?? 0))));
      if (!consistent) continue;
      others.forEach((i, j) => (out[i] = values[j]!));
      tallied.forEach((i, j) => (out[i] = values[others.length + j]! + values[others.length + tallied.length + j]!));
      return out;
    }
    // Commits kept falling in between: both parts in one statement.
    const otherValues = (
      await this.kept(
        principal,
        today,
        others.map((i) => requests[i]!),
      )
    ).values;
    const talliedValues = await readTallies(
      this.db,
      principal,
      today,
      tallied.map((i) => requests[i]!.tally!),
    );
    others.forEach((i, j) => (out[i] = otherValues[j]!));
    tallied.forEach((i, j) => (out[i] = talliedValues[j]!));
    return out;
  }

  /**
   * Whether the tallies are built, waiting a little for a build under way: a build waits for the writers of its
   * tables (an import's long transaction), and a sign-in should not; until it is done, counts come from the tables.
   */
  private talliesReadySoon(tallies: readonly TallyDefinition[]): Promise<boolean> {
    return Promise.race([
      this.talliesReady(tallies),
      new Promise<boolean>((resolve) => setTimeout(resolve, TALLY_BUILD_WAIT_MS, false).unref()),
    ]);
  }

  /**
   * Builds the tallies once per process (again when the declarations change); false when they cannot be. The
   * workspace module starts it when the app is ready, so no sign-in waits for a first build.
   */
  talliesReady(tallies: readonly TallyDefinition[]): Promise<boolean> {
    const key = tallies.map((d) => `${d.name}:${definitionHash(d)}`).join(',');
    if (this.tallies?.key !== key) {
      const ready: Promise<boolean> = buildTallies(this.db, tallies, { all: true }).then(
        () => true,
        () => {
          // Not migrated yet, or a table not created yet: counted from the tables this time, tried again next call.
          if (this.tallies?.ready === ready) this.tallies = null;
          return false;
        },
      );
      this.tallies = { key, ready };
    }
    return this.tallies.ready;
  }

  /**
   * The counts kept by versions, in order, with the versions they are valid at (every request when the tallies
   * are not built; a tallied count's compacted part otherwise).
   */
  private async kept(
    principal: Principal,
    today: string,
    requests: CountRequest[],
  ): Promise<{ values: number[]; versions: Record<string, number> }> {
    if (requests.every((r) => r.caching === false))
      return { values: await this.computeAll(requests, 'live'), versions: {} };
    const tracking = await this.ensureTracking();
    if (!tracking) return { values: await this.computeAll(requests, 'computed'), versions: {} };
    const versions = await this.versions();
    const stamp = JSON.stringify(versions);
    const scopeKey = scopeKeyOf(principal);
    const keyOf = (r: CountRequest) => (r.caching === 'user' ? `${scopeKey}|user:${principal.userId}` : scopeKey);

    const out = new Array<number | undefined>(requests.length);
    const missing: number[] = [];
    requests.forEach((r, i) => {
      if (r.caching === false) return;
      const id = `${r.key}|${keyOf(r)}|${today}`;
      const entry = this.entries.get(id);
      if (entry && fresh(entry, versions)) {
        // Refreshes its place in the LRU order.
        this.entries.delete(id);
        this.entries.set(id, entry);
        this.stats.memoryHits += 1;
        out[i] = entry.value;
      } else missing.push(i);
    });

    if (missing.length) {
      const shared = await this.readShared(
        today,
        missing.map((i) => ({ scope: keyOf(requests[i]!), provider: requests[i]!.key })),
      );
      for (const i of missing) {
        const r = requests[i]!;
        const entry = shared.get(`${keyOf(r)}\n${r.key}`);
        if (entry && fresh(entry, versions)) {
          this.remember(`${r.key}|${keyOf(r)}|${today}`, entry);
          this.stats.sharedHits += 1;
          out[i] = entry.value;
        }
      }
    }

    const computed: SharedRow[] = [];
    const one = async (i: number): Promise<void> => {
      const r = requests[i]!;
      if (r.caching === false) {
        this.stats.computed += 1;
        out[i] = await this.timed(r, this.db);
        return;
      }
      const id = `${r.key}|${keyOf(r)}|${today}`;
      // Concurrent sign-ins of one scope at the same versions share one computation.
      const flightKey = `${id}\n${stamp}`;
      let flight = this.inflight.get(flightKey);
      if (!flight) {
        flight = this.computeOne(r, tracking, versions).finally(() => this.inflight.delete(flightKey));
        this.inflight.set(flightKey, flight);
        const { entry } = await flight;
        if (entry) {
          this.remember(id, entry);
          computed.push({ scope: keyOf(r), provider: r.key, entry, userId: principal.userId });
        }
      }
      out[i] = (await flight).value;
    };
    // A few at a time: the first call after a write recounts each stale count of its scope, and one after another
    // they add up (a commune's after an employer edit: a dozen counts over the employers). More than a few would let
    // one workspace take the pool from everyone else's calls.
    const stale = requests.map((_r, i) => i).filter((i) => out[i] === undefined);
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < stale.length) await one(stale[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(COMPUTE_LANES, stale.length) }, lane));
    if (computed.length) await this.writeShared(today, computed);
    return { values: out.map((v) => v ?? 0), versions };
  }

  private async computeAll(requests: CountRequest[], as: 'computed' | 'live'): Promise<number[]> {
    const out: number[] = [];
    for (const r of requests) {
      this.stats[as] += 1;
      out.push(await this.timed(r, this.db));
    }
    return out;
  }

  private async computeOne(
    r: CountRequest,
    tracking: Tracking,
    versions: Record<string, number>,
  ): Promise<{ value: number; entry: Entry | null }> {
    const capture = new StatementCapture(this.db);
    this.stats.computed += 1;
    const value = await this.timed(r, this.db.withPlugin(capture));
    const read: Record<string, number> = {};
    const untracked = new Set<string>();
    for (const statement of capture.statements) {
      for (const word of statement.toLowerCase().match(/[a-z_][a-z0-9_$]*/g) ?? []) {
        if (CLOCK_READS.has(word) || tracking.others.has(word)) {
          this.stats.uncacheable += 1;
          return { value, entry: null };
        }
        if (tracking.tracked.has(word)) read[word] = versions[word] ?? 0;
        else if (tracking.tables.has(word)) untracked.add(word);
      }
    }
    if (untracked.size) {
      // A table no count read before: it gets its trigger now, and this count (taken before it had one, so a
      // write in between would go unseen) is not kept; the next one is.
      const now = await sql<{ t: string }>`select workspace_track_tables(${[...untracked]}::text[]) as t`.execute(
        this.db,
      );
      for (const r of now.rows) tracking.tracked.add(r.t);
      return { value, entry: null };
    }
    return { value, entry: { value, versions: read } };
  }

  private async timed(r: CountRequest, db: Db): Promise<number> {
    const started = performance.now();
    const value = await r.compute(db);
    this.computeMs.set(r.key, performance.now() - started);
    return value;
  }

  private remember(id: string, entry: Entry): void {
    this.entries.delete(id);
    this.entries.set(id, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /**
   * The tables already tracked, the other tables (tracked once a count reads them) and the relations that cannot
   * be (views), read once per process.
   */
  private ensureTracking(): Promise<Tracking | null> {
    this.tracking ??= (async () => {
      const tracked = await sql<{ t: string }>`select workspace_track_tables('{}'::text[]) as t`.execute(this.db);
      const relations = await sql<{ name: string; table: boolean }>`select c.relname as name,
          c.relkind in ('r', 'p') and c.relname not like 'workspace\_%' and c.relname not like 'kysely\_%' as table
        from pg_class c
        where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')`.execute(
        this.db,
      );
      const trackedNow = new Set(tracked.rows.map((r) => r.t));
      return {
        tracked: trackedNow,
        tables: new Set(relations.rows.filter((r) => r.table).map((r) => r.name)),
        // The workspace's own tables that carry the trigger (the tallies' compacted counts, migration 0043) are
        // read like any tracked table.
        others: new Set(relations.rows.filter((r) => !r.table && !trackedNow.has(r.name)).map((r) => r.name)),
      };
    })().catch(() => {
      // Not migrated yet (or the function is missing): count live this time, try again on the next call.
      this.tracking = null;
      return null;
    });
    return this.tracking;
  }

  private async versions(): Promise<Record<string, number>> {
    const rows = await sql<{
      table_name: string;
      version: string;
    }>`select table_name, version from workspace_table_version`.execute(this.db);
    return Object.fromEntries(rows.rows.map((r) => [r.table_name, Number(r.version)]));
  }

  private async readShared(today: string, wanted: { scope: string; provider: string }[]): Promise<Map<string, Entry>> {
    const rows = await sql<{ scope_key: string; provider: string; value: string; versions: Record<string, number> }>`
      select c.scope_key, c.provider, c.value, c.versions from workspace_count_cache c
      join unnest(${wanted.map((w) => w.scope)}::text[], ${wanted.map((w) => w.provider)}::text[]) as w(scope_key, provider)
        on c.scope_key = w.scope_key and c.provider = w.provider
      where c.day = ${today}::date`.execute(this.db);
    return new Map(
      rows.rows.map((r) => [`${r.scope_key}\n${r.provider}`, { value: Number(r.value), versions: r.versions }]),
    );
  }

  private async writeShared(today: string, rows: SharedRow[]): Promise<void> {
    if (this.prunedDay !== today) {
      this.prunedDay = today;
      // Yesterday's stay: they name the scopes to count ahead for today (warm.ts).
      await sql`delete from workspace_count_cache where day < ${today}::date - 1`.execute(this.db);
    }
    const json = rows.map((r) => ({
      scope_key: r.scope,
      provider: r.provider,
      value: r.entry.value,
      versions: r.entry.versions,
      // An API client's principal, or a test's, is no user to count for.
      user_id: isUuid(r.userId) ? r.userId : null,
    }));
    await sql`insert into workspace_count_cache (scope_key, provider, day, value, versions, user_id)
      select w.scope_key, w.provider, ${today}::date, w.value, w.versions, w.user_id
      from jsonb_to_recordset(${JSON.stringify(json)}::jsonb)
        as w(scope_key text, provider text, value bigint, versions jsonb, user_id uuid)
      on conflict (scope_key, day, provider) do update
        set value = excluded.value, versions = excluded.versions, user_id = excluded.user_id,
          computed_at = now()`.execute(this.db);
  }
}

/** A count written to the shared table, with the user it was counted for. */
interface SharedRow {
  scope: string;
  provider: string;
  entry: Entry;
  userId: string;
}

function fresh(entry: Entry, versions: Record<string, number>): boolean {
  for (const [table, version] of Object.entries(entry.versions)) if ((versions[table] ?? 0) !== version) return false;
  return true;
}

const caches = new WeakMap<Db, WorkspaceCountCache>();

/** The database's cache (tests run several apps, each on its own database, in one process). */
export function workspaceCountCache(db: Db): WorkspaceCountCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new WorkspaceCountCache(db);
    caches.set(db, cache);
  }
  return cache;
}
