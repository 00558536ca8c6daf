import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/domain/dates';
import {
  countFiling,
  emptyCounts,
  FILING_STATUSES,
  filedOnTime,
  filingStatus,
  type FilingCounts,
  type FilingFacts,
  type SubmissionState,
} from '@portal/domain/reports/filing';
import {
  COUNT_KEYS,
  countColumns,
  filterCondition,
  STATUS_FILTERS,
  type CountRow,
  type StatusFilter,
} from '../../src/modules/reports/status/counts.ts';
import { checkStatusRollup } from '../../src/modules/reports/status/rollup.ts';
import { statusParts, statusStatement } from '../../src/modules/reports/status/status.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * The SQL of the status pages against packages/domain/src/reports/filing.ts on the same rows: several hundred expected
 * reporters with random schedules and submissions in every state (filed on time, late, never), counted by the
 * database (from the trigger-kept rollup and from the rows themselves) and by `countFiling`, on days before, during
 * and after the filing window; each drill-down filter against `filingStatus`; and the rollup against the rows after
 * random moves, removals and deletions, and its nightly check putting a corrupted rollup right.
 */
let t: TestApp;
let typeId: string;
const PERIOD = '2025';
const BASE = '2026-01-15';
const WARDS = ['2025:24781', '2025:24778', null] as const;
const SECTORS = ['6c0b1f6e-6a11-4a36-9c0c-1f1b6d2f3a01', '6c0b1f6e-6a11-4a36-9c0c-1f1b6d2f3a02', null] as const;
const STATES: (SubmissionState | null)[] = [null, 'draft', 'submitted', 'returned', 'accepted'];

/** A seeded generator (mulberry32): the same rows on both databases and every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Row {
  ward: string | null;
  sector: string | null;
  opensOn: string;
  dueOn: string;
  facts: FilingFacts;
}

async function readRows(): Promise<Row[]> {
  const { rows } = await sql<{
    ward_code: string | null;
    sector_id: string | null;
    opens_on: string;
    due_on: string;
    status: SubmissionState | null;
    first_submitted_on: string | null;
  }>`select e.ward_code, e.sector_id::text as sector_id, e.opens_on::text as opens_on, e.due_on::text as due_on, s.status,
      s.first_submitted_on::text as first_submitted_on
    from report_expected e
    left join report_submission s on s.report_type_id = e.report_type_id and s.period_key = e.period_key
      and s.reporter_key = e.reporter_key and s.deleted_at is null
    where e.report_type_id = ${typeId}::uuid and e.period_key = ${PERIOD} and e.removed_at is null`.execute(
    t.database.db,
  );
  return rows.map((r) => ({
    ward: r.ward_code,
    sector: r.sector_id,
    opensOn: r.opens_on,
    dueOn: r.due_on,
    facts: { state: r.status, firstSubmittedOn: r.first_submitted_on },
  }));
}

const schedule = (r: Row) => ({ opensOn: r.opensOn, dueOn: r.dueOn, closesOn: null });

function countsOf(rows: Row[], today: string): FilingCounts {
  return rows.reduce((c, r) => countFiling(c, r.facts, schedule(r), today), emptyCounts());
}

const pick = (c: CountRow | FilingCounts) => Object.fromEntries(COUNT_KEYS.map((k) => [k, Number(c[k])]));

/** Whether a row passes a drill-down filter, by filing.ts. */
function passes(filter: StatusFilter, r: Row, today: string): boolean {
  const status = filingStatus(r.facts, schedule(r), today);
  const onTime = filedOnTime(r.facts, schedule(r));
  switch (filter) {
    case 'complete':
      return status === 'submitted' || status === 'accepted';
    case 'missing':
      return status === 'overdue';
    case 'onTime':
      return onTime === true;
    case 'late':
      return onTime === false;
    default:
      return status === filter;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  typeId = (
    await sql<{ id: string }>`insert into report_type (code, name, legal_basis, filer, period_type, deadline_rule,
        form_code, active)
      values (${`t-status-${randomBytes(3).toString('hex')}`}, 'Báo cáo thử tình hình nộp', 'Căn cứ thử nghiệm',
        'business', 'year', 'REPORT_TEST', 'annual-osh', true)
      returning id`.execute(db)
  ).rows[0]!.id;
  const next = random(25);
  const choose = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  // Two schedules (most reporters share the period's; a few were added later with another due day).
  const values = [];
  for (let i = 0; i < 400; i++) {
    const opensOn = addDays(BASE, -15 + (next() < 0.1 ? 5 : 0));
    const dueOn = addDays(BASE, next() < 0.15 ? 20 : 10);
    values.push(sql`(${typeId}::uuid, ${PERIOD}, '2025-01-01', '2025-12-31', ${opensOn}::date, ${dueOn}::date,
      'business', ${`R${i}`}, ${choose(WARDS)}, ${choose(SECTORS)}::uuid, ${`Đơn vị ${String(i).padStart(3, '0')}`})`);
  }
  await sql`insert into report_expected (report_type_id, period_key, period_start, period_end, opens_on, due_on,
      reporter_kind, reporter_key, ward_code, sector_id, reporter_name) values ${sql.join(values)}`.execute(db);
  // Submissions: about four in five reporters started one, in every state; filed ones filed within ±12 days of the due day.
  const subs = [];
  for (let i = 0; i < 400; i++) {
    const state = choose(STATES);
    if (!state) continue;
    const filed = state === 'draft' ? null : addDays(BASE, 10 + Math.floor(next() * 25) - 12);
    subs.push(sql`(${typeId}::uuid, ${PERIOD}, 'business', ${`R${i}`}, ${state}, 'annual-osh', 1, ${filed}::date)`);
  }
  await sql`insert into report_submission (report_type_id, period_key, reporter_kind, reporter_key, status, form_code,
      form_version, first_submitted_on) values ${sql.join(subs)}`.execute(db);
});
afterAll(async () => {
  await t?.close();
});

