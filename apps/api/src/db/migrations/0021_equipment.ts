import { type Kysely, sql } from 'kysely';
import { ensureCatalogSchema } from '../../catalog/schema.ts';

// Equipment with strict safety requirements: declarations of machines put into use and the department's answer
// (state machine in packages/domain/src/equipment/state.ts), each machine's history, the reminders already sent
// for a due date (so a reminder is sent once, whatever the job's retries) and the yearly confirmation numbers.
// The machines and certificates themselves are catalogue areas (Equipment, EquipmentInspection).
export async function up(db: Kysely<unknown>): Promise<void> {
  await ensureCatalogSchema(db);

  await sql`create table equipment_declaration (
    id uuid primary key default gen_random_uuid(),
    business_id uuid not null references business(id),
    status text not null default 'draft' check (status in ('draft', 'submitted', 'confirmed', 'refused')),
    contact_name text,
    contact_phone text,
    note text,
    file_id uuid references stored_file(id),
    declared_on date,
    late boolean not null default false,
    due_by date,
    number text,
    number_year integer,
    number_sequence integer,
    public_code text unique,
    refuse_reason text,
    submitted_at timestamptz,
    decided_at timestamptz,
    decided_by uuid,
    decided_by_name text,
    version integer not null default 1,
    created_at timestamptz not null default now(),
    created_by uuid,
    updated_at timestamptz not null default now(),
    updated_by uuid,
    deleted_at timestamptz,
    deleted_by uuid
  )`.execute(db);
  await sql`create index equipment_decl_business_idx on equipment_declaration (business_id, created_at desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index equipment_decl_state_idx on equipment_declaration (status, submitted_at) where deleted_at is null`.execute(
    db,
  );
  await sql`create unique index equipment_decl_number_uq on equipment_declaration (number) where number is not null`.execute(
    db,
  );

  await sql`create table equipment_declaration_item (
    declaration_id uuid not null references equipment_declaration(id) on delete cascade,
    equipment_id uuid not null references equipment(id),
    certificate_id uuid references equipment_inspection(id),
    position integer not null default 0,
    primary key (declaration_id, equipment_id)
  )`.execute(db);
  await sql`create index equipment_decl_item_equipment_idx on equipment_declaration_item (equipment_id)`.execute(db);

  await sql`create table equipment_declaration_event (
    id bigserial primary key,
    declaration_id uuid not null references equipment_declaration(id) on delete cascade,
    at timestamptz not null default now(),
    action text not null,
    from_status text,
    to_status text,
    actor_id uuid,
    actor_name text,
    reason text
  )`.execute(db);
  await sql`create index equipment_decl_event_idx on equipment_declaration_event (declaration_id, at)`.execute(db);

  await sql`create table equipment_event (
    id bigserial primary key,
    equipment_id uuid not null references equipment(id) on delete cascade,
    at timestamptz not null default now(),
    action text not null,
    details jsonb,
    actor_id uuid,
    actor_name text
  )`.execute(db);
  await sql`create index equipment_event_idx on equipment_event (equipment_id, at)`.execute(db);

  await sql`create table equipment_reminder (
    equipment_id uuid not null references equipment(id) on delete cascade,
    due_date date not null,
    stage text not null,
    sent_at timestamptz not null default now(),
    primary key (equipment_id, due_date, stage)
  )`.execute(db);

  await sql`create table equipment_declaration_counter (
    year integer primary key,
    last integer not null
  )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
