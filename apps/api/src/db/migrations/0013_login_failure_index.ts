import { type Kysely, sql } from 'kysely';

// Failed sign-ins are counted from the access history (audit_log), so every instance of the portal and every
// restart sees the same windows per address and per user name. These partial indexes keep those counts to the
// few rows of the last minutes, however long the history grows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index audit_log_login_ip_idx on audit_log (ip, at) where action = 'login_failed'`.execute(db);
  await sql`create index audit_log_login_name_idx on audit_log (lower(user_name), at)
    where action in ('login', 'login_failed')`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
