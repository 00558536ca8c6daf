import { type Kysely, sql } from 'kysely';

// Accident statistics (modules/accidents/statistics). The reports themselves (accident_statistical) and the
// specialised summary reports are catalogue tables, made after the numbered migrations, so they are referred to
// without foreign keys. What the module keeps here:
// - accident_statistical_victim: a report's victims, copied from the employer's declarations of the period and
//   completed by the employer with the losses (days off, costs): the declaration itself is never changed;
// - accident_statistical_row: the report's Appendix XII figures per section and breakdown row, rewritten whenever
//   its victims change, so the department's aggregation over a province's reports reads these small rows, never
//   the raw accidents;
// - accident_specialize_line: the lines of a specialised summary report, one per facility-type title.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table accident_statistical_victim (
    id uuid primary key default gen_random_uuid(),
    report_id uuid not null,
    position integer not null default 0,
    accident_id uuid,
    victim_id uuid,
    accident_code text not null,
    occurred_on date not null,
    allowance_case boolean not null default false,
    accident_reason_id uuid,
    injury_element_id uuid,
    property_damage numeric(18, 0) not null default 0,
    other_cost numeric(18, 0) not null default 0,
    full_name text not null,
    female boolean not null default false,
    occupation_id uuid,
    severity text not null check (severity in ('light', 'serious', 'fatal')),
    under_management boolean not null default true,
    days_off integer not null default 0 check (days_off >= 0),
    medical_cost numeric(18, 0) not null default 0 check (medical_cost >= 0),
    wage_cost numeric(18, 0) not null default 0 check (wage_cost >= 0),
    compensation_cost numeric(18, 0) not null default 0 check (compensation_cost >= 0)
  )`.execute(db);
  await sql`create index accident_statistical_victim_report_idx on accident_statistical_victim (report_id, position)`.execute(
    db,
  );

  await sql`create table accident_statistical_row (
    report_id uuid not null,
    section smallint not null check (section in (1, 2)),
    dimension text not null check (dimension in ('total', 'cause', 'factor', 'occupation')),
    key_id uuid,
    accidents integer not null default 0,
    fatal_accidents integer not null default 0,
    multi_victim_accidents integer not null default 0,
    victims integer not null default 0,
    female_victims integer not null default 0,
    deaths integer not null default 0,
    serious_injuries integer not null default 0,
    outside_victims integer not null default 0,
    outside_female integer not null default 0,
    outside_deaths integer not null default 0,
    outside_serious integer not null default 0,
    days_off integer not null default 0,
    medical_cost numeric(18, 0) not null default 0,
    wage_cost numeric(18, 0) not null default 0,
    compensation_cost numeric(18, 0) not null default 0,
    other_cost numeric(18, 0) not null default 0,
    total_cost numeric(18, 0) not null default 0,
    property_damage numeric(18, 0) not null default 0
  )`.execute(db);
  // The aggregation reads the rows of one dimension for a period's submitted reports.
  await sql`create index accident_statistical_row_report_idx on accident_statistical_row (report_id, dimension, section)`.execute(
    db,
  );

  await sql`create table accident_specialize_line (
    id uuid primary key default gen_random_uuid(),
    report_id uuid not null,
    title_id uuid not null,
    accidents integer not null default 0 check (accidents >= 0),
    fatal_accidents integer not null default 0 check (fatal_accidents >= 0),
    victims integer not null default 0 check (victims >= 0),
    deaths integer not null default 0 check (deaths >= 0),
    serious_injuries integer not null default 0 check (serious_injuries >= 0),
    days_off integer not null default 0 check (days_off >= 0),
    total_cost numeric(18, 0) not null default 0 check (total_cost >= 0),
    property_damage numeric(18, 0) not null default 0 check (property_damage >= 0),
    note text,
    unique (report_id, title_id)
  )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
