import { type Kysely, sql } from 'kysely';

// Workspace tallies (modules/workspace/tally.ts): counts kept exact by the writing transactions themselves, so the
// first workspace call after a write reads a few rows instead of recounting a province-sized table.
// - workspace_tally: each tally built (its table and a hash of its declaration: a changed one is rebuilt);
// - workspace_tally_base: the compacted counts per owner (employer, unit, commune) and day;
// - workspace_tally_total: the same per day for the whole province (the department reads one row a day);
// - workspace_tally_delta: what each writing statement changed (statement triggers with transition tables, one row
//   per owner and day the statement moved), appended only: writers never wait on one another's counter rows. Readers
//   fold it in; workspace_tally_compact() moves it into the base and totals now and then (the base and totals
//   carry 0035's version trigger, so the count cache can keep a scope's compacted part until a compaction).
// The tables are logged: a count is as durable as the rows it counts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table workspace_tally (
    name text primary key,
    table_name text not null,
    definition text not null,
    built_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table workspace_tally_base (
    tally text not null,
    business_id uuid,
    unit_id uuid,
    local_unit text,
    day date,
    n bigint not null
  )`.execute(db);
  await sql`create unique index workspace_tally_base_key on workspace_tally_base
    (tally, business_id, unit_id, local_unit, day) nulls not distinct`.execute(db);
  await sql`create index workspace_tally_base_local_idx on workspace_tally_base (tally, local_unit, day)`.execute(db);
  await sql`create index workspace_tally_base_unit_idx on workspace_tally_base (tally, unit_id, day)`.execute(db);
  await sql`create index workspace_tally_base_zero_idx on workspace_tally_base (tally) where n = 0`.execute(db);
  await sql`create table workspace_tally_total (
    tally text not null,
    day date,
    n bigint not null
  )`.execute(db);
  await sql`create unique index workspace_tally_total_key on workspace_tally_total (tally, day) nulls not distinct`.execute(
    db,
  );
  await sql`create table workspace_tally_delta (
    id bigserial primary key,
    tally text not null,
    business_id uuid,
    unit_id uuid,
    local_unit text,
    day date,
    n bigint not null
  )`.execute(db);
  await sql`create index workspace_tally_delta_tally_idx on workspace_tally_delta (tally, business_id)`.execute(db);

  // The compacted counts change only when a compaction or a build commits: their versions (migration 0035's
  // statement trigger) date the parts of counts the count cache keeps, as for any table a count reads.
  await sql`create trigger workspace_touch after insert or update or delete or truncate on workspace_tally_base
    for each statement execute function workspace_touch()`.execute(db);
  await sql`create trigger workspace_touch after insert or update or delete or truncate on workspace_tally_total
    for each statement execute function workspace_touch()`.execute(db);

  // A truncated table has no rows left: its tallies (named in the trigger's arguments) drop to nothing.
  await sql`create function workspace_tally_truncate() returns trigger language plpgsql as $$
    begin
      delete from workspace_tally_base where tally = any(tg_argv);
      delete from workspace_tally_total where tally = any(tg_argv);
      delete from workspace_tally_delta where tally = any(tg_argv);
      return null;
    end $$`.execute(db);

  // Moves the deltas into the base and totals in one transaction (a reader's single statement sees either the
  // deltas or their sum, never both); one compaction at a time. The DELETE takes only the deltas committed when it
  // starts: a writer still running keeps its rows for the next compaction.
  await sql`create function workspace_tally_compact() returns bigint language plpgsql as $$
    declare
      moved bigint;
    begin
      if not pg_try_advisory_xact_lock(hashtext('workspace_tally_compact')) then
        return 0;
      end if;
      with d as (
        delete from workspace_tally_delta returning tally, business_id, unit_id, local_unit, day, n
      ), owners as (
        insert into workspace_tally_base as b (tally, business_id, unit_id, local_unit, day, n)
        select tally, business_id, unit_id, local_unit, day, sum(n) from d group by 1, 2, 3, 4, 5
        on conflict (tally, business_id, unit_id, local_unit, day) do update set n = b.n + excluded.n
        returning 1
      ), totals as (
        insert into workspace_tally_total as t (tally, day, n)
        select tally, day, sum(n) from d group by 1, 2
        on conflict (tally, day) do update set n = t.n + excluded.n
        returning 1
      )
      select count(*) into moved from d;
      delete from workspace_tally_base where n = 0;
      delete from workspace_tally_total where n = 0;
      return moved;
    end $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
