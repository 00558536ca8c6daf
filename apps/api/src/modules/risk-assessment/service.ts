import { sql } from 'kysely';
import { translate } from '@portal/domain/i18n';
import {
  byPriority,
  levelOf,
  reviewReasons,
  riskScore,
  type Assessment,
  type AssessmentHazard,
  type AssessmentMeasure,
  type AssessmentStatus,
  type HazardAnswer,
  type HazardGroup,
  type HazardSector,
  type MeasureStatus,
  type ReviewReason,
  type RiskLevel,
} from '@portal/domain/risk-assessment/rules';
import { inTransaction, translator, type Executor, type OpContext } from '../../catalog/context.ts';
import { catalogOperations } from '../../catalog/operations.ts';
import { scopeOf } from '../../platform/access/scope.ts';
import { clock } from '../../platform/clock/index.ts';
import { AppError, type ErrorDetail } from '../../platform/errors/app-error.ts';
import { matrixInForce, nextReviewOf } from './reference.ts';

/**
 * An assessment's steps after its preparation (the catalogue's create): identifying hazards from the sector's
 * library and the employer's own, answering and rating them, planning measures, completing it, and re-doing it.
 * Only the owning employer writes; the department and communes read. Every write runs in one transaction.
 */

export const raError = (
  status: number,
  code: string,
  vars: Record<string, string | number> = {},
  details: ErrorDetail[] = [],
) => new AppError(status, code, { messageKey: `riskAssessment:errors.${code}`, vars, details });

export type { Assessment };

/** The assessment the caller may read (404 otherwise: out of scope and absent look the same). */
export async function readable(ctx: OpContext, id: string): Promise<Assessment> {
  const visible = await catalogOperations('riskAssessment').find(ctx, id);
  if (!visible) throw new AppError(404, 'NOT_FOUND');
  const row = (
    await sql<Assessment>`select a.id, a.business_id as "businessId", b.name as "businessName", a.title,
        a.work_area as "workArea", a.sector, a.assessed_on::text as "assessedOn", a.assessors,
        a.worker_count as "workerCount", coalesce(a.status, 'draft') as status, a.completed_on::text as "completedOn",
        a.next_review_on::text as "nextReviewOn", a.previous_id as "previousId", a.note
      from risk_assessment a left join business b on b.id = a.business_id
      where a.id = ${id}::uuid and a.deleted_at is null`.execute(ctx.db)
  ).rows[0];
  if (!row) throw new AppError(404, 'NOT_FOUND');
  return row;
}

/** Only the owning employer writes its assessments (and the system, for seeds). */
export function isOwner(ctx: OpContext, businessId: string | null): boolean {
  if (ctx.system) return true;
  const scope = scopeOf(ctx.principal);
  return scope.kind === 'business' && !!businessId && scope.businessId === businessId;
}

export const readOnlyError = () => raError(403, 'READ_ONLY');

/** The assessment the caller may change; `draft`: its hazards and ratings, which a completed one keeps as they are. */
async function writable(ctx: OpContext, id: string, draft: boolean): Promise<Assessment> {
  const a = await readable(ctx, id);
  if (!isOwner(ctx, a.businessId)) throw readOnlyError();
  if (draft && a.status === 'completed') throw raError(409, 'COMPLETED');
  return a;
}

// ---------------------------------------------------------------------------------------------------- reading

interface HazardRow {
  id: string;
  hazardId: string | null;
  code: string | null;
  name: string;
  group: HazardGroup;
  position: number;
  answer: HazardAnswer;
  currentControls: string | null;
  suggestedMeasures: string | null;
  likelihood: number | null;
  severity: number | null;
  score: number | null;
  level: RiskLevel | null;
  note: string | null;
}

