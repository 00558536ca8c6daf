import { type Kysely, sql } from 'kysely';

// Opened reporting periods. A (report type, period) is opened once: its schedule (opens / due / closes, from the
// type and the legal deadline in force on the period's last day) is fixed here with the day it opened, so the
// daily job knows what it has opened (a period whose list came out empty is still open), and re-evaluations after
// an assignment change know the period's dates without counting them again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table report_period (
    report_type_id uuid not null,
    period_key text not null,
    period_start date not null,
    period_end date not null,
    opens_on date not null,
    due_on date not null,
    closes_on date,
    deadline_rule text not null,
    opened_at timestamptz not null default now(),
    opened_by uuid,
    evaluated_at timestamptz not null default now(),
    expected_count integer not null default 0,
    primary key (report_type_id, period_key)
  )`.execute(db);
  await sql`create index report_period_due_idx on report_period (due_on)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
