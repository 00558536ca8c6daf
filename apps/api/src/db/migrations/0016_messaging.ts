import { type Kysely, sql } from 'kysely';

// Mail between users (Message): a message, one mailbox entry per owner — the sender's copy in the sent box and
// one per recipient in the inbox — carrying that owner's label, read date and deletion (the trash bin), and the
// message's attachments (stored files, secure). Nothing is lost until an owner purges their entry.
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('message')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('sender_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('reply_to_id', 'uuid', (c) => c.references('message.id').onDelete('set null'))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('message_entry')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('message_id', 'uuid', (c) => c.notNull().references('message.id').onDelete('cascade'))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('box', 'text', (c) => c.notNull().check(sql`box in ('inbox', 'sent')`))
    .addColumn('label', 'text', (c) => c.check(sql`label in ('personal', 'company', 'important', 'private')`))
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'uuid')
    .addUniqueConstraint('message_entry_owner_unique', ['message_id', 'owner_id', 'box'])
    .execute();
  // A mailbox page: the owner's live entries of one box, newest first.
  await sql`create index message_entry_box_idx on message_entry (owner_id, box, created_at desc, id)
    where deleted_at is null`.execute(db);
  await sql`create index message_entry_unread_idx on message_entry (owner_id)
    where box = 'inbox' and read_at is null and deleted_at is null`.execute(db);
  await db.schema.createIndex('message_entry_message_idx').on('message_entry').column('message_id').execute();

  await db.schema
    .createTable('message_file')
    .addColumn('message_id', 'uuid', (c) => c.notNull().references('message.id').onDelete('cascade'))
    .addColumn('file_id', 'uuid', (c) => c.notNull().references('stored_file.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('message_file_pkey', ['message_id', 'file_id'])
    .execute();
  await db.schema.createIndex('message_file_file_idx').on('message_file').column('file_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
