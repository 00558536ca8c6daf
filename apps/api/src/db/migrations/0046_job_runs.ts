import { type Kysely, sql } from 'kysely';

// Background work a user asked for and follows (platform/jobs/runs.ts): one row per run with its progress, its
// answer or its error. At most one unfinished run per (kind, key): asking again for the same work answers the run
// under way instead of starting another.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table job_run (
    id uuid primary key default gen_random_uuid(),
    kind text not null,
    key text not null,
    params jsonb not null,
    status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
    total int not null default 0,
    done int not null default 0,
    result jsonb,
    error_code text,
    error text,
    lang text not null default 'vi',
    requested_by uuid,
    requested_at timestamptz not null default now(),
    started_at timestamptz,
    finished_at timestamptz,
    lease_owner text,
    lease_until timestamptz
  )`.execute(db);
  await sql`create unique index job_run_unfinished_idx on job_run (kind, key)
    where status in ('queued', 'running')`.execute(db);
  await sql`create index job_run_kind_idx on job_run (kind, requested_at desc)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
