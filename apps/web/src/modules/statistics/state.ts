import type { StatisticDimension, StatisticInfo, StatisticRow } from '@portal/domain/statistics/index';
import { AGE_BANDS, EDUCATION_LEVELS, INCOME_BANDS } from '@portal/domain/statistics/values';

/**
 * The statistics pages' pure parts: what the address means (and what a click changes in it), the API query it
 * makes, the link to the records behind a figure, the cross-table of two breakdowns and the change on the year
 * before. No React, no ECharts: unit-tested (state.test.ts).
 */

/** Address names a statistic's page reads. */
export const STATE_PARAMS = ['year', 'measure', 'by', 'by2', 'ward', 'employer', 'filter'] as const;

/** Administrative units since 1 July 2025: a commune's id is `2025:<5-digit code>`. */
export const CURRENT_UNIT_GENERATION = '2025';

export interface StatisticState {
  /** Absent: the API's default (this year). */
  year?: number;
  measure: string;
  by: StatisticDimension;
  by2?: StatisticDimension;
  /** The commune as the API takes it: its administrative-unit id ('2025:24778'). */
  ward?: string;
  employer?: string;
  filter?: { dimension: StatisticDimension; key: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILTER = /^([a-zA-Z]+):([^,]{1,100})$/;

/** A commune's 5-digit code from its id or code ('2025:24778' or '24778' → '24778'). */
export function wardCode(value: string): string {
  return value.slice(value.lastIndexOf(':') + 1);
}

/** A commune's id from its code or id ('24778' → '2025:24778'); anything else: undefined. */
export function wardId(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (/^\d{5}$/.test(value)) return `${CURRENT_UNIT_GENERATION}:${value}`;
  if (/^\d{4}:\d{2,5}$/.test(value)) return value;
  return undefined;
}

/**
 * The state an address asks for, each part checked against the statistic's declaration (a hand-edited or stale
 * address falls back to the defaults: the first measure, the first dimension).
 */
export function readState(info: StatisticInfo, params: URLSearchParams): StatisticState {
  const measures = info.measures.map((m) => m.key);
  const measure = params.get('measure');
  const byParam = params.get('by') as StatisticDimension | null;
  const by = byParam && info.dimensions.includes(byParam) ? byParam : info.dimensions[0]!;
  const by2Param = params.get('by2') as StatisticDimension | null;
  const state: StatisticState = { measure: measure && measures.includes(measure) ? measure : measures[0]!, by };
  if (by2Param && by2Param !== by && info.dimensions.includes(by2Param)) state.by2 = by2Param;
  const year = Number(params.get('year'));
  if (Number.isInteger(year) && year >= 2000 && year <= 2100) state.year = year;
  const ward = wardId(params.get('ward'));
  if (ward) state.ward = ward;
  const employer = params.get('employer');
  if (employer && UUID.test(employer)) state.employer = employer;
  const filter = FILTER.exec(params.get('filter') ?? '');
  if (filter && info.dimensions.includes(filter[1] as StatisticDimension)) {
    state.filter = { dimension: filter[1] as StatisticDimension, key: filter[2]! };
  }
  return state;
}

/** The API's query for a state (`GET /api/Statistics/{slug}` and its export). */
export function apiQuery(state: StatisticState): Record<string, string> {
  const q: Record<string, string> = { measure: state.measure, by: state.by };
  if (state.by2) q.by2 = state.by2;
  if (state.year) q.year = String(state.year);
  if (state.ward) q.ward = state.ward;
  if (state.employer) q.employer = state.employer;
  if (state.filter) q.filter = `${state.filter.dimension}:${state.filter.key}`;
  return q;
}

/** An address change: empty values remove the name. */
export type AddressChanges = Record<string, string | number | null | undefined>;

/** The address after `changes` (other names kept). */
export function applyAddress(current: URLSearchParams, changes: AddressChanges): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === null || v === '') next.delete(k);
    else next.set(k, String(v));
  }
  return next;
}

/**
 * What choosing a breakdown changes: a second breakdown equal to the first goes, and so does a filter on a
 * dimension that is neither (it would filter what the table no longer shows).
 */
