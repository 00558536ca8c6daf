import { type Kysely, sql } from 'kysely';

// Signed documents: the department's signing certificates (the private key sealed with the server secret) and
// the registry of every PDF the portal signed, found by its public verification code or its SHA-256.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table signing_certificate (
    id uuid primary key default gen_random_uuid(),
    subject text not null,
    common_name text not null,
    issuer text not null,
    serial_number text not null,
    fingerprint text not null,
    valid_from timestamptz not null,
    valid_to timestamptz not null,
    certificate bytea not null,
    chain bytea[] not null default '{}',
    sealed_key text not null,
    is_test boolean not null default false,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    created_by uuid
  )`.execute(db);
  // One certificate signs at a time; earlier ones stay to check what they signed.
  await sql`create unique index signing_certificate_active_idx on signing_certificate (active) where active`.execute(
    db,
  );

  await sql`create table signed_document (
    id uuid primary key default gen_random_uuid(),
    code text not null unique,
    kind text not null,
    number text,
    record_url text,
    sha256 text not null,
    byte_size integer not null,
    signer_subject text not null,
    certificate_id uuid not null references signing_certificate (id),
    signed_at timestamptz not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index signed_document_sha256_idx on signed_document (sha256)`.execute(db);
  await sql`create index signed_document_signed_at_idx on signed_document (signed_at desc, id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
