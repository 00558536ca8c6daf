import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogOperations } from '../../catalog/operations.ts';
import { contextOf } from '../../catalog/context.ts';
import { errorBodySchema, notFound } from '../../platform/errors/app-error.ts';
import { sendStoredFile } from '../../platform/files/index.ts';

/**
 * `Inspector/download-file-inspector/{id}`: the scan of an inspector's accreditation certificate, for those who
 * may read the inspectors (the catalogue's own read, so its checks apply). `{id}` is the inspector's id.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/Inspector/download-file-inspector/:id',
    {
      config: { permission: 'Inspector.read' },
      schema: {
        tags: ['Inspector'],
        summary: "The scan of an inspector's accreditation certificate",
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ inline: z.enum(['0', '1']).optional() }),
        response: { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const inspector = await catalogOperations('inspector').find(contextOf(request, app.db), request.params.id);
      const fileId = inspector?.file as string | null | undefined;
      if (!fileId) throw notFound();
      const file = await app.db.selectFrom('stored_file').selectAll().where('id', '=', fileId).executeTakeFirst();
      if (!file) throw notFound();
      return sendStoredFile(reply, app.files, file, request.query.inline === '1' ? 'inline' : 'attachment');
    },
  );
};

export default routes;
