import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ARCHIVE_SOURCES, type ArchiveSource } from '@portal/domain/archive/index';
import type { Db } from '../../db/database.ts';
import { onNewDay } from '../../platform/clock/index.ts';
import { ARCHIVE_SOURCE_DEFINITIONS, type ArchiveSourceDefinition } from './sources.ts';

/**
 * Filing: every closed record not yet in the archive is filed under the index file its rule names (a report
 * type's own rule first, then its kind's; the lowest code among equals), with that file's retention as it is
 * on the day of filing: `dispose_on = closed_on + retention`, none when the file is kept permanently. One
 * statement per kind, whatever the number of records; running it again files nothing twice (one row per record,
 * `unique (source, record_id)`). A record whose kind has no rule, or whose file has no retention set, waits.
 */
export interface FilingOutcome {
  /** Records filed by this run. */
  filed: number;
  /** Closed records still not filed (no rule, or an index file without a retention). */
  unfiled: number;
  bySource: Record<ArchiveSource, { filed: number; unfiled: number }>;
}

export const FILING_QUEUE = 'archive-filing';
/** Every night at 01:40, Vietnam time (after the day's acceptances and closings). */
const FILING_CRON = '40 1 * * *';

async function fileSource(db: Db, def: ArchiveSourceDefinition, filedBy: string | null) {
  const inserted = await sql`insert into archive_record (index_file_id, source, record_id, title, number, business_id,
        ward_code, closed_on, retention_years, dispose_on, filed_by)
      select f.id, ${def.source}, c.record_id, c.title, c.number, c.business_id, c.ward_code, c.closed_on::date,
        case when f.permanent then null else f.retention_years::int end,
        case when f.permanent then null
          else (c.closed_on::date + make_interval(years => f.retention_years::int))::date end,
        ${filedBy}
      from (${def.closed()}) c
        join lateral (
          select r.index_file_id from archive_rule r
            join index_file rf on rf.id = r.index_file_id and rf.deleted_at is null
              and (rf.permanent or rf.retention_years is not null)
          where r.deleted_at is null and r.source = ${def.source}
            and (r.report_type_id is null or r.report_type_id = c.report_type_id)
          order by (r.report_type_id is null), r.code, r.id
          limit 1
        ) rule on true
        join index_file f on f.id = rule.index_file_id
      where not exists (select 1 from archive_record a where a.source = ${def.source} and a.record_id = c.record_id)
      on conflict (source, record_id) do nothing`.execute(db);
  const waiting = await sql<{ n: string }>`select count(*) as n from (${def.closed()}) c
    where not exists (select 1 from archive_record a where a.source = ${def.source} and a.record_id = c.record_id)`.execute(
    db,
  );
  return { filed: Number(inserted.numAffectedRows ?? 0), unfiled: Number(waiting.rows[0]?.n ?? 0) };
}

/** Files every closed record not filed yet; `filedBy`: the department officer who asked, null for the job. */
export async function fileClosedRecords(db: Db, filedBy: string | null = null): Promise<FilingOutcome> {
  const bySource = Object.fromEntries(ARCHIVE_SOURCES.map((s) => [s, { filed: 0, unfiled: 0 }])) as Record<
    ArchiveSource,
    { filed: number; unfiled: number }
  >;
  for (const def of ARCHIVE_SOURCE_DEFINITIONS) bySource[def.source] = await fileSource(db, def, filedBy);
  const all = Object.values(bySource);
  return {
    filed: all.reduce((n, s) => n + s.filed, 0),
    unfiled: all.reduce((n, s) => n + s.unfiled, 0),
    bySource,
  };
}

/** The nightly filing (and, when a test moves the clock, the new day's). */
export function defineFilingJob(app: FastifyInstance): void {
  app.jobs.define<object>({
    queue: FILING_QUEUE,
    cron: FILING_CRON,
    retryLimit: 2,
    handler: async () => {
      const outcome = await fileClosedRecords(app.db);
      if (outcome.filed || outcome.unfiled)
        app.log.info({ filed: outcome.filed, unfiled: outcome.unfiled }, 'archive filing');
    },
  });
  onNewDay(app, FILING_QUEUE, () => fileClosedRecords(app.db));
}
