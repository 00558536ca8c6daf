import { type Kysely, sql } from 'kysely';

// OSH training: the reminders already sent about a credential (training_certificate), so a daily run, a retry or a
// second instance tells an employer of a credential expiring, or expired, once. One row per credential, expiry
// date and stage ('notice': within the notice days before it; 'expired': the day after). The credentials are a
// catalogue table (made after the numbered migrations): referred to without a foreign key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table training_reminder (
    certificate_id uuid not null,
    valid_until date not null,
    stage text not null check (stage in ('notice', 'expired')),
    business_id uuid,
    sent_on date not null,
    sent_at timestamptz not null default now(),
    primary key (certificate_id, valid_until, stage)
  )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
