import { type Kysely, sql } from 'kysely';

// The real-time hub's PostgreSQL adapter sends events between API instances with NOTIFY and keeps payloads too
// large for it in this table (the adapter's own layout).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table socket_io_attachments (
    id bigserial unique,
    created_at timestamptz default now(),
    payload bytea
  )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
