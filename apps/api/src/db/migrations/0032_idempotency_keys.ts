import { type Kysely, sql } from 'kysely';

// Idempotency keys of creates (platform/idempotency): a key claimed by its first request for one caller, method
// and route, then the answer that request gave (status, body), replayed to every repeat for 24 hours. A row
// without a status is a request still running; `claim` tells its request apart from a later one that took over
// the key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table idempotency_key (
    owner text not null,
    method text not null,
    route text not null,
    key text not null,
    fingerprint text not null,
    claim uuid not null default gen_random_uuid(),
    status_code integer,
    response_type text,
    response_body text,
    created_at timestamptz not null default now(),
    completed_at timestamptz,
    primary key (owner, method, route, key)
  )`.execute(db);
  await sql`create index idempotency_key_created_idx on idempotency_key (created_at)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
