import { type Kysely, sql } from 'kysely';

// Referrals of job seekers to vacancies (employment services). Job seekers and vacancies are catalogue areas
// (their tables follow the declarations, made by the sync after the migrations), so these columns name them
// without a foreign key, as the periodic reports name their report types. The statuses are the referral
// workflow's, written out as they are today: a later status is a new migration, never an edit of this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table job_referral (
    id uuid primary key default gen_random_uuid(),
    code text not null unique,
    seeker_id uuid not null,
    vacancy_id uuid not null,
    business_id uuid not null references business (id),
    status text not null default 'new'
      check (status in ('new', 'inProgress', 'interview', 'hired', 'refused', 'cancelled', 'expired')),
    note text,
    referred_on date not null,
    expires_on date,
    referred_by uuid,
    seeker_ward text,
    answered_at timestamptz,
    refusal_reason text,
    reason text,
    hired_date date,
    follow_up_due date,
    followed_up_on date,
    follow_up_note text,
    still_employed boolean,
    version integer not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    deleted_at timestamptz
  )`.execute(db);
  // One live referral of a person to a vacancy.
  await sql`create unique index job_referral_pair_idx on job_referral (seeker_id, vacancy_id)
    where deleted_at is null and status not in ('cancelled', 'expired')`.execute(db);
  await sql`create index job_referral_business_idx on job_referral (business_id, status, referred_on)`.execute(db);
  await sql`create index job_referral_seeker_idx on job_referral (seeker_id, referred_on)`.execute(db);
  await sql`create index job_referral_open_idx on job_referral (expires_on)
    where deleted_at is null and status in ('new', 'inProgress')`.execute(db);
  await sql`create index job_referral_follow_up_idx on job_referral (follow_up_due)
    where deleted_at is null and status = 'hired' and followed_up_on is null`.execute(db);

  await sql`create table job_referral_event (
    id uuid primary key default gen_random_uuid(),
    referral_id uuid not null references job_referral (id),
    action text not null,
    from_status text,
    to_status text,
    actor_id uuid,
    actor_name text,
    reason text,
    at timestamptz not null default now()
  )`.execute(db);
  await sql`create index job_referral_event_idx on job_referral_event (referral_id, at)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
