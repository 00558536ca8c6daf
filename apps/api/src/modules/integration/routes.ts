import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BUSINESS_SYNC_SUBJECT,
  registryBusinessSchema,
  syncRunSchema,
} from '@portal/domain/integration/business-registry';
import { errorBodySchema } from '../../platform/errors/app-error.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { registryClient, requireSource, RegistryUnavailable } from './business-registry/client.ts';
import { createRegistrySimulator } from './business-registry/simulator.ts';
import {
  latestRun,
  processRun,
  requestRun,
  resumeUnfinished,
  SYNC_QUEUE,
  type SyncContext,
} from './business-registry/sync.ts';
import { AppError } from '../../platform/errors/app-error.ts';

const SIMULATOR_PATH = '/registry-simulator';
const READ = `${BUSINESS_SYNC_SUBJECT}.read` as const;
const RUN = `${BUSINESS_SYNC_SUBJECT}.create` as const;

/**
 * Employers from the provincial business registry (the spec's `Bussiness/*-dak-nong` calls, named after the
 * province the original system served): browse the registry, synchronise all or chosen employers in the
 * background, follow progress.
 */
const integration: FastifyPluginAsyncZod = async (app) => {
  // The demo province syncs from the bundled simulator, mounted on the portal itself, unless a real source is set.
  const useSimulator = !app.config.syncSourceUrl && app.config.demoData;
  if (useSimulator) {
    const simulator = createRegistrySimulator({ count: 400 });
    app.get(`${SIMULATOR_PATH}/*`, { schema: { hide: true } }, (request, reply) => {
      reply.hijack();
      simulator.handle(request.raw, reply.raw, SIMULATOR_PATH);
    });
  }
  const sourceUrl = (): string | undefined => {
    if (app.config.syncSourceUrl) return app.config.syncSourceUrl;
    if (!useSimulator) return undefined;
    const address = app.server.address();
    return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}${SIMULATOR_PATH}` : undefined;
  };

  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  const ctx: SyncContext = {
    db: app.db,
    jobs: app.jobs,
    client: () => registryClient(requireSource(sourceUrl())),
    log: app.log,
    leaseSeconds: Number(process.env.SYNC_LEASE_SECONDS ?? 60),
    stopping: () => stopping,
  };
  app.jobs.define<{ runId: string }>({
    queue: SYNC_QUEUE,
    retryLimit: 10,
    retryDelaySeconds: Number(process.env.SYNC_RETRY_DELAY_SECONDS ?? 10),
    expireInSeconds: 3600,
    handler: ({ runId }) => processRun(ctx, runId),
  });
  app.jobs.onStarted(() => resumeUnfinished(ctx));

  app.get(
    '/api/Bussiness/list-bussiness-dak-nong',
    {
      config: { permission: READ },
      schema: {
        tags: ['integration'],
        summary: 'Employers in the provincial business registry, marked when already in the portal',
        querystring: z.object({
          pageNumber: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(200).default(20),
          keyWord: z.string().max(200).optional(),
        }),
        response: {
          200: z.object({
            pageLists: z.array(
              registryBusinessSchema.extend({ isSynced: z.boolean(), businessId: z.string().nullable() }),
            ),
            totalRecord: z.number(),
          }),
          409: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { pageNumber, pageSize, keyWord } = request.query;
      let page;
      try {
        page = await ctx.client().page(pageNumber, pageSize, keyWord?.trim() || undefined);
      } catch (err) {
        if (err instanceof RegistryUnavailable) throw new AppError(502, 'SYNC_SOURCE_UNAVAILABLE');
        throw err;
      }
      const codes = page.items.map((i) => i.taxCode.toLowerCase());
      const existing = codes.length
        ? await app.db
            .selectFrom('business')
            .select(['id', 'code'])
            .where((eb) => eb(eb.fn('lower', ['code']), 'in', codes))
            .where('deleted_at', 'is', null)
            .execute()
        : [];
      const byCode = new Map(existing.map((e) => [e.code.toLowerCase(), e.id]));
      return {
        pageLists: page.items.map((i) => ({
          ...i,
          businessId: byCode.get(i.taxCode.toLowerCase()) ?? null,
          isSynced: byCode.has(i.taxCode.toLowerCase()),
        })),
        totalRecord: page.total,
      };
    },
  );

  app.post(
    '/api/Bussiness/synchronize-dak-nong',
    {
      config: { permission: RUN },
      schema: {
        tags: ['integration'],
        summary: 'Synchronise every employer of the registry in the background',
        response: { 202: syncRunSchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      requireSource(sourceUrl());
      const run = await requestRun(ctx, { kind: 'full', requestedBy: request.principal?.userId ?? null });
      await recordAudit(app.db, request, { action: 'sync', subject: BUSINESS_SYNC_SUBJECT, recordId: run.id });
      return reply.status(202).send(run);
    },
  );

  app.post(
    '/api/Bussiness/synchronize-dak-nong-with-list',
    {
      config: { permission: RUN },
      schema: {
        tags: ['integration'],
        summary: 'Synchronise the chosen employers (tax codes) in the background',
        body: z.union([
          z
            .array(
              z
                .string()
                .trim()
                .regex(/^\d{10}(-\d{3})?$/),
            )
            .min(1)
            .max(10_000),
          z.object({
            taxCodes: z
              .array(
                z
                  .string()
                  .trim()
                  .regex(/^\d{10}(-\d{3})?$/),
              )
              .min(1)
              .max(10_000),
          }),
        ]),
        response: { 202: syncRunSchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      requireSource(sourceUrl());
      const codes = [...new Set(Array.isArray(request.body) ? request.body : request.body.taxCodes)];
      const run = await requestRun(ctx, {
        kind: 'list',
        taxCodes: codes,
        requestedBy: request.principal?.userId ?? null,
      });
      await recordAudit(app.db, request, {
        action: 'sync',
        subject: BUSINESS_SYNC_SUBJECT,
        recordId: run.id,
        details: { count: codes.length },
      });
      return reply.status(202).send(run);
    },
  );

  app.get(
    '/api/Bussiness/synchronize-status',
    {
      config: { permission: READ },
      schema: {
        tags: ['integration'],
        summary: 'Progress of the latest synchronisation (null when none has run)',
        response: { 200: z.object({ configured: z.boolean(), run: syncRunSchema.nullable() }) },
      },
    },
    async () => ({ configured: sourceUrl() !== undefined, run: await latestRun(app.db) }),
  );
};

export default integration;
