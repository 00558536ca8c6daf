import { type Kysely, sql } from 'kysely';

// Workplace accidents (modules/accidents): the declaration as it stands now (accident + its victims — the tables the
// statistics and risk-assessment modules read), every version as a snapshot with who changed it and why,
// the gapless yearly receipt counter, the routing of serious and fatal accidents to the units the law names, and
// the department's investigation with its dossier. Cause codes, injury factors, injury types, occupations, workers
// and risk assessments are catalogue rows, made after the numbered migrations, so they are referred to without
// foreign keys. The commune where it happened is an administrative unit id (text, '<generation>:<code>').
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table accident (
    id uuid primary key default gen_random_uuid(),
    code text not null,
    code_year integer not null,
    code_sequence integer not null,
    business_id uuid references business(id),
    ward_id text references admin_unit(id),
    declared_by_unit_id uuid not null references unit(id),
    declarant_kind text not null check (declarant_kind in ('employer', 'commune')),
    occurred_at timestamptz not null,
    place text not null,
    description text not null,
    severity text not null check (severity in ('light', 'serious', 'fatal')),
    victim_count integer not null default 0,
    death_count integer not null default 0,
    serious_count integer not null default 0,
    accident_reason_id uuid,
    injury_element_id uuid,
    allowance_case boolean not null default false,
    property_damage numeric(18, 0) not null default 0,
    other_cost numeric(18, 0) not null default 0,
    risk_assessment_id uuid,
    reporter_name text,
    reporter_phone text,
    status text not null default 'declared' check (status in ('declared', 'returned', 'investigating', 'concluded')),
    return_reason text,
    notified_at timestamptz not null default now(),
    version integer not null default 1,
    created_at timestamptz not null default now(),
    created_by uuid,
    updated_at timestamptz not null default now(),
    updated_by uuid,
    deleted_at timestamptz,
    deleted_by uuid
  )`.execute(db);
  await sql`create unique index accident_code_uq on accident (code)`.execute(db);
  await sql`create unique index accident_code_seq_uq on accident (code_year, code_sequence)`.execute(db);
  await sql`create index accident_business_idx on accident (business_id, occurred_at desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index accident_ward_idx on accident (ward_id, occurred_at desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index accident_occurred_idx on accident (occurred_at) where deleted_at is null`.execute(db);

  await sql`create table accident_victim (
    id uuid primary key default gen_random_uuid(),
    accident_id uuid not null references accident(id) on delete cascade,
    position integer not null default 0,
    worker_id uuid,
    full_name text not null,
    female boolean not null default false,
    birth_year integer,
    occupation_id uuid,
    injury_type_id uuid,
    body_part text,
    severity text not null check (severity in ('light', 'serious', 'fatal')),
    under_management boolean not null default true,
    days_off integer not null default 0 check (days_off >= 0),
    medical_cost numeric(18, 0) not null default 0,
    wage_cost numeric(18, 0) not null default 0,
    compensation_cost numeric(18, 0) not null default 0
  )`.execute(db);
  await sql`create index accident_victim_accident_idx on accident_victim (accident_id, position)`.execute(db);
  await sql`create index accident_victim_worker_idx on accident_victim (worker_id) where worker_id is not null`.execute(
    db,
  );

  // Every version of the declaration as it stood after that change (1: as declared); the highest is the live row.
  await sql`create table accident_version (
    id bigserial primary key,
    accident_id uuid not null references accident(id) on delete cascade,
    version integer not null,
    snapshot jsonb not null,
    changed_by uuid,
    changed_by_name text,
    reason text,
    at timestamptz not null default now(),
    unique (accident_id, version)
  )`.execute(db);

  await sql`create table accident_counter (
    year integer primary key,
    last integer not null
  )`.execute(db);

  await sql`create table accident_routing (
    id bigserial primary key,
    accident_id uuid not null references accident(id) on delete cascade,
    rule_code text not null,
    recipient text not null check (recipient in ('department', 'commune', 'communePolice')),
    recipient_unit_id uuid references unit(id),
    recipient_name text not null,
    legal_basis text,
    notified_users integer not null default 0,
    routed_at timestamptz not null default now(),
    routed_by uuid,
    routed_by_name text,
    unique (accident_id, rule_code)
  )`.execute(db);

  await sql`create table accident_investigation (
    id uuid primary key default gen_random_uuid(),
    accident_id uuid not null references accident(id),
    lead_unit_id uuid references unit(id),
    notified_on date not null,
    deadline_rule text not null,
    deadline_code text not null,
    deadline_days integer not null,
    legal_basis text not null,
    expert_examination boolean not null default false,
    due_on date not null,
    extended boolean not null default false,
    extension_days integer,
    extension_reason text,
    extended_at timestamptz,
    team jsonb not null default '[]',
    status text not null default 'open' check (status in ('open', 'concluded')),
    concluded_on date,
    conclusions text,
    measures text,
    version integer not null default 1,
    created_at timestamptz not null default now(),
    created_by uuid,
    updated_at timestamptz not null default now(),
    updated_by uuid,
    deleted_at timestamptz
  )`.execute(db);
  await sql`create unique index accident_investigation_accident_uq on accident_investigation (accident_id) where deleted_at is null`.execute(
    db,
  );
  await sql`create index accident_investigation_due_idx on accident_investigation (status, due_on) where deleted_at is null`.execute(
    db,
  );

  await sql`create table accident_investigation_file (
    id bigserial primary key,
    investigation_id uuid not null references accident_investigation(id) on delete cascade,
    kind text not null,
    file_id uuid not null references stored_file(id),
    note text,
    uploaded_at timestamptz not null default now(),
    uploaded_by uuid,
    unique (investigation_id, file_id)
  )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
