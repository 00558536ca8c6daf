import { type Kysely, sql } from 'kysely';

// Workspace counts are cached with the versions of the tables they read (modules/workspace/cache.ts). A write
// bumps its table's version once per transaction, at commit:
// - a statement-level trigger on every table notes the table in a transaction-local setting, and on the
//   transaction's first write inserts one row into workspace_pending;
// - that row's deferred constraint trigger runs at commit and bumps the noted tables' versions in name order, so
//   two committing transactions never wait on each other's version rows in opposite orders (no deadlock), and a
//   row lock is held only for the commit itself, not for the whole transaction.
// The version changes in the same commit as the data: a reader never sees new versions with old data.
// A table gets its trigger from workspace_track_tables() when a count is first found reading it; until then that
// count is not kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table workspace_table_version (
    table_name text primary key,
    version bigint not null
  )`.execute(db);
  await sql`create unlogged table workspace_pending (id bigserial primary key)`.execute(db);
  // Shared between API instances: a count computed on one serves the others while its tables are unchanged.
  await sql`create unlogged table workspace_count_cache (
    provider text not null,
    scope_key text not null,
    day date not null,
    value bigint not null,
    versions jsonb not null,
    computed_at timestamptz not null default now(),
    primary key (scope_key, day, provider)
  )`.execute(db);
  await sql`create index workspace_count_cache_day_idx on workspace_count_cache (day)`.execute(db);

  await sql`create function workspace_touch() returns trigger language plpgsql as $$
    declare
      touched text := coalesce(current_setting('workspace.touched', true), '');
    begin
      if position(',' || tg_table_name || ',' in touched) = 0 then
        if touched = '' then
          insert into workspace_pending default values;
          touched := ',';
        end if;
        perform set_config('workspace.touched', touched || tg_table_name || ',', true);
      end if;
      return null;
    end $$`.execute(db);

  await sql`create function workspace_bump() returns trigger language plpgsql as $$
    declare
      t text;
    begin
      for t in select x from unnest(string_to_array(trim(both ',' from
          coalesce(current_setting('workspace.touched', true), '')), ',')) x where x <> '' order by x loop
        insert into workspace_table_version as v (table_name, version) values (t, 1)
          on conflict (table_name) do update set version = v.version + 1;
      end loop;
      perform set_config('workspace.touched', '', true);
      delete from workspace_pending where id = new.id;
      return null;
    end $$`.execute(db);

  await sql`create constraint trigger workspace_bump after insert on workspace_pending
    deferrable initially deferred for each row execute function workspace_bump()`.execute(db);

  // Gives these tables their trigger (those that exist and have none yet) and returns every table now tracked.
  // Only the tables a workspace count reads are tracked (the cache names them as it finds them): a write to
  // anything else (sessions, the audit log, mail) costs nothing more than before.
  await sql`create function workspace_track_tables(wanted text[]) returns setof text language plpgsql as $$
    declare
      t text;
    begin
      if coalesce(array_length(wanted, 1), 0) > 0 then
        perform pg_advisory_xact_lock(hashtext('workspace_track_tables'));
        for t in select c.relname from pg_class c
            where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
              and c.relname = any(wanted)
              and c.relname not like 'workspace\_%' and c.relname not like 'kysely\_%'
              and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'workspace_touch') loop
          execute format('create trigger workspace_touch after insert or update or delete or truncate on %I
            for each statement execute function workspace_touch()', t);
        end loop;
      end if;
      return query select c.relname::text from pg_class c join pg_trigger g on g.tgrelid = c.oid
        where c.relnamespace = current_schema()::regnamespace and g.tgname = 'workspace_touch';
    end $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
