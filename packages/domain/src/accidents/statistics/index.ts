import { defineWorkflow } from '../../workflow/index.ts';

/**
 * Accident statistics (Decree 39/2016 Art 24, Appendix XII): the employer's six-month and yearly report of its
 * occupational accidents, and the rules shared by the API and the web app — the periods, the workflow, and the
 * computation of the report's figures from its victims (sections 1, 2 and 3; breakdowns 1.1 by cause, 1.2 by
 * injury factor, 1.3 by occupation). The deadlines are LegalDeadline rows (rules below), never constants here.
 */

/** The two reporting periods: the first six months of a year, and the whole year. */
export const STATISTICS_PERIODS = ['halfYear', 'year'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];

/** The LegalDeadline rules that give each period's deadline, counted in days from the period's last day. */
export const STATISTICS_DEADLINE_RULES: Record<StatisticsPeriod, string> = {
  halfYear: 'ACCIDENT_STATISTICS_HALF_YEAR',
  year: 'ACCIDENT_STATISTICS_YEAR',
};

export const STATISTICS_STATUSES = ['draft', 'submitted', 'returned'] as const;
export type StatisticsStatus = (typeof STATISTICS_STATUSES)[number];

/** What the caller may do with a report in each state (the server decides who is the filer and the reviewer). */
export const STATISTICS_ACTIONS = ['edit', 'prefill', 'submit', 'return'] as const;
export type StatisticsAction = (typeof STATISTICS_ACTIONS)[number];

/** `filer`: the employer (or an authority filing for it); `reviewer`: the department. */
export const STATISTICS_ACTORS = ['filer', 'reviewer'] as const;
export type StatisticsActor = (typeof STATISTICS_ACTORS)[number];

/**
 * A report's life: the filer edits it (the header, the losses), copies the period's victims again and submits it;
 * submitted, it is read-only until the department returns it with a reason; returned, the filer corrects it and
 * submits again.
 */
export const statisticsWorkflow = defineWorkflow({
  name: 'accidents.statistics',
  statuses: STATISTICS_STATUSES,
  actions: STATISTICS_ACTIONS,
  actors: STATISTICS_ACTORS,
  transitions: [
    { from: 'draft', action: 'edit', to: 'draft', actor: 'filer' },
    { from: 'draft', action: 'prefill', to: 'draft', actor: 'filer' },
    {
      from: 'draft',
      action: 'submit',
      to: 'submitted',
      actor: 'filer',
      needs: { confirm: true, fields: ['totalWorkers'] },
      notify: 'accidentStatisticsSubmitted',
    },
    { from: 'returned', action: 'edit', to: 'returned', actor: 'filer' },
    { from: 'returned', action: 'prefill', to: 'returned', actor: 'filer' },
    {
      from: 'returned',
      action: 'submit',
      to: 'submitted',
      actor: 'filer',
      needs: { confirm: true, fields: ['totalWorkers'] },
      notify: 'accidentStatisticsSubmitted',
    },
    {
      from: 'submitted',
      action: 'return',
      to: 'returned',
      actor: 'reviewer',
      needs: { reason: true },
      notify: 'accidentStatisticsReturned',
    },
  ],
});

export function statisticsActions(status: StatisticsStatus, side: StatisticsActor): StatisticsAction[] {
  return statisticsWorkflow.actionsFor(status, side);
}

/** The first and last day of a period ('YYYY-MM-DD'). */
export function periodRange(year: number, period: StatisticsPeriod): { from: string; to: string } {
  return { from: `${year}-01-01`, to: period === 'halfYear' ? `${year}-06-30` : `${year}-12-31` };
}

/**
 * The period whose report falls due next on `today`: from 1 July the first half of the year, before it the
 * previous year (the yearly report is due early in January).
 */
export function periodDueOn(today: string): { year: number; period: StatisticsPeriod } {
  const year = Number(today.slice(0, 4));
  return today.slice(5) >= '07-01' ? { year, period: 'halfYear' } : { year: year - 1, period: 'year' };
}

