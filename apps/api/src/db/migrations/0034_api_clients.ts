import { type Kysely, sql } from 'kysely';

// API clients of the linked accounts (exploitation accounts): their scopes and rate limit, their secrets (hashed)
// and one usage row per call. No foreign key to account_linked: that table is made by the catalogue's sync,
// which runs after the numbered migrations. Every check joins the account, so one in the trash opens nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table api_client (
    account_linked_id uuid primary key,
    scopes text[] not null default '{}',
    rate_limit_per_minute integer not null default 60 check (rate_limit_per_minute > 0),
    updated_at timestamptz not null default now(),
    updated_by uuid
  )`.execute(db);
  await sql`create table api_client_secret (
    id uuid primary key default gen_random_uuid(),
    account_linked_id uuid not null,
    secret_hash text not null unique,
    hint text not null,
    created_at timestamptz not null default now(),
    created_by uuid,
    expires_at timestamptz not null,
    revoked_at timestamptz,
    revoked_by uuid
  )`.execute(db);
  await sql`create index api_client_secret_account_idx on api_client_secret (account_linked_id)`.execute(db);
  await sql`create table api_client_usage (
    id bigint generated always as identity primary key,
    account_linked_id uuid not null,
    at timestamptz not null default now(),
    method text not null,
    operation text not null,
    status smallint not null,
    duration_ms integer not null
  )`.execute(db);
  await sql`create index api_client_usage_account_idx on api_client_usage (account_linked_id, at desc)`.execute(db);
  await sql`create index api_client_usage_at_idx on api_client_usage (at)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
