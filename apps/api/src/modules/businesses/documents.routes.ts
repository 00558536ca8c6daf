import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_BOXES, DOCUMENT_TYPES, documentInput } from '@portal/domain/businesses/index';
import { attachedFileSchema, attachFile, listFiles, removeFiles, sendAttachedFile } from './attachments.ts';
import { idParams, idsBody, pagingQuery } from './common.ts';
import {
  createDocument,
  deleteDocuments,
  DOCUMENT_SUBJECT,
  findDocument,
  findEditableDocument,
  listDocuments,
  openDocument,
  updateDocument,
} from './documents.ts';
import { booleanQuery, dateQuery, documentSchema, errors, pageOf } from './schemas.ts';

const P = (action: string) => ({ permission: `${DOCUMENT_SUBJECT}.${action}` as const });
const tags = [DOCUMENT_SUBJECT];

/** Official documents: `/api/OfficialDocument/...`, the same calls for the department's and employers' pages. */
const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/OfficialDocument/officialDocuments',
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'Documents in the caller’s scope; box (incoming/outgoing) is relative to the caller’s side',
        querystring: pagingQuery.extend({
          box: z.enum(DOCUMENT_BOXES).optional(),
          documentType: z.enum(DOCUMENT_TYPES).optional(),
          businessId: z.uuid().optional(),
          issuedFrom: dateQuery,
          issuedTo: dateQuery,
          unseen: booleanQuery,
        }),
        response: { 200: pageOf(documentSchema), ...errors },
      },
    },
    async (request) => listDocuments(app.db, request.principal, request.query),
  );

  app.get(
    '/api/OfficialDocument/officialDocuments/:id',
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'One document; the receiving side’s first opening is recorded',
        params: idParams,
        response: { 200: documentSchema, ...errors },
      },
    },
    async (request) => openDocument(app.db, request.principal, request.params.id),
  );

  app.post(
    '/api/OfficialDocument/officialDocuments',
    {
      config: { ...P('create'), idempotent: true },
      schema: {
        tags,
        summary: 'Send a document (an employer to the authority; the authority to an employer it names)',
        body: documentInput,
        response: { 201: documentSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createDocument(request, app.db, request.body)),
  );

  app.put(
    '/api/OfficialDocument/officialDocuments/:id',
    {
      config: P('update'),
      schema: {
        tags,
        summary: 'Edit a document the caller’s side wrote',
        params: idParams,
        body: documentInput,
        response: { 200: documentSchema, ...errors },
      },
    },
    async (request) => updateDocument(request, app.db, request.params.id, request.body),
  );

  app.post(
    '/api/OfficialDocument/delete-official-documents',
    {
      config: P('delete'),
      schema: {
        tags,
        summary: 'Delete documents the caller’s side wrote (body: ids)',
        body: idsBody,
        response: { 200: z.object({ deleted: z.number() }), ...errors },
      },
    },
    async (request) => ({ deleted: await deleteDocuments(request, app.db, request.body) }),
  );

  app.get(
    '/api/OfficialDocument/list-file/:id',
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'Files of a document',
        params: idParams,
        response: { 200: z.array(attachedFileSchema), ...errors },
      },
    },
    async (request) => {
      await findDocument(app.db, request.principal, request.params.id);
      return listFiles(app.db, 'document', request.params.id);
    },
  );

  app.post(
    '/api/OfficialDocument/add-file/:id',
    {
      config: P('update'),
      schema: {
        tags,
        summary: 'Attach a file (multipart formFile: PDF, image, Word or Excel, checked by content; always secure)',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 201: attachedFileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const doc = await findEditableDocument(app.db, request.principal, request.params.id);
      const file = await attachFile(app, request, {
        type: 'document',
        id: doc.id,
        businessId: doc.businessId,
        subject: DOCUMENT_SUBJECT,
      });
      return reply.status(201).send(file);
    },
  );

  app.get(
    '/api/OfficialDocument/download-file/:id/:fileId',
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'Download a file of a document the caller may see',
        params: z.object({ id: z.uuid(), fileId: z.uuid() }),
      },
    },
    async (request, reply) => {
      await findDocument(app.db, request.principal, request.params.id);
      return sendAttachedFile(app, reply, { type: 'document', id: request.params.id }, request.params.fileId);
    },
  );

  app.post(
    '/api/OfficialDocument/delete-file/:id',
    {
      config: P('update'),
      schema: {
        tags,
        summary: 'Remove files of a document (body: file ids)',
        params: idParams,
        body: idsBody,
        response: { 200: z.object({ deleted: z.number() }), ...errors },
      },
    },
    async (request) => {
      await findEditableDocument(app.db, request.principal, request.params.id);
      return {
        deleted: await removeFiles(
          app,
          request,
          { type: 'document', id: request.params.id, subject: DOCUMENT_SUBJECT },
          request.body,
        ),
      };
    },
  );
};

export default documentRoutes;
