import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const startedAt = Date.now();

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  uptimeSeconds: z.number(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    latencyMs: z.number(),
    version: z.string().optional(),
    error: z.string().optional(),
  }),
});

const health: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags: ['platform'],
        summary: 'Service and database status',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const ping = await app.database.ping();
      const body = {
        status: ping.ok ? ('ok' as const) : ('degraded' as const),
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        database: { kind: app.database.kind, ...ping, latencyMs: Math.round(ping.latencyMs * 100) / 100 },
      };
      return reply.status(ping.ok ? 200 : 503).send(body);
    },
  );
};

export default health;
