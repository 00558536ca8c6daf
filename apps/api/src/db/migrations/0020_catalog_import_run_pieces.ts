import { type Kysely, sql } from 'kysely';

// A background import's rows and verdicts are kept in pieces of a few thousand, each written and read by its own
// statement: as one value of 12–17 MB, their write held the embedded database's single connection for a second.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalog_import_run_piece')
    .addColumn('run_id', 'uuid', (c) => c.notNull().references('catalog_import_run.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('rows', 'result')`))
    .addColumn('piece', 'integer', (c) => c.notNull())
    .addColumn('body', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('catalog_import_run_piece_pkey', ['run_id', 'kind', 'piece'])
    .execute();
  // How many pieces of rows the run has; null while they are being stored (such a run cannot be run again).
  await db.schema.alterTable('catalog_import_run').addColumn('pieces', 'integer').execute();
  await db.schema.alterTable('catalog_import_run').dropColumn('rows').execute();
  await db.schema.alterTable('catalog_import_run').dropColumn('result').execute();
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
