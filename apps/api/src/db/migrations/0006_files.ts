import { type Kysely, sql } from 'kysely';

// Uploaded files: bytes in the file storage, metadata here. Names are kept as the user wrote them (Vietnamese).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_file')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('ext', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('is_secure', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('file_type', 'text')
    .addColumn('uploaded_by', 'uuid')
    .addColumn('business_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
