import { sql } from 'kysely';
import { addDays, addMonths, addWorkingDays, type IntervalRule } from '@portal/domain/equipment/rules';
import type { Executor } from '../../catalog/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';

/**
 * The equipment domain's reference data, read at the moment of use (LegalDeadline, DevicesTestedForSafety,
 * IndexEquipment), so a correction by the department applies from the next record on, and each record is judged
 * by the row in force on its own date.
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

/** Interval rules of one equipment type (all periods: the caller picks the one in force). */
export async function intervalRules(db: Executor, typeId: string): Promise<IntervalRule[]> {
  const rows = await sql<{
    id: string;
    index_equipment_id: string;
    interval_months: string | number;
    older_than_years: string | number | null;
    valid_from: string;
    valid_to: string | null;
  }>`select id, index_equipment_id, interval_months, older_than_years, valid_from::text, valid_to::text
     from devices_tested_for_safety where deleted_at is null and index_equipment_id = ${typeId}::uuid`.execute(db);
  return rows.rows.map((r) => ({
    id: r.id,
    indexEquipmentId: r.index_equipment_id,
    intervalMonths: Number(r.interval_months),
    olderThanYears: r.older_than_years == null ? null : Number(r.older_than_years),
    validFrom: r.valid_from,
    validTo: r.valid_to,
  }));
}
