import { type Kysely, sql } from 'kysely';

// The status rollup (0040), two additions:
// - the count joins the rollup's unique index, so a status page reads the index alone (an index-only scan of a few
//   hundred entries, under a millisecond at 50 000 reporters), never the table's pages;
// - a truncation of report_expected or report_submission (tests, a restore) empties what was derived from it: the
//   rollup, or the expected reporters' filing facts (statement triggers do not fire on truncate).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table report_status_rollup drop constraint report_status_rollup_key,
    add constraint report_status_rollup_key unique nulls not distinct
      (report_type_id, period_key, dimension, key, opens_on, due_on, submission_status, filed) include (reporters)`.execute(
    db,
  );

  await sql`create function report_status_truncated() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'report_expected' then
        truncate report_status_rollup;
      else
        update report_expected set submission_status = null, first_submitted_on = null
          where submission_status is not null or first_submitted_on is not null;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of ['report_expected', 'report_submission'])
    await sql`create trigger ${sql.id(`${table}_status_truncate`)} after truncate on ${sql.table(table)}
      for each statement execute function report_status_truncated()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
