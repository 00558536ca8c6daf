import { type Kysely, sql } from 'kysely';

// Where the periodic reports stand (modules/reports/status): the status page, its drill-down and the public pages
// must answer in milliseconds at 50 000 employers × 8 report types × 5 years, whoever writes the tables.
// - report_expected carries its reporter's filing facts (the live submission's state and its first filing day),
//   kept by triggers on report_submission, and `filed` (onTime | late | notFiled) derived from them: the lists
//   filter and page on one index without joining the submissions;
// - report_status_rollup counts the expected reporters of a (type, period) by commune and, apart, by sector, each
//   with the schedule and the facts, kept by triggers on report_expected in the writing statement's transaction
//   (set-based, from the statement's transition tables: an opening of 50 000 reporters is one upsert of a few
//   hundred groups). A status page reads a few hundred rows, and applies "today" (missing, not open) when it reads,
//   so the rollup never ages.
// Groups are upserted in key order, so two writing transactions never wait on each other's groups in opposite
// orders. modules/reports/status/rollup.ts rebuilds the facts and the rollup and reports drift (nightly).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table report_expected
    add column submission_status text,
    add column first_submitted_on date,
    add column filed text generated always as (case when first_submitted_on is null then 'notFiled'
      when first_submitted_on <= due_on then 'onTime' else 'late' end) stored`.execute(db);

  // The drill-down and the public list: a (type, period)'s reporters by name, whole or by how they filed.
  await sql`create index report_expected_name_idx on report_expected (report_type_id, period_key, reporter_name, id)
    where removed_at is null`.execute(db);
  await sql`create index report_expected_filed_idx on report_expected
    (report_type_id, period_key, filed, reporter_name, id) where removed_at is null`.execute(db);

  // One row per (type, period, commune or sector, schedule, facts): a (type, period) of 50 000 reporters is a few
  // hundred rows per dimension, whatever its reporters' mix of commune × sector.
  await sql`create table report_status_rollup (
    report_type_id uuid not null,
    period_key text not null,
    dimension text not null check (dimension in ('ward', 'sector')),
    key text,
    opens_on date not null,
    due_on date not null,
    submission_status text,
    filed text not null,
    reporters integer not null,
    constraint report_status_rollup_key unique nulls not distinct
      (report_type_id, period_key, dimension, key, opens_on, due_on, submission_status, filed)
  )`.execute(db);

  // The reporters of `rows` (report_expected rows, `d` = +1 or −1 each) added to their groups, in key order.
  const apply = (rows: string) => `
        insert into report_status_rollup as r (report_type_id, period_key, dimension, key, opens_on, due_on,
            submission_status, filed, reporters)
          select x.report_type_id, x.period_key, k.dimension, k.key, x.opens_on, x.due_on, x.submission_status, x.filed,
            sum(x.d)::int
          from (${rows}) x cross join lateral (values ('ward', x.ward_code), ('sector', x.sector_id::text)) k(dimension, key)
          where x.removed_at is null
          group by 1, 2, 3, 4, 5, 6, 7, 8 having sum(x.d) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8
          on conflict on constraint report_status_rollup_key do update set reporters = r.reporters + excluded.reporters;`;
  await sql`create function report_status_rollup_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then ${sql.raw(apply('select *, 1 as d from report_expected_added'))}
      elsif tg_op = 'DELETE' then ${sql.raw(apply('select *, -1 as d from report_expected_gone'))}
      else ${sql.raw(
        apply('select *, 1 as d from report_expected_added union all select *, -1 as d from report_expected_gone'),
      )}
      end if;
      return null;
    end $$`.execute(db);

  // A reporter opened (or re-added) after it had already started its report takes that report's facts.
  await sql`create function report_expected_take_facts() returns trigger language plpgsql as $$
    begin
      update report_expected e set submission_status = s.status, first_submitted_on = s.first_submitted_on
        from report_expected_added n
        join report_submission s on s.report_type_id = n.report_type_id and s.period_key = n.period_key
          and s.reporter_key = n.reporter_key and s.deleted_at is null
        where e.id = n.id;
      return null;
    end $$`.execute(db);

  // A submission's state or first filing day changed (or it was deleted): its expected reporter follows.
  await sql`create function report_submission_facts() returns trigger language plpgsql as $$
    declare
      types uuid[];
      periods text[];
      reporters text[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(report_type_id), array_agg(period_key), array_agg(reporter_key) into types, periods, reporters
          from report_submission_added;
      elsif tg_op = 'DELETE' then
        select array_agg(report_type_id), array_agg(period_key), array_agg(reporter_key) into types, periods, reporters
          from report_submission_gone;
      else
        select array_agg(report_type_id), array_agg(period_key), array_agg(reporter_key) into types, periods, reporters
          from (select report_type_id, period_key, reporter_key from report_submission_added
                union select report_type_id, period_key, reporter_key from report_submission_gone) k;
      end if;
      update report_expected e set submission_status = s.status, first_submitted_on = s.first_submitted_on
        from (select distinct * from unnest(types, periods, reporters) as u(report_type_id, period_key, reporter_key)) k
        left join lateral (select x.status, x.first_submitted_on from report_submission x
          where x.report_type_id = k.report_type_id and x.period_key = k.period_key and x.reporter_key = k.reporter_key
            and x.deleted_at is null limit 1) s on true
        where e.report_type_id = k.report_type_id and e.period_key = k.period_key and e.reporter_key = k.reporter_key
          and (e.submission_status, e.first_submitted_on) is distinct from (s.status, s.first_submitted_on);
      return null;
    end $$`.execute(db);

  // Transition tables take one event per trigger.
  await sql`create trigger report_expected_facts_insert after insert on report_expected
    referencing new table as report_expected_added for each statement execute function report_expected_take_facts()`.execute(
    db,
  );
  await sql`create trigger report_expected_rollup_insert after insert on report_expected
    referencing new table as report_expected_added for each statement execute function report_status_rollup_apply()`.execute(
    db,
  );
  await sql`create trigger report_expected_rollup_update after update on report_expected
    referencing old table as report_expected_gone new table as report_expected_added
    for each statement execute function report_status_rollup_apply()`.execute(db);
  await sql`create trigger report_expected_rollup_delete after delete on report_expected
    referencing old table as report_expected_gone for each statement execute function report_status_rollup_apply()`.execute(
    db,
  );
  await sql`create trigger report_submission_facts_insert after insert on report_submission
    referencing new table as report_submission_added for each statement execute function report_submission_facts()`.execute(
    db,
  );
  await sql`create trigger report_submission_facts_update after update on report_submission
    referencing old table as report_submission_gone new table as report_submission_added
    for each statement execute function report_submission_facts()`.execute(db);
  await sql`create trigger report_submission_facts_delete after delete on report_submission
    referencing old table as report_submission_gone for each statement execute function report_submission_facts()`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
