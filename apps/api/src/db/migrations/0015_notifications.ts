import { type Kysely, sql } from 'kysely';

// Notifications: one row per recipient, written in the transaction of the change that causes it, delivered after
// commit (delivered_at) to the real-time hub and mail; and each user's preferences per kind and mail language.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table notification (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references app_user (id) on delete cascade,
    kind text not null,
    params jsonb not null default '{}',
    link text,
    sender_id uuid references app_user (id) on delete set null,
    channel text not null check (channel in ('portal', 'mail', 'digest')),
    created_at timestamptz not null default now(),
    view_date timestamptz,
    delivered_at timestamptz,
    digested_at timestamptz
  )`.execute(db);
  await sql`create index notification_user_idx on notification (user_id, created_at desc, id)`.execute(db);
  await sql`create index notification_unread_idx on notification (user_id) where view_date is null`.execute(db);
  await sql`create index notification_pending_idx on notification (created_at) where delivered_at is null`.execute(db);
  await sql`create index notification_digest_idx on notification (user_id, created_at)
    where channel = 'digest' and digested_at is null`.execute(db);

  await sql`create table notification_preference (
    user_id uuid not null references app_user (id) on delete cascade,
    kind text not null,
    channel text not null check (channel in ('portal', 'mail', 'digest', 'off')),
    updated_at timestamptz not null default now(),
    primary key (user_id, kind)
  )`.execute(db);
  // The language a user's notification mails are written in (the one they last saved their preferences in).
  await sql`create table notification_setting (
    user_id uuid primary key references app_user (id) on delete cascade,
    language text not null default 'vi'
  )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
