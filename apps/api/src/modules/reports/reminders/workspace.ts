import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { FilingStatus } from '@portal/domain/reports/filing';
import { SUBMISSION_PERMISSIONS } from '@portal/domain/reports/workflow';
import { inLocalUnit } from '../../../platform/access/scope.ts';
import type { Principal } from '../../../platform/access/index.ts';
import { defineTally, tallied, type WorkspaceContext, type WorkspaceTaskProvider } from '../../workspace/index.ts';
import { ofReporter } from '../filing/index.ts';
// filing.ts's filingStatus said in SQL over the filing facts (the status module's, migration 0040).
import { statusCondition } from '../status/index.ts';
import { filingLink } from './links.ts';
import { remindedReporter } from './reporter.ts';

/**
 * Periodic reports in the workspaces, each card the count of the filing list it opens (`/nop-bao-cao/danh-sach`
 * filtered by where a report stands; its API `/api/Report/submissions`): a reporter (employer, commune, service
 * centre, training body) sees its own reports open and not started, its drafts, those returned to it and those
 * overdue; the department the filed reports waiting for its review; the department and each commune the reports
 * overdue in their scope (a commune: its area's, its own included).
 *
 * Each count reads a small indexed slice, a tally or a rollup, never the whole table: a reporter's own expected rows
 * (by business or reporter key) with the facts the status module keeps on them (the live submission's state), the
 * submissions waiting for review (a tally kept by the writes), and the status rollup's groups for the overdue (by
 * commune). The day is a parameter, never the database's clock, so the workspace cache keeps a count until a table
 * it read changes or the day turns.
 */

const one = async (ctx: WorkspaceContext, query: RawBuilder<{ n: number }>) =>
  (await query.execute(ctx.db)).rows[0]?.n ?? 0;

/** The caller's own reports standing at `status`; an exempted reporter's report shows while one was started. */
function ownAt(status: FilingStatus) {
  return (ctx: WorkspaceContext) => {
    const reporter = remindedReporter(ctx.principal);
    if (!reporter) return Promise.resolve(0);
    return one(
      ctx,
      sql<{ n: number }>`select count(*)::int as n from report_expected e
        where ${ofReporter(reporter)} and (e.removed_at is null or e.submission_status is not null)
          and ${statusCondition(status, ctx.today, 'e')}`,
    );
  };
}

/** The overseen part of a relation whose commune is `column`: the department all, a commune its area. */
function overseen(principal: Principal, column: string): RawBuilder<SqlBool> {
  if (principal.role === 'admin' || principal.unit.kind === 'department') return sql<SqlBool>`true`;
  const area = principal.unit.localUnitCode;
  return area ? sql<SqlBool>`${inLocalUnit(sql.ref(column), area)}` : sql<SqlBool>`false`;
}

/**
 * Filed reports waiting for review, kept by the writes: at a province's size thousands wait at once in the filing
 * season, and counting them again after every filing (joined to their reporters) took seconds. The commune is the
 * submission's own (copied from its reporter when the report is started).
 */
const waitingForReview = defineTally({
  name: 'reports.toReview',
  table: 'report_submission',
  where: "status = 'submitted' and deleted_at is null",
  owners: { local_unit: 'ward_code' },
  scope: (principal) => (reviewer(principal) ? null : overseen(principal, 't.local_unit')),
});
const toReview = tallied(waitingForReview);

/** Reporters overdue, from the status rollup's commune groups (exempted reporters are not in it). */
const overdueReporters = (ctx: WorkspaceContext) =>
  one(
    ctx,
    sql<{ n: number }>`select coalesce(sum(r.reporters), 0)::int as n from report_status_rollup r
      where r.dimension = 'ward' and ${statusCondition('overdue', ctx.today, 'r')}
        and ${overseen(ctx.principal, 'r.key')}`,
  );

const filer = (principal: Principal) => remindedReporter(principal) !== null;
const reviewer = (principal: Principal) => principal.role === 'admin' || principal.unit.kind === 'department';
const overseer = (principal: Principal) => reviewer(principal) || principal.unit.kind === 'district';

function task(
  key: string,
  o: Pick<WorkspaceTaskProvider, 'permission' | 'appliesTo' | 'tone' | 'order' | 'count'> & {
    query: Record<string, string>;
  },
): WorkspaceTaskProvider {
  return {
    key: `reports.${key}`,
    permission: o.permission,
    ...(o.appliesTo ? { appliesTo: o.appliesTo } : {}),
    titleKey: `reportReminders:workspace.${key}`,
    tone: o.tone,
    ...(o.order !== undefined ? { order: o.order } : {}),
    count: o.count,
    link: filingLink(o.query),
    listApi: `/api/Report/submissions?${new URLSearchParams(o.query).toString()}`,
  };
}

const READ = SUBMISSION_PERMISSIONS.read;
const mine = (status: FilingStatus) => ({ count: ownAt(status), query: { status, mine: 'true' } });

export const reminderWorkspaceTasks: WorkspaceTaskProvider[] = [
  task('returned', { permission: READ, appliesTo: filer, tone: 'action', order: 18, ...mine('returned') }),
  task('overdue', { permission: READ, appliesTo: filer, tone: 'action', order: 19, ...mine('overdue') }),
  task('drafts', { permission: READ, appliesTo: filer, tone: 'warning', order: 20, ...mine('draft') }),
  task('due', { permission: READ, appliesTo: filer, tone: 'warning', order: 21, ...mine('open') }),
  task('toReview', {
    permission: SUBMISSION_PERMISSIONS.review,
    appliesTo: reviewer,
    tone: 'action',
    order: 20,
    count: toReview,
    query: { status: 'submitted' },
  }),
  task('overdueReporters', {
    permission: READ,
    appliesTo: overseer,
    tone: 'warning',
    order: 46,
    count: overdueReporters,
    query: { status: 'overdue' },
  }),
];