async function hazardsOf(db: Executor, assessmentId: string, today: string): Promise<AssessmentHazard[]> {
  const hazards = await sql<HazardRow>`select h.id, h.hazard_id as "hazardId", lib.code, h.name,
      h.hazard_group as "group", h.position, h.answer, h.current_controls as "currentControls",
      lib.suggested_measures as "suggestedMeasures", h.likelihood, h.severity, h.score, h.level, h.note
    from risk_assessment_hazard h left join hazard lib on lib.id = h.hazard_id
    where h.assessment_id = ${assessmentId}::uuid order by h.position, h.created_at, h.id`.execute(db);
  const measures = await sql<Omit<AssessmentMeasure, 'overdue'>>`select id, hazard_row_id as "hazardRowId", description,
      owner, deadline::text as deadline, cost::float8 as cost, status, done_on::text as "doneOn"
    from risk_assessment_measure where assessment_id = ${assessmentId}::uuid
    order by deadline, created_at, id`.execute(db);
  const byHazard = new Map<string, AssessmentMeasure[]>();
  for (const m of measures.rows) {
    const list = byHazard.get(m.hazardRowId) ?? [];
    list.push({ ...m, cost: Number(m.cost), overdue: m.status === 'planned' && m.deadline < today });
    byHazard.set(m.hazardRowId, list);
  }
  return hazards.rows.map((h) => ({ ...h, own: !h.hazardId, measures: byHazard.get(h.id) ?? [] }));
}

export interface LinkedAccident {
  id: string;
  code: string;
  occurredOn: string;
  severity: string;
  place: string;
  afterCompletion: boolean;
}

/** The live accidents linked to assessments, with the day (Vietnam time) each happened. */
async function accidentsOf(
  db: Executor,
  ids: readonly string[],
): Promise<(Omit<LinkedAccident, 'afterCompletion'> & { assessmentId: string })[]> {
  if (!ids.length) return [];
  return (
    await sql<Omit<LinkedAccident, 'afterCompletion'> & { assessmentId: string }>`select x.id, x.code,
        (x.occurred_at at time zone 'Asia/Ho_Chi_Minh')::date::text as "occurredOn", x.severity, x.place,
        x.risk_assessment_id as "assessmentId"
      from accident x where x.risk_assessment_id = any(${[...ids]}::uuid[]) and x.deleted_at is null
      order by x.occurred_at desc, x.id`.execute(db)
  ).rows;
}

async function supersededOf(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await sql<{ id: string }>`select distinct previous_id as id from risk_assessment
    where previous_id = any(${[...ids]}::uuid[]) and deleted_at is null`.execute(db);
  return new Set(rows.rows.map((r) => r.id));
}

/** Why each assessment is due again today (none: not due), from its accidents and any assessment re-doing it. */
export async function reviewOf(
  db: Executor,
  assessments: readonly {
    id: string;
    status: AssessmentStatus | null;
    completedOn: string | null;
    nextReviewOn: string | null;
  }[],
  today: string,
): Promise<Map<string, ReviewReason[]>> {
  const ids = assessments.map((a) => a.id);
  const [accidents, superseded] = await Promise.all([accidentsOf(db, ids), supersededOf(db, ids)]);
  const out = new Map<string, ReviewReason[]>();
  for (const a of assessments) {
    const days = accidents.filter((x) => x.assessmentId === a.id).map((x) => x.occurredOn);
    out.set(a.id, reviewReasons({ ...a, superseded: superseded.has(a.id) }, today, days));
  }
  return out;
}

export interface AssessmentDetails {
  assessment: Assessment;
  canEdit: boolean;
  canManageMeasures: boolean;
  reviewReasons: ReviewReason[];
  hazards: AssessmentHazard[];
  /** Present, rated hazards: highest level first. */
  priority: string[];
  accidents: LinkedAccident[];
  summary: {
    hazards: number;
    unanswered: number;
    present: number;
    rated: number;
    levels: Record<RiskLevel, number>;
    measures: number;
    measuresDone: number;
    measuresOverdue: number;
    cost: number;
  };
}

