import { sql } from 'kysely';
import { REVIEW_INTERVAL_RULE, type MatrixBand } from '@portal/domain/risk-assessment/rules';
import type { Executor } from '../../catalog/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { deadlineEnd, deadlineInForce } from '../../platform/deadlines/index.ts';

/**
 * The reference data an assessment is judged by, read at the moment of use on the assessment's own date: the risk
 * matrix's bands (RiskMatrix) and the re-assessment interval (LegalDeadline), so the department's corrections
 * apply from their date on and an older assessment keeps the rules it was made under.
 */

/** The bands in force on `date`; none is a set-up fault the department must fix (409). */
export async function matrixInForce(db: Executor, date: string): Promise<MatrixBand[]> {
  const rows = await sql<{ level: MatrixBand['level']; minScore: number; maxScore: number }>`
    select level, min_score::int as "minScore", max_score::int as "maxScore" from risk_matrix
    where deleted_at is null and valid_from <= ${date}::date and (valid_to is null or valid_to >= ${date}::date)
    order by min_score`.execute(db);
  if (!rows.rows.length)
    throw new AppError(409, 'MATRIX_MISSING', {
      messageKey: 'riskAssessment:errors.MATRIX_MISSING',
      vars: { date: date.split('-').reverse().join('/') },
    });
  return rows.rows;
}

/** The day an assessment made on `assessedOn` is due again, by the interval in force that day. */
export async function nextReviewOf(db: Executor, assessedOn: string): Promise<{ on: string; legalBasis: string }> {
  const interval = await deadlineInForce(db, REVIEW_INTERVAL_RULE, assessedOn);
  return { on: deadlineEnd(assessedOn, interval), legalBasis: interval.legalBasis };
}
