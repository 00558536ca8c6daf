import { sql, type RawBuilder } from 'kysely';
import {
  FIGURE_KEYS,
  addFigures,
  computeStatistics,
  emptyFigures,
  type StatisticsVictim,
} from '@portal/domain/accidents/statistics/index';
import { translate } from '@portal/domain/i18n';
import { modelOf, type ReportFormDefinition } from '@portal/domain/report-forms/index';
import type { Executor } from '../../../catalog/context.ts';
import { inLocalUnit } from '../../../platform/access/scope.ts';

/**
 * What the portal's registers say for a reporter and a period: the figures a form's `prefill` keys name
 * (`workers.total`, `accidents.year.deaths`, `training.g3.trained`…). Each source below answers the keys under its
 * prefix from the register it reads (the records the other domains keep: employers, workers, accidents,
 * machines, courses, monitoring, inspections), and is asked only when the form names one of its keys and the
 * reporter is of a kind it knows. A key no source answers stays blank on the form: the filer declares it.
 *
 * The registers are read by their tables, the data the domains publish to each other; no domain's code is called.
 */

export interface FigureReporter {
  kind: string;
  key: string;
  businessId: string | null;
  wardCode: string | null;
}

export interface FigurePeriod {
  start: string;
  end: string;
}

export type Figures = Record<string, number | Record<string, unknown>[]>;

interface SourceContext {
  db: Executor;
  reporter: FigureReporter;
  period: FigurePeriod;
  /** The Tháng hành động (OSH action month) of the period's year: May (Decision 87/QĐ-TTg). */
  actionMonth: FigurePeriod;
}

interface FigureSource {
  /** Keys under this prefix are this source's. */
  prefix: string;
  /** Reporter kinds it answers for. */
  kinds: readonly string[];
  /** The keys it answers, when not every key under its prefix. */
  keys?: readonly string[];
  read(ctx: SourceContext): Promise<Figures>;
}

/** Vietnam's calendar day of a moment (UTC+7 all year). */
const vietnamDay = (column: RawBuilder<unknown>) => sql`((${column} at time zone 'UTC') + interval '7 hours')::date`;

const within = (day: RawBuilder<unknown>, p: FigurePeriod) => sql`${day} between ${p.start}::date and ${p.end}::date`;

const n = (v: unknown): number => Number(v ?? 0);

/** One row of counts, as numbers. */
async function counts(db: Executor, query: RawBuilder<Record<string, unknown>>): Promise<Record<string, number>> {
  const row = (await query.execute(db)).rows[0] ?? {};
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, n(v)]));
}

const prefixed = (prefix: string, values: Record<string, number>): Figures =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [`${prefix}${k}`, v]));

/** Workers employed on a day (started by it, not left before it). */
const employedOn = (day: string) =>
  sql`w.deleted_at is null and (w.start_date is null or w.start_date <= ${day}::date)
    and (w.end_date is null or w.end_date >= ${day}::date)`;

/** Accidents of an employer, or declared by a commune for workers without a contract, over alias `a`. */
function accidentFigures(where: RawBuilder<unknown>) {
  return sql<Record<string, unknown>>`select count(*) as accidents,
      count(*) filter (where a.death_count > 0) as "fatalAccidents",
      coalesce(sum(a.victim_count), 0) as victims,
      coalesce(sum(a.death_count), 0) as deaths,
      coalesce(sum(a.serious_count), 0) as "seriousInjuries",
      coalesce(sum((select count(*) from accident_victim v where v.accident_id = a.id and v.female)), 0) as "femaleVictims",
      coalesce(sum((select sum(v.days_off) from accident_victim v where v.accident_id = a.id)), 0) as "daysOff"
    from accident a where a.deleted_at is null and ${where}`;
}

interface VictimRow extends Omit<StatisticsVictim, 'causeId' | 'factorId'> {
  causeCode: string | null;
  factorCode: string | null;
}

/**
 * The form's cause rows are the nine causes of reference §1.6, and the catalogue's accident reasons carry them as
 * NN01 … NN09; any other reason (NN10 "caused by another person") or none counts under row 9 ("other causes").
 */
function causeRow(code: string | null): string {
  const k = /^NN0([1-9])$/.exec(code ?? '')?.[1];
  return k ?? '9';
}

