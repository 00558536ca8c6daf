import { type Kysely, sql } from 'kysely';

// Users become a catalogue area over `app_user`: the engine keeps who wrote and who deleted a record as text (as
// every catalogue table does, so the trash bin lists all areas alike) and the deleter's name for the trash bin.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user alter column created_by type text using created_by::text`.execute(db);
  await sql`alter table app_user alter column deleted_by type text using deleted_by::text`.execute(db);
  await sql`alter table app_user add column if not exists updated_by text`.execute(db);
  await sql`alter table app_user add column if not exists deleted_by_name text`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
