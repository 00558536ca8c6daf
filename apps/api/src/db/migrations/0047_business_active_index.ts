import { type Kysely, sql } from 'kysely';

// The active employers by commune, with their ids: the workspace's "who has not reported / not monitored" counts
// (an anti-join of the active employers in a scope against this period's reports) read it alone, instead of every
// employer row, so the first call after an employer record changes stays short at province scale.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index business_active_ward_idx on business (ward_code, id) where status = 'active'`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
