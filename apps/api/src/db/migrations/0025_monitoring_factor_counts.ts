import { type Kysely, sql } from 'kysely';

// What a monitoring report's readings make of it, per factor: how many readings, how many above the limits. Kept by
// the monitoring module whenever a reading is saved, moved, deleted or restored, so the department's overviews
// (exceedances by factor × commune × sector, repeated exceedances) count reports, never the millions of readings.
// The reports are a catalogue table (made after the numbered migrations): referred to without a foreign key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('monitoring_report_factor')
    .addColumn('report_id', 'uuid', (c) => c.notNull())
    .addColumn('factor', 'text', (c) => c.notNull())
    .addColumn('readings', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('exceedances', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('monitoring_report_factor_pkey', ['report_id', 'factor'])
    .execute();
  await sql`create index monitoring_report_factor_exceeding_idx on monitoring_report_factor (report_id, factor, exceedances)
    where exceedances > 0`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
