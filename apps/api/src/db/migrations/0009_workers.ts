import { type Kysely, sql } from 'kysely';
import { ensureCatalogSchema } from '../../catalog/schema.ts';

// Workers: what belongs to one worker's record beyond the Worker catalogue area — the progress of their
// employment (earlier jobs and positions), overtime worked, and the safety training courses they took part in.
// `worker` and `training` are catalogue tables (derived from their declarations): bring them in line first, so
// this runs on a database migrated before those areas were declared.
export async function up(db: Kysely<unknown>): Promise<void> {
  await ensureCatalogSchema(db);
  const uuid = sql`gen_random_uuid()`;
  const now = sql`now()`;

  await db.schema
    .createTable('worker_progress')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('worker_id', 'uuid', (c) => c.notNull().references('worker.id').onDelete('cascade'))
    .addColumn('from_date', 'date', (c) => c.notNull())
    .addColumn('to_date', 'date')
    .addColumn('workplace', 'text')
    .addColumn('position', 'text')
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'text')
    .addCheckConstraint('worker_progress_dates_check', sql`to_date is null or to_date >= from_date`)
    .execute();
  await sql`create index worker_progress_worker_idx on worker_progress (worker_id, from_date desc, id)`.execute(db);

  // Overtime, one row per worker and day: the law caps it per day, month and year (Labour Code 2019 art. 107).
  await db.schema
    .createTable('worker_overtime')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('worker_id', 'uuid', (c) => c.notNull().references('worker.id').onDelete('cascade'))
    .addColumn('work_date', 'date', (c) => c.notNull())
    .addColumn('hours', sql`numeric(4, 1)`, (c) => c.notNull().check(sql`hours > 0 and hours <= 12`))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'text')
    .execute();
  await sql`create unique index worker_overtime_day_uq on worker_overtime (worker_id, work_date)`.execute(db);

  await db.schema
    .createTable('training_worker')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('training_id', 'uuid', (c) => c.notNull().references('training.id').onDelete('cascade'))
    .addColumn('worker_id', 'uuid', (c) => c.notNull().references('worker.id').onDelete('cascade'))
    .addColumn('result', 'text', (c) => c.check(sql`result in ('passed', 'failed', 'absent')`))
    .addColumn('certificate_number', 'text')
    .addColumn('certificate_date', 'date')
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'text')
    .execute();
  await sql`create unique index training_worker_uq on training_worker (training_id, worker_id)`.execute(db);
  await sql`create index training_worker_worker_idx on training_worker (worker_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
