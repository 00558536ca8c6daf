import { type Kysely, sql } from 'kysely';

// Large catalogue imports run in the background: each run keeps its rows until it ends (so a run a stopped
// process left behind can run again) and then its outcome, which the page reads by polling.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalog_import_run')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // No reference to app_user: a run outlives nothing it needs from the account, and is purged on its own.
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'running', 'done', 'failed')`),
    )
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('presets', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('rows', 'jsonb')
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer')
    .addColumn('updated', 'integer')
    .addColumn('result', 'jsonb')
    .addColumn('error_code', 'text')
    .addColumn('error', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // One unfinished run per user, whichever instance took it.
  await sql`create unique index catalog_import_run_active_key on catalog_import_run (user_id)
    where status in ('queued', 'running')`.execute(db);
  await sql`create index catalog_import_run_finished_idx on catalog_import_run (finished_at)
    where finished_at is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