/**
 * The form's injury-factor rows (reference §1.7, incomplete) against the catalogue's injury elements, where the two
 * lists name the same factor: electricity, pressure equipment (physical explosion), moving parts, flying objects,
 * falling objects, collapsing earth; every other element is "other factors".
 */
const FACTOR_ROWS: Readonly<Record<string, string>> = {
  YT01: '1',
  YT06: '3',
  YT04: '5',
  YT05: '6',
  YT03: '7',
  YT11: '9',
};
const factorRow = (code: string | null): string => FACTOR_ROWS[code ?? ''] ?? 'other';

const CAUSE_ROWS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
const FACTOR_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'other'];

/** Appendix XII's figures by the form's rows: every fixed row (zeros where nothing happened) and the occupations. */
function appendixXII(
  victims: StatisticsVictim[],
  occupations: ReadonlyMap<string, { code: string | null; name: string | null }>,
): Figures {
  const rows = computeStatistics(victims);
  const out: Figures = {};
  for (const section of [1, 2] as const) {
    const put = (dimension: 'cause' | 'factor', keys: string[]) => {
      for (const key of keys) {
        const figures = rows
          .filter((r) => r.section === section && r.dimension === dimension && r.keyId === key)
          .reduce(addFigures, emptyFigures());
        for (const k of FIGURE_KEYS)
          if (k !== 'totalCost') out[`accidentStatistics.s${section}.${dimension}.${key}.${k}`] = figures[k];
      }
    };
    put('cause', CAUSE_ROWS);
    put('factor', FACTOR_KEYS);
    out[`accidentStatistics.s${section}.occupations`] = rows
      .filter((r) => r.section === section && r.dimension === 'occupation')
      .map((r) => {
        const o = r.keyId ? occupations.get(r.keyId) : undefined;
        return {
          occupationCode: o?.code ?? null,
          occupationName: o?.name ?? translate('vi', 'reportFiling:figures.unknownOccupation'),
          ...Object.fromEntries(FIGURE_KEYS.filter((k) => k !== 'totalCost').map((k) => [k, r[k]])),
        };
      });
  }
  return out;
}

