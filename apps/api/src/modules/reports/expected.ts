import { sql, type RawBuilder } from 'kysely';
import { addDays, isCalendarDate } from '@portal/domain/dates';
import { translate } from '@portal/domain/i18n';
import { periodByKey, periodContaining, previousPeriod, scheduleOf, type Period } from '@portal/domain/reports/periods';
import type { Executor } from '../../catalog/context.ts';
import { clock } from '../../platform/clock/index.ts';
import { deadlineInForce, type Deadline } from '../../platform/deadlines/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { reportTypeById, type ReportType } from './types.ts';

/**
 * Who must file a report for a period (migration 0038's `report_expected`), fixed when the (type, period) opens
 * and kept in step with the assignment rules afterwards, each later change written to `report_expected_change`.
 *
 * The rules are those of packages/domain/src/reports/assignment.ts (rules OR'ed, additions add, exemptions remove),
 * applied set-based over every candidate reporter (50 000 employers are one pass, not 50 000 queries): one statement
 * finds whom the rules name, one inserts, restores and removes rows and writes the change log (see `evaluate`).
 * Reporters: employers file as their employer (reporter_key = business id), communes as their ward
 * (reporter_key = the ward code of their commune unit), service centres, training bodies and the department as
 * their unit (reporter_key = unit id).
 */

export interface PeriodSchedule {
  periodKey: string;
  periodStart: string;
  periodEnd: string;
  opensOn: string;
  dueOn: string;
  closesOn: string | null;
  /** The legal-deadline rule the due day was counted by (the type's, or its variant for this part of the year). */
  deadlineRule: string;
  legalBasis: string;
}

const example: Record<string, string> = { year: '2026', halfYear: '2026-H1', quarter: '2026-Q3', month: '2026-07' };

/** The period a key names for a type, or a 400 naming an example of the type's keys. */
export function periodOf(type: ReportType, periodKey: string): Period {
  if (type.periodType === 'event')
    throw new AppError(400, 'REPORT_EVENT_PERIOD', { messageKey: 'reports:errors.eventPeriod' });
  const period = periodByKey(type.periodType, periodKey, type.shiftMonths);
  if (!period)
    throw new AppError(400, 'VALIDATION', {
      messageKey: 'reports:errors.badPeriod',
      vars: { periodKey, example: example[type.periodType] ?? '' },
      details: [
        {
          field: 'periodKey',
          code: 'period',
          message: translate('vi', 'reports:errors.badPeriod', {
            periodKey,
            example: example[type.periodType] ?? '',
          }),
        },
      ],
    });
  return period;
}

/**
 * When a (type, period) opens, is due and closes: `scheduleOf` with the legal deadline in force on the period's
 * last day — the rule `{deadlineRule}.{part}` for this part of the year when the department keeps one (H2, Q4, 12),
 * else `deadlineRule`. A missing deadline is a set-up fault (409).
 */
