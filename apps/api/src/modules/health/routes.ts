import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permits } from '../../platform/access/index.ts';

const startedAt = Date.now();

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  uptimeSeconds: z.number(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']).optional(),
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
        summary: 'Service and database status (the database engine and version for administrators only)',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      const ping = await app.database.ping();
      const latencyMs = Math.round(ping.latencyMs * 100) / 100;
      // Engine, version and error text help an attacker pick an exploit: only the portal's administrators see them.
      const detailed = permits(request.principal, 'Configuration.update');
      const body = {
        status: ping.ok ? ('ok' as const) : ('degraded' as const),
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        database: detailed ? { kind: app.database.kind, ...ping, latencyMs } : { ok: ping.ok, latencyMs },
      };
      return reply.status(ping.ok ? 200 : 503).send(body);
    },
  );
};

export default health;
