import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { normalizeHeader, resolveCatalog } from '@portal/domain/catalog/index';
import { translate } from '@portal/domain/i18n';
import { monitoringFile, FILE_ROW_KINDS } from '@portal/domain/monitoring/file';
import { contextOf } from '../../catalog/context.ts';
import { buildTemplate, fileNames, XLSX_MIME } from '../../catalog/excel.ts';
import { contentDisposition } from '../../platform/files/index.ts';

/**
 * The monitoring organisation's whole file (reports and the readings of every factor on one sheet, a row's kind in
 * its `factor` column): its template is the catalogue's, built from the file's declaration (packages/domain
 * monitoring/file.ts), which the web's import page reads the headers by too.
 */
const fileCatalog = resolveCatalog(monitoringFile);

/** A row's kind as the file names it: the kind itself, or its label in either language ("Tiếng ồn"). */
const KIND_BY_LABEL = new Map<string, string>(
  FILE_ROW_KINDS.flatMap((kind) =>
    (['vi', 'en'] as const).map((lang) => [
      normalizeHeader(translate(lang, `monitoring:readingFactors.${kind}`)),
      kind,
    ]),
  ),
);
export function rowKindOf(value: unknown): string {
  const text = String(value ?? '').trim();
  if (!text) return 'report';
  return KIND_BY_LABEL.get(normalizeHeader(text)) ?? text;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `/api/ObservationMonitor/${fileCatalog.paths.template}`,
    {
      config: { permission: 'ObservationMonitor.import' },
      schema: {
        tags: ['ObservationMonitor'],
        summary:
          "Template (xlsx) of the monitoring organisation's file for import-observation-monitor-from-json: a Factor " +
          'column (report, or the factor of a reading) and the columns of the report and of every factor’s readings',
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, app.db);
      const buffer = await buildTemplate({ c: fileCatalog }, ctx);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition(fileNames(ctx, fileCatalog).template))
        .send(buffer);
    },
  );
};

export default routes;
