import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { sendStoredFile } from './index.ts';

/**
 * Public, non-secure files (logos, banners, avatars) by id. Secure files are never served here: each domain
 * serves its own after checking that the user may see the record they belong to.
 */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/Files/:id',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags: ['files'],
        summary: 'Download a non-secure file',
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
      },
    },
    async (request, reply) => {
      const file = await app.db
        .selectFrom('stored_file')
        .selectAll()
        .where('id', '=', request.params.id)
        .where('is_secure', '=', false)
        .executeTakeFirst();
      if (!file) throw new AppError(404, 'NOT_FOUND');
      return sendStoredFile(reply, app.files, file, request.query.download === '1' ? 'attachment' : 'inline');
    },
  );
};

export default fileRoutes;