export function byChanges(state: StatisticState, by: StatisticDimension): AddressChanges {
  const changes: AddressChanges = { by };
  if (state.by2 === by) changes.by2 = null;
  const kept = [by, state.by2 === by ? undefined : state.by2];
  if (state.filter && !kept.includes(state.filter.dimension)) changes.filter = null;
  return changes;
}

/**
 * What a click on a bar, a table row or a commune of the map changes: a commune → `ward=<id>`, a year → `year`, an
 * employer → `employer`, anything else → `filter=<by>:<key>`. Null: nothing to filter on (no key).
 */
export function clickChanges(dimension: StatisticDimension, key: string | null): AddressChanges | null {
  if (key === null || key === '') return null;
  if (dimension === 'ward') {
    const id = wardId(key);
    return id ? { ward: id } : null;
  }
  if (dimension === 'year') return /^\d{4}$/.test(key) ? { year: key } : null;
  if (dimension === 'employer' && UUID.test(key)) return { employer: key };
  return { filter: `${dimension}:${key}` };
}

// ---------------------------------------------------------------------------------------------------------------
// The records behind a figure: each list page and the address names it reads (its filters).

const WORKERS = '/nguoi-lao-dong/danh-sach-so';
const ACCIDENTS = '/an-toan-ve-sinh-lao-dong/khai-bao-tai-nan-lao-dong/danh-sach';
const EMPLOYERS = '/doanh-nghiep/danh-sach';

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The month a `month` key names ('2025-03', or '3' of the given year). */
function monthOf(key: string, year: number): { year: number; month: number } | null {
  const full = /^(\d{4})-(\d{1,2})$/.exec(key);
  if (full) return { year: Number(full[1]), month: Number(full[2]) };
  const bare = /^(\d{1,2})$/.exec(key);
  return bare ? { year, month: Number(bare[1]) } : null;
}

const filterKey = (state: StatisticState, dimension: StatisticDimension) =>
  state.filter?.dimension === dimension ? state.filter.key : undefined;

/** The address names each records list reads, from a statistic's state (`year`: the year the answer is of). */
const RECORD_FILTERS: Record<string, (state: StatisticState, year: number) => AddressChanges> = {
  // The workers' list (catalogue filters: businessId, sex, nationality, occupationId, …).
  [WORKERS]: (s) => {
    const occupation = filterKey(s, 'occupation');
    return {
      businessId: s.employer ?? filterKey(s, 'employer'),
      sex: filterKey(s, 'sex'),
      nationality: filterKey(s, 'nationality'),
      occupationId: occupation && UUID.test(occupation) ? occupation : undefined,
    };
  },
  // The accident declarations (severity, from, to: occurred between).
  [ACCIDENTS]: (s, year) => {
    const month = s.filter?.dimension === 'month' ? monthOf(s.filter.key, year) : null;
    const from = month ? `${month.year}-${pad(month.month)}-01` : `${year}-01-01`;
    const to = month ? `${month.year}-${pad(month.month)}-${pad(lastDay(month.year, month.month))}` : `${year}-12-31`;
    return { severity: filterKey(s, 'severity'), from, to };
  },
  // The employers' list (wardCode: the commune's id).
  [EMPLOYERS]: (s) => ({ wardCode: s.ward }),
};

/** Lists of the same records for another audience: an employer keeps its own workers on its own list. */
const RECORD_VARIANTS: Record<string, readonly string[]> = {
  [WORKERS]: ['/nguoi-lao-dong/danh-sach'],
};

/**
 * The list of a statistic's records the user works with: the declared one, or its variant for the user's kind of
 * unit when only that one is in their menu (`inMenu`).
 */
export function recordsPath(records: string, inMenu: (path: string) => boolean): string {
  if (inMenu(records)) return records;
  return (RECORD_VARIANTS[records] ?? []).find(inMenu) ?? records;
}

/** The records list behind a statistic's figures, with the filters that list reads; null when it has none. */
export function recordsLink(
  info: StatisticInfo,
  state: StatisticState,
  year: number,
  path: string | undefined = info.records,
): string | null {
  if (!info.records || !path) return null;
  const filters = RECORD_FILTERS[info.records]?.(state, year) ?? {};
  const query = applyAddress(new URLSearchParams(), filters).toString();
  return query ? `${path}?${query}` : path;
}

