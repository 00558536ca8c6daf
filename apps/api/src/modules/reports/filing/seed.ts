import { sql } from 'kysely';
import { addDays } from '@portal/domain/dates';
import { receiptNumber } from '@portal/domain/reports/workflow';
import type { ReportValues } from '@portal/domain/report-forms/index';
import type { Db } from '../../../db/database.ts';
import { clock } from '../../../platform/clock/index.ts';
import type { SeedStep } from '../../../seed/step.ts';
import type { FilingCaller, Reporter } from './access.ts';
import {
  acceptSubmission,
  fileSubmission,
  openSubmission,
  returnSubmission,
  saveDraft,
  type FilingCtx,
} from './service.ts';

/**
 * The demo province's filings, in every state, through the same moves a filer and the department make (each
 * backdated to its day): for the demo employers, the commune, the service centre and the department, a draft, a
 * report waiting for review, one returned with comments on fields, accepted ones (one after a return, with two
 * versions) and a late one; and, for the other employers' accident statistics of the last half-year, most accepted
 * on time, some late, the rest missing. Written once (a marker remembers it).
 */
const MARKER = 'reportFiling.seeded.demo';

/** late: filed after the due day and accepted; lateWaiting: filed late, not yet reviewed. */
type Story = 'draft' | 'submitted' | 'returned' | 'accepted' | 'corrected' | 'late' | 'lateWaiting';

interface Plan {
  user: string;
  type: string;
  story: Story;
  /** Which of the reporter's periods: the open one (filing now), else the latest already due. */
  period: 'open' | 'due';
}

const PLANS: readonly Plan[] = [
  { user: 'dn.caudatxanh', type: 'labour-change', story: 'draft', period: 'open' },
  { user: 'dn.caudatxanh', type: 'accident-statistics', story: 'late', period: 'due' },
  { user: 'dn.caudatxanh', type: 'annual-osh', story: 'corrected', period: 'due' },
  { user: 'dn.rauhoa', type: 'labour-change', story: 'returned', period: 'open' },
  { user: 'dn.rauhoa', type: 'accident-statistics', story: 'accepted', period: 'due' },
  { user: 'dn.rauhoa', type: 'safety-month-business', story: 'submitted', period: 'due' },
  { user: 'canbo.xuanhuong', type: 'commune-osh', story: 'submitted', period: 'due' },
  { user: 'ttdvvl', type: 'employment-centre', story: 'draft', period: 'open' },
  { user: 'canbo.so', type: 'safety-month-department', story: 'accepted', period: 'due' },
];

interface Account {
  /** The user who acts (null: an employer without an account on the portal). */
  id: string | null;
  unitId: string;
  kind: string;
  businessId: string | null;
  localUnitCode: string | null;
}

const REPORTER_KIND: Record<string, Reporter['kind']> = {
  employer: 'business',
  district: 'commune',
  service_centre: 'serviceCentre',
  training_body: 'trainingBody',
  department: 'department',
};

function reporterOf(a: Account): Reporter {
  const kind = REPORTER_KIND[a.kind]!;
  const key = kind === 'business' ? a.businessId! : kind === 'commune' ? a.localUnitCode! : a.unitId;
  return { kind, key };
}

/** A demo account's caller: the filer of its unit's reports, or the department's reviewer. */
function callerOf(a: Account, reviewer: boolean): FilingCaller {
  return {
    principal: null,
    userId: a.id,
    self: reviewer ? null : reporterOf(a),
    area: null,
    wholeProvince: reviewer,
    canReview: reviewer,
    canCreate: !reviewer,
    canUpdate: !reviewer,
  };
}

interface Expected {
  report_type_id: string;
  period_key: string;
  opens_on: string;
  due_on: string;
  closes_on: string | null;
}

async function expectedFor(db: Db, type: string, reporter: Reporter, period: Plan['period'], today: string) {
  const { rows } = await sql<Expected>`select e.report_type_id, e.period_key, e.opens_on::text as opens_on,
      e.due_on::text as due_on, e.closes_on::text as closes_on
    from report_expected e join report_type t on t.id = e.report_type_id
    where t.code = ${type} and e.reporter_kind = ${reporter.kind} and e.reporter_key = ${reporter.key}
      and e.removed_at is null and e.opens_on <= ${today}::date
    order by e.period_key desc`.execute(db);
  const open = rows.find((r) => r.due_on >= today);
  const due = rows.find((r) => r.due_on < today);
  return period === 'open' ? (open ?? due) : (due ?? open);
}

