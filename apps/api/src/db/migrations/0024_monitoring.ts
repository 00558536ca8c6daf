import { type Kysely, sql } from 'kysely';

// Working-environment monitoring. Reports, readings, standards and organisations are catalogue areas (their
// tables come from the declarations' sync after the numbered migrations); what the daily work keeps is here:
// which reminder (yearly monitoring due, corrective measures due) was sent for which subject and date, so a
// retry or a second instance never sends one twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('monitoring_reminder')
    // An employer (yearly monitoring) or a report (measures after an exceedance).
    .addColumn('subject_id', 'uuid', (c) => c.notNull())
    .addColumn('due_date', 'date', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('monitoring_reminder_pkey', ['subject_id', 'due_date', 'stage'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
