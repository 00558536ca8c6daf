import { sql } from 'kysely';
import { compareWithBare, type Measurement } from '../harness.ts';

/**
 * GET /api/health (as the public calls it) against a bare handler making the same database round trip: the whole platform's fixed cost
 * per request (helmet headers, access hook, zod response check, logging off) on the cheapest real call.
 */
export const health: Measurement = {
  name: 'health',
  description: 'GET /api/health vs a bare node:http handler running the same ping query',
  async run(ctx) {
    // The query Database.ping() runs.
    const ping = sql<{ v: string }>`select current_setting('server_version') as v`.compile(ctx.database.db);
    const startedAt = Date.now();
    return compareWithBare(ctx, {
      name: 'health',
      path: '/api/health',
      async bare() {
        const start = performance.now();
        await ctx.barePool.query<{ v: string }>(ping.sql, [...ping.parameters]);
        // What an anonymous caller is answered: the engine and its version are for administrators only.
        return {
          status: 'ok',
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
          database: { ok: true, latencyMs: Math.round((performance.now() - start) * 100) / 100 },
        };
      },
      comparable(body) {
        const b = body as { uptimeSeconds: number; database: { latencyMs: number } };
        return { ...b, uptimeSeconds: 0, database: { ...b.database, latencyMs: 0 } };
      },
    });
  },
};