/** Numbers a filer would give where the registers say nothing, so the report passes the form's checks. */
function completed(form: string, values: ReportValues, seed: number): ReportValues {
  const v: ReportValues = { ...values };
  const num = (x: unknown) => (typeof x === 'number' ? x : 0);
  const total = num(v.totalWorkers) || 40 + (seed % 60);
  if (form === 'accident-statistics' || form === 'annual-osh') {
    v.totalWorkers = total;
    if (num(v.femaleWorkers) > total) v.femaleWorkers = Math.floor(total / 2);
    if (num(v.hazardousWorkers) > total) v.hazardousWorkers = Math.floor(total / 4);
  }
  if (form === 'accident-statistics') v.wageFund = total * 7_500_000 * 12;
  if (form === 'annual-osh') {
    Object.assign(v, { minorWorkers: 0, elderlyWorkers: 1, disabledWorkers: 0, trainingCost: 18.5, costPpe: 42 });
    Object.assign(v, { costTechnical: 65, costHygiene: 20, costHealth: 35, costOther: 5, oshStaff: 1, healthStaff: 1 });
    Object.assign(v, { oshCouncil: true, outsourcedService: false, overtimeWorkers: Math.floor(total / 3) });
  }
  if (form === 'labour-change') {
    // Skill level and position, which the register does not hold: the decreases taken from what there was, the
    // closing row as opening + increases − decreases, so every column balances.
    const rows = (v.labour as Record<string, number | null>[]).map((r) => ({ ...r }));
    const split = (n: number, parts: number[]) => {
      const out = parts.map((p) => Math.floor(n * p));
      out[out.length - 1]! += n - out.reduce((a, b) => a + b, 0);
      return out;
    };
    const QUAL = ['university', 'college', 'intermediate', 'elementary', 'untrained'];
    const POS = ['managers', 'highSkill', 'midSkill', 'otherPosition'];
    for (const [cols, shares] of [
      [QUAL, [0.1, 0.1, 0.2, 0.2, 0.4]],
      [POS, [0.05, 0.1, 0.15, 0.7]],
    ] as const) {
      const [start, increase, decrease] = rows;
      const s = split(num(start!.total), [...shares]);
      const i = split(num(increase!.total), [...shares]);
      cols.forEach((c, k) => ((start![c] = s[k]!), (increase![c] = i[k]!)));
      // The decreases from the columns that have people, last column first.
      let left = num(decrease!.total);
      for (const c of [...cols].reverse()) {
        const take = Math.min(left, num(start![c]) + num(increase![c]));
        decrease![c] = take;
        left -= take;
      }
      for (const c of cols) rows[3]![c] = num(start![c]) + num(increase![c]) - num(decrease![c]);
    }
    v.labour = rows;
  }
  if (form === 'commune-osh') {
    v.incidents = 0;
    v.assessment =
      'Trên địa bàn không xảy ra sự cố kỹ thuật gây mất an toàn nghiêm trọng; tiếp tục tuyên truyền cho lao động tự do.';
    if (num(v.victims) > 0)
      v.byActivity = [
        {
          activity: 'Xây dựng nhà ở dân dụng',
          accidents: num(v.accidents),
          victims: num(v.victims),
          deaths: num(v.deaths),
        },
      ];
  }
  if (form === 'safety-month-employer')
    Object.assign(v, {
      launchHeld: true,
      participants: 120 + (seed % 80),
      trainingSessions: 3,
      selfInspections: 6,
      hazardsFound: 9,
      hazardsFixed: 8,
      communicationActivities: 4,
      spending: 35,
      highlights:
        'Tổ chức lễ phát động, huấn luyện bổ sung cho người lao động mới và tự kiểm tra các khu vực nhà kính.',
    });
  if (form === 'safety-month-department')
    Object.assign(v, { documentsIssued: 4, provincialLaunch: true, trainingCourses: 12, peopleTrained: 860 });
  if (form === 'employment-centre') v.counselled = 1240;
  return v;
}

