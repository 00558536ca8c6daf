import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ARCHIVE_API,
  ARCHIVE_EXPORT_MAX,
  ARCHIVE_PERMISSIONS as P,
  ARCHIVE_SUBJECT,
} from '@portal/domain/archive/index';
import { clock } from '../../platform/clock/index.ts';
import { errorResponsesFor } from '../../platform/http/route-schemas.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { archiveExports } from './exports.ts';
import { fileClosedRecords } from './filing.ts';
import { disposeRecords, listRecords } from './queries.ts';
import {
  archiveListQuery,
  archivePage,
  disposeAnswer,
  disposeBody,
  exportBody,
  exportRun,
  filingAnswer,
} from './schemas.ts';

const tags = [ARCHIVE_SUBJECT];
const path = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');
const idParams = z.object({ id: z.uuid() });

/**
 * `/api/ArchiveRecord/…`: the archive in the caller's scope (list with search, filters, sort and paging; the
 * due-for-disposal list is the same list filtered), filing now, recording disposals, and exports (a ZIP made in
 * the background, its progress, its download).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const exports = archiveExports(app);

  app.get(
    ARCHIVE_API.list,
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary:
          'Archived records the caller sees (department: all; commune: its area; employer: its own), searched by title, number or employer, filtered by index file, kind, year of closing, due for disposal (due=true) or disposed; sorted by closedOn, disposeOn, number, title or filedAt',
        querystring: archiveListQuery,
        response: { 200: archivePage, ...errorResponsesFor(400, 401, 403) },
      },
    },
    async (request) => listRecords(app.db, request.principal, request.query, clock.today()),
  );

  app.post(
    ARCHIVE_API.file,
    {
      config: { permission: P.file },
      schema: {
        tags,
        summary:
          'Department: file every closed record not filed yet (accepted reports, concluded accident investigations, confirmed equipment declarations, closed inspections) under the index file its rule names, with that file’s retention; idempotent (the nightly job does the same)',
        response: { 200: filingAnswer, ...errorResponsesFor(401, 403) },
      },
    },
    async (request) => {
      const outcome = await fileClosedRecords(app.db, request.principal?.userId ?? null);
      await recordAudit(app.db, request, {
        action: 'file',
        subject: ARCHIVE_SUBJECT,
        details: { filed: outcome.filed, unfiled: outcome.unfiled },
      });
      return outcome;
    },
  );

  app.post(
    ARCHIVE_API.dispose,
    {
      config: { permission: P.dispose },
      schema: {
        tags,
        summary:
          'Department: record that records due for disposal were destroyed (body: ids and the basis, e.g. the decision’s number and date); all or none: 409 when one is not due, kept permanently, already disposed or not seen',
        body: disposeBody,
        response: { 200: disposeAnswer, ...errorResponsesFor(400, 401, 403, 409) },
      },
    },
    async (request) => ({
      disposed: await disposeRecords(app.db, request, request.body.ids, request.body.reason, clock.today()),
    }),
  );

  app.post(
    ARCHIVE_API.exports,
    {
      config: { permission: P.export, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: `Export records as a ZIP of their PDFs with manifest.csv and manifest.json (number, title, closing date, retention, SHA-256 of each PDF): an index file and a year ({ indexFileId, year }) or chosen records ({ ids }), at most ${ARCHIVE_EXPORT_MAX}, in the caller's scope; made in the background (202 with the run; poll it, then download). One unfinished export per user (429)`,
        body: exportBody,
        response: { 202: exportRun, ...errorResponsesFor(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => reply.status(202).send(await exports.request(request, request.body)),
  );

  app.get(
    ARCHIVE_API.exports,
    {
      config: { permission: P.export },
      schema: {
        tags,
        summary: 'The caller’s latest exports (newest first)',
        response: { 200: z.object({ items: z.array(exportRun) }), ...errorResponsesFor(401, 403) },
      },
    },
    async (request) => ({ items: await exports.recent(request.principal!) }),
  );

  app.get(
    path(ARCHIVE_API.exportRun),
    {
      config: { permission: P.export },
      schema: {
        tags,
        summary:
          'One export of the caller: status, progress (done of total), and the file’s size and SHA-256 once done',
        params: idParams,
        response: { 200: exportRun, ...errorResponsesFor(400, 401, 403, 404) },
      },
    },
    async (request) => exports.get(request.principal!, request.params.id),
  );

  app.get(
    path(ARCHIVE_API.exportDownload),
    {
      config: { permission: P.export },
      schema: {
        tags,
        summary: 'The finished ZIP of one of the caller’s exports, streamed (409 while it is being made)',
        params: idParams,
        produces: ['application/zip'],
        response: errorResponsesFor(400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => exports.download(request.principal!, request.params.id, reply),
  );
};

export default routes;
