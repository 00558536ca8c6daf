import { type Kysely, sql } from 'kysely';

// A training course's trainer was free text ("Đơn vị huấn luyện"); it becomes a reference to the training
// organisation's unit (the Training area's `trainerUnitId`), through which a training body sees and runs its own
// courses. Existing courses are linked to the training body whose name they carry. On a fresh database the
// catalogue's table does not exist yet: its sync creates the column with the table.
export async function up(db: Kysely<unknown>): Promise<void> {
  const exists = await sql<{ t: string | null }>`select to_regclass('training')::text as t`.execute(db);
  if (!exists.rows[0]?.t) return;
  await sql`alter table training add column if not exists trainer_unit_id uuid references unit(id)`.execute(db);
  const legacy = await sql<{ c: string | null }>`select column_name as c from information_schema.columns
    where table_name = 'training' and column_name = 'training_unit'`.execute(db);
  if (!legacy.rows.length) return;
  await sql`update training t set trainer_unit_id = u.id
    from unit u
    where t.trainer_unit_id is null and u.kind = 'training_body' and u.deleted_at is null
      and lower(trim(u.name)) = lower(trim(t.training_unit))`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
