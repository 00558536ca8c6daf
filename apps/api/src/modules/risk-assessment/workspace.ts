import { sql } from 'kysely';
import { RISK_ASSESSMENT_PATHS, RISK_ASSESSMENT_PERMISSIONS as P } from '@portal/domain/risk-assessment/rules';
import { scopeCondition } from '../../platform/access/scope.ts';
import type { WorkspaceTaskProvider, WorkspaceContext } from '../workspace/index.ts';

/**
 * Risk assessment in the employer's workspace: its assessments due again (review date come, or an accident linked
 * after completion, and no newer assessment re-doing them) and its planned measures past their deadline. Counted
 * live, so an accident linked a minute ago shows at once.
 */
async function countDue(ctx: WorkspaceContext): Promise<number> {
  const scope = scopeCondition(ctx.principal, { businessColumn: 'a.business_id' });
  const rows = await sql<{ n: string }>`select count(*) as n from risk_assessment a
    where a.deleted_at is null and a.status = 'completed' and a.completed_on is not null
      and not exists (select 1 from risk_assessment n where n.previous_id = a.id and n.deleted_at is null)
      and (a.next_review_on <= ${ctx.today}::date
        or exists (select 1 from accident x where x.risk_assessment_id = a.id and x.deleted_at is null
          and (x.occurred_at at time zone 'Asia/Ho_Chi_Minh')::date >= a.completed_on))
      ${scope ? sql`and ${scope}` : sql``}`.execute(ctx.db);
  return Number(rows.rows[0]?.n ?? 0);
}

async function countOverdueMeasures(ctx: WorkspaceContext): Promise<number> {
  const scope = scopeCondition(ctx.principal, { businessColumn: 'a.business_id' });
  const rows = await sql<{ n: string }>`select count(*) as n from risk_assessment_measure m
    join risk_assessment a on a.id = m.assessment_id and a.deleted_at is null
    where m.status = 'planned' and m.deadline < ${ctx.today}::date ${scope ? sql`and ${scope}` : sql``}`.execute(
    ctx.db,
  );
  return Number(rows.rows[0]?.n ?? 0);
}

/** Due again for either reason: the list's `reviewDue` filter (kept by refreshReviewDue). */
const DUE_FILTER = 'reviewDue=dateReached,accident';

export const workspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'riskAssessment.due',
    permission: P.update,
    side: 'employer',
    titleKey: 'riskAssessment:workspace.due',
    tone: 'action',
    order: 18,
    count: countDue,
    link: `${RISK_ASSESSMENT_PATHS.list}?${DUE_FILTER}`,
    listApi: `/api/RiskAssessment/riskAssessments?${DUE_FILTER}`,
  },
  {
    key: 'riskAssessment.overdueMeasures',
    permission: P.update,
    side: 'employer',
    titleKey: 'riskAssessment:workspace.overdueMeasures',
    tone: 'warning',
    order: 19,
    count: countOverdueMeasures,
    link: RISK_ASSESSMENT_PATHS.list,
    listApi: null,
  },
];
