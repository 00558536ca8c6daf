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
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