const DAYS = [addDays(BASE, -20), addDays(BASE, -15), BASE, addDays(BASE, 10), addDays(BASE, 11), addDays(BASE, 40)];

async function liveCounts(today: string, ward?: string | null) {
  const { rows } = await sql<CountRow>`select ${countColumns(today, 'f', sql`1`)} from report_expected f
    where f.report_type_id = ${typeId}::uuid and f.period_key = ${PERIOD} and f.removed_at is null
      ${ward === undefined ? sql`` : ward === null ? sql`and f.ward_code is null` : sql`and f.ward_code = ${ward}`}`.execute(
    t.database.db,
  );
  return rows[0]!;
}

async function rollupStatus(today: string, groupBy: 'commune' | 'sector' = 'commune') {
  const rows = (
    await statusStatement({ kind: 'public' }, { reportTypeId: typeId, periodKey: PERIOD, groupBy }, today).execute(
      t.database.db,
    )
  ).rows;
  return statusParts(rows);
}

describe('the status counts', () => {
  it('equal countFiling on the same rows, from the rows and from the rollup, on every kind of day', async () => {
    const rows = await readRows();
    expect(rows.length).toBe(400);
    for (const today of DAYS) {
      const expected = countsOf(rows, today);
      expect(pick(await liveCounts(today)), today).toEqual(expected);
      const status = await rollupStatus(today);
      expect(pick(status.totals), today).toEqual(expected);
      expect(status.totals.completeness).toBeCloseTo(expected.complete / expected.expected, 12);
      expect(status.totals.timeliness).toBeCloseTo(expected.onTime / expected.expected, 12);
      for (const ward of WARDS) {
        const inWard = countsOf(
          rows.filter((r) => r.ward === ward),
          today,
        );
        expect(pick(await liveCounts(today, ward)), `${today} ${ward}`).toEqual(inWard);
        expect(pick(status.rows.find((r) => r.key === ward)!), `${today} ${ward}`).toEqual(inWard);
      }
      const bySector = await rollupStatus(today, 'sector');
      expect(pick(bySector.totals), today).toEqual(expected);
      for (const sector of SECTORS)
        expect(pick(bySector.rows.find((r) => r.key === sector)!), `${today} ${sector}`).toEqual(
          countsOf(
            rows.filter((r) => r.sector === sector),
            today,
          ),
        );
    }
  });

  it('keep each drill-down filter to the rows filing.ts puts there', async () => {
    const rows = await readRows();
    for (const today of DAYS)
      for (const filter of STATUS_FILTERS) {
        const { rows: counted } = await sql<{ n: number }>`select count(*)::int as n from report_expected f
          where f.report_type_id = ${typeId}::uuid and f.period_key = ${PERIOD} and f.removed_at is null
            and ${filterCondition(filter, today, 'f')}`.execute(t.database.db);
        expect(counted[0]!.n, `${filter} on ${today}`).toBe(rows.filter((r) => passes(filter, r, today)).length);
      }
    // Every reporter has exactly one standing.
    const today = BASE;
    const total = FILING_STATUSES.map((s) => rows.filter((r) => passes(s, r, today)).length).reduce((a, b) => a + b, 0);
    expect(total).toBe(rows.length);
  });

  it('stay equal through moves, removals and deletions, and the nightly check puts a corrupted rollup right', async () => {
    const db = t.database.db;
    await sql`update report_submission set status = 'accepted' where report_type_id = ${typeId}::uuid
      and status = 'submitted' and reporter_key like 'R1%'`.execute(db);
    await sql`update report_submission set status = 'submitted', first_submitted_on = ${addDays(BASE, 30)}::date
      where report_type_id = ${typeId}::uuid and status = 'draft' and reporter_key like 'R2%'`.execute(db);
    await sql`update report_submission set deleted_at = now() where report_type_id = ${typeId}::uuid
      and reporter_key like 'R3%'`.execute(db);
    await sql`update report_expected set removed_at = now(), removed_reason = 'Miễn báo cáo'
      where report_type_id = ${typeId}::uuid and reporter_key like 'R4%'`.execute(db);
    await sql`update report_expected set ward_code = '2025:24781', sector_id = null where report_type_id = ${typeId}::uuid
      and reporter_key like 'R5%'`.execute(db);
    await sql`delete from report_submission where report_type_id = ${typeId}::uuid and reporter_key like 'R6%'`.execute(
      db,
    );
    await sql`delete from report_expected where report_type_id = ${typeId}::uuid and reporter_key like 'R7%'`.execute(
      db,
    );
    const rows = await readRows();
    for (const today of DAYS) {
      expect(pick((await rollupStatus(today)).totals), today).toEqual(countsOf(rows, today));
      expect(pick((await rollupStatus(today, 'sector')).totals), today).toEqual(countsOf(rows, today));
    }
    expect(await checkStatusRollup(db)).toMatchObject({ facts: 0, groups: 0 });

    // A write around the triggers: the check finds it, puts it right and says so.
    await sql`alter table report_expected disable trigger user`.execute(db);
    await sql`update report_expected set ward_code = '2025:24778', submission_status = null, first_submitted_on = null
      where report_type_id = ${typeId}::uuid and reporter_key like 'R8%'`.execute(db);
    await sql`alter table report_expected enable trigger user`.execute(db);
    await sql`update report_status_rollup set reporters = reporters + 3 where report_type_id = ${typeId}::uuid
      and dimension = 'ward' and key is null and submission_status is null`.execute(db);
    const drift = await checkStatusRollup(db);
    expect(drift.facts).toBeGreaterThan(0);
    expect(drift.groups).toBeGreaterThan(0);
    expect(await checkStatusRollup(db)).toMatchObject({ facts: 0, groups: 0 });
    const after = await readRows();
    for (const today of DAYS) expect(pick((await rollupStatus(today)).totals), today).toEqual(countsOf(after, today));

    // Truncations (tests, a restore) empty what was derived from the table.
    await sql`truncate report_submission cascade`.execute(db);
    const unfiled = await readRows();
    expect(unfiled.every((r) => r.facts.state === null)).toBe(true);
    expect(pick((await rollupStatus(BASE)).totals)).toEqual(countsOf(unfiled, BASE));
    await sql`truncate report_expected cascade`.execute(db);
    const { rows: left } = await sql<{ n: number }>`select count(*)::int as n from report_status_rollup`.execute(db);
    expect(left[0]!.n).toBe(0);
  });
});
