import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors/app-error.ts';

/**
 * The portal's default images (logo, favicon, banners, side logo), public because the sign-in page shows them.
 * They ship with the code in seed/demo/assets; images uploaded by administrators will be looked up before
 * these defaults when Configuration/uploadImage lands.
 */
export const defaultImagesDir = path.resolve(import.meta.dirname, '../../seed/demo/assets');

const contentTypes: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ico: 'image/x-icon',
};

// A plain file name: no directories, no dot files, a known image type.
const imageName = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,99}\.(?:svg|png|jpe?g|webp|gif|ico)$/);

const images: FastifyPluginAsyncZod = async (app) => {
  const cache = new Map<string, { body: Buffer; etag: string } | null>();

  const load = async (name: string) => {
    if (cache.has(name)) return cache.get(name) ?? null;
    let entry: { body: Buffer; etag: string } | null = null;
    try {
      const body = await readFile(path.join(defaultImagesDir, name));
      entry = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    // Names are validated, so the cache is bounded by the files that exist plus a few misses.
    if (entry || cache.size < 1000) cache.set(name, entry);
    return entry;
  };

  app.get(
    '/api/Home/images/:name',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags: ['configuration'],
        summary: 'A portal image (logo, favicon, banner, side logo)',
        description: 'Public and cached for a day; 404 when there is no such image.',
        params: z.object({ name: imageName }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const image = await load(name);
      if (!image) throw notFound();
      const ext = name.slice(name.lastIndexOf('.') + 1);
      reply.header('cache-control', 'public, max-age=86400').header('etag', image.etag);
      if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
      // An SVG can carry script: forbid everything but its own inline styles if it is opened directly.
      if (ext === 'svg') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      return reply.type(contentTypes[ext] ?? 'application/octet-stream').send(image.body);
    },
  );
};

export default images;
