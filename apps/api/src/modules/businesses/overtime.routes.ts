import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OVERTIME_STATUSES, overtimeInput, overtimeReturnInput } from '@portal/domain/businesses/index';
import { move, registerMoveRoutes } from '../../platform/workflow/routes.ts';
import { attachedFileSchema, attachFile, listFiles, removeFiles, sendAttachedFile } from './attachments.ts';
import { businessError, idParams, idsBody, pagingQuery, sideOf } from './common.ts';
import {
  deleteOvertime,
  findOvertime,
  listOvertime,
  OVERTIME_SUBJECT,
  submitOvertime,
  transition,
  updateOvertime,
} from './overtime.ts';
import { errors, overtimeSchema, pageOf } from './schemas.ts';

const P = (action: string) => ({ permission: `${OVERTIME_SUBJECT}.${action}` as const });
const tags = [OVERTIME_SUBJECT];

/** Overtime notifications: `/api/OvertimeNotification/...` (employer submits; the authority reviews). */
const overtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/OvertimeNotification/overtimeNotifications',
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'Notifications in the caller’s scope (an employer: its own)',
        querystring: pagingQuery.extend({
          status: z.enum(OVERTIME_STATUSES).optional(),
          year: z.coerce.number().int().min(2000).max(2100).optional(),
          businessId: z.uuid().optional(),
        }),
        response: { 200: pageOf(overtimeSchema), ...errors },
      },
    },
    async (request) => listOvertime(app.db, request.principal, request.query),
  );

  app.get(
    '/api/OvertimeNotification/overtimeNotifications/:id',
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'One notification, with the transitions the caller may make',
        params: idParams,
        response: { 200: overtimeSchema, ...errors },
      },
    },
    async (request) => findOvertime(app.db, request.principal, request.params.id),
  );

  app.post(
    '/api/OvertimeNotification/overtimeNotifications',
    {
      config: { ...P('create'), idempotent: true },
      schema: {
        tags,
        summary: 'Submit a notification (employers, for themselves)',
        body: overtimeInput,
        response: { 201: overtimeSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await submitOvertime(request, app.db, request.body)),
  );

  app.put(
    '/api/OvertimeNotification/overtimeNotifications/:id',
    {
      config: P('update'),
      schema: {
        tags,
        summary: 'Correct a returned notification (then resubmit it)',
        params: idParams,
        body: overtimeInput,
        response: { 200: overtimeSchema, ...errors },
      },
    },
    async (request) => updateOvertime(request, app.db, request.params.id, request.body),
  );

  app.post(
    '/api/OvertimeNotification/delete-overtime-notifications',
    {
      config: P('delete'),
      schema: {
        tags,
        summary: 'Delete notifications (an employer: its own, until accepted)',
        body: idsBody,
        response: { 200: z.object({ deleted: z.number() }), ...errors },
      },
    },
    async (request) => ({ deleted: await deleteOvertime(request, app.db, request.body) }),
  );

  // The moves answer the notification as it now is; their bodies are refused in the platform's words.
  registerMoveRoutes(
    app,
    {
      area: '/api/OvertimeNotification',
      tags,
      ctx: (request: FastifyRequest) => request,
      detail: { schema: overtimeSchema, read: (request, id) => findOvertime(app.db, request.principal, id) },
      attachValidation: false,
    },
    [
      move({
        path: 'accept',
        permission: P('approve').permission,
        summary: 'Accept a submitted notification (authority)',
        run: (request: FastifyRequest, id) => transition(request, app.db, id, 'accept'),
      }),
      move({
        path: 'return',
        permission: P('approve').permission,
        summary: 'Return a submitted notification with the reason (authority)',
        body: overtimeReturnInput,
        run: (request: FastifyRequest, id, body) => transition(request, app.db, id, 'return', body.reason),
      }),
      move({
        path: 'resubmit',
        permission: P('update').permission,
        summary: 'Submit a returned notification again (employer)',
        run: (request: FastifyRequest, id) => transition(request, app.db, id, 'resubmit'),
      }),
    ],
  );

  /** Attachments (the signed notification form): the employer adds or removes them until it is accepted. */
  const changeableByEmployer = async (principal: Parameters<typeof findOvertime>[1], id: string) => {
    const n = await findOvertime(app.db, principal, id);
    if (sideOf(principal) !== 'employer') throw businessError(403, 'EMPLOYERS_ONLY');
    if (n.status === 'accepted') throw businessError(409, 'OVERTIME_ACCEPTED');
    return n;
  };

  app.get(
    '/api/OvertimeNotification/list-file/:id',
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'Files of a notification',
        params: idParams,
        response: { 200: z.array(attachedFileSchema), ...errors },
      },
    },
    async (request) => {
      await findOvertime(app.db, request.principal, request.params.id);
      return listFiles(app.db, 'overtime', request.params.id);
    },
  );

  app.post(
    '/api/OvertimeNotification/add-file/:id',
    {
      config: P('update'),
      schema: {
        tags,
        summary: 'Attach a file (multipart formFile; always secure)',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 201: attachedFileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const n = await changeableByEmployer(request.principal, request.params.id);
      return reply.status(201).send(
        await attachFile(app, request, {
          type: 'overtime',
          id: n.id,
          businessId: n.businessId,
          subject: OVERTIME_SUBJECT,
        }),
      );
    },
  );

  app.get(
    '/api/OvertimeNotification/download-file/:id/:fileId',
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'Download a file of a notification the caller may see',
        params: z.object({ id: z.uuid(), fileId: z.uuid() }),
      },
    },
    async (request, reply) => {
      await findOvertime(app.db, request.principal, request.params.id);
      return sendAttachedFile(app, reply, { type: 'overtime', id: request.params.id }, request.params.fileId);
    },
  );

  app.post(
    '/api/OvertimeNotification/delete-file/:id',
    {
      config: P('update'),
      schema: {
        tags,
        summary: 'Remove files of a notification (body: file ids)',
        params: idParams,
        body: idsBody,
        response: { 200: z.object({ deleted: z.number() }), ...errors },
      },
    },
    async (request) => {
      await changeableByEmployer(request.principal, request.params.id);
      return {
        deleted: await removeFiles(
          app,
          request,
          { type: 'overtime', id: request.params.id, subject: OVERTIME_SUBJECT },
          request.body,
        ),
      };
    },
  );
};

export default overtimeRoutes;
