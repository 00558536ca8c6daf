import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveCatalog } from '@portal/domain/catalog/index';
import { trainingResultsFile } from '@portal/domain/workers/results-file';
import { contextOf } from '../../catalog/context.ts';
import { buildTemplate, fileNames, XLSX_MIME } from '../../catalog/excel.ts';
import {
  booleanQuery,
  idsBody,
  idsParam,
  importBody,
  importResponseSchema,
  keyWordSchema,
} from '../../catalog/schemas.ts';
import { contentDisposition } from '../../platform/files/index.ts';
import { deletedAnswer, errorResponses as errors } from '../../platform/http/route-schemas.ts';
import { stringifyInTurns } from '../../platform/turns/index.ts';
import { sendReportFile, uploadReportFile } from './reports.ts';
import {
  addParticipants,
  importParticipants,
  listParticipants,
  removeParticipants,
  saveResults,
  visibleTraining,
} from './training.ts';
import {
  addOvertime,
  addProgress,
  listOvertime,
  listProgress,
  removeOvertime,
  removeProgress,
  workerOptions,
  workingFormOptions,
} from './records.ts';
import { pageOf } from '@portal/domain/paging';

/**
 * The Worker area's calls beyond the catalogue's standard ones (spec §7 Worker): progress records, overtime,
 * and the worker drop-downs that take the spec's `bussinessId`.
 */

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const paging = {
  pageNumber: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  pageSize: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(500).default(20)),
};
const uuidQuery = z.preprocess(blankToUndefined, z.uuid().optional());
/** The body of a delete call: ids as a JSON array or { ids }. */
const idsOf = (body: unknown): string[] =>
  (Array.isArray(body) ? body : ((body as { ids?: string[] } | undefined)?.ids ?? [])) as string[];

const progressSchema = z.object({
  id: z.string(),
  workerId: z.string(),
  fromDate: z.string(),
  toDate: z.string().nullable(),
  workplace: z.string().nullable(),
  position: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
});
const overtimeSchema = z.object({
  id: z.string(),
  workerId: z.string(),
  workDate: z.string(),
  hours: z.number(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export const workerOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  // A foreign worker known by passport only has no citizen ID.
  code: z.string().nullable(),
  businessId: z.string().nullable(),
  birthDate: z.string().nullable(),
});
/** Drop-down query: the spec's spellings (ids as JSON text, id, bussinessId) and the English one. */
export const optionQuery = {
  keyWord: keyWordSchema,
  ids: idsParam,
  id: uuidQuery,
  bussinessId: uuidQuery,
  businessId: uuidQuery,
  take: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(500).optional()),
};
const body = z.unknown().describe('fields of the record; validated field by field (400 with each error on its field)');

const workerRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: Parameters<typeof contextOf>[0]) => contextOf(request, app.db);
  const tags = ['Worker'];

  app.get(
    '/api/Worker/list-worker-progress',
    {
      config: { permission: 'Worker.read' },
      schema: {
        tags,
        summary: "A worker's employment progress (earlier jobs and positions), newest first",
        querystring: z.object({ workerId: z.uuid(), ...paging }),
        response: { 200: pageOf(progressSchema), ...errors },
      },
    },
    async (request) => listProgress(ctx(request), request.query.workerId, request.query),
  );
  app.post(
    '/api/Worker/add-worker-progress',
    {
      config: { permission: 'Worker.update', idempotent: true },
      schema: {
        tags,
        summary: 'Add a progress record: workerId, fromDate, toDate, workplace, position, description',
        body,
        response: { 201: progressSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addProgress(ctx(request), request.body)),
  );
  app.post(
    '/api/Worker/delete-worker-progress',
    {
      config: { permission: 'Worker.update' },
      schema: {
        tags,
        summary: 'Delete progress records (body: ids)',
        body: idsBody,
        response: { 200: deletedAnswer, ...errors },
      },
    },
    async (request) => removeProgress(ctx(request), idsOf(request.body)),
  );

  app.get(
    '/api/Worker/list-worker-over-time',
    {
      config: { permission: 'Worker.read' },
      schema: {
        tags,
        summary: "A worker's overtime, newest first, with the hours of the list (of a year when given)",
        querystring: z.object({
          workerId: z.uuid(),
          year: z.preprocess(blankToUndefined, z.coerce.number().int().min(1990).max(2200).optional()),
          ...paging,
        }),
        response: {
          200: z.object({ pageLists: z.array(overtimeSchema), totalRecord: z.number(), totalHours: z.number() }),
          ...errors,
        },
      },
    },
    async (request) => listOvertime(ctx(request), request.query.workerId, request.query),
  );
  app.post(
    '/api/Worker/add-worker-over-time',
    {
      config: { permission: 'Worker.update', idempotent: true },
      schema: {
        tags,
        summary: 'Record overtime on a day: workerId, workDate, hours, reason (legal caps per day, month and year)',
        body,
        response: { 201: overtimeSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addOvertime(ctx(request), request.body)),
  );
  app.post(
    '/api/Worker/delete-worker-over-time',
    {
      config: { permission: 'Worker.update' },
      schema: {
        tags,
        summary: 'Delete overtime records (body: ids)',
        body: idsBody,
        response: { 200: deletedAnswer, ...errors },
      },
    },
    async (request) => removeOvertime(ctx(request), idsOf(request.body)),
  );

  const options =
    (notRegistered: boolean) =>
    async (request: { query: z.infer<z.ZodObject<typeof optionQuery>> } & Parameters<typeof contextOf>[0]) => {
      const q = request.query;
      return workerOptions(ctx(request), {
        keyWord: q.keyWord,
        ids: [...(q.ids ?? []), ...(q.id ? [q.id] : [])],
        businessId: q.bussinessId ?? q.businessId,
        take: q.take,
        notRegistered,
      });
    };
  app.get(
    '/api/Worker/get-combobox-worker',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary:
          'Workers for a drop-down (name, citizen ID), of one employer with bussinessId; ids (JSON text) always included',
        querystring: z.object(optionQuery),
        response: { 200: z.array(workerOptionSchema), ...errors },
      },
    },
    options(false),
  );
  app.get(
    '/api/Worker/get-combobox-worker-not-register',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Foreign workers without a work permit request yet (for a new request)',
        querystring: z.object(optionQuery),
        response: { 200: z.array(workerOptionSchema), ...errors },
      },
    },
    options(true),
  );
  app.get(
    '/api/Worker/get-combobox-working-form',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Working forms',
        response: { 200: z.array(z.object({ value: z.string(), label: z.string() })), ...errors },
      },
    },
    async (request) => workingFormOptions(ctx(request)),
  );

  // -------------------------------------------------------------------------------------------- training courses
  const participantSchema = z.object({
    id: z.string(),
    trainingId: z.string(),
    workerId: z.string(),
    fullName: z.string(),
    citizenId: z.string().nullable(),
    birthDate: z.string().nullable(),
    sex: z.string().nullable(),
    result: z.string().nullable(),
    certificateNumber: z.string().nullable(),
    certificateDate: z.string().nullable(),
    note: z.string().nullable(),
  });
  const trainingTags = ['Training'];
  app.get(
    '/api/Training/list-training-worker',
    {
      config: { permission: 'Training.read' },
      schema: {
        tags: trainingTags,
        summary:
          'The workers who took part in a course (trainingId or id), by name; keyWord matches name or citizen ID',
        querystring: z
          .object({ trainingId: uuidQuery, id: uuidQuery, keyWord: keyWordSchema, ...paging })
          .refine((q) => q.trainingId ?? q.id, { path: ['trainingId'], message: 'trainingId' }),
        response: { 200: pageOf(participantSchema), ...errors },
      },
    },
    async (request) => listParticipants(ctx(request), (request.query.trainingId ?? request.query.id)!, request.query),
  );
  app.post(
    '/api/Training/add-training-worker',
    {
      config: { permission: 'Training.update' },
      schema: {
        tags: trainingTags,
        summary:
          "Add workers of the course's employer: trainingId, workerIds (or workerId), optional result and certificate",
        body,
        response: { 200: z.object({ added: z.number() }), ...errors },
      },
    },
    async (request) => addParticipants(ctx(request), request.body),
  );
  app.post(
    '/api/Training/delete-training-worker',
    {
      config: { permission: 'Training.update' },
      schema: {
        tags: trainingTags,
        summary: 'Remove participants (body: their ids)',
        body: idsBody,
        response: { 200: deletedAnswer, ...errors },
      },
    },
    async (request) => removeParticipants(ctx(request), idsOf(request.body)),
  );
  app.get(
    '/api/Training/get-combobox-worker-not-training',
    {
      config: { permission: 'Training.read' },
      schema: {
        tags: trainingTags,
        summary: "Workers of the course's employer not yet in the course (trainingId)",
        querystring: z.object({ ...optionQuery, trainingId: z.uuid() }),
        response: { 200: z.array(workerOptionSchema), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const c = ctx(request);
      await visibleTraining(c, q.trainingId);
      return workerOptions(c, { keyWord: q.keyWord, ids: q.ids, take: q.take, notInTraining: q.trainingId });
    },
  );
  app.post(
    '/api/Training/import-training-worker-from-json',
    {
      config: { permission: 'Training.update' },
      bodyLimit: 64 * 1024 * 1024,
      schema: {
        tags: trainingTags,
        summary:
          'Import participants (rows: citizenId or passportNumber, result, certificateNumber, certificateDate, note); ?dryRun=true only checks',
        querystring: z
          .object({ trainingId: uuidQuery, id: uuidQuery, dryRun: booleanQuery })
          .refine((q) => q.trainingId ?? q.id, { path: ['trainingId'], message: 'trainingId' }),
        body: importBody,
        response: { 200: importResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const rows = Array.isArray(request.body) ? request.body : request.body.rows;
      const outcome = await importParticipants(
        ctx(request),
        (request.query.trainingId ?? request.query.id)!,
        rows,
        request.query.dryRun ?? false,
      );
      // Written in turns, as the catalogue's imports; the reply is typed as the schema's object, the text is its JSON.
      const text = await stringifyInTurns({}, 'data', outcome.data);
      return reply.type('application/json; charset=utf-8').send(text as never);
    },
  );

  // The results file's template: the catalogue's, from its declaration (the import page reads the same headers).
  const resultsFile = resolveCatalog(trainingResultsFile);
  app.get(
    `/api/Training/${resultsFile.paths.template}`,
    {
      config: { permission: 'Training.update' },
      schema: {
        tags: trainingTags,
        summary:
          "Template (xlsx) of a course's results for import-training-worker-from-json: citizen ID or passport, result, certificate number and date, note",
      },
    },
    async (request, reply) => {
      const c = ctx(request);
      const buffer = await buildTemplate({ c: resultsFile }, c);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition(fileNames(c, resultsFile).template))
        .send(buffer);
    },
  );
  const resultEntry = z.object({
    workerId: z.string(),
    result: z.string().nullable().optional(),
    certificateNumber: z.string().nullable().optional(),
    certificateDate: z.string().nullable().optional(),
    note: z.string().nullable().optional(),
  });
  app.post(
    '/api/Training/update-training-worker-results',
    {
      config: { permission: 'Training.update' },
      schema: {
        tags: trainingTags,
        summary:
          "Save the results of a course's participants in one request (rows: workerId, result, certificateNumber, certificateDate, note); checked as the import checks a file, errors at rows.<index>.<field>",
        body: z.object({ trainingId: z.uuid(), rows: z.array(resultEntry).min(1) }),
        response: { 200: z.object({ updated: z.number() }), ...errors },
      },
    },
    async (request) => saveResults(ctx(request), request.body.trainingId, request.body.rows),
  );

  // -------------------------------------------------------------------------------------------- worker reports
  app.post(
    '/api/CollectWorker/file-collect-worker-report',
    {
      config: { permission: 'CollectWorker.create' },
      schema: {
        tags: ['CollectWorker'],
        summary:
          'Upload the signed report file (multipart formFile: PDF, Excel or Word); answers the file id to put in fileId',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ id: z.string(), fileName: z.string(), size: z.number() }), ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await uploadReportFile(request, ctx(request))),
  );
  app.get(
    '/api/CollectWorker/file-collect-worker-report',
    {
      config: { permission: 'CollectWorker.read' },
      schema: {
        tags: ['CollectWorker'],
        summary: 'Download the file of a report (id: the report)',
        querystring: z.object({ id: z.uuid() }),
      },
    },
    async (request, reply) => sendReportFile(reply, ctx(request), request.query.id),
  );
};

export default workerRoutes;
