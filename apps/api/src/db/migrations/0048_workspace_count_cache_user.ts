import { type Kysely, sql } from 'kysely';

// Who asked for each kept workspace count: at the day's turn the counts of the scopes used the day before are
// worked out again for the new day on behalf of that user (modules/workspace/warm.ts), before anyone signs in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table workspace_count_cache add column user_id uuid`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
