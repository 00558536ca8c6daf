import { type Kysely, sql } from 'kysely';
import { searchIndexSql } from '../search.ts';

// Identity and access: employers (minimal; the employers domain extends the table), units, user types with
// their granted permissions, users, sign-in sessions with rotating refresh tokens, single-use mailed tokens,
// 2FA recovery codes and the mail outbox.
// Administrative-unit references (business.ward_code, unit.local_unit_code) are admin_unit ids; they carry no
// foreign key so reference data can be reloaded without touching accounts, and the API validates them.
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  const uuid = sql`gen_random_uuid()`;

  await db.schema
    .createTable('business')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('address', 'text')
    .addColumn('ward_code', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('pending', 'active', 'inactive')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index business_code_key on business (lower(code))`.execute(db);
  await db.schema.createIndex('business_ward_idx').on('business').column('ward_code').execute();
  await searchIndexSql('business', 'name').execute(db);

  await db.schema
    .createTable('unit')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('department', 'district', 'employer', 'service_centre', 'training_body')`),
    )
    .addColumn('code', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'uuid', (c) => c.references('unit.id'))
    .addColumn('business_id', 'uuid', (c) => c.references('business.id'))
    .addColumn('local_unit_code', 'text')
    .addColumn('address', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint('unit_employer_check', sql`(kind = 'employer') = (business_id is not null)`)
    .addCheckConstraint('unit_district_check', sql`kind <> 'district' or local_unit_code is not null`)
    .execute();
  await sql`create unique index unit_code_key on unit (lower(code)) where code is not null`.execute(db);
  await sql`create unique index unit_business_key on unit (business_id) where business_id is not null`.execute(db);
  await db.schema.createIndex('unit_local_unit_idx').on('unit').column('local_unit_code').execute();
  await db.schema.createIndex('unit_kind_idx').on('unit').columns(['kind', 'name']).execute();
  await searchIndexSql('unit', 'name').execute(db);

  await db.schema
    .createTable('user_type')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('client')
        .check(sql`role in ('admin', 'client')`),
    )
    .addColumn('unit_kind', 'text', (c) =>
      c.check(sql`unit_kind in ('department', 'district', 'employer', 'service_centre', 'training_body')`),
    )
    .addColumn('is_system', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('permissions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index user_type_code_key on user_type (lower(code))`.execute(db);
  await searchIndexSql('user_type', 'name').execute(db);

  await db.schema
    .createTable('app_user')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('gender', 'text', (c) => c.check(sql`gender in ('male', 'female', 'other')`))
    .addColumn('birthday', 'date')
    .addColumn('address', 'text')
    .addColumn('job_title', 'text')
    .addColumn('avatar_file_id', 'uuid')
    .addColumn('unit_id', 'uuid', (c) => c.notNull().references('unit.id'))
    .addColumn('user_type_id', 'uuid', (c) => c.notNull().references('user_type.id'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('inactive')
        .check(sql`status in ('inactive', 'active', 'disabled', 'locked')`),
    )
    .addColumn('password_hash', 'text')
    .addColumn('password_changed_at', 'timestamptz')
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'uuid')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'uuid')
    .execute();
  // Unique across deleted users too: a restored account must not collide, and history names stay unambiguous.
  await sql`create unique index app_user_user_name_key on app_user (lower(user_name))`.execute(db);
  await sql`create unique index app_user_email_key on app_user (lower(email)) where email is not null`.execute(db);
  await db.schema.createIndex('app_user_unit_idx').on('app_user').column('unit_id').execute();
  await db.schema.createIndex('app_user_type_idx').on('app_user').column('user_type_id').execute();
  await searchIndexSql('app_user', 'full_name').execute(db);
  await searchIndexSql('app_user', 'user_name').execute(db);

  await db.schema
    .createTable('auth_session')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('auth_session_user_idx').on('auth_session').column('user_id').execute();

  await db.schema
    .createTable('refresh_token')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('auth_session.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refresh_token_session_idx').on('refresh_token').column('session_id').execute();

  await db.schema
    .createTable('account_token')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('activation', 'invitation', 'password_reset', 'two_factor')`),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('account_token_user_idx').on('account_token').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('recovery_code')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('recovery_code_user_idx').on('recovery_code').column('user_id').execute();

  await db.schema
    .createTable('outbox_mail')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text')
    .addColumn('html_body', 'text')
    .addColumn('purpose', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'failed', 'outbox')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('next_attempt_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('outbox_mail_created_idx').on('outbox_mail').column('created_at').execute();
  await db.schema.createIndex('outbox_mail_due_idx').on('outbox_mail').columns(['status', 'next_attempt_at']).execute();
  await searchIndexSql('outbox_mail', 'to_address').execute(db);
  await searchIndexSql('outbox_mail', 'subject').execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