const COMMENTS: Record<string, { reason: string; comments: { fieldPath: string; comment: string }[] }> = {
  'labour-change': {
    reason: 'Số lao động tăng, giảm trong kỳ chưa khớp hồ sơ đóng bảo hiểm xã hội của doanh nghiệp',
    comments: [
      { fieldPath: 'labour.1.total', comment: 'Đề nghị đối chiếu số lao động tuyển mới với danh sách tham gia BHXH' },
      { fieldPath: 'labour.2.fixedTerm', comment: 'Ghi rõ số lao động hợp đồng xác định thời hạn đã nghỉ việc' },
    ],
  },
  'annual-osh': {
    reason: 'Thiếu số liệu chi phí và tổng số lao động chưa khớp báo cáo thống kê tai nạn lao động',
    comments: [
      { fieldPath: 'totalWorkers', comment: 'Tổng số lao động khác số liệu trong sổ quản lý lao động' },
      { fieldPath: 'trainingCost', comment: 'Bổ sung chi phí huấn luyện an toàn, vệ sinh lao động' },
    ],
  },
};

/** A moment of a Vietnamese working day, `day` at hh:mm (UTC+7). */
const at = (day: string, hour: number, minute = 0) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+07:00`);

/** Moves the times of what the last move wrote (at or after `since`) to the day it is told to have happened. */
async function backdate(db: Db, id: string, since: Date, moment: Date): Promise<void> {
  await sql`update report_submission_event set at = ${moment} where submission_id = ${id} and at >= ${since}`.execute(
    db,
  );
  await sql`update report_submission_version set submitted_at = ${moment} where submission_id = ${id}
    and submitted_at >= ${since}`.execute(db);
  await sql`update report_field_comment set at = ${moment} where submission_id = ${id} and at >= ${since}`.execute(db);
  await sql`update report_submission set
      first_submitted_at = case when first_submitted_at >= ${since} then ${moment} else first_submitted_at end,
      submitted_at = case when submitted_at >= ${since} then ${moment} else submitted_at end,
      accepted_at = case when accepted_at >= ${since} then ${moment} else accepted_at end,
      created_at = case when created_at >= ${since} then ${moment} else created_at end,
      updated_at = ${moment}
    where id = ${id}`.execute(db);
}

async function detailOf(db: Db, id: string) {
  const { rows } = await sql<{ version: number; values: ReportValues; form_code: string }>`
    select version, "values", form_code from report_submission where id = ${id}`.execute(db);
  return rows[0]!;
}

/**
 * Plays a story on one expected report: opened (on `opensOn` + a few days), filed on time or late, returned with
 * comments, filed again, accepted. Every move goes through the service, as the web does; then it is backdated.
 */
async function play(
  db: Db,
  filer: Account,
  reviewer: Account,
  e: Expected,
  story: Story,
  seed: number,
  today: string,
): Promise<void> {
  const ctx = (who: Account, day: string, review = false): FilingCtx => ({
    db,
    request: null,
    caller: callerOf(who, review),
    lang: 'vi',
    today: day,
  });
  const clamp = (day: string) => (day > today ? today : day < e.opens_on ? e.opens_on : day);
  const late = story === 'late' || story === 'lateWaiting';
  const filedOn = clamp(late ? addDays(e.due_on, 6 + (seed % 20)) : addDays(e.due_on, -(3 + (seed % 8))));
  const openedOn = clamp(addDays(filedOn, -2));
  let since = new Date();
  const { id } = await openSubmission(ctx(filer, openedOn), {
    reportTypeId: e.report_type_id,
    periodKey: e.period_key,
  });
  const d = await detailOf(db, id);
  await saveDraft(ctx(filer, openedOn), id, { version: d.version, values: completed(d.form_code, d.values, seed) });
  await backdate(db, id, since, at(openedOn, 9, seed % 60));
  if (story === 'draft') return;

  since = new Date();
  await fileSubmission(ctx(filer, filedOn), id, 'submit', { version: (await detailOf(db, id)).version });
  await backdate(db, id, since, at(filedOn, 14, seed % 60));
  if (story === 'submitted' || story === 'lateWaiting') return;

  if (story === 'returned' || story === 'corrected') {
    const returnedOn = clamp(addDays(filedOn, 2));
    const note = COMMENTS[d.form_code] ?? COMMENTS['annual-osh']!;
    since = new Date();
    await returnSubmission(ctx(reviewer, returnedOn, true), id, { version: (await detailOf(db, id)).version, ...note });
    await backdate(db, id, since, at(returnedOn, 10, 30));
    if (story === 'returned') return;
    const refiledOn = clamp(addDays(returnedOn, 1));
    const current = await detailOf(db, id);
    const values = { ...current.values } as Record<string, unknown>;
    if (typeof values.trainingCost === 'number') values.trainingCost = 22;
    since = new Date();
    await fileSubmission(ctx(filer, refiledOn), id, 'resubmit', { version: current.version, values });
    await backdate(db, id, since, at(refiledOn, 16, 10));
  }

  const acceptedOn = clamp(addDays(filedOn, story === 'corrected' ? 5 : 4));
  since = new Date();
  await acceptSubmission(ctx(reviewer, acceptedOn, true), id, { version: (await detailOf(db, id)).version });
  await backdate(db, id, since, at(acceptedOn, 15, 45));
}

export const filingDemoStep: SeedStep = {
  name: 'report-filing-demo',
  kind: 'demo',
  // After the reports core has opened the demo periods (reports-demo, 330).
  order: 340,
  async run({ db, log }) {
    const done = await sql<{ key: string }>`select key from app_setting where key = ${MARKER}`.execute(db);
    if (done.rows[0]) return;
    const today = clock.today();
    const { rows: accounts } = await sql<
      Account & { user_name: string }
    >`select u.id, u.user_name, u.unit_id as "unitId",
        n.kind, n.business_id as "businessId", n.local_unit_code as "localUnitCode"
      from app_user u join unit n on n.id = u.unit_id
      where u.user_name = any(${sql.val(['dn.caudatxanh', 'dn.rauhoa', 'canbo.xuanhuong', 'ttdvvl', 'canbo.so'])}::text[])`.execute(
      db,
    );
    const byName = new Map(accounts.map((a) => [a.user_name, a]));
    const reviewer = byName.get('canbo.so');
    if (!reviewer) return;
    let filed = 0;
    for (const [i, plan] of PLANS.entries()) {
      const account = byName.get(plan.user);
      if (!account) continue;
      const e = await expectedFor(db, plan.type, reporterOf(account), plan.period, today);
      if (!e) continue;
      // A period not yet due cannot be late; the story stays as close as the calendar allows.
      const story: Story = plan.story === 'late' && e.due_on >= today ? 'submitted' : plan.story;
      await play(db, account, reviewer, e, story, i * 7 + 3, today);
      filed += 1;
    }

    // The other employers' accident statistics of the last half-year that is due: most accepted on time, some late
    // and waiting, the rest missing (for the status pages).
    const { rows: others } = await sql<Expected & { reporter_key: string; user_id: string | null }>`
      select e.report_type_id, e.period_key, e.opens_on::text as opens_on, e.due_on::text as due_on,
        e.closes_on::text as closes_on, e.reporter_key,
        (select u.id from app_user u join unit n on n.id = u.unit_id where n.business_id = e.business_id limit 1) as user_id
      from report_expected e join report_type t on t.id = e.report_type_id
      where t.code = 'accident-statistics' and e.reporter_kind = 'business' and e.removed_at is null
        and e.due_on < ${today}::date
        and e.period_key = (select max(x.period_key) from report_expected x where x.report_type_id = e.report_type_id
          and x.due_on < ${today}::date)
        and not exists (select 1 from report_submission s where s.expected_id = e.id)
      order by e.reporter_name`.execute(db);
    for (const [i, e] of others.entries()) {
      const story: Story | null = i % 7 === 5 ? 'lateWaiting' : i % 7 === 6 || i % 3 === 2 ? null : 'accepted';
      if (!story) continue;
      const account: Account = {
        id: e.user_id,
        unitId: '',
        kind: 'employer',
        businessId: e.reporter_key,
        localUnitCode: null,
      };
      await play(db, account, reviewer, e, story, i * 11 + 5, today);
      filed += 1;
    }
    // Receipts numbered in the order the reports were filed, as they would have been (the stories ran in any order).
    await sql`update report_submission set number = 'demo:' || id where number is not null`.execute(db);
    const { rows: filings } = await sql<{ id: string; year: number }>`select id,
        extract(year from first_submitted_on)::int as year from report_submission where number like 'demo:%'
      order by first_submitted_at, id`.execute(db);
    const seq = new Map<number, number>();
    for (const r of filings) {
      seq.set(r.year, (seq.get(r.year) ?? 0) + 1);
      await sql`update report_submission set number = ${receiptNumber(seq.get(r.year)!, r.year)} where id = ${r.id}`.execute(
        db,
      );
    }
    await sql`insert into app_setting (key, value) values (${MARKER}, ${JSON.stringify({ filed })}::jsonb)
      on conflict (key) do nothing`.execute(db);
    log.info({ filed }, 'demo report filings');
  },
};
