import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import {
  emptyCounts,
  FILING_STATUSES,
  filingRates,
  type FilingCounts,
  type FilingRates,
  type FilingStatus,
} from '@portal/domain/reports/filing';

/**
 * packages/domain/src/reports/filing.ts said in SQL, over a relation of filing facts: rows of report_expected (one
 * reporter each) or of report_status_rollup (`reporters` of them each), with the columns
 * `submission_status` (the live submission's state, null when none was started), `filed` (onTime | late | notFiled,
 * from the first filing day against the due day), `opens_on` and `due_on`. "Today" is applied here, when the facts
 * are read, exactly as `filingStatus` applies it. test/reports/status-counts.test.ts checks that these counts equal
 * `countFiling` over the same rows.
 */

/** The counts of `FilingCounts`, in the order the status page and its spreadsheet show them. */
export const COUNT_KEYS = [
  'expected',
  'complete',
  'onTime',
  'late',
  'returned',
  'missing',
] as const satisfies readonly (keyof FilingCounts)[];
export type CountKey = (typeof COUNT_KEYS)[number];

/** What a drill-down can ask for: one of the counts, or a reporter's own standing. */
export const STATUS_FILTERS = [
  ...new Set([...COUNT_KEYS.filter((k) => k !== 'expected'), ...FILING_STATUSES]),
] as const;
export type StatusFilter = CountKey | FilingStatus;

/** A column of the facts relation, under its alias. */
const col = (alias: string, name: string) => sql.ref(`${alias}.${name}`);

/** The submission stands filed (submitted, returned or accepted): filingStatus answers its state whatever the day. */
const filedState = (a: string) =>
  sql<SqlBool>`coalesce(${col(a, 'submission_status')} in ('submitted', 'returned', 'accepted'), false)`;

/**
 * Each FilingStatus as a condition on the facts, in the order filingStatus decides: the filed states first, then
 * not open (before opens_on), overdue (after due_on), then draft or open.
 */
export function statusCondition(status: FilingStatus, today: string, a: string): Expression<SqlBool> {
  const state = col(a, 'submission_status');
  const notFiled = sql<SqlBool>`not ${filedState(a)}`;
  const opened = sql<SqlBool>`not (${today}::date < ${col(a, 'opens_on')})`;
  const overdue = sql<SqlBool>`${today}::date > ${col(a, 'due_on')}`;
  switch (status) {
    case 'submitted':
    case 'returned':
    case 'accepted':
      return sql<SqlBool>`${state} = ${status}`;
    case 'notOpen':
      return sql<SqlBool>`${notFiled} and not ${opened}`;
    case 'overdue':
      return sql<SqlBool>`${notFiled} and ${opened} and ${overdue}`;
    case 'draft':
      return sql<SqlBool>`${notFiled} and ${opened} and not ${overdue} and ${state} = 'draft'`;
    case 'open':
      return sql<SqlBool>`${notFiled} and ${opened} and not ${overdue} and ${state} is distinct from 'draft'`;
  }
}

/** Each count of countFiling as a condition on the facts ('expected': every row). */
export function countCondition(key: CountKey, today: string, a: string): Expression<SqlBool> {
  switch (key) {
    case 'expected':
      return sql<SqlBool>`true`;
    case 'complete':
      return sql<SqlBool>`(${statusCondition('submitted', today, a)} or ${statusCondition('accepted', today, a)})`;
    case 'returned':
      return statusCondition('returned', today, a);
    case 'missing':
      return statusCondition('overdue', today, a);
    // filedOnTime: the first filing day against the due day, whatever the state now.
    case 'onTime':
      return sql<SqlBool>`${col(a, 'filed')} = 'onTime'`;
    case 'late':
      return sql<SqlBool>`${col(a, 'filed')} = 'late'`;
  }
}

/** A drill-down's filter: a count's condition, or a FilingStatus's. */
export function filterCondition(filter: StatusFilter, today: string, a: string): Expression<SqlBool> {
  return (COUNT_KEYS as readonly string[]).includes(filter)
    ? countCondition(filter as CountKey, today, a)
    : statusCondition(filter as FilingStatus, today, a);
}

/**
 * The counts as select items over alias `a`, each the sum of `weight` (1 per reporter row, `reporters` per rollup
 * group) where its condition holds, named as FilingCounts names them, plus `accepted` (what the consolidated report
 * rests on).
 */
export function countColumns(today: string, a: string, weight: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql.join(
    [
      ...COUNT_KEYS.map(
        (k) => sql`coalesce(sum(${weight}) filter (where ${countCondition(k, today, a)}), 0)::int as ${sql.ref(k)}`,
      ),
      sql`coalesce(sum(${weight}) filter (where ${statusCondition('accepted', today, a)}), 0)::int as accepted`,
    ],
    sql`, `,
  );
}

export type CountRow = FilingCounts & { accepted: number };

export interface Standing extends FilingCounts, FilingRates {
  accepted: number;
}

/** A counted row as the API answers it: the counts and filing.ts's rates. */
export function standing(row: Partial<CountRow> | undefined): Standing {
  const counts = { ...emptyCounts(), accepted: 0 };
  for (const k of [...COUNT_KEYS, 'accepted'] as const) counts[k] = Number(row?.[k] ?? 0);
  return { ...counts, ...filingRates(counts) };
}