export async function detailsOf(ctx: OpContext, id: string): Promise<AssessmentDetails> {
  const a = await readable(ctx, id);
  const today = clock.today();
  const hazards = await hazardsOf(ctx.db, id, today);
  const accidents = await accidentsOf(ctx.db, [id]);
  const reasons = (await reviewOf(ctx.db, [a], today)).get(id) ?? [];
  const present = hazards.filter((h) => h.answer === 'present');
  const measures = hazards.flatMap((h) => h.measures);
  const levels: Record<RiskLevel, number> = { low: 0, medium: 0, high: 0, veryHigh: 0 };
  for (const h of present) if (h.level) levels[h.level] += 1;
  const owner = isOwner(ctx, a.businessId);
  return {
    assessment: a,
    canEdit: owner && a.status === 'draft',
    canManageMeasures: owner,
    reviewReasons: reasons,
    hazards,
    priority: byPriority(present.filter((h) => h.level)).map((h) => h.id),
    accidents: accidents.map(({ assessmentId: _, ...x }) => ({
      ...x,
      afterCompletion: !!a.completedOn && x.occurredOn >= a.completedOn,
    })),
    summary: {
      hazards: hazards.length,
      unanswered: hazards.filter((h) => h.answer === 'unanswered').length,
      present: present.length,
      rated: present.filter((h) => h.level).length,
      levels,
      measures: measures.length,
      measuresDone: measures.filter((m) => m.status === 'done').length,
      measuresOverdue: measures.filter((m) => m.overdue).length,
      cost: measures.reduce((sum, m) => sum + m.cost, 0),
    },
  };
}

export interface LibraryHazard {
  id: string;
  code: string;
  name: string;
  sector: HazardSector;
  group: HazardGroup;
  suggestedMeasures: string | null;
  added: boolean;
}

/** The library's hazards of the assessment's sector and of every sector, with those it lists already marked. */
export async function libraryFor(ctx: OpContext, id: string): Promise<LibraryHazard[]> {
  const a = await readable(ctx, id);
  return (
    await sql<LibraryHazard>`select l.id, l.code, l.name, l.sector, l.hazard_group as "group", l.suggested_measures as "suggestedMeasures",
        exists (select 1 from risk_assessment_hazard h where h.assessment_id = ${id}::uuid and h.hazard_id = l.id) as added
      from hazard l where l.deleted_at is null and (l.sector = ${a.sector} or l.sector = 'general')
      order by (l.sector = 'general'), l.hazard_group, l.code`.execute(ctx.db)
  ).rows;
}

// ---------------------------------------------------------------------------------------------------- writing

/** What lists show of an assessment's hazards: the present ones and those rated high or very high. */
async function refreshCounts(db: Executor, id: string): Promise<void> {
  await sql`update risk_assessment a set
      hazard_count = (select count(*)::int from risk_assessment_hazard h where h.assessment_id = a.id and h.answer = 'present'),
      high_risk_count = (select count(*)::int from risk_assessment_hazard h where h.assessment_id = a.id
        and h.answer = 'present' and h.level in ('high', 'veryHigh')),
      updated_at = now()
    where a.id = ${id}::uuid`.execute(db);
}

export interface OwnHazard {
  name: string;
  group: HazardGroup;
}

