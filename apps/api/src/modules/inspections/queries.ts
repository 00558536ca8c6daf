import { sql, type Expression, type SqlBool } from 'kysely';
import type { InspectionDetail, InspectionListQuery, InspectionSummary } from '@portal/domain/inspections/schemas';
import {
  isRequirementOverdue,
  type InspectionKind,
  type InspectionStatus,
  type InspectionTopic,
  type RequirementStatus,
} from '@portal/domain/inspections/state';
import type { Executor } from '../../catalog/context.ts';
import { matchesKeyword } from '../../db/search.ts';
import { sqlPage } from '../../platform/list/index.ts';
import { inLocalUnit } from '../../platform/access/scope.ts';
import { historyOf } from '../../platform/workflow/index.ts';
import { actionsFor, requirementActionsFor, visibleTo, type InspectionCaller } from './access.ts';

/** The events of an inspection and of its requirements (no name kept: the history names the user as now called). */
export const INSPECTION_EVENTS = {
  table: 'labour_inspection_event',
  key: 'inspection_id',
  part: 'requirement_id',
  storesActorName: false,
} as const;

export interface InspectionRow {
  id: string;
  business_id: string;
  business_name: string;
  business_tax_code: string;
  ward_code: string | null;
  ward_name: string | null;
  kind: InspectionKind;
  topic: InspectionTopic;
  status: InspectionStatus;
  legal_basis: string | null;
  decision_number: string | null;
  decision_date: string | null;
  decision_signer: string | null;
  planned_from: string;
  planned_to: string | null;
  actual_date: string | null;
  findings: string | null;
  conclusion_number: string | null;
  conclusion_date: string | null;
  conclusion_summary: string | null;
  conclusion_file_id: string | null;
  cancel_reason: string | null;
  employer_notified_at: Date | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

const rowColumns = sql`i.id, i.business_id, b.name as business_name, b.code as business_tax_code, b.ward_code,
  w.full_name as ward_name, i.kind, i.topic, i.status, i.legal_basis, i.decision_number, i.decision_date::text,
  i.decision_signer, i.planned_from::text, i.planned_to::text, i.actual_date::text, i.findings, i.conclusion_number,
  i.conclusion_date::text, i.conclusion_summary, i.conclusion_file_id, i.cancel_reason, i.employer_notified_at,
  i.version, i.created_at, i.updated_at`;
const rowFrom = sql`labour_inspection i join business b on b.id = i.business_id
  left join admin_unit w on w.id = b.ward_code`;

/** Counts shown in lists: violations, requirements, those waiting for the employer, those overdue. */
const countColumns = (today: string) => sql`
  (select count(*) from labour_inspection_violation v where v.inspection_id = i.id)::int as violation_count,
  (select count(*) from labour_inspection_requirement r where r.inspection_id = i.id)::int as requirement_count,
  (select count(*) from labour_inspection_requirement r where r.inspection_id = i.id
    and r.status in ('open', 'returned', 'answered'))::int as pending_requirements,
  (select count(*) from labour_inspection_requirement r where r.inspection_id = i.id and i.status = 'concluded'
    and r.status in ('open', 'returned') and r.deadline < ${today}::date)::int as overdue_requirements,
  (select u.full_name from labour_inspection_member m join app_user u on u.id = m.user_id
    where m.inspection_id = i.id and m.role = 'leader' limit 1) as leader_name`;

interface CountRow {
  violation_count: number;
  requirement_count: number;
  pending_requirements: number;
  overdue_requirements: number;
  leader_name: string | null;
}

/** An inspection row the caller may see, or undefined (no row, or out of scope: both answer 404). */
export async function findInspection(
  db: Executor,
  caller: InspectionCaller,
  id: string,
  forUpdate = false,
): Promise<InspectionRow | undefined> {
  const rows = await sql<InspectionRow>`select ${rowColumns} from ${rowFrom}
    where i.id = ${id} and ${visibleTo(caller)} ${forUpdate ? sql`for update of i` : sql``}`.execute(db);
  return rows.rows[0];
}

function toSummary(r: InspectionRow & CountRow): InspectionSummary {
  return {
    id: r.id,
    decisionNumber: r.decision_number,
    businessId: r.business_id,
    businessName: r.business_name,
    businessTaxCode: r.business_tax_code,
    wardName: r.ward_name,
    kind: r.kind,
    topic: r.topic,
    plannedFrom: r.planned_from,
    actualDate: r.actual_date,
    status: r.status,
    leaderName: r.leader_name,
    violationCount: Number(r.violation_count),
    requirementCount: Number(r.requirement_count),
    pendingRequirements: Number(r.pending_requirements),
    overdueRequirements: Number(r.overdue_requirements),
  };
}

export async function listInspections(
  db: Executor,
  caller: InspectionCaller,
  q: InspectionListQuery,
  today: string,
): Promise<{ pageLists: InspectionSummary[]; totalRecord: number }> {
  const where: Expression<SqlBool>[] = [visibleTo(caller)];
  if (q.status) where.push(sql<SqlBool>`i.status = ${q.status}`);
  if (q.kind) where.push(sql<SqlBool>`i.kind = ${q.kind}`);
  if (q.topic) where.push(sql<SqlBool>`i.topic = ${q.topic}`);
  if (q.year) where.push(sql<SqlBool>`extract(year from coalesce(i.actual_date, i.planned_from)) = ${q.year}`);
  if (q.businessId) where.push(sql<SqlBool>`i.business_id = ${q.businessId}`);
  if (q.wardCode) where.push(inLocalUnit(sql.ref('b.ward_code'), q.wardCode));
  if (q.overdue === 'true')
    where.push(sql<SqlBool>`i.status = 'concluded' and exists (select 1 from labour_inspection_requirement r
      where r.inspection_id = i.id and r.status in ('open', 'returned') and r.deadline < ${today}::date)`);
  if (q.answered === 'true')
    where.push(sql<SqlBool>`i.status = 'concluded' and exists (select 1 from labour_inspection_requirement r
      where r.inspection_id = i.id and r.status = 'answered')`);
  if (q.toAnswer === 'true')
    where.push(sql<SqlBool>`i.status = 'concluded' and exists (select 1 from labour_inspection_requirement r
      where r.inspection_id = i.id and r.status in ('open', 'returned'))`);
  if (q.keyWord)
    where.push(
      matchesKeyword(
        ['b.name', 'b.code', 'i.decision_number', 'i.conclusion_number'],
        q.keyWord,
      ) as Expression<SqlBool>,
    );
  const page = await sqlPage<InspectionRow & CountRow>(db, q, {
    select: sql`${rowColumns}, ${countColumns(today)}`,
    from: rowFrom,
    where,
    order: sql`coalesce(i.actual_date, i.planned_from) desc, i.created_at desc, i.id`,
  });
  return { pageLists: page.rows.map(toSummary), totalRecord: page.total };
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function inspectionDetail(
  db: Executor,
  caller: InspectionCaller,
  row: InspectionRow,
  today: string,
): Promise<InspectionDetail> {
  const [counts, team, violations, requirements, events] = await Promise.all([
    sql<CountRow>`select ${countColumns(today)} from labour_inspection i where i.id = ${row.id}`.execute(db),
    sql<{ user_id: string; full_name: string; role: 'leader' | 'member' }>`select m.user_id, u.full_name, m.role
      from labour_inspection_member m join app_user u on u.id = m.user_id
      where m.inspection_id = ${row.id} order by m.role = 'leader' desc, m.position`.execute(db),
    sql<{
      id: string;
      description: string;
      legal_provision: string;
      fine_amount: string | null;
      penalty_decision_number: string | null;
      penalty_decision_date: string | null;
      violating_organization_id: string | null;
    }>`select id, description, legal_provision, fine_amount, penalty_decision_number,
        penalty_decision_date::text, violating_organization_id
      from labour_inspection_violation where inspection_id = ${row.id} order by position`.execute(db),
    sql<{
      id: string;
      content: string;
      deadline: string;
      status: RequirementStatus;
      answer_text: string | null;
      answer_file_ids: string[];
      answered_at: Date | null;
      review_reason: string | null;
      reviewed_at: Date | null;
    }>`select id, content, deadline::text, status, answer_text, answer_file_ids::text[] as answer_file_ids, answered_at, review_reason, reviewed_at
      from labour_inspection_requirement where inspection_id = ${row.id} order by position`.execute(db),
    historyOf(db, INSPECTION_EVENTS, row.id),
  ]);
  const fileIds = [
    ...(row.conclusion_file_id ? [row.conclusion_file_id] : []),
    ...requirements.rows.flatMap((r) => r.answer_file_ids ?? []),
  ];
  const names = new Map<string, string>();
  if (fileIds.length) {
    const files = await db
      .selectFrom('stored_file')
      .select(['id', 'original_name'])
      .where('id', 'in', fileIds)
      .execute();
    for (const f of files) names.set(f.id, f.original_name);
  }
  const file = (id: string) => ({ id, name: names.get(id) ?? id });
  return {
    ...toSummary({ ...row, ...counts.rows[0]! }),
    wardCode: row.ward_code,
    legalBasis: row.legal_basis,
    decisionDate: row.decision_date,
    decisionSigner: row.decision_signer,
    plannedTo: row.planned_to,
    findings: row.findings,
    conclusionNumber: row.conclusion_number,
    conclusionDate: row.conclusion_date,
    conclusionSummary: row.conclusion_summary,
    conclusionFile: row.conclusion_file_id ? file(row.conclusion_file_id) : null,
    cancelReason: row.cancel_reason,
    team: team.rows.map((m) => ({ userId: m.user_id, fullName: m.full_name, role: m.role })),
    violations: violations.rows.map((v) => ({
      id: v.id,
      description: v.description,
      legalProvision: v.legal_provision,
      fineAmount: v.fine_amount == null ? null : Number(v.fine_amount),
      penaltyDecisionNumber: v.penalty_decision_number,
      penaltyDecisionDate: v.penalty_decision_date,
      violatingOrganizationId: v.violating_organization_id,
    })),
    requirements: requirements.rows.map((r) => ({
      id: r.id,
      content: r.content,
      deadline: r.deadline,
      status: r.status,
      overdue: row.status === 'concluded' && isRequirementOverdue(r.status, r.deadline, today),
      answerText: r.answer_text,
      answerFiles: (r.answer_file_ids ?? []).map(file),
      answeredAt: iso(r.answered_at),
      reviewReason: r.review_reason,
      reviewedAt: iso(r.reviewed_at),
      actions: requirementActionsFor(caller, row, r.status),
    })),
    history: events.map((e) => ({
      at: e.at,
      action: e.action,
      toStatus: e.toStatus,
      actorName: e.actorName,
      reason: e.reason,
      requirementId: e.part ?? null,
    })),
    actions: actionsFor(caller, row.status),
    version: row.version,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}
