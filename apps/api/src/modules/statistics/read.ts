import { type Expression, type SqlBool, sql } from 'kysely';
import {
  DISCLOSURE_MIN,
  type StatisticAnswer,
  type StatisticDimension,
  type StatisticQuery,
  type StatisticRow,
} from '@portal/domain/statistics/index';
import type { Db } from '../../db/database.ts';
import type { Principal } from '../../platform/access/index.ts';
import { inLocalUnit, scopeOf } from '../../platform/access/scope.ts';
import { AppError, badRequest } from '../../platform/errors/app-error.ts';
import { readTallyGroups } from '../workspace/index.ts';
import type { DimensionSource, KeyContext, MeasureSource, StatisticDeclaration } from './declare.ts';

/**
 * A statistic's answer: its measure broken down by one or two dimensions, for a year, within the caller's scope
 * (the department the province, a commune its area, an employer its own figures; the public the province, with
 * counts below DISCLOSURE_MIN suppressed), beside the year before where the figures are of a year, with the share
 * of expected reports behind them where they come with reports. Read from the rollups only.
 */

/** Who asks: a signed-in principal, or the public (the public set only). */
export type Viewer = { kind: 'user'; principal: Principal } | { kind: 'public' };

export interface ReadContext {
  today: string;
  now: Date;
  lang: 'vi' | 'en';
}

const invalid = (field: string, message: string) => badRequest([{ field, message, code: 'invalid' }]);

interface Plan {
  measure: string;
  source: MeasureSource;
  by: StatisticDimension;
  by2: StatisticDimension | null;
  filter: { dimension: StatisticDimension; key: string } | null;
  year: number;
}

/** The query checked against the declaration (what it has not is a 400 naming the field). */
export function planOf(d: StatisticDeclaration, q: StatisticQuery, viewer: Viewer, today: string): Plan {
  const measure = q.measure ?? d.info.measures[0]!.key;
  const source = d.measures[measure];
  if (!source) throw invalid('measure', `unknown measure "${measure}"`);
  const by = q.by ?? d.info.dimensions[0]!;
  if (!d.info.dimensions.includes(by)) throw invalid('by', `"${by}" is not a dimension of this statistic`);
  const by2 = q.by2 ?? null;
  if (by2 && (!d.info.dimensions.includes(by2) || by2 === by))
    throw invalid('by2', `"${by2}" is not a second dimension of this statistic`);
  let filter: Plan['filter'] = null;
  if (q.filter) {
    const at = q.filter.indexOf(':');
    const dimension = q.filter.slice(0, at) as StatisticDimension;
    if (!d.dimensions[dimension]) throw invalid('filter', `"${dimension}" is not a dimension of this statistic`);
    filter = { dimension, key: q.filter.slice(at + 1) };
  }
  if (viewer.kind === 'public') {
    if (!d.info.public) throw new AppError(404, 'NOT_FOUND');
    if (by === 'employer' || by2 === 'employer' || q.employer || filter?.dimension === 'employer')
      throw invalid('employer', 'the public figures are not given by employer');
  }
  return { measure, source, by, by2, filter, year: q.year ?? Number(today.slice(0, 4)) };
}

/** The caller's rows of a rollup (over alias `t`), and whether they need the per-employer counts. */
function scopeOfViewer(viewer: Viewer): { where: Expression<SqlBool>[]; perEmployer: boolean } {
  if (viewer.kind === 'public') return { where: [], perEmployer: false };
  const scope = scopeOf(viewer.principal);
  switch (scope.kind) {
    case 'all':
      return { where: [], perEmployer: false };
    case 'business':
      return { where: [sql<SqlBool>`t.business_id = ${scope.businessId}::uuid`], perEmployer: true };
    case 'localUnit':
      return { where: [inLocalUnit(sql.ref('t.local_unit'), scope.localUnitCode)], perEmployer: false };
    default:
      // A training body keeps no employer's or commune's figures.
      return { where: [sql<SqlBool>`false`], perEmployer: false };
  }
}

