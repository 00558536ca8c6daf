import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { translator } from '../../catalog/context.ts';
import { catalogueHook } from '../../catalog/hooks.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { defineModule } from '../define.ts';
import { defineFilingJob } from './filing.ts';
import routes from './routes.ts';
import { archiveDemoStep, archiveReferenceStep } from './seed.ts';
import { workspaceTasks } from './workspace.ts';

export { fileClosedRecords, type FilingOutcome } from './filing.ts';

/**
 * The archive of closed records (issue #25 point 9): closed records filed under the index of files with their
 * retention (nightly, or when the department asks), the list in each caller's scope, the records due for
 * disposal and the recorded disposals, and exports of records as a ZIP of PDFs with a manifest.
 */
const archive: FastifyPluginAsync = async (app) => {
  defineFilingJob(app);
  await app.register(routes);
};

export default defineModule({
  name: 'archive',
  plugin: archive,
  workspace: { tasks: workspaceTasks },
  catalogueHooks: [
    // A report type narrows a rule for periodic reports only.
    catalogueHook('archiveRule', {
      beforeChange({ ctx, data, original }) {
        const source = (data.source ?? original?.source) as string | undefined;
        const reportTypeId = 'reportTypeId' in data ? data.reportTypeId : original?.reportTypeId;
        if (reportTypeId && source !== 'reportSubmission')
          throw new AppError(400, 'VALIDATION', {
            details: [
              {
                field: 'reportTypeId',
                code: 'custom',
                message: translator(ctx)('archive:errors.reportTypeOnlyForReports'),
              },
            ],
          });
      },
    }),
    // Filed records keep their index file: it cannot go to the trash bin under them.
    catalogueHook('indexFile', {
      async beforeDelete({ ctx, ids }) {
        const used = await sql<{ id: string }>`select index_file_id as id from archive_record
          where index_file_id = any(${ids}::uuid[]) limit 1`.execute(ctx.db);
        if (used.rows.length)
          throw new AppError(409, 'INDEX_FILE_IN_USE', { messageKey: 'archive:errors.indexFileInUse' });
      },
    }),
  ],
  seeds: [archiveReferenceStep, archiveDemoStep],
});
