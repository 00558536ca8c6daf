import { type Kysely, sql } from 'kysely';
import { searchIndexSql } from '../search.ts';

// Employers domain.
// - `business` becomes a catalogue area (`Bussiness`): it gains the engine's row bookkeeping (who changed it,
//   soft delete to the trash bin); its declared fields are added by the catalogue sync after the migrations.
//   The tax code is unique among live employers only, like every catalogue code, so a trashed employer's code
//   can be registered again (the registry sync targets the same partial index).
// - sectors an employer works in (many-to-many with the sector tree);
// - official documents between the authority and an employer, overtime notifications, violating
//   organisations, and the files attached to documents and notifications.
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  const uuid = sql`gen_random_uuid()`;

  await db.schema
    .alterTable('business')
    .addColumn('created_by', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'text')
    .addColumn('deleted_by_name', 'text')
    .execute();
  // Same name and shape as the catalogue sync's unique index for the area's `code` key.
  await sql`create unique index if not exists business_code_uq on business (lower(code)) where deleted_at is null`.execute(
    db,
  );
  await sql`drop index if exists business_code_key`.execute(db);
  await sql`create index if not exists business_trash_idx on business (deleted_at) where deleted_at is not null`.execute(
    db,
  );

  await db.schema
    .createTable('business_sector_link')
    .addColumn('business_id', 'uuid', (c) => c.notNull().references('business.id').onDelete('cascade'))
    .addColumn('sector_id', 'uuid', (c) => c.notNull().references('bussiness_sector.id').onDelete('cascade'))
    .addColumn('is_main', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'uuid')
    .addPrimaryKeyConstraint('business_sector_link_pkey', ['business_id', 'sector_id'])
    .execute();
  await db.schema
    .createIndex('business_sector_link_sector_idx')
    .on('business_sector_link')
    .column('sector_id')
    .execute();
  // At most one main sector per employer.
  await sql`create unique index business_sector_link_main_key on business_sector_link (business_id) where is_main`.execute(
    db,
  );

  await db.schema
    .createTable('official_document')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('toAuthority', 'toEmployer')`))
    .addColumn('business_id', 'uuid', (c) => c.notNull().references('business.id'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) =>
      c.notNull().check(sql`document_type in ('officialLetter', 'decision', 'notice', 'report', 'plan', 'other')`),
    )
    .addColumn('issued_on', 'date', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('signer', 'text')
    .addColumn('due_date', 'date')
    .addColumn('note', 'text')
    .addColumn('seen_at', 'timestamptz')
    .addColumn('seen_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'uuid')
    .addColumn('created_by_name', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_by', 'uuid')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'uuid')
    .execute();
  await sql`create index official_document_box_idx on official_document (direction, issued_on desc, id) where deleted_at is null`.execute(
    db,
  );
  await db.schema
    .createIndex('official_document_business_idx')
    .on('official_document')
    .columns(['business_id', 'direction'])
    .execute();
  await searchIndexSql('official_document', 'subject').execute(db);
  await searchIndexSql('official_document', 'number').execute(db);

  await db.schema
    .createTable('overtime_notification')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('business_id', 'uuid', (c) => c.notNull().references('business.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('from_date', 'date', (c) => c.notNull())
    .addColumn('to_date', 'date', (c) => c.notNull())
    .addColumn('worker_count', 'integer', (c) => c.notNull().check(sql`worker_count > 0`))
    .addColumn('max_hours_per_worker', 'integer', (c) => c.notNull().check(sql`max_hours_per_worker between 1 and 300`))
    .addColumn('jobs', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('submitted')
        .check(sql`status in ('submitted', 'accepted', 'returned')`),
    )
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'uuid')
    .addColumn('reviewed_by_name', 'text')
    .addColumn('return_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'uuid')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_by', 'uuid')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'uuid')
    .addCheckConstraint('overtime_notification_period_check', sql`from_date <= to_date`)
    .execute();
  await db.schema
    .createIndex('overtime_notification_business_idx')
    .on('overtime_notification')
    .columns(['business_id', 'year'])
    .execute();
  await sql`create index overtime_notification_status_idx on overtime_notification (status, submitted_at desc, id) where deleted_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('violating_organization')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('business_id', 'uuid', (c) => c.references('business.id').onDelete('set null'))
    .addColumn('organization_name', 'text', (c) => c.notNull())
    .addColumn('tax_code', 'text')
    .addColumn('address', 'text')
    .addColumn('ward_code', 'text')
    .addColumn('violation_content', 'text', (c) => c.notNull())
    .addColumn('legal_basis', 'text')
    .addColumn('decision_number', 'text')
    .addColumn('decision_date', 'date')
    .addColumn('fine_amount', 'bigint', (c) => c.check(sql`fine_amount >= 0`))
    .addColumn('issued_by', 'text')
    .addColumn('remedy', 'text')
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'uuid')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_by', 'uuid')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'uuid')
    .execute();
  await db.schema
    .createIndex('violating_organization_business_idx')
    .on('violating_organization')
    .column('business_id')
    .execute();
  await db.schema
    .createIndex('violating_organization_ward_idx')
    .on('violating_organization')
    .column('ward_code')
    .execute();
  await sql`create index violating_organization_public_idx on violating_organization (decision_date desc, id) where is_published and deleted_at is null`.execute(
    db,
  );
  await searchIndexSql('violating_organization', 'organization_name').execute(db);
  await searchIndexSql('violating_organization', 'tax_code').execute(db);

  // Files attached to a document or a notification; they are secure and served only after the record's check.
  await db.schema
    .createTable('business_record_file')
    .addColumn('owner_type', 'text', (c) => c.notNull().check(sql`owner_type in ('document', 'overtime')`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull())
    .addColumn('file_id', 'uuid', (c) => c.notNull().references('stored_file.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'uuid')
    .addPrimaryKeyConstraint('business_record_file_pkey', ['owner_type', 'owner_id', 'file_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
