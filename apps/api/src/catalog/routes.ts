import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { comboboxSpelling, type ResolvedCatalog } from '@portal/domain/catalog/index';
import type { Permission } from '../platform/access/index.ts';
import { AppError } from '../platform/errors/app-error.ts';
import { contentDisposition } from '../platform/files/index.ts';
import { assertCan, contextOf, translator } from './context.ts';
import { buildTemplate, fileNames, writeExport, XLSX_MIME } from './excel.ts';
import { importRows, MAX_IMPORT_ROWS } from './import.ts';
import { IMPORT_BACKGROUND_ROWS, importRuns, type ImportRuns } from './import-runs.ts';
import { stringifyInTurns } from '../platform/turns/index.ts';
import { catalogOperations, type CatalogOperations } from './operations.ts';
import type { Filters } from './query.ts';
import { catalogRegistry } from './registry.ts';
import trashRoutes from './trash.ts';
import {
  bodySchema,
  booleanQuery,
  errorBodySchema,
  exportQuerySchema,
  filterShape,
  optionParamShape,
  idsBody,
  idsParam,
  importBody,
  importResponseSchema,
  keyWordSchema,
  listQuerySchema,
  pageSchema,
  recordSchema,
  treeNodeSchema,
} from './schemas.ts';
import { errorResponses } from '../platform/http/route-schemas.ts';

const errors = errorResponses;

/** `{id}` (`{code}`) in a spelling → Fastify's `:id` (`:code`). */
const url = (c: ResolvedCatalog, path: string) => `/api/${c.mount}/${path.replace(/\{(id|code)\}/g, ':$1')}`;

/** Split parsed list query parameters into paging/sort and declared filters. */
function filtersOf(query: Record<string, unknown>): Filters {
  const { pageNumber: _p, pageSize: _s, keyWord, sortField: _f, sortOrder: _o, ...values } = query;
  return { keyWord: keyWord as string | undefined, values };
}

interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  permission: Permission;
  summary: string;
  schema: NonNullable<RouteShorthandOptions['schema']>;
  bodyLimit?: number;
  /** Accepts an `Idempotency-Key` header (platform/idempotency). */
  idempotent?: boolean;
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

