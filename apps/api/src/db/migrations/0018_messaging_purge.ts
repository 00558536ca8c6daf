import { type Kysely, sql } from 'kysely';

// A message whose every copy (the sender's and each recipient's) has been deleted for good goes with the last
// one: nobody can reach it any more, so its text and attachment links are not kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function message_drop_unreachable() returns trigger language plpgsql as $$
    begin
      delete from message m where m.id = old.message_id
        and not exists (select 1 from message_entry e where e.message_id = old.message_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger message_entry_purged after delete on message_entry
    for each row execute function message_drop_unreachable()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