/** Add library hazards (those listed already are skipped) and the employer's own ones, after the last listed. */
export async function addHazards(
  ctx: OpContext,
  id: string,
  input: { hazardIds?: string[] | undefined; own?: OwnHazard[] | undefined },
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const a = await writable(tx, id, true);
    const ids = [...new Set(input.hazardIds ?? [])];
    if (ids.length) {
      const found = await sql<{
        id: string;
      }>`select id from hazard where id = any(${ids}::uuid[]) and deleted_at is null
        and (sector = ${a.sector} or sector = 'general')`.execute(tx.db);
      const known = new Set(found.rows.map((r) => r.id));
      const unknown = ids.filter((h) => !known.has(h));
      if (unknown.length)
        throw raError(400, 'UNKNOWN_HAZARD', {}, [
          { field: 'hazardIds', code: 'reference', message: translator(tx)('riskAssessment:errors.UNKNOWN_HAZARD') },
        ]);
      // In the library's order, after what the assessment lists already.
      await sql`insert into risk_assessment_hazard (assessment_id, hazard_id, position, name, hazard_group)
        select ${id}::uuid, l.id,
          coalesce((select max(position) from risk_assessment_hazard where assessment_id = ${id}::uuid), 0)
            + row_number() over (order by l.hazard_group, l.code),
          l.name, l.hazard_group
        from hazard l where l.id = any(${ids}::uuid[])
          and not exists (select 1 from risk_assessment_hazard h where h.assessment_id = ${id}::uuid and h.hazard_id = l.id)`.execute(
        tx.db,
      );
    }
    for (const own of input.own ?? [])
      await sql`insert into risk_assessment_hazard (assessment_id, position, name, hazard_group)
        values (${id}::uuid, coalesce((select max(position) from risk_assessment_hazard where assessment_id = ${id}::uuid), 0) + 1,
          ${own.name}, ${own.group})`.execute(tx.db);
    await refreshCounts(tx.db, id);
  });
}

async function hazardRow(
  ctx: OpContext,
  rowId: string,
): Promise<{ assessmentId: string; hazardId: string | null; answer: HazardAnswer }> {
  const row = (
    await sql<{
      assessmentId: string;
      hazardId: string | null;
      answer: HazardAnswer;
    }>`select assessment_id as "assessmentId",
        hazard_id as "hazardId", answer from risk_assessment_hazard where id = ${rowId}::uuid`.execute(ctx.db)
  ).rows[0];
  if (!row) throw new AppError(404, 'NOT_FOUND');
  return row;
}

export interface HazardAnswerInput {
  answer: HazardAnswer;
  currentControls?: string | null | undefined;
  likelihood?: number | null | undefined;
  severity?: number | null | undefined;
  note?: string | null | undefined;
  /** The employer's own hazards only. */
  name?: string | undefined;
  group?: HazardGroup | undefined;
}

/**
 * Answer and rate one hazard: a present one gets its score and the level of the matrix in force on the assessment's
 * date; any other answer clears the rating (and is refused while measures are planned against the hazard).
 */
export async function answerHazard(ctx: OpContext, rowId: string, input: HazardAnswerInput): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const row = await hazardRow(tx, rowId);
    const a = await writable(tx, row.assessmentId, true);
    const t = translator(tx);
    const details: ErrorDetail[] = [];
    const rated = input.likelihood != null || input.severity != null;
    if (input.answer === 'present' && rated && (input.likelihood == null || input.severity == null))
      details.push({
        field: input.likelihood == null ? 'likelihood' : 'severity',
        code: 'required',
        message: t('riskAssessment:errors.BOTH_RATINGS'),
      });
    if ((input.name !== undefined || input.group !== undefined) && row.hazardId)
      details.push({ field: 'name', code: 'readOnly', message: t('riskAssessment:errors.LIBRARY_NAME') });
    if (details.length) throw new AppError(400, 'VALIDATION', { details });
    if (input.answer !== 'present') {
      const planned =
        await sql`select 1 from risk_assessment_measure where hazard_row_id = ${rowId}::uuid limit 1`.execute(tx.db);
      if (planned.rows.length) throw raError(409, 'HAS_MEASURES');
    }
    let score: number | null = null;
    let level: RiskLevel | null = null;
    if (input.answer === 'present' && input.likelihood != null && input.severity != null) {
      score = riskScore(input.likelihood, input.severity);
      level = levelOf(score, await matrixInForce(tx.db, a.assessedOn));
      if (!level) throw raError(409, 'MATRIX_GAP', { score });
    }
    const present = input.answer === 'present';
    await sql`update risk_assessment_hazard set answer = ${input.answer},
        current_controls = ${present ? (input.currentControls ?? null) : null},
        likelihood = ${present ? (input.likelihood ?? null) : null}, severity = ${present ? (input.severity ?? null) : null},
        score = ${score}, level = ${level}, note = ${input.note ?? null},
        name = coalesce(${input.name ?? null}, name), hazard_group = coalesce(${input.group ?? null}, hazard_group),
        updated_at = now()
      where id = ${rowId}::uuid`.execute(tx.db);
    await refreshCounts(tx.db, row.assessmentId);
    return row.assessmentId;
  });
}

