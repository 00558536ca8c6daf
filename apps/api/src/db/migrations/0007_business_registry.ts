import { type Kysely, sql } from 'kysely';

// Synchronisation from the provincial business registry: what the registry says about an employer, and the
// runs that bring it in. Progress lives here (not in the job queue) so a run resumes after a restart.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('business')
    .addColumn('english_name', 'text')
    .addColumn('short_name', 'text')
    .addColumn('legal_form', 'text')
    .addColumn('registered_on', 'date')
    .addColumn('representative_name', 'text')
    .addColumn('representative_title', 'text')
    .addColumn('industry_code', 'text')
    .addColumn('industry_name', 'text')
    .addColumn('employee_count', 'integer')
    .addColumn('registry_status', 'text')
    .addColumn('registry_synced_at', 'timestamptz')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('portal'))
    .execute();

  await db.schema
    .createTable('business_sync_run')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('full', 'list')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'running', 'completed', 'failed')`),
    )
    .addColumn('tax_codes', sql`text[]`)
    .addColumn('next_page', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('page_size', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('total', 'integer')
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('requested_by', 'uuid')
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // At most one unfinished run at a time.
  await sql`create unique index business_sync_run_active_key on business_sync_run ((true)) where status in ('queued', 'running')`.execute(
    db,
  );
  await db.schema
    .createIndex('business_sync_run_requested_idx')
    .on('business_sync_run')
    .column('requested_at')
    .execute();

  await db.schema
    .createTable('business_sync_error')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('run_id', 'uuid', (c) => c.notNull().references('business_sync_run.id').onDelete('cascade'))
    .addColumn('tax_code', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('business_sync_error_run_idx').on('business_sync_error').column('run_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
