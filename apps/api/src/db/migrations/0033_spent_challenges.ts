import { type Kysely, sql } from 'kysely';

// The portal's proof-of-work challenges (platform/challenge) now serve sign-in too: the spent tokens of every
// purpose live in one table. The suggestion box's table held only tokens younger than ten minutes, so it is
// dropped rather than copied: a token spent just before the upgrade is at worst usable once more.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table spent_challenge (
    id text primary key,
    purpose text not null,
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index spent_challenge_expires_idx on spent_challenge (expires_at)`.execute(db);
  await sql`drop table if exists suggestion_challenge`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
