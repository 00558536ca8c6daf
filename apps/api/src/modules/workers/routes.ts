import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../catalog/context.ts';
import { errorBodySchema, idsBody, idsParam, keyWordSchema } from '../../catalog/schemas.ts';
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

/**
 * The Worker area's calls beyond the catalogue's standard ones (spec §7 Worker): progress records, overtime,
 * and the worker drop-downs that take the spec's `bussinessId`.
 */

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const paging = {
  pageNumber: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  pageSize: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(500).default(20)),
};
const uuidQuery = z.preprocess(blankToUndefined, z.uuid().optional());
/** The body of a delete call: ids as a JSON array or { ids }. */
const idsOf = (body: unknown): string[] => (Array.isArray(body) ? body : ((body as { ids?: string[] } | undefined)?.ids ?? [])) as string[];

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
  code: z.string(),
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
        response: { 200: z.object({ pageLists: z.array(progressSchema), totalRecord: z.number() }), ...errors },
      },
    },
    async (request) => listProgress(ctx(request), request.query.workerId, request.query),
  );
  app.post(
    '/api/Worker/add-worker-progress',
    {
      config: { permission: 'Worker.update' },
      schema: { tags, summary: 'Add a progress record: workerId, fromDate, toDate, workplace, position, description', body, response: { 201: progressSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await addProgress(ctx(request), request.body)),
  );
  app.post(
    '/api/Worker/delete-worker-progress',
    {
      config: { permission: 'Worker.update' },
      schema: { tags, summary: 'Delete progress records (body: ids)', body: idsBody, response: { 200: z.object({ deleted: z.number() }), ...errors } },
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
        querystring: z.object({ workerId: z.uuid(), year: z.preprocess(blankToUndefined, z.coerce.number().int().min(1990).max(2200).optional()), ...paging }),
        response: { 200: z.object({ pageLists: z.array(overtimeSchema), totalRecord: z.number(), totalHours: z.number() }), ...errors },
      },
    },
    async (request) => listOvertime(ctx(request), request.query.workerId, request.query),
  );
  app.post(
    '/api/Worker/add-worker-over-time',
    {
      config: { permission: 'Worker.update' },
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
      schema: { tags, summary: 'Delete overtime records (body: ids)', body: idsBody, response: { 200: z.object({ deleted: z.number() }), ...errors } },
    },
    async (request) => removeOvertime(ctx(request), idsOf(request.body)),
  );

  const options = (notRegistered: boolean) => async (request: { query: z.infer<z.ZodObject<typeof optionQuery>> } & Parameters<typeof contextOf>[0]) => {
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
        summary: 'Workers for a drop-down (name, citizen ID), of one employer with bussinessId; ids (JSON text) always included',
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
      schema: { tags, summary: 'Working forms', response: { 200: z.array(z.object({ value: z.string(), label: z.string() })), ...errors } },
    },
    async (request) => workingFormOptions(ctx(request)),
  );
};

export default workerRoutes;