export const SEVERITIES = ['light', 'serious', 'fatal'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** One victim of the report (a snapshot of a declared victim, completed with the losses by the employer). */
export interface StatisticsVictim {
  accidentId: string;
  allowanceCase: boolean;
  causeId: string | null;
  factorId: string | null;
  /** Per accident: counted once for each accident however many victims it has. */
  propertyDamage: number;
  otherCost: number;
  female: boolean;
  occupationId: string | null;
  severity: Severity;
  underManagement: boolean;
  daysOff: number;
  medicalCost: number;
  wageCost: number;
  compensationCost: number;
}

/** A row's figures (Appendix XII columns). "outside…" count the victims not under the employer's management. */
export interface StatisticsFigures {
  accidents: number;
  fatalAccidents: number;
  multiVictimAccidents: number;
  victims: number;
  femaleVictims: number;
  deaths: number;
  seriousInjuries: number;
  outsideVictims: number;
  outsideFemale: number;
  outsideDeaths: number;
  outsideSerious: number;
  daysOff: number;
  medicalCost: number;
  wageCost: number;
  compensationCost: number;
  otherCost: number;
  totalCost: number;
  propertyDamage: number;
}

export const FIGURE_KEYS = [
  'accidents',
  'fatalAccidents',
  'multiVictimAccidents',
  'victims',
  'femaleVictims',
  'deaths',
  'seriousInjuries',
  'outsideVictims',
  'outsideFemale',
  'outsideDeaths',
  'outsideSerious',
  'daysOff',
  'medicalCost',
  'wageCost',
  'compensationCost',
  'otherCost',
  'totalCost',
  'propertyDamage',
] as const satisfies readonly (keyof StatisticsFigures)[];

export const STATISTICS_DIMENSIONS = ['total', 'cause', 'factor', 'occupation'] as const;
export type StatisticsDimension = (typeof STATISTICS_DIMENSIONS)[number];

/** A stored row: section 1 (occupational accidents) or 2 (allowance cases, Law Art 39.2), a dimension and key. */
export interface StatisticsRow extends StatisticsFigures {
  section: 1 | 2;
  dimension: StatisticsDimension;
  /** The cause, injury factor or occupation id; null for the total and for victims without one. */
  keyId: string | null;
}

export function emptyFigures(): StatisticsFigures {
  return Object.fromEntries(FIGURE_KEYS.map((k) => [k, 0])) as unknown as StatisticsFigures;
}

export function addFigures(a: StatisticsFigures, b: StatisticsFigures): StatisticsFigures {
  return Object.fromEntries(FIGURE_KEYS.map((k) => [k, a[k] + b[k]])) as unknown as StatisticsFigures;
}

/**
 * The figures of a group of victims. An accident counts once per row it has a victim in; whether it is fatal or
 * has several victims is the accident's own fact (all its victims in the report), and its property damage and
 * other costs count once per row too.
 */
function figuresOf(victims: readonly StatisticsVictim[], all: ReadonlyMap<string, readonly StatisticsVictim[]>) {
  const f = emptyFigures();
  const accidents = new Set<string>();
  for (const v of victims) {
    accidents.add(v.accidentId);
    f.victims += 1;
    if (v.female) f.femaleVictims += 1;
    if (v.severity === 'fatal') f.deaths += 1;
    if (v.severity === 'serious') f.seriousInjuries += 1;
    if (!v.underManagement) {
      f.outsideVictims += 1;
      if (v.female) f.outsideFemale += 1;
      if (v.severity === 'fatal') f.outsideDeaths += 1;
      if (v.severity === 'serious') f.outsideSerious += 1;
    }
    f.daysOff += v.daysOff;
    f.medicalCost += v.medicalCost;
    f.wageCost += v.wageCost;
    f.compensationCost += v.compensationCost;
  }
  for (const id of accidents) {
    const its = all.get(id) ?? [];
    f.accidents += 1;
    if (its.some((v) => v.severity === 'fatal')) f.fatalAccidents += 1;
    if (its.length >= 2) f.multiVictimAccidents += 1;
    f.propertyDamage += its[0]?.propertyDamage ?? 0;
    f.otherCost += its[0]?.otherCost ?? 0;
  }
  f.totalCost = f.medicalCost + f.wageCost + f.compensationCost + f.otherCost;
  return f;
}

/** The report's rows: per section, the total and one row per cause, injury factor and occupation met. */
export function computeStatistics(victims: readonly StatisticsVictim[]): StatisticsRow[] {
  const byAccident = new Map<string, StatisticsVictim[]>();
  for (const v of victims) byAccident.set(v.accidentId, [...(byAccident.get(v.accidentId) ?? []), v]);
  const rows: StatisticsRow[] = [];
  for (const section of [1, 2] as const) {
    const inSection = victims.filter((v) => v.allowanceCase === (section === 2));
    if (!inSection.length) continue;
    rows.push({ section, dimension: 'total', keyId: null, ...figuresOf(inSection, byAccident) });
    const keyed: [StatisticsDimension, (v: StatisticsVictim) => string | null][] = [
      ['cause', (v) => v.causeId],
      ['factor', (v) => v.factorId],
      ['occupation', (v) => v.occupationId],
    ];
    for (const [dimension, keyOf] of keyed) {
      const groups = new Map<string | null, StatisticsVictim[]>();
      for (const v of inSection) groups.set(keyOf(v), [...(groups.get(keyOf(v)) ?? []), v]);
      for (const [keyId, group] of groups) rows.push({ section, dimension, keyId, ...figuresOf(group, byAccident) });
    }
  }
  return rows;
}

/** Section 3 (the total of sections 1 and 2) of one dimension's rows, by key. */
export function sectionTotal(rows: readonly StatisticsRow[], dimension: StatisticsDimension) {
  const byKey = new Map<string | null, StatisticsFigures>();
  for (const r of rows) {
    if (r.dimension !== dimension) continue;
    byKey.set(r.keyId, addFigures(byKey.get(r.keyId) ?? emptyFigures(), r));
  }
  return byKey;
}

/** Web paths (the spec's Vietnamese slugs). */
const ATVS = '/an-toan-ve-sinh-lao-dong';
export const STATISTICS_PATHS = {
  base: `${ATVS}/thong-ke-tai-nan-lao-dong-co-quan`,
  list: `${ATVS}/thong-ke-tai-nan-lao-dong-co-quan/danh-sach`,
  edit: `${ATVS}/thong-ke-tai-nan-lao-dong-co-quan/chinh-sua/:id`,
  summary: `${ATVS}/thong-ke-tai-nan-lao-dong-co-quan/tong-hop`,
  specializeBase: `${ATVS}/bao-cao-tong-hop-tai-nan-lao-dong-chuyen-nganh`,
  specializeList: `${ATVS}/bao-cao-tong-hop-tai-nan-lao-dong-chuyen-nganh/danh-sach`,
  specializeEdit: `${ATVS}/bao-cao-tong-hop-tai-nan-lao-dong-chuyen-nganh/chinh-sua/:id`,
  specializeImport: `${ATVS}/bao-cao-tong-hop-tai-nan-lao-dong-chuyen-nganh/them-tu-tep/:id`,
  specializeImportType: `${ATVS}/bao-cao-tong-hop-tai-nan-lao-dong-chuyen-nganh/them-tu-tep/:id/:type`,
} as const;

/** The figures of a specialised summary report's line (entered or imported by the department). */
export const SPECIALIZE_FIGURES = [
  'accidents',
  'fatalAccidents',
  'victims',
  'deaths',
  'seriousInjuries',
  'daysOff',
  'totalCost',
  'propertyDamage',
] as const;
export type SpecializeFigure = (typeof SPECIALIZE_FIGURES)[number];
