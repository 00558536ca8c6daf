import { type Kysely, sql } from 'kysely';

// Taking part in job exchange sessions: employers' stalls (with the vacancies they bring), job seekers'
// registrations (a ticket each, checked at the door) and the interviews at each stall. The sessions themselves are
// a catalogue area (their table follows the declaration, made by the sync after the migrations), so `fair_id`
// names a session without a foreign key, as the referrals name their job seekers and vacancies.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table job_fair_stall (
    id uuid primary key default gen_random_uuid(),
    fair_id uuid not null,
    business_id uuid not null references business (id),
    stall_no integer not null,
    vacancy_ids uuid[] not null default '{}',
    contact_name text,
    contact_phone text,
    registered_by uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index job_fair_stall_business_idx on job_fair_stall (fair_id, business_id)`.execute(db);
  await sql`create unique index job_fair_stall_no_idx on job_fair_stall (fair_id, stall_no)`.execute(db);
  await sql`create index job_fair_stall_employer_idx on job_fair_stall (business_id)`.execute(db);

  await sql`create table job_fair_attendee (
    id uuid primary key default gen_random_uuid(),
    fair_id uuid not null,
    ticket text not null unique,
    full_name text not null,
    phone text,
    citizen_id text,
    seeker_id uuid,
    occupation_wanted text,
    via text not null check (via in ('public', 'centre')),
    registered_by uuid,
    checked_in_at timestamptz,
    checked_in_by uuid,
    created_at timestamptz not null default now()
  )`.execute(db);
  // One registration per person and session, by phone and by citizen ID.
  await sql`create unique index job_fair_attendee_phone_idx on job_fair_attendee (fair_id, phone)
    where phone is not null`.execute(db);
  await sql`create unique index job_fair_attendee_citizen_idx on job_fair_attendee (fair_id, citizen_id)
    where citizen_id is not null`.execute(db);
  await sql`create index job_fair_attendee_fair_idx on job_fair_attendee (fair_id, created_at)`.execute(db);

  await sql`create table job_fair_interview (
    id uuid primary key default gen_random_uuid(),
    fair_id uuid not null,
    stall_id uuid not null references job_fair_stall (id),
    attendee_id uuid not null references job_fair_attendee (id),
    vacancy_id uuid,
    outcome text not null check (outcome in ('interviewed', 'shortlisted', 'hired', 'notSelected')),
    note text,
    recorded_by uuid,
    recorded_at timestamptz not null default now()
  )`.execute(db);
  // A person's interview at a stall is one row; a later outcome replaces the earlier.
  await sql`create unique index job_fair_interview_pair_idx on job_fair_interview (stall_id, attendee_id)`.execute(db);
  await sql`create index job_fair_interview_fair_idx on job_fair_interview (fair_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