export async function scheduleFor(db: Executor, type: ReportType, periodKey: string): Promise<PeriodSchedule> {
  const period = periodOf(type, periodKey);
  const part = periodKey.split('-')[1];
  let rule = type.deadlineRule;
  let deadline: Deadline | null = null;
  for (const candidate of part ? [`${type.deadlineRule}.${part}`, type.deadlineRule] : [type.deadlineRule]) {
    try {
      deadline = await deadlineInForce(db, candidate, period.end);
      rule = candidate;
      break;
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode !== 409) throw err;
    }
  }
  if (!deadline)
    throw new AppError(409, 'REPORT_DEADLINE_MISSING', {
      messageKey: 'reports:errors.noDeadline',
      vars: { rule: type.deadlineRule, date: period.end },
    });
  const schedule = scheduleOf(period, {
    due: deadline,
    opensBeforeEnd: type.opensBeforeEnd,
    closesAfterDue: type.closesAfterDue,
  });
  return {
    periodKey: period.key,
    periodStart: period.start,
    periodEnd: period.end,
    ...schedule,
    deadlineRule: rule,
    legalBasis: deadline.legalBasis,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The candidates and the rules, as SQL

const q = (s: string) => sql.lit(s);

/**
 * Everyone who could file a type, with what the rules look at: `f(reporter_kind, reporter_key, business_id,
 * ward_code, sector_id, reporter_name, business_type_id, employees)`. Employers in business (not deleted, active);
 * communes by their ward (one row per ward, whatever the number of its units); units by their id.
 */
function candidates(filer: ReportType['filer']): RawBuilder<unknown> {
  if (filer === 'business')
    return sql`select 'business'::text as reporter_kind, b.id::text as reporter_key, b.id as business_id,
        b.ward_code, ms.sector_id, b.name as reporter_name, b.business_type_id, b.employee_count::bigint as employees
      from business b
      left join lateral (select l.sector_id from business_sector_link l where l.business_id = b.id
        order by l.is_main desc, l.created_at, l.sector_id limit 1) ms on true
      where b.deleted_at is null and b.status = 'active'`;
  if (filer === 'commune')
    return sql`select distinct on (u.local_unit_code) 'commune'::text as reporter_kind, u.local_unit_code as reporter_key,
        null::uuid as business_id, u.local_unit_code as ward_code, null::uuid as sector_id, u.name as reporter_name,
        null::uuid as business_type_id, null::bigint as employees
      from unit u where u.kind = 'district' and u.deleted_at is null and u.local_unit_code is not null
      order by u.local_unit_code, u.created_at, u.id`;
  const kind = { serviceCentre: 'service_centre', trainingBody: 'training_body', department: 'department' }[filer];
  return sql`select ${q(filer)}::text as reporter_kind, u.id::text as reporter_key, null::uuid as business_id,
      u.local_unit_code as ward_code, null::uuid as sector_id, u.name as reporter_name, null::uuid as business_type_id,
      null::bigint as employees
    from unit u where u.kind = ${q(kind)} and u.deleted_at is null
      ${filer === 'department' ? sql`and u.parent_id is null` : sql``}`;
}

export interface Evaluation {
  typeId: string;
  filer: ReportType['filer'];
  schedule: Omit<PeriodSchedule, 'deadlineRule' | 'legalBasis'>;
  /** The day the assignment rows must be valid on. */
  on: string;
  /** Assignment rows to leave out (being deleted). */
  excluding: readonly string[];
  /** Write report_expected_change rows (not when the period first opens: that is the list, not a change). */
  record: boolean;
  actorId: string | null;
  at: Date;
}

export interface EvaluationCounts {
  added: number;
  restored: number;
  removed: number;
  /** Expected reporters after the evaluation (removed ones not counted). */
  expected: number;
}

/**
 * Brings `report_expected` of one (type, period) in line with the rules valid on `on`: reporters the rules now
 * expect and who have no row are added; removed ones the rules expect again are restored; expected ones the rules
 * no longer name, or an exemption now removes, get `removed_at` and the reason. Each of these is a change row when
 * `record` is set.
 *
 * Two set-based statements: who the rules expect, into a temporary table with its key (analysed, so the planner
 * knows its size: the embedded database never gathers statistics by itself, and a plan guessed for ten rows
 * joins 50 000 rows to 50 000); then the additions, restorations, removals and the change log, as one statement
 * of data-modifying CTEs. Every join either walks one table by an index or hashes the other: no step is quadratic.
 */
async function evaluate(db: Executor, e: Evaluation): Promise<EvaluationCounts> {
  await sql`drop table if exists report_target`.execute(db);
  await sql`create temp table report_target (reporter_kind text not null, reporter_key text primary key,
    business_id uuid, ward_code text, sector_id uuid, reporter_name text not null, business_type_id uuid,
    employees bigint, assignment_id uuid not null, assignment_reason text, exempt boolean not null,
    exempt_reason text) on commit drop`.execute(db);
  await targetStatement(e).execute(db);
  await sql`analyze report_target`.execute(db);
  const { rows } = await applyStatement(e).execute(db);
  await sql`drop table report_target`.execute(db);
  const r = rows[0]!;
  return {
    added: r.added,
    restored: r.restored,
    removed: r.removed,
    expected: r.before + r.added + r.restored - r.removed,
  };
}

/**
 * Who the rules valid on `e.on` name, into the temporary table `report_target` (keyed by reporter): every candidate
 * a rule or an addition names, with that row (an addition first, then by code) and any exemption's reason. One
 * pass over the candidates: rules are few, each carrying the sectors under it (`sector_ids`, so a sector rule is
 * one look-up in the employer's sector links); additions and exemptions are looked up by employer.
 */
export function targetStatement(e: Evaluation): RawBuilder<unknown> {
  const excluded = sql.val(e.excluding.length ? [...e.excluding] : ['00000000-0000-0000-0000-000000000000']);
  const valid = sql`r.deleted_at is null and r.report_type_id = ${e.typeId}::uuid and r.valid_from <= ${e.on}::date
    and (r.valid_to is null or r.valid_to >= ${e.on}::date) and r.id <> all(${excluded}::uuid[])`;
  return sql`insert into report_target
    with recursive
    -- Each sector a rule names, with every sector below it.
    down (root, id) as (
      select r.sector_id, r.sector_id from report_assignment r where ${valid} and r.kind = 'rule' and r.sector_id is not null
      union
      select d.root, s.id from down d join bussiness_sector s on s.parent_id = d.id where s.deleted_at is null
    ),
    -- The rules (a few rows), each with the sectors it takes in.
    rules as materialized (
      select r.id, r.code, r.reason, r.sector_id, r.business_type_id, r.ward_code, r.min_employees, r.max_employees,
        (select array_agg(d.id) from down d where d.root = r.sector_id) as sector_ids
      from report_assignment r where ${valid} and r.kind = 'rule'
    ),
    f as (${candidates(e.filer)})
    select f.*, coalesce(i.id, m.id) as assignment_id, coalesce(i.reason, m.reason) as assignment_reason,
      x.id is not null as exempt, x.reason as exempt_reason
    from f
    -- Additions and exemptions name an employer: found by the index on employer_id, however many there are.
    left join lateral (
      select r.id, r.reason from report_assignment r
      where r.employer_id = f.business_id and r.kind = 'include' and ${valid}
      order by r.code collate "C", r.id limit 1
    ) i on true
    left join lateral (
      select a.id, a.reason from rules a
      where (a.sector_id is null or exists (select 1 from business_sector_link l
          where l.business_id = f.business_id and l.sector_id = any(a.sector_ids)))
        and (a.business_type_id is null or a.business_type_id = f.business_type_id)
        and (a.ward_code is null or a.ward_code = f.ward_code)
        and (a.min_employees is null or f.employees >= a.min_employees)
        and (a.max_employees is null or f.employees <= a.max_employees)
      order by a.code collate "C", a.id limit 1
    ) m on true
    left join lateral (
      select r.id, r.reason from report_assignment r
      where r.employer_id = f.business_id and r.kind = 'exempt' and ${valid}
      order by r.code collate "C", r.id limit 1
    ) x on true
    where i.id is not null or m.id is not null`;
}

/** The changes to `report_expected` from `report_target`, and the change log, as one statement. */
export function applyStatement(e: Evaluation): RawBuilder<EvaluationCounts & { before: number }> {
  const s = e.schedule;
  const here = sql`e.report_type_id = ${e.typeId}::uuid and e.period_key = ${s.periodKey}`;
  const noLonger = translate('vi', 'reports:reasons.noLongerMatches');
  const nowMatches = translate('vi', 'reports:reasons.nowMatches');
  return sql<EvaluationCounts & { before: number }>`
    with
    ins as (
      insert into report_expected (report_type_id, period_key, period_start, period_end, opens_on, due_on, closes_on,
        reporter_kind, reporter_key, business_id, ward_code, sector_id, reporter_name, assignment_id, opened_at)
      select ${e.typeId}::uuid, ${s.periodKey}::text, ${s.periodStart}::date, ${s.periodEnd}::date, ${s.opensOn}::date,
        ${s.dueOn}::date, ${s.closesOn}::date, t.reporter_kind, t.reporter_key, t.business_id, t.ward_code, t.sector_id,
        t.reporter_name, t.assignment_id, ${e.at}::timestamptz
      from report_target t where not t.exempt
      -- A reporter with a row (expected, or removed and restored below) keeps it.
      on conflict (report_type_id, period_key, reporter_key) do nothing
      returning reporter_key, reporter_name
    ),
    res as (
      update report_expected e set removed_at = null, removed_reason = null, assignment_id = t.assignment_id
      from report_target t
      where ${here} and e.reporter_key = t.reporter_key and e.removed_at is not null and not t.exempt
      returning e.reporter_key, e.reporter_name, t.assignment_reason
    ),
    gone as (
      select e.id, coalesce(t.exempt_reason, ${noLonger}) as reason
      from report_expected e left join report_target t on t.reporter_key = e.reporter_key
      where ${here} and e.removed_at is null and (t.reporter_key is null or t.exempt)
    ),
    rem as (
      update report_expected e set removed_at = ${e.at}, removed_reason = g.reason
      from gone g where e.id = g.id
      returning e.reporter_key, e.reporter_name, e.removed_reason
    ),
    log as (
      insert into report_expected_change (report_type_id, period_key, reporter_key, reporter_name, change, reason,
        actor_id, at)
      select ${e.typeId}::uuid, ${s.periodKey}::text, c.reporter_key, c.reporter_name, c.change, c.reason,
        ${e.actorId}::uuid, ${e.at}::timestamptz
      from (
        select i.reporter_key, i.reporter_name, 'added' as change, coalesce(t.assignment_reason, ${nowMatches}) as reason
          from ins i join report_target t on t.reporter_key = i.reporter_key
        union all
        select reporter_key, reporter_name, 'restored', coalesce(assignment_reason, ${nowMatches}) from res
        union all
        select reporter_key, reporter_name, 'removed', removed_reason from rem
      ) c
      where ${e.record}::boolean
      returning 1
    )
    select (select count(*) from ins)::int as added, (select count(*) from res)::int as restored,
      (select count(*) from rem)::int as removed,
      (select count(*) from report_expected e where ${here} and e.removed_at is null)::int as before`;
}

// ---------------------------------------------------------------------------------------------------------------
// Opening a period, and keeping open periods in step

interface PeriodRow {
  period_key: string;
  period_start: string;
  period_end: string;
  opens_on: string;
  due_on: string;
  closes_on: string | null;
}

const periodColumns = sql`period_key, to_char(period_start, 'YYYY-MM-DD') as period_start,
  to_char(period_end, 'YYYY-MM-DD') as period_end, to_char(opens_on, 'YYYY-MM-DD') as opens_on,
  to_char(due_on, 'YYYY-MM-DD') as due_on, to_char(closes_on, 'YYYY-MM-DD') as closes_on`;

const scheduleOfRow = (r: PeriodRow): Evaluation['schedule'] => ({
  periodKey: r.period_key,
  periodStart: r.period_start,
  periodEnd: r.period_end,
  opensOn: r.opens_on,
  dueOn: r.due_on,
  closesOn: r.closes_on,
});

/** The day an evaluation reads the assignment rows on: today, or the opening day of a period not yet open. */
const evaluationDay = (opensOn: string, today: string) => (today < opensOn ? opensOn : today);

/** Runs `fn` in the caller's transaction or a new one. */
function inTransaction<T>(db: Executor, fn: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/** One (type, period) at a time: two openings of the same period wait for each other. */
const lockPeriod = (db: Executor, typeId: string, periodKey: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`report_period:${typeId}:${periodKey}`}))`.execute(db);

export interface OpenedPeriod extends EvaluationCounts {
  reportTypeId: string;
  periodKey: string;
  /** true when this call opened the period; false when it was open and was evaluated again. */
  opened: boolean;
  schedule: PeriodSchedule;
}

export interface OpenOptions {
  actorId?: string | null;
  /** Vietnam's date (default: the portal clock's). */
  today?: string;
}

/**
 * What opening a (type, period) would refuse, checked before the work is queued so the caller hears it at once:
 * an unknown type (404), a key not of the type's periods (400), no deadline rule in force (409), a stopped type's
 * period not opened yet (409). Answers the type and the period's schedule (its key as the type writes it).
 */
export async function openingOf(
  db: Executor,
  typeId: string,
  periodKey: string,
): Promise<{ type: ReportType; schedule: PeriodSchedule }> {
  const type = await reportTypeById(db, typeId);
  if (!type) throw new AppError(404, 'NOT_FOUND', { messageKey: 'reports:errors.typeNotFound' });
  const schedule = await scheduleFor(db, type, periodKey);
  if (!type.active) {
    const { rows } = await sql`select 1 from report_period
      where report_type_id = ${type.id}::uuid and period_key = ${schedule.periodKey}`.execute(db);
    if (!rows.length) throw new AppError(409, 'REPORT_TYPE_INACTIVE', { messageKey: 'reports:errors.typeInactive' });
  }
  return { type, schedule };
}

/**
 * Opens a (type, period): fixes its schedule and inserts its expected reporters. Idempotent: a period already
 * open is evaluated again (its schedule stays; reporters newly expected are added, those no longer expected
 * removed, each a change row). A period past its closing day is left as it stands.
 */
export async function openPeriod(
  db: Executor,
  typeId: string,
  periodKey: string,
  options: OpenOptions = {},
): Promise<OpenedPeriod> {
  const type = await reportTypeById(db, typeId);
  if (!type) throw new AppError(404, 'NOT_FOUND', { messageKey: 'reports:errors.typeNotFound' });
  const computed = await scheduleFor(db, type, periodKey);
  const today = options.today ?? clock.today();
  const actorId = options.actorId ?? null;
  return inTransaction(db, async (trx) => {
    await lockPeriod(trx, type.id, computed.periodKey);
    const { rows } = await sql<PeriodRow & { deadline_rule: string }>`select ${periodColumns}, deadline_rule
      from report_period where report_type_id = ${type.id}::uuid and period_key = ${computed.periodKey}`.execute(trx);
    const existing = rows[0];
    if (!existing && !type.active)
      throw new AppError(409, 'REPORT_TYPE_INACTIVE', { messageKey: 'reports:errors.typeInactive' });
    const schedule: PeriodSchedule = existing
      ? { ...scheduleOfRow(existing), deadlineRule: existing.deadline_rule, legalBasis: computed.legalBasis }
      : computed;
    if (existing && schedule.closesOn !== null && today >= schedule.closesOn) {
      const count = await sql<{ n: number }>`select count(*)::int as n from report_expected
        where report_type_id = ${type.id}::uuid and period_key = ${schedule.periodKey} and removed_at is null`.execute(
        trx,
      );
      return {
        reportTypeId: type.id,
        periodKey: schedule.periodKey,
        opened: false,
        schedule,
        added: 0,
        restored: 0,
        removed: 0,
        expected: count.rows[0]!.n,
      };
    }
    const counts = await evaluate(trx, {
      typeId: type.id,
      filer: type.filer,
      schedule,
      on: evaluationDay(schedule.opensOn, today),
      excluding: [],
      record: Boolean(existing),
      actorId,
      at: clock.now(),
    });
    if (existing)
      await sql`update report_period set evaluated_at = ${clock.now()}, expected_count = ${counts.expected}
        where report_type_id = ${type.id}::uuid and period_key = ${schedule.periodKey}`.execute(trx);
    else
      await sql`insert into report_period (report_type_id, period_key, period_start, period_end, opens_on, due_on,
          closes_on, deadline_rule, opened_at, opened_by, evaluated_at, expected_count)
        values (${type.id}::uuid, ${schedule.periodKey}, ${schedule.periodStart}::date, ${schedule.periodEnd}::date,
          ${schedule.opensOn}::date, ${schedule.dueOn}::date, ${schedule.closesOn}::date, ${schedule.deadlineRule},
          ${clock.now()}, ${actorId}::uuid, ${clock.now()}, ${counts.expected})`.execute(trx);
    return { reportTypeId: type.id, periodKey: schedule.periodKey, opened: !existing, schedule, ...counts };
  });
}

/**
 * After an assignment row of the type changed: every open period of the type that has not closed is evaluated
 * again (rows being deleted are left out with `excluding`, as the delete has not happened yet).
 */
export async function reevaluateType(
  db: Executor,
  typeId: string,
  options: { actorId?: string | null; excluding?: readonly string[]; today?: string } = {},
): Promise<EvaluationCounts & { periods: number }> {
  const type = await reportTypeById(db, typeId);
  const total = { added: 0, restored: 0, removed: 0, expected: 0, periods: 0 };
  if (!type) return total;
  const today = options.today ?? clock.today();
  const { rows } = await sql<PeriodRow>`select ${periodColumns} from report_period
    where report_type_id = ${type.id}::uuid and (closes_on is null or closes_on > ${today}::date)
    order by period_key`.execute(db);
  for (const row of rows) {
    const counts = await inTransaction(db, async (trx) => {
      await lockPeriod(trx, type.id, row.period_key);
      const c = await evaluate(trx, {
        typeId: type.id,
        filer: type.filer,
        schedule: scheduleOfRow(row),
        on: evaluationDay(row.opens_on, today),
        excluding: options.excluding ?? [],
        record: true,
        actorId: options.actorId ?? null,
        at: clock.now(),
      });
      await sql`update report_period set evaluated_at = ${clock.now()}, expected_count = ${c.expected}
        where report_type_id = ${type.id}::uuid and period_key = ${row.period_key}`.execute(trx);
      return c;
    });
    total.added += counts.added;
    total.restored += counts.restored;
    total.removed += counts.removed;
    total.expected += counts.expected;
    total.periods += 1;
  }
  return total;
}

/**
 * The periods of a type whose report is open on `today` (opened or not): from its opening day until it closes.
 * The periods around today are enough: a report opens at most a year before its period ends.
 */
export async function periodsOpenOn(db: Executor, type: ReportType, today: string): Promise<PeriodSchedule[]> {
  if (type.periodType === 'event' || !isCalendarDate(today)) return [];
  const current = periodContaining(type.periodType, today, type.shiftMonths);
  const candidates: Period[] = [previousPeriod(previousPeriod(current, type.shiftMonths), type.shiftMonths)];
  candidates.push(previousPeriod(current, type.shiftMonths), current);
  candidates.push(periodContaining(type.periodType, addDays(current.end, 1), type.shiftMonths));
  const out: PeriodSchedule[] = [];
  for (const p of candidates) {
    try {
      const s = await scheduleFor(db, type, p.key);
      if (s.opensOn <= today && (s.closesOn === null || today < s.closesOn)) out.push(s);
    } catch (err) {
      // No deadline in force for an older period (a rule valid from a later day): nothing to open there.
      if (!(err instanceof AppError) || err.statusCode !== 409) throw err;
    }
  }
  return out;
}

/**
 * The daily job: opens every active type's periods whose opening day has come (by the portal clock) and that are
 * not open yet. A type whose deadline is missing is skipped and named in the answer (the others still open).
 */
export async function openDuePeriods(
  db: Executor,
  today = clock.today(),
): Promise<{
  opened: { code: string; periodKey: string; expected: number }[];
  failed: { code: string; error: string }[];
}> {
  const { rows: types } = await sql<{ id: string }>`select id::text as id from report_type
    where deleted_at is null and active and period_type <> 'event' order by code`.execute(db);
  const opened: { code: string; periodKey: string; expected: number }[] = [];
  const failed: { code: string; error: string }[] = [];
  for (const { id } of types) {
    const type = await reportTypeById(db, id);
    if (!type) continue;
    try {
      const open = await sql<{ period_key: string }>`select period_key from report_period
        where report_type_id = ${type.id}::uuid`.execute(db);
      const known = new Set(open.rows.map((r) => r.period_key));
      for (const s of await periodsOpenOn(db, type, today)) {
        if (known.has(s.periodKey)) continue;
        const result = await openPeriod(db, type.id, s.periodKey, { today });
        opened.push({ code: type.code, periodKey: s.periodKey, expected: result.expected });
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      failed.push({ code: type.code, error: err.code });
    }
  }
  return { opened, failed };
}
