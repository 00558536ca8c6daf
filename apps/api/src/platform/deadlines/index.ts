import { sql } from 'kysely';
import { addDays, addMonths, addWorkingDays } from '@portal/domain/dates';
import type { Executor } from '../../catalog/context.ts';
import { AppError } from '../errors/app-error.ts';

/**
 * Legal deadlines (the LegalDeadline reference area), read at the moment of use so a correction by the department
 * applies from the next record on, and each record is judged by the row in force on its own date. Every domain
 * that counts a statutory limit (equipment, monitoring, training, accidents, risk assessment) reads them here.
 */

export interface Deadline {
  amount: number;
  unit: 'days' | 'workingDays' | 'months';
  legalBasis: string;
}

/** The limit `rule` in force on `date`; a missing one is a set-up fault the department must fix (409). */
export async function deadlineInForce(db: Executor, rule: string, date: string): Promise<Deadline> {
  const found = await sql<{ amount: string | number; unit: Deadline['unit']; legal_basis: string }>`
    select amount, unit, legal_basis from legal_deadline
    where deleted_at is null and lower(rule) = lower(${rule}) and valid_from <= ${date}::date
      and (valid_to is null or valid_to >= ${date}::date)
    order by valid_from desc limit 1`.execute(db);
  const row = found.rows[0];
  if (!row)
    throw new AppError(409, 'DEADLINE_MISSING', { messageKey: 'equipment:errors.deadlineMissing', vars: { rule } });
  return { amount: Number(row.amount), unit: row.unit, legalBasis: row.legal_basis };
}

/** The date a limit ends when counted from `from`. */
export function deadlineEnd(from: string, d: Deadline): string {
  if (d.unit === 'workingDays') return addWorkingDays(from, d.amount);
  if (d.unit === 'months') return addMonths(from, d.amount);
  return addDays(from, d.amount);
}