/** The day window of the asked year (flows), or of the years before it (old illnesses); none for stocks. */
function windowOf(d: StatisticDeclaration, year: number): Expression<SqlBool>[] {
  if (d.time === 'flow') return [sql<SqlBool>`t.day >= ${`${year}-01-01`}::date and t.day <= ${`${year}-12-31`}::date`];
  if (d.time === 'before') return [sql<SqlBool>`t.day < ${`${year}-01-01`}::date`];
  return [];
}

type Keyed = { keys: (string | null)[]; n: number };

/** How many employers a breakdown by employer lists. */
const EMPLOYERS_LISTED = 100;

/**
 * The measure's counts by the plan's dimensions, bucketed, filtered and added up by (by, by2): `year` the figures'
 * year (ages and windows are of it).
 */
async function countsOf(
  db: Db,
  d: StatisticDeclaration,
  plan: Plan,
  base: { where: Expression<SqlBool>[]; perEmployer: boolean },
  year: number,
  today: string,
  grouped: boolean,
): Promise<Map<string, { by: string | null; by2: string | null; n: number }>> {
  const only = plan.source.only ?? null;
  const dims: StatisticDimension[] = [];
  const add = (x: StatisticDimension | null | undefined) => {
    if (x && !dims.includes(x)) dims.push(x);
  };
  const ctx: KeyContext = { year, today };
  const keyOf = (s: DimensionSource) => (typeof s.key === 'function' ? s.key(ctx) : s.key);
  // A filter or a measure's `only` on a key read as it is (no bucket) is a condition of the statement; on a bucketed
  // one (an age band), it is applied to the groups read.
  const where = [...base.where, ...windowOf(d, year)];
  let perEmployer = base.perEmployer;
  const pushed: StatisticDimension[] = [];
  const inStatement = (c: { dimension: StatisticDimension; key: string } | null | undefined) => {
    const s = c ? d.dimensions[c.dimension] : undefined;
    if (!c || !s || s.bucket) return false;
    where.push(sql<SqlBool>`(${keyOf(s)})::text = ${c.key}`);
    perEmployer ||= !!s.perEmployer;
    pushed.push(c.dimension);
    return true;
  };
  const filter = plan.filter && !inStatement(plan.filter) ? plan.filter : null;
  const onlyAfter = only && !inStatement(only) ? only : null;
  // A bucket that drops keys (ages under 15) drops them from the total too.
  const dropping = !!d.dimensions[plan.by]?.bucket;
  if (grouped || dropping) add(plan.by);
  if (grouped) add(plan.by2);
  add(filter?.dimension);
  add(onlyAfter?.dimension);
  add(d.within?.dimension);
  const sources = dims.map((x) => d.dimensions[x] as DimensionSource);
  const wider = plan.source.wider;
  // A list of employers is their largest hundred, counted and named in the database (the total counts them all).
  const top =
    grouped && plan.by === 'employer' && !plan.by2 && dims.length === 1 && !plan.source.distinctEmployers
      ? EMPLOYERS_LISTED
      : undefined;
  const rows: Keyed[] = await readTallyGroups(db, {
    of: wider && [...dims, ...pushed].some((x) => wider.dimensions.includes(x)) ? wider.tally : plan.source.tally,
    groupBy: sources.map(keyOf),
    where,
    perEmployer: perEmployer || sources.some((s) => s.perEmployer),
    ...(plan.source.distinctEmployers ? { distinctEmployers: true } : {}),
    ...(top ? { largest: top } : {}),
  });
  const out = new Map<string, { by: string | null; by2: string | null; n: number }>();
  for (const r of rows) {
    const value = (x: StatisticDimension) => {
      const i = dims.indexOf(x);
      const s = sources[i]!;
      const k = r.keys[i] ?? null;
      return s.bucket ? s.bucket(k, ctx) : k;
    };
    if (filter && value(filter.dimension) !== filter.key) continue;
    if (onlyAfter && value(onlyAfter.dimension) !== onlyAfter.key) continue;
    if (d.within && !d.within.keys.includes(value(d.within.dimension) ?? '')) continue;
    if (dropping && value(plan.by) === null) continue;
    const by = grouped ? value(plan.by) : null;
    const by2 = grouped && plan.by2 ? value(plan.by2) : null;
    const key = JSON.stringify([by, by2]);
    const at = out.get(key);
    if (at) at.n += r.n;
    else out.set(key, { by, by2, n: r.n });
  }
  return out;
}

