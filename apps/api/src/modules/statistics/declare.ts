import { type RawBuilder, sql } from 'kysely';
import { statisticBySlug, type StatisticDimension, type StatisticInfo } from '@portal/domain/statistics/index';
import { defineTally, type TallyDefinition } from '../workspace/index.ts';

/**
 * A statistic's declaration on the server: the shared facts (`info`, from the domain's list) and how its figures are
 * read — each measure a tally (a rollup kept by the writes' own transactions), each dimension a key over the tally's
 * columns. From it the routes, the answer (read.ts), the workbook (workbook.ts) and the public set are made; nothing
 * else is written per statistic.
 */

/** What a dimension's key is read for: the figures' year, and today (an inspection state is of this month). */
export interface KeyContext {
  year: number;
  today: string;
}

/** Where a dimension's key comes from in a tally's columns (alias `t`), and how its labels are found. */
export interface DimensionSource {
  /** The key (SQL over `t`), or made for the call (a machine's inspection state in the month of `today`). */
  key: RawBuilder<unknown> | ((ctx: KeyContext) => RawBuilder<unknown>);
  /** Keys turned into the dimension's own keys after reading (a birth year into an age band); null drops the row. */
  bucket?: (key: string | null, ctx: KeyContext) => string | null;
  /** Labels from a table (its id → name), from the admin units, or from the language's country names. */
  labels?: 'ward' | 'employer' | 'occupation' | 'equipmentKind' | 'illness' | 'country';
  /** Reading it needs the per-employer counts. */
  perEmployer?: boolean;
  /** The order of the keys when they are a fixed list (else by value, largest first). */
  order?: readonly string[];
}

export interface MeasureSource {
  tally: TallyDefinition;
  /** Only the counts whose dimension has this key (deaths: the victims whose severity is fatal). */
  only?: { dimension: StatisticDimension; key: string };
  /** Count the employers with a positive count instead of the counts. */
  distinctEmployers?: boolean;
  /** A wider rollup read when one of these dimensions is asked (the narrow one answers the rest faster). */
  wider?: { dimensions: readonly StatisticDimension[]; tally: TallyDefinition };
}

export interface StatisticDeclaration {
  info: StatisticInfo;
  measures: Record<string, MeasureSource>;
  dimensions: Partial<Record<StatisticDimension, DimensionSource>>;
  /**
   * 'flow': the tally's day is the event's (an accident, a diagnosis): the figures are of the asked year and compared
   * with the year before. 'stock': what is on the register now. 'before': the events of the years before the asked
   * one (old occupational illness).
   */
  time: 'flow' | 'stock' | 'before';
  /** Keep only the keys of this dimension that the bucket maps (the working-age population: ages 15 to 64). */
  within?: { dimension: StatisticDimension; keys: readonly string[] };
  /** Methodology: the source's text key and the definition (under statistics:methodology). */
  source: string;
}

/** The declaration, checked against the domain's list (every measure and dimension of `info`, no other). */
export function defineStatistic(slug: string, d: Omit<StatisticDeclaration, 'info'>): StatisticDeclaration {
  const info = statisticBySlug(slug);
  if (!info) throw new Error(`statistic "${slug}": not in the domain's list`);
  for (const m of info.measures)
    if (!d.measures[m.key]) throw new Error(`statistic "${slug}": measure "${m.key}" has no source`);
  for (const dim of info.dimensions)
    if (!d.dimensions[dim]) throw new Error(`statistic "${slug}": dimension "${dim}" has no source`);
  return { info, ...d };
}

export const col = (name: 'business_id' | 'local_unit' | 'day' | 'd1' | 'd2' | 'd3') => sql.ref(`t.${name}`);

/** Dimensions every rollup keyed by commune and employer has. */
export const WARD: DimensionSource = { key: col('local_unit'), labels: 'ward' };
export const EMPLOYER: DimensionSource = { key: col('business_id'), labels: 'employer', perEmployer: true };
export const YEAR: DimensionSource = { key: sql`extract(year from t.day)::int` };
export const MONTH: DimensionSource = {
  key: sql`extract(month from t.day)::int`,
  order: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
};

/** A rollup: a tally named `stats.<name>` (declared once, shared by the statistics that read it). */
export function rollup(name: string, d: Omit<TallyDefinition, 'name' | 'scope'>): TallyDefinition {
  // Statistics apply their own scope (read.ts); the workspace never reads these tallies.
  return defineTally({ ...d, name: `stats.${name}`, scope: () => null });
}
