import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILE_PATHS, FILE_PERMISSIONS, FILE_SUBJECT, MAX_FILE_BYTES, UPLOAD_KINDS } from '@portal/domain/files/index';
import { permits, type Principal } from '../../platform/access/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { readUpload, sendStoredFile, storeCallerUpload, type StoredFile } from '../../platform/files/index.ts';
import { errorResponsesFor, idParams, uploadedFile } from '../../platform/http/route-schemas.ts';
import { grantedByDomain } from './grants.ts';

const errors = errorResponsesFor(400, 401, 403, 404, 413, 415);

const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * A secure file goes to its uploader and to holders of File.readSecure only: a file id alone (which any record
 * may carry) must not open it. Non-secure files go to any signed-in user, as the public file route would.
 */
export function mayRead(principal: Principal | null, file: Pick<StoredFile, 'is_secure' | 'uploaded_by'>): boolean {
  if (!principal) return false;
  if (!file.is_secure) return true;
  return file.uploaded_by === principal.userId || permits(principal, FILE_PERMISSIONS.readSecure);
}

const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    FILE_PATHS.upload,
    {
      config: { permission: FILE_PERMISSIONS.upload },
      schema: {
        tags: [FILE_SUBJECT],
        summary: `Upload one file (multipart: formFile, IsSecure, IsBackground, FileType, UserId): PDF, image, Word or Excel by content, at most ${MAX_FILE_BYTES / 1024 / 1024} MB. The uploader is the signed-in user whatever UserId says. Answers the stored file's id to put in a file field`,
        consumes: ['multipart/form-data'],
        response: { 201: uploadedFile, ...errors },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, { kinds: [...UPLOAD_KINDS], maxBytes: MAX_FILE_BYTES });
      const answer = await storeCallerUpload(app.db, app.files, request, upload, FILE_SUBJECT);
      return reply.status(201).send(answer);
    },
  );

  app.get(
    fastifyPath(FILE_PATHS.download),
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: [FILE_SUBJECT],
        summary:
          'Download a stored file: a secure one only by its uploader, with File.readSecure, or by the people of the record holding it (a message’s sender and recipients); 404 to anyone else',
        params: idParams,
        querystring: z.object({ inline: z.enum(['0', '1']).optional() }),
        response: errorResponsesFor(400, 401, 404),
      },
    },
    async (request, reply) => {
      const file = await app.db
        .selectFrom('stored_file')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      // Someone else's secure file looks absent: its existence is not revealed either. Domains whose records hold
      // secure files grant their readers (grants.ts).
      const allowed =
        file &&
        (mayRead(request.principal, file) ||
          (request.principal && (await grantedByDomain(app.db, request.principal, file.id))));
      if (!file || !allowed) throw new AppError(404, 'NOT_FOUND');
      return sendStoredFile(reply, app.files, file, request.query.inline === '1' ? 'inline' : 'attachment');
    },
  );
};

export default fileRoutes;
