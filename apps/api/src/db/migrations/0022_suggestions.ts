import { type Kysely, sql } from 'kysely';

// The suggestion box: questions and suggestions sent by anyone, followed by a code, answered by the department and
// published when it chooses; and the proof-of-work challenges already spent (each is good once).
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('suggestion')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('new')
        .check(sql`status in ('new', 'assigned', 'answered', 'published', 'closed')`),
    )
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('sender_name', 'text', (c) => c.notNull())
    .addColumn('sender_contact', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('published_title', 'text')
    .addColumn('published_content', 'text')
    .addColumn('answer', 'text')
    .addColumn('assigned_to', 'uuid', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('assigned_at', 'timestamptz')
    .addColumn('answered_at', 'timestamptz')
    .addColumn('answered_by', 'uuid')
    .addColumn('answered_by_name', 'text')
    .addColumn('published_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_by', 'uuid')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'uuid')
    .execute();
  // The department's tabs (newest first) and the public page (published, newest first).
  await sql`create index suggestion_status_idx on suggestion (status, created_at desc, id) where deleted_at is null`.execute(
    db,
  );
  await sql`create index suggestion_published_idx on suggestion (published_at desc, id)
    where status = 'published' and deleted_at is null`.execute(db);

  await db.schema
    .createTable('suggestion_challenge')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('suggestion_challenge_expires_idx')
    .on('suggestion_challenge')
    .column('expires_at')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
