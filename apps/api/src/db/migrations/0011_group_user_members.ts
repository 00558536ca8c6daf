import { type Kysely, sql } from 'kysely';
import { ensureCatalogSchema } from '../../catalog/schema.ts';

// Who belongs to which user group (GroupUser): the groups are a catalogue area, their members are users.
// A purged group or user takes its memberships along.
export async function up(db: Kysely<unknown>): Promise<void> {
  // group_user is a catalogue table (created by the catalogue sync): make sure it exists before referring to it.
  await ensureCatalogSchema(db);
  await db.schema
    .createTable('group_user_member')
    .addColumn('group_id', 'uuid', (c) => c.notNull().references('group_user.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'text')
    .addPrimaryKeyConstraint('group_user_member_pkey', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_user_member_user_idx').on('group_user_member').column('user_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