const SOURCES: readonly FigureSource[] = [
  {
    // Workers at the period's end: the worker register, or the employer record's own counts when the register is
    // empty; those in heavy, hazardous or dangerous jobs are the employer record's (the register does not say).
    prefix: 'workers.',
    kinds: ['business'],
    keys: ['workers.total', 'workers.female', 'workers.hazardous'],
    async read({ db, reporter, period }) {
      const c = await counts(
        db,
        sql`select (select count(*) from worker w where w.business_id = ${reporter.businessId}::uuid
              and ${employedOn(period.end)}) as registered,
            (select count(*) from worker w where w.business_id = ${reporter.businessId}::uuid
              and ${employedOn(period.end)} and w.sex = 'female') as female,
            b.employee_count as "recordTotal", b.female_count as "recordFemale", b.hazardous_count as hazardous
          from business b where b.id = ${reporter.businessId}::uuid`,
      );
      const fromRegister = c.registered! > 0;
      return {
        'workers.total': fromRegister ? c.registered! : c.recordTotal!,
        'workers.female': fromRegister ? c.female! : c.recordFemale!,
        'workers.hazardous': c.hazardous!,
      };
    },
  },
  {
    // Changes in labour use (Decree 145/2020 Form 01/PLI) from the worker register: employed at the period's start
    // and end, started and left during it. A worker's age band and contract are taken at the period's end, so every
    // column balances (end = start + increases − decreases); skill level and position are the filer's to declare.
    prefix: 'workers.change.',
    kinds: ['business'],
    async read({ db, reporter, period }) {
      const rows = await sql<Record<string, unknown> & { row: string }>`
        with w as (
          select w.sex = 'female' as female,
            coalesce(w.birth_date < ${period.end}::date - interval '35 years', false) as over35,
            ct.code as contract,
            (w.start_date is null or w.start_date <= ${period.start}::date)
              and (w.end_date is null or w.end_date >= ${period.start}::date) as at_start,
            coalesce(w.start_date > ${period.start}::date and w.start_date <= ${period.end}::date, false) as increase,
            coalesce(w.end_date >= ${period.start}::date and w.end_date < ${period.end}::date, false) as decrease,
            (w.start_date is null or w.start_date <= ${period.end}::date)
              and (w.end_date is null or w.end_date >= ${period.end}::date) as at_end
          from worker w left join worker_contract_type ct on ct.id = w.contract_type_id
          where w.business_id = ${reporter.businessId}::uuid and w.deleted_at is null)
        select r.row, count(*) as total, count(*) filter (where female) as female,
          count(*) filter (where over35) as over35, count(*) filter (where contract = 'KXDTH') as indefinite,
          count(*) filter (where contract in ('XDTH', 'MUA-VU')) as "fixedTerm"
        from w cross join lateral (values ('start', at_start), ('increase', increase), ('decrease', decrease),
          ('end', at_end)) as r(row, yes)
        where r.yes group by r.row`.execute(db);
      const out: Figures = {};
      for (const row of ['start', 'increase', 'decrease', 'end']) {
        const found = rows.rows.find((r) => r.row === row) ?? {};
        for (const column of ['total', 'female', 'over35', 'indefinite', 'fixedTerm'])
          out[`workers.change.${row}.${column}`] = n((found as Record<string, unknown>)[column]);
      }
      return out;
    },
  },
  {
    prefix: 'accidents.year.',
    kinds: ['business'],
    async read({ db, reporter, period }) {
      const where = sql`a.business_id = ${reporter.businessId}::uuid and ${within(vietnamDay(sql.ref('a.occurred_at')), period)}`;
      return prefixed('accidents.year.', await counts(db, accidentFigures(where)));
    },
  },
  {
    // The action month's accidents: the employer's own, or the whole province's for the department's summary.
    prefix: 'accidents.month.',
    kinds: ['business', 'department'],
    async read({ db, reporter, actionMonth }) {
      const owner = reporter.kind === 'business' ? sql`a.business_id = ${reporter.businessId}::uuid and` : sql``;
      const where = sql`${owner} ${within(vietnamDay(sql.ref('a.occurred_at')), actionMonth)}`;
      return prefixed('accidents.month.', await counts(db, accidentFigures(where)));
    },
  },
  {
    // Workers without a labour contract: the accidents the commune declared in its area (Decree 129/2025).
    prefix: 'accidents.noContract.',
    kinds: ['commune'],
    async read({ db, reporter, period }) {
      const where = sql`a.declarant_kind = 'commune' and ${inLocalUnit(sql.ref('a.ward_id'), reporter.key)}
        and ${within(vietnamDay(sql.ref('a.occurred_at')), period)}`;
      return prefixed('accidents.noContract.', await counts(db, accidentFigures(where)));
    },
  },
  {
    // Appendix XII: the employer's accident victims of the period, counted as the accident statistics count them
    // (accidents/statistics computeStatistics), by the form's cause and injury-factor rows and by occupation.
    prefix: 'accidentStatistics.',
    kinds: ['business'],
    async read({ db, reporter, period }) {
      const victims = await sql<VictimRow>`select a.id as "accidentId", a.allowance_case as "allowanceCase",
          r.code as "causeCode", e.code as "factorCode", a.property_damage as "propertyDamage",
          a.other_cost as "otherCost", v.female, v.occupation_id as "occupationId", v.severity,
          v.under_management as "underManagement", v.days_off as "daysOff", v.medical_cost as "medicalCost",
          v.wage_cost as "wageCost", v.compensation_cost as "compensationCost"
        from accident a join accident_victim v on v.accident_id = a.id
        left join accident_reason r on r.id = a.accident_reason_id
        left join injury_element e on e.id = a.injury_element_id
        where a.business_id = ${reporter.businessId}::uuid and a.deleted_at is null
          and ${within(vietnamDay(sql.ref('a.occurred_at')), period)}`.execute(db);
      const occupations = await sql<{ id: string; code: string | null; name: string | null }>`select id, code, name
        from type_of_profession where id = any(${sql.val([...new Set(victims.rows.map((v) => v.occupationId).filter(Boolean))])}::uuid[])`.execute(
        db,
      );
      return appendixXII(
        victims.rows.map((v) => ({
          ...v,
          causeId: causeRow(v.causeCode),
          factorId: factorRow(v.factorCode),
          propertyDamage: n(v.propertyDamage),
          otherCost: n(v.otherCost),
          daysOff: n(v.daysOff),
          medicalCost: n(v.medicalCost),
          wageCost: n(v.wageCost),
          compensationCost: n(v.compensationCost),
        })),
        new Map(occupations.rows.map((o) => [o.id, o])),
      );
    },
  },
  {
    // Machines with strict requirements in use by the period's end; inspected in the period; declared (confirmed).
    prefix: 'equipment.',
    kinds: ['business'],
    async read({ db, reporter, period }) {
      const c = await counts(
        db,
        sql`select count(*) as total,
            count(*) filter (where exists (select 1 from equipment_inspection i where i.equipment_id = e.id
              and i.deleted_at is null and ${within(sql.ref('i.inspection_date'), period)})) as inspected,
            count(*) filter (where e.declaration_status = 'confirmed') as declared
          from equipment e where e.business_id = ${reporter.businessId}::uuid and e.deleted_at is null
            and e.status <> 'scrapped' and (e.first_use_date is null or e.first_use_date <= ${period.end}::date)`,
      );
      return prefixed('equipment.', c);
    },
  },
  {
    prefix: 'monitoring.',
    kinds: ['business'],
    async read({ db, reporter, period }) {
      const c = await counts(
        db,
        sql`select coalesce(sum(m.reading_count), 0) as samples, coalesce(sum(m.exceedance_count), 0) as failed
          from monitoring_report m where m.business_id = ${reporter.businessId}::uuid and m.deleted_at is null
            and ${within(sql.ref('m.monitored_on'), period)}`,
      );
      return prefixed('monitoring.', c);
    },
  },
  {
    // Workers by training group (NHOM-1 … NHOM-6, Decree 44/2016) at the period's end, and those of them who passed
    // a course that started in the period; the action month's trained workers.
    prefix: 'training.',
    kinds: ['business'],
    async read({ db, reporter, period, actionMonth }) {
      const passed = (
        p: FigurePeriod,
      ) => sql`exists (select 1 from training_worker tw join training c on c.id = tw.training_id
        where tw.worker_id = w.id and tw.result = 'passed' and c.deleted_at is null and ${within(sql.ref('c.start_date'), p)})`;
      const rows = await sql<{ code: string | null; people: unknown; trained: unknown }>`
        select g.code, count(*) as people, count(*) filter (where ${passed(period)}) as trained
        from worker w left join target_training g on g.id = w.target_training_id
        where w.business_id = ${reporter.businessId}::uuid and ${employedOn(period.end)}
        group by g.code`.execute(db);
      const out: Figures = {};
      for (const r of rows.rows) {
        const group = /^NHOM-(\d)$/.exec(r.code ?? '')?.[1];
        if (!group) continue;
        out[`training.g${group}.people`] = n(r.people);
        out[`training.g${group}.trained`] = n(r.trained);
      }
      for (let g = 1; g <= 6; g++) {
        out[`training.g${g}.people`] ??= 0;
        out[`training.g${g}.trained`] ??= 0;
      }
      const month = await counts(
        db,
        sql`select count(distinct tw.worker_id) as trained from training_worker tw
          join training c on c.id = tw.training_id join worker w on w.id = tw.worker_id
          where w.business_id = ${reporter.businessId}::uuid and tw.result = 'passed' and c.deleted_at is null
            and ${within(sql.ref('c.start_date'), actionMonth)}`,
      );
      out['training.monthTrained'] = month.trained!;
      return out;
    },
  },
  {
    // The employers whose action-month summary of the same year reached the department (filed or accepted).
    prefix: 'safetyMonth.',
    kinds: ['department'],
    async read({ db, period }) {
      const c = await counts(
        db,
        sql`select count(*) as "employersReporting" from report_submission s
          join report_type t on t.id = s.report_type_id
          where t.code = 'safety-month-business' and s.deleted_at is null and s.status in ('submitted', 'accepted')
            and s.period_key = ${period.end.slice(0, 4)}`,
      );
      return prefixed('safetyMonth.', c);
    },
  },
  {
    // The service centre's work in the period (employment services): counselling by topic, referrals, placements
    // (hires through referrals, and the employers supplied), job seekers registered and places the vacancies
    // posted ask for. The centre serves the province: its registers are the province's. Job-exchange sessions
    // are not kept yet, so `employment.sessions` stays for the filer to declare.
    prefix: 'employment.',
    kinds: ['serviceCentre'],
    async read({ db, period }) {
      const c = await counts(
        db,
        sql`with c as (select topic from job_counselling where deleted_at is null and kind = 'worker'
              and ${within(sql`counselled_on`, period)}),
            r as (select r.status, r.hired_date, r.business_id, s.sex from job_referral r
              join job_seeker s on s.id = r.seeker_id where r.deleted_at is null),
            hired as (select * from r where r.status = 'hired' and ${within(sql`r.hired_date`, period)})
          select (select count(*) from c) as counselled,
            (select count(*) from c where topic = 'jobSearch') as "counselledJobs",
            (select count(*) from c where topic = 'vocationalTraining') as "counselledTraining",
            (select count(*) from c where topic in ('unemploymentInsurance', 'labourLaw', 'workingAbroad'))
              as "counselledPolicy",
            (select count(*) from job_referral x where x.deleted_at is null and ${within(sql`x.referred_on`, period)})
              as referred,
            (select count(*) from job_referral x join job_seeker s on s.id = x.seeker_id
              where x.deleted_at is null and s.sex = 'female' and ${within(sql`x.referred_on`, period)})
              as "referredFemale",
            (select count(*) from hired) as placed,
            (select count(*) from hired where sex = 'female') as "placedFemale",
            (select count(distinct business_id) from hired) as "employersSupplied",
            (select count(*) from hired) as "workersSupplied",
            (select count(*) from job_seeker where deleted_at is null and ${within(sql`registered_date`, period)})
              as "jobSeekersRegistered",
            (select coalesce(sum(quantity), 0) from vacancy where deleted_at is null
              and ${within(sql`posted_date`, period)}) as "vacanciesCollected"`,
      );
      return prefixed('employment.', c);
    },
  },
  {
    // The department's inspections during the action month and the breaches they found.
    prefix: 'inspections.month.',
    kinds: ['department'],
    async read({ db, actionMonth }) {
      const c = await counts(
        db,
        sql`with i as (select id, business_id from labour_inspection where deleted_at is null and status <> 'cancelled'
              and ${within(sql`coalesce(actual_date, planned_from)`, actionMonth)})
          select (select count(distinct business_id) from i) as employers,
            (select count(*) from labour_inspection_violation v join i on i.id = v.inspection_id) as violations`,
      );
      return prefixed('inspections.month.', c);
    },
  },
];

