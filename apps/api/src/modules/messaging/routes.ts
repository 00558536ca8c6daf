import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_FILE_BYTES } from '@portal/domain/files/index';
import { sendMessageInput } from '@portal/domain/messaging/schemas';
import {
  MESSAGE_API,
  MESSAGE_FILE_KINDS,
  MESSAGE_LABELS,
  MESSAGE_PERMISSIONS,
  MESSAGE_SUBJECT,
  type MailBox,
} from '@portal/domain/messaging/index';
import { storeDomainUpload } from '../../platform/files/index.ts';
import {
  deletedAnswer,
  errorResponsesFor,
  idParams,
  idsBody,
  uploadedFile,
} from '../../platform/http/route-schemas.ts';
import {
  allowedRecipients,
  countNew,
  deleteEntries,
  listEntries,
  markRead,
  openEntry,
  sendMessage,
  setLabel,
} from './service.ts';
import { pushNewMail } from './push.ts';
import { pageOf } from '@portal/domain/paging';

const errors = errorResponsesFor(400, 401, 403, 404);
const tags = [MESSAGE_SUBJECT];
const path = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

const pagingQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyWord: z.string().trim().max(200).optional(),
});
const listQuery = pagingQuery.extend({
  label: z.enum(MESSAGE_LABELS).optional(),
  unread: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

const person = z.object({
  id: z.string(),
  fullName: z.string(),
  userName: z.string(),
  unitName: z.string().nullable(),
  avatar: z.string().nullable(),
});
const summary = z.object({
  id: z.string(),
  inboxId: z.string(),
  box: z.enum(['inbox', 'sent']),
  messageId: z.string(),
  subject: z.string(),
  content: z.string(),
  sentDate: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  recipientCount: z.number(),
  read: z.boolean(),
  label: z.enum(MESSAGE_LABELS).nullable(),
  fileCount: z.number(),
});
const detail = summary.omit({ content: true }).extend({
  body: z.string(),
  sender: person,
  recipients: z.array(person.extend({ readDate: z.string().nullable() })),
  files: z.array(z.object({ id: z.string(), name: z.string(), size: z.number(), mime: z.string() })),
  replyToId: z.string().nullable(),
});
const page = <T extends z.ZodType>(row: T) => pageOf(row);
const P = (action: keyof typeof MESSAGE_PERMISSIONS) => ({ permission: MESSAGE_PERMISSIONS[action] });

/** `/api/Message/…` at the spec's spelling; every call reads and writes only the caller's own mailbox. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const listRoute = (url: string, box: MailBox, summaryText: string) =>
    app.get(
      url,
      {
        config: P('read'),
        schema: { tags, summary: summaryText, querystring: listQuery, response: { 200: page(summary), ...errors } },
      },
      async (request) => listEntries(app.db, request.principal!, box, request.query),
    );
  listRoute(MESSAGE_API.inbox, 'inbox', 'The caller’s inbox, newest first (keyWord without accents, label, unread)');
  listRoute(MESSAGE_API.inboxPreview, 'inbox', 'The header’s inbox preview (pageNumber=1, pageSize=3)');
  listRoute(MESSAGE_API.sent, 'sent', 'The caller’s sent box, newest first (keyWord without accents, label)');

  app.get(
    MESSAGE_API.byLabel,
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'The caller’s messages of both boxes under one label',
        querystring: listQuery.extend({ label: z.enum(MESSAGE_LABELS) }),
        response: { 200: page(summary), ...errors },
      },
    },
    async (request) => listEntries(app.db, request.principal!, 'any', request.query),
  );

  const detailRoute = (url: string, box: MailBox, summaryText: string) =>
    app.get(
      path(url),
      {
        config: P('read'),
        schema: { tags, summary: summaryText, params: idParams, response: { 200: detail, ...errors } },
      },
      async (request) => openEntry(app.db, request.principal!, box, request.params.id),
    );
  detailRoute(MESSAGE_API.inboxDetail, 'inbox', 'One message of the inbox (opening it marks it read)');
  detailRoute(MESSAGE_API.sentDetail, 'sent', 'One sent message, with when each recipient read it');

  const deleteRoute = (url: string, box: MailBox, summaryText: string) =>
    app.post(
      url,
      {
        config: P('delete'),
        schema: {
          tags,
          summary: summaryText,
          body: idsBody(500),
          response: { 200: deletedAnswer, ...errors },
        },
      },
      async (request) => ({
        deleted: await deleteEntries(app.db, request, request.principal!, box, request.body),
      }),
    );
  deleteRoute(MESSAGE_API.deleteInbox, 'inbox', 'Move inbox messages to the trash bin (the caller’s copy only)');
  deleteRoute(MESSAGE_API.deleteSent, 'sent', 'Move sent messages to the trash bin (the caller’s copy only)');

  app.get(
    MESSAGE_API.countNew,
    {
      config: P('read'),
      schema: { tags, summary: 'Unread messages in the inbox', response: { 200: z.object({ count: z.number() }) } },
    },
    async (request) => ({ count: await countNew(app.db, request.principal!) }),
  );

  app.post(
    MESSAGE_API.checkRead,
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'Mark inbox messages read (body: ids); `?read=false` marks them unread again',
        querystring: z.object({ read: z.enum(['true', 'false']).default('true') }),
        body: idsBody(500),
        response: { 200: z.object({ updated: z.number() }), ...errors },
      },
    },
    async (request) => ({
      updated: await markRead(app.db, request.principal!, request.body, request.query.read === 'true'),
    }),
  );

  app.post(
    MESSAGE_API.setLabel,
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'Put messages of either box under a label (personal, company, important, private) or none',
        body: z.object({ ids: z.array(z.uuid()).min(1).max(500), label: z.enum(MESSAGE_LABELS).nullable() }),
        response: { 200: z.object({ updated: z.number() }), ...errors },
      },
    },
    async (request) => ({
      updated: await setLabel(app.db, request.principal!, [...new Set(request.body.ids)], request.body.label),
    }),
  );

  app.get(
    MESSAGE_API.accounts,
    {
      config: P('create'),
      schema: {
        tags,
        summary: 'Users the caller may write to (by name, user name or unit, without accents)',
        querystring: pagingQuery.extend({
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
          ids: z
            .string()
            .max(4000)
            .optional()
            .transform((v) => (v ? v.split(',').filter(Boolean) : undefined))
            .pipe(z.array(z.uuid()).max(100).optional()),
        }),
        response: { 200: page(person), ...errors },
      },
    },
    async (request) => allowedRecipients(app.db, request.principal!, request.query),
  );

  app.post(
    MESSAGE_API.send,
    {
      config: { ...P('create'), idempotent: true },
      schema: {
        tags,
        summary:
          'Send a message to users the caller may write to (others: 403), with files the caller uploaded (secure from then on)',
        body: sendMessageInput,
        response: { 201: z.object({ id: z.string(), messageId: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const sent = await sendMessage(app.db, request, request.principal!, request.body);
      pushNewMail(app, sent.recipients, sent.push);
      return reply.status(201).send({ id: sent.id, messageId: sent.messageId });
    },
  );

  app.post(
    MESSAGE_API.upload,
    {
      config: P('create'),
      schema: {
        tags,
        summary: `Upload an attachment (multipart formFile; PDF, image, office document or zip by content, at most ${MAX_FILE_BYTES / 1024 / 1024} MB). Always secure; attach it by its id in send-email`,
        consumes: ['multipart/form-data'],
        response: {
          201: uploadedFile,
          ...errorResponsesFor(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request, reply) => {
      // Attachments are secure: only the writer and the recipients read them (a file read grant).
      const answer = await storeDomainUpload(app, request, {
        kinds: MESSAGE_FILE_KINDS,
        maxBytes: MAX_FILE_BYTES,
        isSecure: true,
        fileType: 'message',
        subject: MESSAGE_SUBJECT,
      });
      return reply.status(201).send(answer);
    },
  );
};

export default routes;
