import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { FilingStatus } from '@portal/domain/reports/filing';
import { filingClosed, type FilingSort, type SubmissionStatus } from '@portal/domain/reports/workflow';
import type { Executor } from '../../../catalog/context.ts';
import { matchesKeyword } from '../../../db/search.ts';
import { sqlPage, type Page } from '../../../platform/list/index.ts';
import { ownReport, visibleExpected, visibleSubmission, type FilingCaller } from './access.ts';
import type { FilingRow, ListQuery } from './schemas.ts';

/**
 * The filing list: one row per expected report (a reporter, a type, a period) the caller sees, with the submission
 * the caller may see (another's draft counts as not started). Its status is filing.ts's `filingStatus`, said in
 * SQL so the list filters and sorts on it.
 */

const iso = (d: Date | string | null): string | null => (d ? new Date(d).toISOString() : null);

/** An expected report's period and schedule (alias `e`), dates as text. */
export const scheduleColumns = sql`e.period_start::text as period_start, e.period_end::text as period_end,
  e.opens_on::text as opens_on, e.due_on::text as due_on, e.closes_on::text as closes_on`;

/** filing.ts's filingStatus over `s` (the visible submission) and `e` (the expected row), on `today`. */
const statusSql = (today: string) => sql<FilingStatus>`case
    when s.status in ('submitted', 'returned', 'accepted') then s.status
    when ${today}::date < e.opens_on then 'notOpen'
    when ${today}::date > e.due_on then 'overdue'
    when s.status = 'draft' then 'draft'
    else 'open' end`;

/**
 * What waits on the caller first: a filer's returned and overdue reports, then drafts and open ones (due soonest
 * first); a reviewer's filed reports to review, oldest filing first.
 */
const FILER_PRIORITY = ['returned', 'overdue', 'draft', 'open', 'submitted', 'notOpen', 'accepted'];
const REVIEWER_PRIORITY = ['submitted', 'returned', 'overdue', 'draft', 'open', 'notOpen', 'accepted'];

function rank(order: readonly string[], status: RawBuilder<FilingStatus>): RawBuilder<number> {
  return sql<number>`array_position(${sql.val(order)}::text[], ${status}::text)`;
}

interface ListRow {
  expected_id: string;
  submission_id: string | null;
  report_type_id: string;
  type_code: string;
  type_name: string;
  period_key: string;
  period_start: string;
  period_end: string;
  opens_on: string;
  due_on: string;
  closes_on: string | null;
  reporter_kind: string;
  reporter_name: string;
  tax_code: string | null;
  ward_code: string | null;
  ward_name: string | null;
  status: FilingStatus;
  number: string | null;
  first_submitted_on: string | null;
  submitted_at: Date | null;
  accepted_at: Date | null;
  locked: boolean | null;
  mine: boolean;
}

export async function listFiling(
  db: Executor,
  caller: FilingCaller,
  today: string,
  q: ListQuery,
): Promise<Page<FilingRow>> {
  const status = statusSql(today);
  const from = sql`report_expected e
    join report_type t on t.id = e.report_type_id
    left join business b on b.id = e.business_id
    left join admin_unit w on w.id = e.ward_code
    left join report_submission s on s.expected_id = e.id and ${visibleSubmission(caller, 's')}`;
  const where: Expression<SqlBool>[] = [
    visibleExpected(caller, 'e'),
    sql<SqlBool>`(e.removed_at is null or s.id is not null)`,
  ];
  if (q.keyWord)
    where.push(
      matchesKeyword(
        [sql.ref('e.reporter_name'), sql`coalesce(b.code, '')`, sql`coalesce(s.number, '')`, sql`coalesce(w.name, '')`],
        q.keyWord,
      ),
    );
  if (q.reportTypeId) where.push(sql<SqlBool>`e.report_type_id = ${q.reportTypeId}`);
  if (q.typeCodes?.length) where.push(sql<SqlBool>`t.code = any(${sql.val(q.typeCodes)}::text[])`);
  if (q.periodKey) where.push(sql<SqlBool>`e.period_key = ${q.periodKey}`);
  if (q.status) where.push(sql<SqlBool>`${status} = ${q.status}`);
  // The same, said so the planner can start from the submissions' status index (the department's queue).
  if (q.status === 'submitted' || q.status === 'returned' || q.status === 'accepted' || q.status === 'draft')
    where.push(sql<SqlBool>`s.status = ${q.status}`);
  if (q.mine === 'true') where.push(ownReport(caller, 'e'));

  const descending = q.sortOrder === 'desc' || q.sortOrder === 'descend';
  const dir = descending ? sql`desc` : sql`asc`;
  const sort: FilingSort = q.sortField ?? 'priority';
  const orders: Record<FilingSort, RawBuilder<unknown>> = {
    priority: caller.canReview
      ? sql`${rank(REVIEWER_PRIORITY, status)} ${dir}, s.submitted_at asc nulls last, e.due_on asc`
      : sql`${rank(FILER_PRIORITY, status)} ${dir}, e.due_on asc`,
    dueOn: sql`e.due_on ${dir}`,
    periodKey: sql`e.period_key ${dir}`,
    reporterName: sql`e.reporter_name ${dir}`,
    typeName: sql`t.name ${dir}`,
    submittedAt: sql`s.submitted_at ${dir} nulls last`,
  };
  const page = await sqlPage<ListRow>(db, q, {
    select: sql`e.id as expected_id, s.id as submission_id, e.report_type_id, t.code as type_code,
      t.name as type_name, e.period_key, ${scheduleColumns}, e.reporter_kind,
      e.reporter_name, b.code as tax_code, e.ward_code, w.name as ward_name, ${status} as status, s.number,
      s.first_submitted_on::text as first_submitted_on, s.submitted_at, s.accepted_at, s.locked,
      ${ownReport(caller, 'e')} as mine`,
    from,
    where,
    order: sql`${orders[sort]}, e.reporter_name asc, e.id asc`,
  });
  return {
    totalRecord: page.total,
    pageLists: page.rows.map((r) => ({
      expectedId: r.expected_id,
      submissionId: r.submission_id,
      reportTypeId: r.report_type_id,
      typeCode: r.type_code,
      typeName: r.type_name,
      periodKey: r.period_key,
      periodStart: r.period_start,
      periodEnd: r.period_end,
      opensOn: r.opens_on,
      dueOn: r.due_on,
      closesOn: r.closes_on,
      reporterKind: r.reporter_kind,
      reporterName: r.reporter_name,
      taxCode: r.tax_code,
      wardCode: r.ward_code,
      wardName: r.ward_name,
      status: r.status,
      number: r.number,
      firstSubmittedOn: r.first_submitted_on,
      submittedAt: iso(r.submitted_at),
      acceptedAt: iso(r.accepted_at),
      late: r.first_submitted_on === null ? null : r.first_submitted_on > r.due_on,
      locked: !!r.locked,
      closed: filingClosed(r.closes_on, today),
      mine: !!r.mine,
    })),
  };
}

