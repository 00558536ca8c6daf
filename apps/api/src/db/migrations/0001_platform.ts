import { type Kysely, sql } from 'kysely';

// Platform: search extensions, the accent-insensitive normaliser every searchable column is indexed by,
// and the key/value configuration store (province variant, images, system info).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  // unaccent() is only STABLE (it depends on the dictionary search path); pinning the dictionary makes this
  // wrapper IMMUTABLE so expression indexes can use it. lower() first: 'Đ' → 'đ' → 'd'.
  await sql`
    create or replace function f_unaccent(text) returns text
    language sql immutable parallel safe strict
    as $$ select public.unaccent('public.unaccent'::regdictionary, lower($1)) $$
  `.execute(db);

  await db.schema
    .createTable('app_setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Access history: sign-ins, sign-outs, failed sign-ins and every data change (spec: access history page).
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'uuid')
    .addColumn('user_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('record_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('details', 'jsonb')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_user_idx').on('audit_log').columns(['user_id', 'at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