const LABEL_TABLES = {
  ward: { table: 'admin_unit', name: 'full_name' },
  employer: { table: 'business', name: 'name' },
  occupation: { table: 'type_of_profession', name: 'name' },
  equipmentKind: { table: 'index_equipment', name: 'name' },
  illness: { table: 'occupational_disease_type', name: 'name' },
} as const;

/** The labels of a dimension's keys (catalogue names, communes, employers, countries); empty for fixed lists. */
async function labelsOf(
  db: Db,
  source: DimensionSource | undefined,
  keys: (string | null)[],
  lang: 'vi' | 'en',
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const present = [...new Set(keys.filter((k): k is string => k !== null))];
  if (!source?.labels || !present.length) return out;
  if (source.labels === 'country') {
    const names = new Intl.DisplayNames([lang], { type: 'region' });
    for (const k of present) {
      let name = k;
      try {
        if (/^[A-Z]{2}$/.test(k)) name = names.of(k) ?? k;
      } catch {
        // Not a region code: the stored text is the name.
      }
      out.set(k, name);
    }
    return out;
  }
  const t = LABEL_TABLES[source.labels];
  const rows = await sql<{ id: string; name: string | null }>`select id::text as id, ${sql.ref(t.name)} as name
    from ${sql.table(t.table)} where id::text = any(${present}::text[])`.execute(db);
  for (const r of rows.rows) if (r.name) out.set(r.id, r.name);
  return out;
}

function ordered(rows: StatisticRow[], source: DimensionSource | undefined, by: StatisticDimension): StatisticRow[] {
  const order = source?.order;
  if (order) {
    const at = (k: string | null) => {
      const i = k === null ? -1 : order.indexOf(k);
      return i < 0 ? order.length : i;
    };
    return rows.sort((a, b) => at(a.key) - at(b.key) || (b.value ?? 0) - (a.value ?? 0));
  }
  if (by === 'year') return rows.sort((a, b) => Number(a.key) - Number(b.key));
  return rows.sort(
    (a, b) => (b.value ?? 0) - (a.value ?? 0) || (a.label ?? a.key ?? '').localeCompare(b.label ?? b.key ?? '', 'vi'),
  );
}

/** The share of the year's expected reports of `reportType` received, in the viewer's scope. */
async function completenessOf(
  db: Db,
  reportType: string,
  year: number,
  viewer: Viewer,
  ward: string | undefined,
): Promise<StatisticAnswer['completeness']> {
  const scope = viewer.kind === 'public' ? ({ kind: 'all' } as const) : scopeOf(viewer.principal);
  const periods = sql<SqlBool>`r.period_key like ${`${year}%`} and r.report_type_id in
    (select id from report_type where code = ${reportType})`;
  let counts: { expected: string | null; received: string | null } | undefined;
  if (scope.kind === 'business') {
    counts = (
      await sql<{ expected: string | null; received: string | null }>`select count(*) as expected,
        count(*) filter (where r.first_submitted_on is not null) as received
      from report_expected r where ${periods} and r.removed_at is null and r.business_id = ${scope.businessId}::uuid`.execute(
        db,
      )
    ).rows[0];
  } else {
    const where: Expression<SqlBool>[] = [periods, sql<SqlBool>`r.dimension = 'ward'`];
    if (scope.kind === 'localUnit') where.push(inLocalUnit(sql.ref('r.key'), scope.localUnitCode));
    else if (scope.kind !== 'all') where.push(sql<SqlBool>`false`);
    if (ward) where.push(sql<SqlBool>`r.key = ${ward}`);
    counts = (
      await sql<{ expected: string | null; received: string | null }>`select sum(r.reporters) as expected,
        sum(r.reporters) filter (where r.filed <> 'notFiled') as received
      from report_status_rollup r where ${sql.join(where, sql` and `)}`.execute(db)
    ).rows[0];
  }
  const expected = Number(counts?.expected ?? 0);
  const received = Number(counts?.received ?? 0);
  return { expected, received, share: expected ? Math.round((received / expected) * 1000) / 10 : 0 };
}

