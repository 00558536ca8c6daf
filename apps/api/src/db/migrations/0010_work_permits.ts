import { type Kysely, sql } from 'kysely';
import { ensureCatalogSchema } from '../../catalog/schema.ts';

// Work permits and confirmation certificates (WorkerLicense): requests an employer files for its foreign
// workers, their history, their documents and the yearly number counters. Statuses follow the state machine in
// packages/domain/src/permits/state.ts; `expired` is not stored (derived from valid_to when read).
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  // The worker table belongs to the Worker catalogue area, which the catalogue sync creates. A database
  // migrated before that area existed gets it here, so the foreign key below has its target.
  await ensureCatalogSchema(db);

  await db.schema
    .createTable('work_permit')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('new', 'extend', 'renew', 'confirm')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'submitted', 'returned', 'approved', 'rejected')`),
    )
    .addColumn('business_id', 'uuid', (c) => c.notNull().references('business.id'))
    .addColumn('worker_id', 'uuid', (c) => c.notNull().references('worker.id'))
    .addColumn('parent_id', 'uuid', (c) => c.references('work_permit.id'))
    .addColumn('passport_number', 'text')
    .addColumn('position', 'text', (c) => c.check(sql`position in ('manager', 'executive', 'expert', 'technician')`))
    .addColumn('job_title', 'text')
    .addColumn('workplace', 'text')
    .addColumn('work_form', 'text')
    .addColumn('requested_from', 'date')
    .addColumn('requested_to', 'date')
    .addColumn('renew_reason', 'text', (c) => c.check(sql`renew_reason in ('lost', 'damaged', 'detailsChanged')`))
    .addColumn('exemption_ground', 'text')
    .addColumn('exemption_detail', 'text')
    .addColumn('note', 'text')
    .addColumn('number', 'text')
    .addColumn('number_year', 'integer')
    .addColumn('number_sequence', 'integer')
    .addColumn('valid_from', 'date')
    .addColumn('valid_to', 'date')
    .addColumn('return_reason', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('decision_note', 'text')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'uuid')
    .addColumn('decided_by_name', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'uuid')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_by', 'uuid')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'uuid')
    // Extensions and renewals hang from the permit they continue; new requests and confirmations stand alone.
    .addCheckConstraint('work_permit_parent_check', sql`(kind in ('extend', 'renew')) = (parent_id is not null)`)
    // A granted request always has its number and validity.
    .addCheckConstraint(
      'work_permit_approved_check',
      sql`status not in ('approved') or (number is not null and valid_from is not null and valid_to is not null)`,
    )
    .addCheckConstraint(
      'work_permit_validity_check',
      sql`valid_to is null or valid_from is null or valid_to >= valid_from`,
    )
    .execute();
  await sql`create unique index work_permit_number_key on work_permit (number) where number is not null`.execute(db);
  // One request in progress per worker for a new permit or confirmation, and per permit for its extension or
  // renewal: the service checks first; these keep two simultaneous filings from both succeeding.
  await sql`create unique index work_permit_open_worker_key on work_permit (worker_id)
    where kind in ('new', 'confirm') and status in ('draft', 'submitted', 'returned') and deleted_at is null`.execute(
    db,
  );
  await sql`create unique index work_permit_open_parent_key on work_permit (parent_id)
    where parent_id is not null and status in ('draft', 'submitted', 'returned') and deleted_at is null`.execute(db);
  await sql`create index work_permit_business_idx on work_permit (business_id, updated_at desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index work_permit_status_idx on work_permit (status, updated_at desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index work_permit_worker_idx on work_permit (worker_id)`.execute(db);
  await sql`create index work_permit_parent_idx on work_permit (parent_id) where parent_id is not null`.execute(db);
  await sql`create index work_permit_valid_to_idx on work_permit (valid_to) where status = 'approved' and deleted_at is null`.execute(
    db,
  );
  await sql`create index work_permit_passport_idx on work_permit (passport_number)`.execute(db);
  await sql`create index work_permit_number_search_idx on work_permit using gin (f_unaccent(coalesce(number, '')) gin_trgm_ops)`.execute(
    db,
  );

  await db.schema
    .createTable('work_permit_event')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('permit_id', 'uuid', (c) => c.notNull().references('work_permit.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('actor_id', 'uuid')
    .addColumn('actor_name', 'text')
    .addColumn('reason', 'text')
    .execute();
  await db.schema
    .createIndex('work_permit_event_permit_idx')
    .on('work_permit_event')
    .columns(['permit_id', 'at'])
    .execute();

  await db.schema
    .createTable('work_permit_file')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('permit_id', 'uuid', (c) => c.notNull().references('work_permit.id').onDelete('cascade'))
    .addColumn('requirement_code', 'text')
    .addColumn('file_id', 'uuid', (c) => c.notNull().references('stored_file.id'))
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('applicant', 'reviewer')`))
    .addColumn('uploaded_by', 'uuid')
    .addColumn('uploaded_by_name', 'text')
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // One document per checklist slot (uploading again replaces it).
  await sql`create unique index work_permit_file_slot_key on work_permit_file (permit_id, requirement_code) where requirement_code is not null`.execute(
    db,
  );
  await db.schema.createIndex('work_permit_file_permit_idx').on('work_permit_file').column('permit_id').execute();

  await db.schema
    .createTable('work_permit_counter')
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_permit_counter_pkey', ['prefix', 'year'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