// ---------------------------------------------------------------------------------------------------------------
// Figures.

/** The change on the year before, in per cent; null when there is nothing to compare with (none, or zero). */
export function changePercent(value: number | null | undefined, previous: number | null | undefined): number | null {
  if (value === null || value === undefined || previous === null || previous === undefined || previous === 0) {
    return null;
  }
  return ((value - previous) / Math.abs(previous)) * 100;
}

/** A sum of figures some of which may be missing (suppressed): null only when all are. */
export function sumOf(values: readonly (number | null)[]): number | null {
  let sum: number | null = null;
  for (const v of values) if (v !== null) sum = (sum ?? 0) + v;
  return sum;
}

/** The key a row is listed under (a missing key is its own row: "not specified"). */
export const rowKey = (key: string | null): string => key ?? '';

export interface CrossColumn {
  key: string;
  label: string;
}

export interface CrossRow {
  key: string;
  label: string;
  cells: Record<string, number | null>;
  total: number | null;
  previous: number | null;
}

export interface CrossTable {
  columns: CrossColumn[];
  rows: CrossRow[];
  /** Column totals, by column key. */
  totals: Record<string, number | null>;
  total: number | null;
  previousTotal: number | null;
}

/**
 * The cross-table of an answer broken down twice: a row per value of the first breakdown, a column per value of the
 * second (both in the answer's order of first appearance), each row's total and its total the year before.
 */
export function crossTable(
  rows: readonly StatisticRow[],
  label: (row: StatisticRow) => string,
  label2: (row: StatisticRow) => string,
): CrossTable {
  const columns = new Map<string, CrossColumn>();
  const lines = new Map<string, CrossRow & { previousValues: (number | null)[] }>();
  for (const r of rows) {
    const col = rowKey(r.key2);
    if (!columns.has(col)) columns.set(col, { key: col, label: label2(r) });
    const k = rowKey(r.key);
    let line = lines.get(k);
    if (!line) {
      line = { key: k, label: label(r), cells: {}, total: null, previous: null, previousValues: [] };
      lines.set(k, line);
    }
    line.cells[col] = sumOf([line.cells[col] ?? null, r.value]);
    line.previousValues.push(r.previous);
  }
  const out: CrossRow[] = [...lines.values()].map(({ previousValues, ...line }) => ({
    ...line,
    total: sumOf(Object.values(line.cells)),
    previous: sumOf(previousValues),
  }));
  const totals: Record<string, number | null> = {};
  for (const c of columns.keys()) totals[c] = sumOf(out.map((r) => r.cells[c] ?? null));
  return {
    columns: [...columns.values()],
    rows: out,
    totals,
    total: sumOf(out.map((r) => r.total)),
    previousTotal: sumOf(out.map((r) => r.previous)),
  };
}

/** One figure per commune (the map) from an answer broken down by commune first or second. */
export function byWard(
  rows: readonly StatisticRow[],
  dimension: 'first' | 'second',
): { code: string; label: string | null; value: number | null }[] {
  const out = new Map<string, { code: string; label: string | null; value: number | null }>();
  for (const r of rows) {
    const key = dimension === 'first' ? r.key : r.key2;
    if (!key) continue;
    const code = wardCode(key);
    const entry = out.get(code) ?? { code, label: (dimension === 'first' ? r.label : r.label2) ?? null, value: null };
    entry.value = sumOf([entry.value, r.value]);
    out.set(code, entry);
  }
  return [...out.values()];
}

/** Dimensions whose values have an order of their own (shown in that order, as columns); others are sorted by size. */
export const ORDERED_DIMENSIONS: readonly StatisticDimension[] = ['year', 'month', 'ageBand', 'income', 'education'];

const LISTED: Partial<Record<StatisticDimension, readonly string[]>> = {
  ageBand: AGE_BANDS,
  income: INCOME_BANDS,
  education: EDUCATION_LEVELS,
};