/** Public figures: a count of 1 to DISCLOSURE_MIN − 1 is not shown. */
const disclosed = (n: number | null, viewer: Viewer) =>
  n !== null && viewer.kind === 'public' && n > 0 && n < DISCLOSURE_MIN ? null : n;

export async function statisticAnswer(
  db: Db,
  d: StatisticDeclaration,
  q: StatisticQuery,
  viewer: Viewer,
  ctx: ReadContext,
): Promise<StatisticAnswer> {
  const plan = planOf(d, q, viewer, ctx.today);
  const scope = scopeOfViewer(viewer);
  const where = [...scope.where];
  let perEmployer = scope.perEmployer;
  if (q.ward) where.push(sql<SqlBool>`t.local_unit = ${q.ward}`);
  if (q.employer) {
    where.push(sql<SqlBool>`t.business_id = ${q.employer}::uuid`);
    perEmployer = true;
  }
  const base = { where, perEmployer };
  const comparable = d.time !== 'stock';
  const [current, previous, totalNow, totalBefore] = await Promise.all([
    countsOf(db, d, plan, base, plan.year, ctx.today, true),
    comparable ? countsOf(db, d, plan, base, plan.year - 1, ctx.today, true) : null,
    countsOf(db, d, plan, base, plan.year, ctx.today, false),
    comparable ? countsOf(db, d, plan, base, plan.year - 1, ctx.today, false) : null,
  ]);
  const [labels, labels2] = await Promise.all([
    labelsOf(
      db,
      d.dimensions[plan.by],
      [...current.values()].map((r) => r.by),
      ctx.lang,
    ),
    plan.by2
      ? labelsOf(
          db,
          d.dimensions[plan.by2],
          [...current.values()].map((r) => r.by2),
          ctx.lang,
        )
      : new Map(),
  ]);
  const rows: StatisticRow[] = [...current.entries()].map(([key, r]) => ({
    key: r.by,
    label: r.by === null ? null : (labels.get(r.by) ?? null),
    key2: r.by2,
    label2: r.by2 === null ? null : ((labels2.get(r.by2) as string | undefined) ?? null),
    value: disclosed(r.n, viewer),
    previous: previous ? disclosed(previous.get(key)?.n ?? 0, viewer) : null,
  }));
  const sum = (m: Map<string, { n: number }> | null) => (m ? [...m.values()].reduce((a, r) => a + r.n, 0) : null);
  return {
    slug: d.info.slug,
    measure: plan.measure,
    by: plan.by,
    by2: plan.by2,
    year: plan.year,
    rows: ordered(rows, d.dimensions[plan.by], plan.by),
    total: disclosed(sum(totalNow), viewer),
    previousTotal: disclosed(sum(totalBefore), viewer),
    asOf: ctx.now.toISOString(),
    completeness: d.info.fromReports ? await completenessOf(db, d.info.fromReports, plan.year, viewer, q.ward) : null,
    suppressed: viewer.kind === 'public' && rows.some((r) => r.value === null),
  };
}
