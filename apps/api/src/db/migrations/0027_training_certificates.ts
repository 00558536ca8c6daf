import { type Kysely, sql } from 'kysely';

// OSH training credentials (modules/training/certificates): the yearly counters that number each issuer's
// credentials without gaps (a row per issuing unit, year and series, taken inside the issuing transaction), and the
// participants a request for credentials names, with the credential each one got. Requests, credentials, workers and
// units are referred to without foreign keys: the first two are catalogue tables, made after the numbered
// migrations.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table training_certificate_counter (
    issuer_unit_id uuid not null,
    year integer not null,
    credential text not null check (credential in ('certificate', 'card', 'logbook')),
    last integer not null,
    primary key (issuer_unit_id, year, credential)
  )`.execute(db);

  await sql`create table training_certificate_request_worker (
    request_id uuid not null,
    worker_id uuid not null,
    certificate_id uuid,
    primary key (request_id, worker_id)
  )`.execute(db);
  await sql`create index training_cert_request_worker_worker_idx on training_certificate_request_worker (worker_id)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