/** The standard routes of one area at the spec's spellings, each a thin call into the operations layer. */
function routesOf(app: FastifyInstance, c: ResolvedCatalog, ops: CatalogOperations, runs: ImportRuns): RouteSpec[] {
  const p = c.paths;
  const s = c.subject;
  const ctx = (request: FastifyRequest) => contextOf(request, app.db);
  const record = recordSchema(c);
  const idParams = z.object({ id: z.uuid() });
  const out: RouteSpec[] = [];
  // Detail/update spellings without {id} take it from the query or body.
  const idFrom = (request: FastifyRequest): string => {
    const id =
      (request.params as { id?: string }).id ??
      (request.query as { id?: string }).id ??
      (request.body as { id?: unknown } | undefined)?.id;
    const parsed = z.uuid().safeParse(id);
    if (!parsed.success) {
      throw new AppError(400, 'VALIDATION', {
        details: [
          { field: 'id', message: translator(ctx(request))('catalog:validation.invalid'), code: 'invalid_format' },
        ],
      });
    }
    return parsed.data;
  };
  const paramsOf = (path: string) =>
    path.includes('{id}') ? { params: idParams } : { querystring: z.object({ id: z.uuid().optional() }) };

  out.push({
    method: 'GET',
    path: p.list,
    permission: `${s}.read`,
    summary: 'Paged list: pageNumber, pageSize, keyWord (accent-insensitive), sort, filters',
    schema: { querystring: listQuerySchema(c), response: { 200: pageSchema(c), ...errors } },
    handler: async (request) => {
      const q = request.query as Record<string, unknown> & {
        pageNumber: number;
        pageSize: number;
        sortField?: string;
        sortOrder?: 'asc' | 'desc';
      };
      return ops.list(ctx(request), {
        ...filtersOf(q),
        pageNumber: q.pageNumber,
        pageSize: q.pageSize,
        sortField: q.sortField,
        sortOrder: q.sortOrder,
      });
    },
  });
  out.push({
    method: 'GET',
    path: p.detail,
    permission: `${s}.read`,
    summary: 'One record',
    schema: { ...paramsOf(p.detail), response: { 200: record, ...errors } },
    handler: async (request) => ops.get(ctx(request), idFrom(request)),
  });
  out.push({
    method: 'POST',
    path: p.create,
    permission: `${s}.create`,
    summary: 'Create (400 field errors, 409 duplicate code or name)',
    // Reports, requests and declarations kept as areas are created here: one key, one record.
    idempotent: true,
    schema: { body: bodySchema(c), response: { 201: record, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await ops.create(ctx(request), request.body as Record<string, unknown>)),
  });
  out.push({
    method: 'PUT',
    path: p.update,
    permission: `${s}.update`,
    summary: 'Update (the whole record)',
    schema: {
      ...(p.update.includes('{id}') ? { params: idParams } : {}),
      body: bodySchema(c),
      response: { 200: record, ...errors },
    },
    handler: async (request) => ops.update(ctx(request), idFrom(request), request.body as Record<string, unknown>),
  });
  const deleteQuery = p.deleteIdParam ? z.object({ [p.deleteIdParam]: z.uuid().optional() }) : z.object({});
  out.push({
    method: 'POST',
    path: p.delete,
    permission: `${s}.delete`,
    summary: 'Delete to the trash bin (body: ids); a tree node goes with its subtree',
    schema: {
      querystring: deleteQuery,
      body: idsBody,
      response: { 200: z.object({ deleted: z.number() }), ...errors },
    },
    handler: async (request) => {
      const body = request.body as string[] | { ids: string[] } | undefined;
      const ids = [...(Array.isArray(body) ? body : (body?.ids ?? []))];
      const single = p.deleteIdParam
        ? (request.query as Record<string, string | undefined>)[p.deleteIdParam]
        : undefined;
      if (single) ids.push(single);
      return ops.remove(ctx(request), ids);
    },
  });
  if (p.byCode) {
    out.push({
      method: 'GET',
      path: p.byCode,
      permission: `${s}.read`,
      summary: 'One record by its code (case-insensitive); 404 when absent',
      schema: { params: z.object({ code: z.string().trim().min(1).max(200) }), response: { 200: record, ...errors } },
      handler: async (request) => ops.getByCode(ctx(request), (request.params as { code: string }).code),
    });
  }
  for (const spelling of p.combobox.map(comboboxSpelling)) {
    out.push({
      method: 'GET',
      path: spelling.path,
      permission: 'authenticated',
      summary: 'Options for a drop-down: { value, label, code }; `ids` (JSON text) are always included',
      schema: {
        querystring: z.object({
          keyWord: keyWordSchema,
          ids: idsParam,
          id: z.uuid().optional(),
          take: z.coerce.number().int().min(1).max(500).optional(),
          ...filterShape(c, { lists: true }),
          ...optionParamShape(c),
        }),
        response: {
          200: z.array(
            z.object({
              value: z.string(),
              label: z.string(),
              code: z.string().nullable(),
              parentId: z.string().nullable(),
              filteredOut: z
                .literal(true)
                .optional()
                .describe('a selected value (ids) answered for its name, though the filters exclude it'),
            }),
          ),
          ...errors,
        },
      },
      handler: async (request) => {
        const { keyWord, ids, id, take, ...filters } = request.query as {
          keyWord?: string;
          ids?: string[];
          id?: string;
          take?: number;
        } & Record<string, unknown>;
        const params: Record<string, string> = {};
        for (const name of Object.keys(c.declaration.optionParams ?? {})) {
          if (typeof filters[name] === 'string') params[name] = filters[name];
          delete filters[name];
        }
        return ops.combobox(ctx(request), {
          keyWord,
          ids: [...(ids ?? []), ...(id ? [id] : [])],
          fixed: spelling.fixed,
          filters,
          params,
          ...(take ? { take } : {}),
        });
      },
    });
  }
  // One route per spelling; keys sharing one (an employer's code or email) are told apart by the fields sent.
  const existPaths = new Map<string, string[]>();
  for (const [key, path] of Object.entries(p.exist)) existPaths.set(path, [...(existPaths.get(path) ?? []), key]);
  for (const [path, keys] of existPaths) {
    const fieldsOf = (key: string) => ops.keyFields(key)!;
    const all = [...new Set(keys.flatMap(fieldsOf))];
    const shared = keys.length > 1;
    out.push({
      method: 'GET',
      path,
      permission: `${s}.read`,
      summary: `Is this ${keys.map((k) => fieldsOf(k).join(' + ')).join(' or ')} taken by another live record? (id: the record being edited)`,
      schema: {
        querystring: z.object({
          ...Object.fromEntries(all.map((f) => [f, shared ? z.string().max(500).optional() : z.string().max(500)])),
          id: z.uuid().optional(),
        }),
        response: { 200: z.object({ exists: z.boolean() }), ...errors },
      },
      handler: async (request) => {
        const q = request.query as Record<string, string | undefined>;
        const key = keys.find((k) => fieldsOf(k).every((f) => q[f]?.trim()));
        if (!key)
          throw new AppError(400, 'VALIDATION', {
            details: all.map((f) => ({ field: f, message: 'required', code: 'required' })),
          });
        return { exists: await ops.exists(ctx(request), key, q, q.id) };
      },
    });
  }
  const presetShape = Object.fromEntries(
    (c.declaration.importPresets ?? []).map((name) => {
      const f = c.declaration.fields[name]!;
      return [name, z.enum((f.kind === 'enum' ? f.options : []) as [string, ...string[]]).optional()];
    }),
  );
  out.push({
    method: 'GET',
    path: p.template,
    permission: `${s}.import`,
    summary: 'Import template (xlsx): Vietnamese headers, drop-down lists, instructions sheet',
    schema: { querystring: z.object(presetShape) },
    handler: async (request, reply) => {
      const context = ctx(request);
      const buffer = await buildTemplate(ops, context, request.query as Record<string, unknown>);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition(fileNames(context, c).template))
        .send(buffer);
    },
  });
  out.push({
    method: 'GET',
    path: p.export,
    permission: `${s}.export`,
    summary: 'Export the filtered list (xlsx, streamed; same columns as the template)',
    schema: { querystring: exportQuerySchema(c) },
    handler: async (request, reply) => {
      const context = ctx(request);
      assertCan(context, c, 'export');
      const q = request.query as Record<string, unknown> & { sortField?: string; sortOrder?: 'asc' | 'desc' };
      const fixed = Object.fromEntries(
        (c.declaration.importPresets ?? []).filter((n) => q[n] != null).map((n) => [n, q[n]]),
      );
      const stream = new PassThrough();
      reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition(fileNames(context, c).export));
      writeExport(
        ops,
        context,
        { ...filtersOf(q), sortField: q.sortField, sortOrder: q.sortOrder },
        stream,
        fixed,
      ).catch((err: unknown) => {
        request.log.error({ err }, 'export failed while streaming');
        stream.destroy(err as Error);
      });
      return reply.send(stream);
    },
  });
  out.push({
    method: 'POST',
    path: p.import,
    permission: `${s}.import`,
    summary:
      `Import spreadsheet rows (max ${MAX_IMPORT_ROWS}); ?dryRun=true only checks. Answers every row with isSuccess and errors; ` +
      `a save of more than ${IMPORT_BACKGROUND_ROWS} rows runs in the background: 202 { runId }, followed at GET /api/Import/run/{id}. ` +
      'One import at a time per user (429)',
    bodyLimit: 64 * 1024 * 1024,
    schema: {
      querystring: z.object({ dryRun: booleanQuery, ...presetShape }),
      body: importBody,
      response: {
        200: importResponseSchema,
        202: z.object({ runId: z.uuid() }),
        ...errors,
        429: errorBodySchema,
      },
    },
    handler: async (request, reply) => {
      const body = request.body as Record<string, unknown>[] | { rows: Record<string, unknown>[] };
      const rows = Array.isArray(body) ? body : body.rows;
      const { dryRun, ...presets } = request.query as { dryRun?: boolean } & Record<string, string>;
      const context = ctx(request);
      return runs.exclusive(context.principal, async () => {
        // Above the limit the import itself refuses the file, at once.
        if (!dryRun && rows.length > IMPORT_BACKGROUND_ROWS && rows.length <= MAX_IMPORT_ROWS)
          return reply.status(202).send({ runId: await runs.start(c, context, rows, presets) });
        const outcome = await importRows(ops, context, rows, { dryRun: dryRun ?? false, presets });
        // Tens of thousands of verdicts: written in turns (the shape is importResponseSchema's).
        const text = await stringifyInTurns(
          { created: outcome.created, updated: outcome.updated },
          'data',
          outcome.data,
        );
        return reply.type('application/json; charset=utf-8').send(text);
      });
    },
  });
  if (c.parentField) {
    const node = treeNodeSchema(c);
    out.push({
      method: 'GET',
      path: p.treeRoot,
      permission: `${s}.read`,
      summary: 'Top-level nodes (hasChildren); with keyWord, the matches and their ancestors, nested',
      schema: { querystring: z.object({ keyWord: keyWordSchema }), response: { 200: z.array(node), ...errors } },
      handler: async (request) => ops.treeRoots(ctx(request), request.query as { keyWord?: string }),
    });
    out.push({
      method: 'GET',
      path: p.treeChildren,
      permission: `${s}.read`,
      summary: 'Children of a node (parentId or id)',
      schema: {
        querystring: z
          .object({ parentId: z.uuid().optional(), id: z.uuid().optional() })
          .refine((q) => q.parentId ?? q.id, { path: ['parentId'], message: 'parentId' }),
        response: { 200: z.array(node), ...errors },
      },
      handler: async (request) => {
        const q = request.query as { parentId?: string; id?: string };
        return ops.treeChildren(ctx(request), (q.parentId ?? q.id)!);
      },
    });
    out.push({
      method: 'GET',
      path: p.treeFromUpdate,
      permission: `${s}.read`,
      summary: 'The tree expanded down to a node (for its edit form)',
      schema: { querystring: z.object({ id: z.uuid() }), response: { 200: z.array(node), ...errors } },
      handler: async (request) => ops.treeFromUpdate(ctx(request), (request.query as { id: string }).id),
    });
  }
  return out;
}

/** Every registered area's routes, and the trash bin across them. */
const catalogPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(trashRoutes);
  const runs = importRuns(app);
  for (const c of catalogRegistry.all) {
    const ops = catalogOperations(c.key);
    for (const spec of routesOf(app, c, ops, runs)) {
      app.route({
        method: spec.method,
        url: url(c, spec.path),
        config: { permission: spec.permission, ...(spec.idempotent ? { idempotent: true } : {}) },
        ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
        schema: { tags: [c.area], summary: spec.summary, ...spec.schema },
        handler: spec.handler,
      });
    }
  }
};

export default catalogPlugin;
