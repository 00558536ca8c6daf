import { type Kysely, sql } from 'kysely';

// Inspections and checks of employers by the department's inspectors (modules/inspections; state machine in
// packages/domain/src/inspections/state.ts): the inspection, its team, the violations found (each linked, once
// sanctioned, to its record of the violating organisations' list), the requirements to fix with the employer's
// latest answer, and the history of every step. Users and files are referred to without foreign keys on users
// (accounts may be purged) and with them on stored files.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table labour_inspection (
    id uuid primary key default gen_random_uuid(),
    business_id uuid not null references business(id),
    kind text not null check (kind in ('planned', 'surprise', 'check', 'followUp')),
    topic text not null,
    status text not null default 'planned'
      check (status in ('planned', 'inProgress', 'concluded', 'closed', 'cancelled')),
    legal_basis text,
    decision_number text,
    decision_date date,
    decision_signer text,
    planned_from date not null,
    planned_to date,
    actual_date date,
    findings text,
    conclusion_number text,
    conclusion_date date,
    conclusion_summary text,
    conclusion_file_id uuid references stored_file(id),
    cancel_reason text,
    employer_notified_at timestamptz,
    version integer not null default 1,
    created_at timestamptz not null default now(),
    created_by uuid,
    updated_at timestamptz not null default now(),
    updated_by uuid,
    deleted_at timestamptz,
    deleted_by uuid
  )`.execute(db);
  await sql`create index labour_inspection_business_idx on labour_inspection (business_id, planned_from desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index labour_inspection_status_idx on labour_inspection (status, planned_from desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create unique index labour_inspection_decision_uq on labour_inspection (lower(decision_number))
    where decision_number is not null and deleted_at is null`.execute(db);

  await sql`create table labour_inspection_member (
    inspection_id uuid not null references labour_inspection(id) on delete cascade,
    user_id uuid not null,
    role text not null check (role in ('leader', 'member')),
    position integer not null default 0,
    primary key (inspection_id, user_id)
  )`.execute(db);
  await sql`create index labour_inspection_member_user_idx on labour_inspection_member (user_id)`.execute(db);

  await sql`create table labour_inspection_violation (
    id uuid primary key default gen_random_uuid(),
    inspection_id uuid not null references labour_inspection(id) on delete cascade,
    position integer not null default 0,
    description text not null,
    legal_provision text not null,
    fine_amount bigint,
    penalty_decision_number text,
    penalty_decision_date date,
    violating_organization_id uuid references violating_organization(id)
  )`.execute(db);
  await sql`create index labour_inspection_violation_idx on labour_inspection_violation (inspection_id, position)`.execute(
    db,
  );

  await sql`create table labour_inspection_requirement (
    id uuid primary key default gen_random_uuid(),
    inspection_id uuid not null references labour_inspection(id) on delete cascade,
    position integer not null default 0,
    content text not null,
    deadline date not null,
    status text not null default 'open' check (status in ('open', 'answered', 'accepted', 'returned')),
    answer_text text,
    answer_file_ids uuid[] not null default '{}',
    answered_at timestamptz,
    answered_by uuid,
    review_reason text,
    reviewed_at timestamptz,
    reviewed_by uuid
  )`.execute(db);
  await sql`create index labour_inspection_requirement_idx on labour_inspection_requirement (inspection_id, position)`.execute(
    db,
  );
  await sql`create index labour_inspection_requirement_due_idx on labour_inspection_requirement (deadline)
    where status in ('open', 'returned')`.execute(db);

  await sql`create table labour_inspection_event (
    id bigserial primary key,
    inspection_id uuid not null references labour_inspection(id) on delete cascade,
    requirement_id uuid,
    at timestamptz not null default now(),
    action text not null,
    from_status text,
    to_status text,
    actor_id uuid,
    reason text
  )`.execute(db);
  await sql`create index labour_inspection_event_idx on labour_inspection_event (inspection_id, at)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
