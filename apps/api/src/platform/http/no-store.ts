import type { FastifyInstance } from 'fastify';

/**
 * Every `/api` answer is `Cache-Control: no-store` unless its route chose its own caching (public reference
 * data, images, file downloads set theirs). Sign-in, refresh, two-factor and recovery-code answers carry tokens
 * and secrets, and nearly every other answer carries personal or official data a shared or back-button cache
 * must not keep (ASVS 8.2.1); marking them all by default means a new route cannot forget it.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
