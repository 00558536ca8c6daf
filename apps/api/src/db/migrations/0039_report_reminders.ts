import { type Kysely, sql } from 'kysely';

// Report reminders and the due-reports calendar feed.
// - report_calendar_feed: a user's calendar link is an HMAC of their id and this nonce; resetting the nonce ends
//   the old link at once. No row: the first link (nonce '') is in use.
// - report_expected_reporter_idx: what one reporter (a commune, a centre) must file, by due day — its workspace
//   counts and its calendar read this, never the whole table (employers go by report_expected_business_idx).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table report_calendar_feed (
    user_id uuid primary key references app_user (id),
    nonce text not null,
    reset_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index report_expected_reporter_idx on report_expected (reporter_key, due_on)
    where removed_at is null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
