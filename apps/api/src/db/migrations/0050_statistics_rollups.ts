import { type Kysely, sql } from 'kysely';

// Statistics read rollups: tallies (0043) that also keep up to three category columns (d1..d3: sex, age, kind …),
// so a figure "workers by sex and birth year in each commune" is a few hundred compacted rows. The province's
// compacted counts (workspace_tally_total) keep the commune too: the department's and a commune's figures by commune
// read them without touching the per-employer rows. The old keys are replaced by wider ones; every tally is built
// again at start (their declaration hash moved with this change), so no old total without its commune survives.
//
// A tally's trigger reads only the written row, so the commune a record counts in must be on the row itself:
// - workers and occupational illnesses count in their employer's commune (ward_code, kept from business.ward_code
//   by a row trigger on insert and on a change of employer, and by a statement trigger on business when an employer
//   moves: the update of the copies fires the tallies' own triggers, so the rollups follow);
// - an accident's victims carry their accident's day, commune, employer and whether it counts (not deleted), kept
//   the same way from accident.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table workspace_tally_base add column d1 text, add column d2 text, add column d3 text`.execute(db);
  await sql`alter table workspace_tally_delta add column d1 text, add column d2 text, add column d3 text`.execute(db);
  await sql`alter table workspace_tally_total add column local_unit text, add column d1 text, add column d2 text,
    add column d3 text`.execute(db);
  await sql`drop index workspace_tally_base_key`.execute(db);
  await sql`create unique index workspace_tally_base_key on workspace_tally_base
    (tally, business_id, unit_id, local_unit, day, d1, d2, d3) nulls not distinct`.execute(db);
  await sql`drop index workspace_tally_total_key`.execute(db);
  await sql`create unique index workspace_tally_total_key on workspace_tally_total
    (tally, local_unit, day, d1, d2, d3) nulls not distinct`.execute(db);
  await sql`delete from workspace_tally_delta`.execute(db);
  await sql`delete from workspace_tally_total`.execute(db);
  await sql`delete from workspace_tally_base`.execute(db);
  await sql`delete from workspace_tally`.execute(db);

  await sql`create or replace function workspace_tally_compact() returns bigint language plpgsql as $$
    declare
      moved bigint;
    begin
      if not pg_try_advisory_xact_lock(hashtext('workspace_tally_compact')) then
        return 0;
      end if;
      with d as (
        delete from workspace_tally_delta returning tally, business_id, unit_id, local_unit, day, d1, d2, d3, n
      ), owners as (
        insert into workspace_tally_base as b (tally, business_id, unit_id, local_unit, day, d1, d2, d3, n)
        select tally, business_id, unit_id, local_unit, day, d1, d2, d3, sum(n) from d group by 1, 2, 3, 4, 5, 6, 7, 8
        on conflict (tally, business_id, unit_id, local_unit, day, d1, d2, d3) do update set n = b.n + excluded.n
        returning 1
      ), totals as (
        insert into workspace_tally_total as t (tally, local_unit, day, d1, d2, d3, n)
        select tally, local_unit, day, d1, d2, d3, sum(n) from d group by 1, 2, 3, 4, 5, 6
        on conflict (tally, local_unit, day, d1, d2, d3) do update set n = t.n + excluded.n
        returning 1
      )
      select count(*) into moved from d;
      delete from workspace_tally_base where n = 0;
      delete from workspace_tally_total where n = 0;
      return moved;
    end $$`.execute(db);

  // Workers and occupational illnesses: their employer's commune.
  await sql`alter table worker add column ward_code text`.execute(db);
  await sql`alter table occupational_disease add column ward_code text`.execute(db);
  await sql`create function stat_ward_from_business() returns trigger language plpgsql as $$
    begin
      new.ward_code := (select b.ward_code from business b where b.id = new.business_id);
      return new;
    end $$`.execute(db);
  for (const table of ['worker', 'occupational_disease']) {
    await sql`create trigger stat_ward before insert or update of business_id on ${sql.table(table)}
      for each row execute function stat_ward_from_business()`.execute(db);
    await sql`update ${sql.table(table)} t set ward_code = b.ward_code from business b where b.id = t.business_id`.execute(
      db,
    );
  }
  await sql`create function stat_business_moved() returns trigger language plpgsql as $$
    begin
      update worker w set ward_code = n.ward_code from new_rows n join old_rows o on o.id = n.id
        where w.business_id = n.id and n.ward_code is distinct from o.ward_code;
      update occupational_disease w set ward_code = n.ward_code from new_rows n join old_rows o on o.id = n.id
        where w.business_id = n.id and n.ward_code is distinct from o.ward_code;
      return null;
    end $$`.execute(db);
  await sql`create trigger stat_business_moved after update on business
    referencing old table as old_rows new table as new_rows
    for each statement execute function stat_business_moved()`.execute(db);

  // Accident victims: their accident's day (Vietnam time), commune, employer and whether it counts.
  await sql`alter table accident_victim add column occurred_on date, add column ward_id text,
    add column business_id uuid, add column counted boolean not null default false`.execute(db);
  await sql`create function stat_victim_from_accident() returns trigger language plpgsql as $$
    begin
      select (a.occurred_at at time zone 'Asia/Ho_Chi_Minh')::date, a.ward_id, a.business_id, a.deleted_at is null
        into new.occurred_on, new.ward_id, new.business_id, new.counted
        from accident a where a.id = new.accident_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger stat_accident before insert or update of accident_id on accident_victim
    for each row execute function stat_victim_from_accident()`.execute(db);
  await sql`update accident_victim v set occurred_on = (a.occurred_at at time zone 'Asia/Ho_Chi_Minh')::date,
      ward_id = a.ward_id, business_id = a.business_id, counted = a.deleted_at is null
    from accident a where a.id = v.accident_id`.execute(db);
  await sql`create function stat_accident_changed() returns trigger language plpgsql as $$
    begin
      update accident_victim v set occurred_on = (n.occurred_at at time zone 'Asia/Ho_Chi_Minh')::date,
          ward_id = n.ward_id, business_id = n.business_id, counted = n.deleted_at is null
        from new_rows n
        where v.accident_id = n.id and (v.occurred_on is distinct from (n.occurred_at at time zone 'Asia/Ho_Chi_Minh')::date
          or v.ward_id is distinct from n.ward_id or v.business_id is distinct from n.business_id
          or v.counted is distinct from (n.deleted_at is null));
      return null;
    end $$`.execute(db);
  await sql`create trigger stat_accident_changed after update on accident referencing new table as new_rows
    for each statement execute function stat_accident_changed()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