export async function removeHazard(ctx: OpContext, rowId: string): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const row = await hazardRow(tx, rowId);
    await writable(tx, row.assessmentId, true);
    await sql`delete from risk_assessment_hazard where id = ${rowId}::uuid`.execute(tx.db);
    await refreshCounts(tx.db, row.assessmentId);
    return row.assessmentId;
  });
}

export interface MeasureInput {
  description: string;
  owner: string;
  deadline: string;
  cost: number;
  status: MeasureStatus;
  doneOn?: string | null | undefined;
}

/** A done measure's day: the one given, else today; never in the future. */
function doneOnOf(ctx: OpContext, input: MeasureInput): string | null {
  if (input.status !== 'done') return null;
  const today = clock.today();
  const on = input.doneOn ?? today;
  if (on > today)
    throw new AppError(400, 'VALIDATION', {
      details: [{ field: 'doneOn', code: 'max', message: translator(ctx)('riskAssessment:errors.DONE_IN_FUTURE') }],
    });
  return on;
}

/** Plan a measure against a present hazard: the action plan goes on after completion (follow-up). */
export async function addMeasure(ctx: OpContext, hazardRowId: string, input: MeasureInput): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const row = await hazardRow(tx, hazardRowId);
    await writable(tx, row.assessmentId, false);
    if (row.answer !== 'present') throw raError(409, 'NOT_PRESENT');
    const doneOn = doneOnOf(tx, input);
    await sql`insert into risk_assessment_measure (assessment_id, hazard_row_id, description, owner, deadline, cost, status, done_on)
      values (${row.assessmentId}::uuid, ${hazardRowId}::uuid, ${input.description}, ${input.owner}, ${input.deadline}::date,
        ${input.cost}, ${input.status}, ${doneOn}::date)`.execute(tx.db);
    return row.assessmentId;
  });
}

async function measureRow(ctx: OpContext, measureId: string): Promise<{ assessmentId: string }> {
  const row = (
    await sql<{ assessmentId: string }>`select assessment_id as "assessmentId" from risk_assessment_measure
      where id = ${measureId}::uuid`.execute(ctx.db)
  ).rows[0];
  if (!row) throw new AppError(404, 'NOT_FOUND');
  return row;
}

export async function updateMeasure(ctx: OpContext, measureId: string, input: MeasureInput): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const row = await measureRow(tx, measureId);
    await writable(tx, row.assessmentId, false);
    const doneOn = doneOnOf(tx, input);
    await sql`update risk_assessment_measure set description = ${input.description}, owner = ${input.owner},
        deadline = ${input.deadline}::date, cost = ${input.cost}, status = ${input.status}, done_on = ${doneOn}::date,
        updated_at = now()
      where id = ${measureId}::uuid`.execute(tx.db);
    return row.assessmentId;
  });
}

export async function removeMeasure(ctx: OpContext, measureId: string): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const row = await measureRow(tx, measureId);
    await writable(tx, row.assessmentId, false);
    await sql`delete from risk_assessment_measure where id = ${measureId}::uuid`.execute(tx.db);
    return row.assessmentId;
  });
}

/**
 * Complete a draft: every hazard answered, every present one rated, every high or very high one given a measure
 * (409 naming the hazards otherwise). The next review is the assessment's date plus the interval in force then.
 */