/**
 * The order of an ordered dimension's keys (periods by number, bands as listed; a missing key last); null for the
 * others, which keep the answer's order (by size).
 */
export function keyOrder(dimension: StatisticDimension): ((a: string | null, b: string | null) => number) | null {
  const rank = (k: string | null): number => {
    if (k === null || k === '') return Number.POSITIVE_INFINITY;
    if (dimension === 'month' || dimension === 'year') {
      const n = Number(k.replace('-', ''));
      return Number.isFinite(n) ? n : Number.POSITIVE_INFINITY;
    }
    const i = LISTED[dimension]?.indexOf(k) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  if (!ORDERED_DIMENSIONS.includes(dimension)) return null;
  return (a, b) => rank(a) - rank(b);
}

/**
 * A cross-table with its rows and columns in their dimensions' own order where they have one; rows of the others
 * the largest first.
 */
export function orderCrossTable(
  table: CrossTable,
  rowDimension: StatisticDimension,
  columnDimension: StatisticDimension,
): CrossTable {
  const rows = keyOrder(rowDimension);
  const columns = keyOrder(columnDimension);
  return {
    ...table,
    rows: [...table.rows].sort(rows ? (a, b) => rows(a.key, b.key) : (a, b) => (b.total ?? -1) - (a.total ?? -1)),
    columns: columns ? [...table.columns].sort((a, b) => columns(a.key, b.key)) : table.columns,
  };
}

/** The translation key of a coded value's label, or the text itself for periods. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A row's label: the answer's own (catalogue entries, communes, employers), else a period as it reads, else the
 * coded value's text (`statistics:values.<dimension>.<key>`), else the key itself.
 */
export function valueLabel(
  t: Translate,
  dimension: StatisticDimension,
  key: string | null,
  label: string | null,
  exists: (key: string) => boolean,
): string {
  if (label) return label;
  if (key === null || key === '') return t('statistics:values.none');
  if (dimension === 'year') return key;
  if (dimension === 'month') {
    const full = /^(\d{4})-(\d{1,2})$/.exec(key);
    if (full) return t('statistics:values.monthOfYear', { month: Number(full[2]), year: full[1] });
    const month = `statistics:values.month.${Number(key)}`;
    return /^\d{1,2}$/.test(key) && exists(month) ? t(month) : key;
  }
  const textKey = `statistics:values.${dimension}.${key}`;
  return exists(textKey) ? t(textKey) : key;
}

/** A cross-table's rows with their two breakdowns swapped (many values read better down the side than across). */
export function swapBreakdowns(rows: readonly StatisticRow[]): StatisticRow[] {
  return rows.map((r) => ({ ...r, key: r.key2, label: r.label2, key2: r.key, label2: r.label }));
}

/** The month an instant falls in, in Vietnam (UTC+7): '2026-11'. */
const vietnamMonth = (instant: string) => new Date(Date.parse(instant) + 7 * 3_600_000).toISOString().slice(0, 7);

/**
 * The periods a line chart runs through, without gaps (a month or year with no row had nothing: it is drawn as 0):
 * every month of the year, every year from the first to the last. Months after the one of `asOf` in its own year
 * have not come yet (`future`). Null when the keys are not plain numbers (nothing to fill).
 */
export function periodKeys(
  dimension: 'month' | 'year',
  keys: readonly (string | null)[],
  year: number,
  asOf: string,
): { key: string; future: boolean }[] | null {
  const numbers = keys.filter((k): k is string => k !== null);
  if (!numbers.length || numbers.some((k) => !/^\d{1,4}$/.test(k))) return null;
  if (dimension === 'month') {
    const [nowYear, nowMonth] = vietnamMonth(asOf).split('-').map(Number) as [number, number];
    return Array.from({ length: 12 }, (_, i) => ({
      key: String(i + 1),
      future: year > nowYear || (year === nowYear && i + 1 > nowMonth),
    }));
  }
  const values = numbers.map(Number);
  const first = Math.min(...values);
  const last = Math.max(...values);
  if (last - first > 100) return null;
  return Array.from({ length: last - first + 1 }, (_, i) => ({ key: String(first + i), future: false }));
}
