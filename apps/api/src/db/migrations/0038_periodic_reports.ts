import { type Kysely, sql } from 'kysely';

// Periodic reports. Report types, assignment rules and the reminder schedule are catalogue areas (data the
// department edits; their tables follow the declarations). These tables hold what the portal derives and what
// reporters file:
// - report_expected: who must file which report for which period, fixed when the period opens; a later change
//   (an added reporter, an exemption) is a row of report_expected_change, never a silent rewrite;
// - report_submission: one filing per (type, period, reporter), its current state and values; each filed
//   version is kept in report_submission_version, each move in report_submission_event, the reviewer's
//   comments on single fields in report_field_comment;
// - report_reminder_sent: which reminder step went to which expected reporter (a step is sent once);
// - archive_record: closed records filed under the index of files with their retention.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table report_expected (
    id uuid primary key default gen_random_uuid(),
    report_type_id uuid not null,
    period_key text not null,
    period_start date not null,
    period_end date not null,
    opens_on date not null,
    due_on date not null,
    closes_on date,
    reporter_kind text not null,
    reporter_key text not null,
    business_id uuid,
    ward_code text,
    sector_id uuid,
    reporter_name text not null,
    assignment_id uuid,
    opened_at timestamptz not null default now(),
    removed_at timestamptz,
    removed_reason text,
    unique (report_type_id, period_key, reporter_key)
  )`.execute(db);
  await sql`create index report_expected_period_idx on report_expected (report_type_id, period_key, ward_code)`.execute(
    db,
  );
  await sql`create index report_expected_business_idx on report_expected (business_id, due_on)`.execute(db);
  await sql`create index report_expected_due_idx on report_expected (due_on) where removed_at is null`.execute(db);

  await sql`create table report_expected_change (
    id uuid primary key default gen_random_uuid(),
    report_type_id uuid not null,
    period_key text not null,
    reporter_key text not null,
    reporter_name text not null,
    change text not null check (change in ('added', 'removed', 'restored')),
    reason text,
    actor_id uuid,
    at timestamptz not null default now()
  )`.execute(db);
  await sql`create index report_expected_change_idx on report_expected_change (report_type_id, period_key, at)`.execute(
    db,
  );

  await sql`create table report_submission (
    id uuid primary key default gen_random_uuid(),
    expected_id uuid references report_expected (id),
    report_type_id uuid not null,
    period_key text not null,
    reporter_kind text not null,
    reporter_key text not null,
    business_id uuid,
    ward_code text,
    status text not null default 'draft' check (status in ('draft', 'submitted', 'returned', 'accepted')),
    form_code text not null,
    form_version integer not null,
    "values" jsonb not null default '{}',
    register_values jsonb,
    number text unique,
    first_submitted_at timestamptz,
    first_submitted_on date,
    submitted_at timestamptz,
    accepted_at timestamptz,
    locked boolean not null default false,
    version integer not null default 1,
    created_by uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`create unique index report_submission_one_idx on report_submission (report_type_id, period_key, reporter_key)
    where deleted_at is null`.execute(db);
  await sql`create index report_submission_business_idx on report_submission (business_id, updated_at desc)`.execute(
    db,
  );
  await sql`create index report_submission_status_idx on report_submission (status, submitted_at)`.execute(db);
  await sql`create index report_submission_expected_idx on report_submission (expected_id) where deleted_at is null`.execute(
    db,
  );

  await sql`create table report_submission_version (
    id uuid primary key default gen_random_uuid(),
    submission_id uuid not null references report_submission (id),
    seq integer not null,
    form_version integer not null,
    "values" jsonb not null,
    submitted_at timestamptz not null default now(),
    submitted_by uuid,
    unique (submission_id, seq)
  )`.execute(db);

  await sql`create table report_submission_event (
    id bigserial primary key,
    submission_id uuid not null references report_submission (id),
    action text not null,
    from_status text,
    to_status text,
    actor_id uuid,
    actor_name text,
    reason text,
    at timestamptz not null default now()
  )`.execute(db);
  await sql`create index report_submission_event_idx on report_submission_event (submission_id, at)`.execute(db);

  await sql`create table report_field_comment (
    id uuid primary key default gen_random_uuid(),
    submission_id uuid not null references report_submission (id),
    version_seq integer not null,
    field_path text not null,
    comment text not null,
    actor_id uuid,
    actor_name text,
    at timestamptz not null default now()
  )`.execute(db);
  await sql`create index report_field_comment_idx on report_field_comment (submission_id, version_seq)`.execute(db);

  await sql`create table report_reminder_sent (
    expected_id uuid not null references report_expected (id),
    step_code text not null,
    sent_at timestamptz not null default now(),
    primary key (expected_id, step_code)
  )`.execute(db);

  await sql`create table archive_record (
    id uuid primary key default gen_random_uuid(),
    index_file_id uuid,
    source text not null,
    record_id uuid not null,
    title text not null,
    number text,
    business_id uuid,
    ward_code text,
    closed_on date not null,
    retention_years integer,
    dispose_on date,
    filed_at timestamptz not null default now(),
    filed_by uuid,
    disposed_at timestamptz,
    unique (source, record_id)
  )`.execute(db);
  await sql`create index archive_record_dispose_idx on archive_record (dispose_on) where disposed_at is null`.execute(
    db,
  );
  await sql`create index archive_record_file_idx on archive_record (index_file_id, closed_on desc)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
