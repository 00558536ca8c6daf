import { sql } from 'kysely';
import type { AssessmentStatus } from '@portal/domain/risk-assessment/rules';
import { translator } from '../../catalog/context.ts';
import { catalogueHook, type CatalogueHookEntry, validityPeriodHooks } from '../../catalog/hooks.ts';
import { clock } from '../../platform/clock/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { isOwner, raError, readOnlyError, reviewOf } from './service.ts';

const validityRules = validityPeriodHooks(['riskMatrix'], 'riskAssessment:validation.validTo');

/** A band runs from its least score to its greatest. */
const matrixRules = catalogueHook('riskMatrix', {
  beforeChange({ ctx, data, original }) {
    const min = (data.minScore ?? original?.minScore) as number | null | undefined;
    const max = (data.maxScore ?? original?.maxScore) as number | null | undefined;
    if (min != null && max != null && max < min)
      throw new AppError(400, 'VALIDATION', {
        details: [
          { field: 'maxScore', code: 'range', message: translator(ctx)('riskAssessment:validation.scoreRange') },
        ],
      });
  },
});

/**
 * The assessment's header: only its employer writes it (the department and communes read), a new one starts as a
 * draft, a completed one is kept as it was (re-assessment makes a new one), its date is not in the future, and a
 * completed one is never deleted (accidents and inspections refer to it). Lists read why each is due again today.
 */
const assessmentRules = catalogueHook('riskAssessment', {
  beforeChange({ ctx, operation, data, original }) {
    const owner = (data.businessId ?? original?.businessId) as string | null | undefined;
    if (!ctx.system && !isOwner(ctx, owner ?? null)) throw readOnlyError();
    if (operation === 'update' && (original?.status as AssessmentStatus | null) === 'completed')
      throw raError(409, 'COMPLETED');
    const assessedOn = data.assessedOn as string | null | undefined;
    if (assessedOn && assessedOn > clock.today())
      throw new AppError(400, 'VALIDATION', {
        details: [
          { field: 'assessedOn', code: 'max', message: translator(ctx)('riskAssessment:validation.futureDate') },
        ],
      });
    return operation === 'create' ? { ...data, status: 'draft', hazardCount: 0, highRiskCount: 0 } : data;
  },
  async beforeDelete({ ctx, ids }) {
    const rows = await sql<{
      businessId: string | null;
      status: string | null;
    }>`select business_id as "businessId", status
      from risk_assessment where id = any(${ids}::uuid[])`.execute(ctx.db);
    for (const r of rows.rows) {
      if (!ctx.system && !isOwner(ctx, r.businessId)) throw readOnlyError();
      if (r.status === 'completed') throw raError(409, 'COMPLETED_KEPT');
    }
  },
  async beforePurge({ ctx, ids }) {
    await sql`delete from risk_assessment_hazard where assessment_id = any(${ids}::uuid[])`.execute(ctx.db);
  },
  async afterRead({ ctx, records }) {
    const reasons = await reviewOf(
      ctx.db,
      records.map((r) => ({
        id: r.id,
        status: (r.status as AssessmentStatus | null) ?? null,
        completedOn: (r.completedOn as string | null) ?? null,
        nextReviewOn: (r.nextReviewOn as string | null) ?? null,
      })),
      clock.today(),
    );
    for (const r of records) r.reviewDue = reasons.get(r.id)?.[0] ?? null;
  },
});

/** The risk assessment areas' rules, declared by the risk-assessment module (index.ts). */
export const riskAssessmentHooks: CatalogueHookEntry[] = [...validityRules, matrixRules, assessmentRules];