/** Every register key a form reads (fixed rows' `{row}` filled in). */
export function prefillKeys(def: ReportFormDefinition): string[] {
  const m = modelOf(def);
  const keys: string[] = [];
  for (const f of m.fields.values()) if (f.prefill) keys.push(f.prefill);
  for (const t of m.tables.values()) {
    if (t.prefill) keys.push(t.prefill);
    for (const c of t.columns)
      if (c.prefill) for (const r of t.fixedRows ?? []) keys.push(c.prefill.replaceAll('{row}', r.key));
  }
  return keys;
}

/** The registers' figures for the keys `def` reads, for this reporter and period (see the sources above). */
export async function registerFigures(
  db: Executor,
  def: ReportFormDefinition,
  reporter: FigureReporter,
  period: FigurePeriod,
): Promise<Figures> {
  const keys = prefillKeys(def);
  const year = period.end.slice(0, 4);
  const ctx: SourceContext = { db, reporter, period, actionMonth: { start: `${year}-05-01`, end: `${year}-05-31` } };
  const out: Figures = {};
  for (const source of SOURCES) {
    const asked = keys.some((k) => (source.keys ? source.keys.includes(k) : k.startsWith(source.prefix)));
    if (!source.kinds.includes(reporter.kind) || !asked) continue;
    if (reporter.kind === 'business' && !reporter.businessId) continue;
    Object.assign(out, await source.read(ctx));
  }
  return out;
}
