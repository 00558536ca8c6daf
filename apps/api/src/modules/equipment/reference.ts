import { sql } from 'kysely';
import type { IntervalRule } from '@portal/domain/equipment/rules';
import type { Executor } from '../../catalog/context.ts';

/**
 * The equipment domain's reference data (DevicesTestedForSafety, IndexEquipment), read at the moment of use, so
 * a correction by the department applies from the next record on. Legal deadlines are in platform/deadlines.
 */

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
