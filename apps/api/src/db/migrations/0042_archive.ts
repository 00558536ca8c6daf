import { type Kysely, sql } from 'kysely';

// The archive of closed records (modules/archive), beside archive_record of 0038:
// - who recorded a record's disposal and on what basis (the decision to destroy records past their retention);
// - the scopes' look-ups (an employer's records, a commune's);
// - exports: a ZIP of records' PDFs with their manifest, made in the background for one user. The set of records is
//   fixed when asked (in the caller's scope), the progress and the finished file's facts are kept here, the file
//   itself under DATA_DIR; one unfinished export per user.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table archive_record add column disposed_by uuid`.execute(db);
  await sql`alter table archive_record add column disposed_by_name text`.execute(db);
  await sql`alter table archive_record add column disposal_reason text`.execute(db);
  await sql`create index archive_record_business_idx on archive_record (business_id, closed_on desc)`.execute(db);
  await sql`create index archive_record_ward_idx on archive_record (ward_code, closed_on desc)`.execute(db);

  await sql`create table archive_export (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null,
    lang text not null,
    label text not null,
    record_ids uuid[] not null,
    status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
    total integer not null,
    done integer not null default 0,
    file_name text,
    byte_size bigint,
    sha256 text,
    error_code text,
    error text,
    lease_owner text,
    lease_until timestamptz,
    requested_at timestamptz not null default now(),
    started_at timestamptz,
    finished_at timestamptz
  )`.execute(db);
  await sql`create unique index archive_export_one_idx on archive_export (user_id)
    where status in ('queued', 'running')`.execute(db);
  await sql`create index archive_export_user_idx on archive_export (user_id, requested_at desc)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
