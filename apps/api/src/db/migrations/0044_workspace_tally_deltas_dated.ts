import { type Kysely, sql } from 'kysely';

// The tallies' deltas (0043) carry 0035's version trigger too: a count's deltas are then kept by the count cache
// like any count, until a write or a compaction commits new ones, so a warm workspace call reads no tally row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger workspace_touch after insert or update or delete or truncate on workspace_tally_delta
    for each statement execute function workspace_touch()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
