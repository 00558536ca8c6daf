import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@portal/domain/i18n';
import { TRAINING_STATE_FILTERS, TRAINING_STATES, type TrainingStatusRow } from '@portal/domain/training/refresher';
import { keyWordSchema } from '../../catalog/schemas.ts';
import type { Executor } from '../../catalog/context.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { clock } from '../../platform/clock/index.ts';
import { languageOf } from '../../platform/errors/handler.ts';
import { readInBatches, sendSheet, writeSheet, type SheetColumn } from '../../platform/excel/stream-sheet.ts';
import { errorResponsesFor } from '../../platform/http/route-schemas.ts';
import { allStatusRows, refresherNoticeDays, statusPage, statusRowOf, type StatusDay } from './refresher.ts';

/**
 * The training status list's calls (spec area TrainingCertificate): a page of "trained until when" with its
 * filters, and the same list as a streamed xlsx file. Both within the caller's scope (see refresher.ts).
 */

const READ = 'TrainingCertificate.read';
const EXPORT = 'TrainingCertificate.export';

/** Today, and the notice days in force on it. */
export async function statusDay(db: Executor): Promise<StatusDay> {
  const today = clock.today();
  return { today, noticeDays: await refresherNoticeDays(db, today) };
}

const filters = {
  keyWord: keyWordSchema,
  state: z
    .enum(TRAINING_STATE_FILTERS)
    .optional()
    .describe('valid, dueSoon, expired, neverTrained, or needsRefresher (due soon and expired)'),
  targetTrainingId: z.uuid().optional().describe('the training group'),
  businessId: z.uuid().optional().describe("the credential's employer (a never-trained worker's employer)"),
  wardId: z
    .string()
    .regex(/^(legacy|2025):\d{2,5}$/)
    .optional()
    .describe("the employer's commune"),
  sortField: z.enum(['validUntil']).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
};

const pagingQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  ...filters,
});

const row = z.object({
  key: z.string(),
  workerId: z.string(),
  fullName: z.string(),
  citizenId: z.string().nullable(),
  businessId: z.string(),
  businessName: z.string(),
  wardId: z.string().nullable(),
  wardName: z.string().nullable(),
  targetTrainingId: z.string(),
  targetTrainingName: z.string(),
  certificateId: z.string().nullable(),
  certificateNumber: z.string().nullable(),
  credential: z.string().nullable(),
  issuedOn: z.string().nullable(),
  validUntil: z.string().nullable(),
  state: z.enum(TRAINING_STATES),
});

const page = z.object({
  pageLists: z.array(row),
  totalRecord: z.number(),
  totalKind: z.enum(['estimate', 'atLeast']).optional(),
  today: z.string(),
  noticeDays: z.number(),
});

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/TrainingCertificate/get-paging-refresher',
    {
      config: { permission: READ },
      schema: {
        tags: ['TrainingCertificate'],
        summary:
          'Trained until when: per worker and group, the current credential and its state (valid, due soon, expired), ' +
          'or never trained; within the caller’s scope, by expiry',
        querystring: pagingQuery,
        response: { 200: page, ...errorResponsesFor(400, 401, 403) },
      },
    },
    async (request) => statusPage(app.db, request.principal, request.query, await statusDay(app.db)),
  );

  app.get(
    '/api/TrainingCertificate/export-excel-refresher',
    {
      config: { permission: EXPORT },
      schema: {
        tags: ['TrainingCertificate'],
        summary: 'The training status list, filtered alike, as an xlsx file (streamed)',
        querystring: z.object(filters),
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const t = (key: string) => translate(lang, key);
      const day = await statusDay(app.db);
      const label = (k: string) => t(`training:refresher.columns.${k}`);
      const columns: SheetColumn<TrainingStatusRow>[] = [
        { header: label('fullName'), width: 28, value: (r) => r.fullName },
        { header: label('citizenId'), width: 16, value: (r) => r.citizenId },
        { header: label('business'), width: 36, value: (r) => r.businessName },
        { header: label('ward'), width: 24, value: (r) => r.wardName },
        { header: label('group'), width: 30, value: (r) => r.targetTrainingName },
        { header: label('certificateNumber'), width: 22, value: (r) => r.certificateNumber },
        {
          header: label('credential'),
          width: 24,
          value: (r) => (r.credential ? t(`training:credentials.${r.credential}`) : null),
        },
        { header: label('issuedOn'), width: 14, date: true, value: (r) => r.issuedOn },
        { header: label('validUntil'), width: 14, date: true, value: (r) => r.validUntil },
        { header: label('state'), width: 18, value: (r) => t(`training:refresher.states.${r.state}`) },
      ];
      const query = allStatusRows(request.principal, request.query, request.query.sortOrder ?? 'asc', day);
      return sendSheet(request, reply, `${t('training:refresher.fileName')}.xlsx`, (out) =>
        writeSheet(
          out,
          { sheet: t('training:refresher.sheet'), creator: t('common:appShortName'), columns },
          async (write) => {
            const rows = await readInBatches(app.db, query, (batch) => write(batch.map((r) => statusRowOf(r, day))));
            await recordAudit(app.db, request, { action: 'export', subject: 'TrainingCertificate', details: { rows } });
          },
        ),
      );
    },
  );
};

export default routes;