export async function completeAssessment(ctx: OpContext, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const a = await writable(tx, id, true);
    const t = translator(tx);
    const today = clock.today();
    const hazards = await hazardsOf(tx.db, id, today);
    const details: ErrorDetail[] = [];
    if (!hazards.length) details.push({ code: 'empty', message: t('riskAssessment:errors.NO_HAZARDS') });
    for (const h of hazards) {
      if (h.answer === 'unanswered')
        details.push({
          field: h.id,
          code: 'unanswered',
          message: t('riskAssessment:errors.UNANSWERED', { name: h.name }),
        });
      else if (h.answer === 'present' && !h.level)
        details.push({ field: h.id, code: 'unrated', message: t('riskAssessment:errors.UNRATED', { name: h.name }) });
      else if (h.answer === 'present' && (h.level === 'high' || h.level === 'veryHigh') && !h.measures.length)
        details.push({
          field: h.id,
          code: 'noMeasure',
          message: t('riskAssessment:errors.NO_MEASURE', { name: h.name }),
        });
    }
    if (details.length) throw raError(409, 'INCOMPLETE', {}, details);
    const next = await nextReviewOf(tx.db, a.assessedOn);
    await sql`update risk_assessment set status = 'completed', completed_on = ${today}::date,
        next_review_on = ${next.on}::date, review_due = null, updated_at = now(),
        updated_by = ${tx.principal?.userId ?? null}::uuid
      where id = ${id}::uuid`.execute(tx.db);
  });
}

/**
 * Re-do a completed assessment: a new draft of the same work area dated today, listing the same hazards with their
 * answers and ratings to review (not the measures: the new plan is made anew); the older one is then no longer due.
 */
export async function reassess(ctx: OpContext, id: string): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const a = await writable(tx, id, false);
    if (a.status !== 'completed') throw raError(409, 'NOT_COMPLETED');
    const today = clock.today();
    // Titles are unique per employer: the new one says it re-does the old one, and when.
    const suffix = translate('vi', 'riskAssessment:reassessTitle', {
      date: `${today.slice(8)}/${today.slice(5, 7)}/${today.slice(0, 4)}`,
    });
    const created = await catalogOperations('riskAssessment').create(tx, {
      title: `${a.title.slice(0, 255 - suffix.length - 1)} ${suffix}`,
      businessId: a.businessId,
      workArea: a.workArea,
      sector: a.sector,
      assessedOn: today,
      assessors: a.assessors,
      workerCount: a.workerCount,
      note: a.note,
    });
    await sql`update risk_assessment set previous_id = ${id}::uuid where id = ${created.id}::uuid`.execute(tx.db);
    await sql`insert into risk_assessment_hazard (assessment_id, hazard_id, position, name, hazard_group, answer,
        current_controls, likelihood, severity, score, level, note)
      select ${created.id}::uuid, hazard_id, position, name, hazard_group, answer, current_controls, likelihood, severity,
        score, level, note
      from risk_assessment_hazard where assessment_id = ${id}::uuid`.execute(tx.db);
    await refreshCounts(tx.db, created.id);
    await refreshReviewDue(tx.db, today, [id]);
    return created.id;
  });
}

/**
 * Store why each completed assessment is due today (`review_due`), so the list filters by it: run each morning and
 * after the module's own writes; lists and pages compute it afresh on every read.
 */
export async function refreshReviewDue(db: Executor, today: string, ids?: readonly string[]): Promise<number> {
  const result = await sql`update risk_assessment a set review_due = case
      when a.status is distinct from 'completed' or a.completed_on is null
        or exists (select 1 from risk_assessment n where n.previous_id = a.id and n.deleted_at is null) then null
      when exists (select 1 from accident x where x.risk_assessment_id = a.id and x.deleted_at is null
        and (x.occurred_at at time zone 'Asia/Ho_Chi_Minh')::date >= a.completed_on) then 'accident'
      when a.next_review_on <= ${today}::date then 'dateReached'
      else null end
    where a.deleted_at is null ${ids ? sql`and a.id = any(${[...ids]}::uuid[])` : sql``}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
