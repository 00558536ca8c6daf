import { type Kysely, sql } from 'kysely';

// A reporter other than an employer (a commune, a service centre, a training body) finds its own reports by its
// reporter key (filing/access.ts ofReporter), removed rows with a report started included: 0039's index leaves
// those out, so its workspace counts read every expected reporter of the province (600 ms at 3 million).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index report_expected_reporter_key_idx on report_expected (reporter_key, reporter_kind)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