/** A submission as the detail, the moves and the receipt read it, with its expected row and type. */
export interface SubmissionRow {
  id: string;
  expected_id: string;
  report_type_id: string;
  type_code: string;
  type_name: string;
  legal_basis: string | null;
  recipient: string | null;
  lock_on_accept: boolean;
  period_key: string;
  period_start: string;
  period_end: string;
  opens_on: string;
  due_on: string;
  closes_on: string | null;
  reporter_kind: string;
  reporter_key: string;
  reporter_name: string;
  tax_code: string | null;
  business_id: string | null;
  ward_code: string | null;
  status: SubmissionStatus;
  form_code: string;
  form_version: number;
  values: Record<string, unknown>;
  register_values: Record<string, unknown> | null;
  number: string | null;
  first_submitted_at: Date | null;
  first_submitted_on: string | null;
  submitted_at: Date | null;
  accepted_at: Date | null;
  locked: boolean;
  version: number;
  created_by: string | null;
}

const selection = sql`s.id, s.expected_id, s.report_type_id, t.code as type_code, t.name as type_name, t.legal_basis,
  t.recipient, coalesce(t.lock_on_accept, false) as lock_on_accept, s.period_key, ${scheduleColumns}, s.reporter_kind,
  s.reporter_key, e.reporter_name, b.code as tax_code, s.business_id, s.ward_code,
  s.status, s.form_code, s.form_version, s."values", s.register_values, s.number, s.first_submitted_at,
  s.first_submitted_on::text as first_submitted_on, s.submitted_at, s.accepted_at, s.locked, s.version, s.created_by`;

// Every submission is opened for an expected report (expected rows are never deleted, only marked removed).
const joined = sql`report_submission s join report_type t on t.id = s.report_type_id
  join report_expected e on e.id = s.expected_id left join business b on b.id = s.business_id`;

/** One submission the caller may open, or undefined (absent and out of scope look the same). */
export async function findSubmission(
  db: Executor,
  caller: FilingCaller,
  id: string,
): Promise<SubmissionRow | undefined> {
  const r = await sql<SubmissionRow>`select ${selection} from ${joined}
    where s.id = ${id} and ${visibleSubmission(caller, 's')}`.execute(db);
  return r.rows[0];
}

/** Lock a visible submission for a move (two reviewers, or a filer and a reviewer, queue here), then read it. */
export async function lockSubmission(
  db: Executor,
  caller: FilingCaller,
  id: string,
): Promise<SubmissionRow | undefined> {
  const locked = await sql<{ id: string }>`select s.id from report_submission s
    where s.id = ${id} and ${visibleSubmission(caller, 's')} for update`.execute(db);
  if (!locked.rows[0]) return undefined;
  return findSubmission(db, caller, id);
}

export interface VersionRow {
  seq: number;
  form_version: number;
  values: Record<string, unknown>;
  submitted_at: Date;
  submitted_by_name: string | null;
}

export async function versionsOf(db: Executor, submissionId: string): Promise<VersionRow[]> {
  const r = await sql<VersionRow>`select v.seq, v.form_version, v."values", v.submitted_at,
      u.full_name as submitted_by_name
    from report_submission_version v left join app_user u on u.id = v.submitted_by
    where v.submission_id = ${submissionId} order by v.seq`.execute(db);
  return r.rows.map((v) => ({ ...v, seq: Number(v.seq), form_version: Number(v.form_version) }));
}

export interface CommentRow {
  version_seq: number;
  field_path: string;
  comment: string;
  actor_name: string | null;
  at: Date;
}

export async function commentsOf(db: Executor, submissionId: string): Promise<CommentRow[]> {
  const r = await sql<CommentRow>`select version_seq, field_path, comment, actor_name, at from report_field_comment
    where submission_id = ${submissionId} order by version_seq, at, id`.execute(db);
  return r.rows.map((c) => ({ ...c, version_seq: Number(c.version_seq) }));
}
