import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendeeBody,
  attendeeItem,
  attendeeQuery,
  checkInAnswer,
  checkInBody,
  FAIR_API,
  FAIR_PARTICIPATION_SUBJECT,
  fairBoard,
  interviewBody,
  publicCalendarQuery,
  publicFair,
  publicRegisterBody,
  stallBody,
  ticketAnswer,
} from '@portal/domain/employment/fairs';
import { pageOf } from '@portal/domain/paging';
import { contextOf } from '../../catalog/context.ts';
import { errorResponsesFor } from '../../platform/http/route-schemas.ts';
import { explainValidationOf } from '../../platform/http/validation.ts';
import {
  checkIn,
  listAttendees,
  publicCalendar,
  publicRegister,
  readBoard,
  recordInterview,
  registerAttendee,
  registerStall,
  withdrawStall,
} from './fairs.ts';

const path = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');
const idParams = z.object({ id: z.uuid() });
const created = z.object({ id: z.uuid() });
const errors = errorResponsesFor(400, 401, 403, 404);
const tags = ['JobFair'];
const P = {
  read: `${FAIR_PARTICIPATION_SUBJECT}.read`,
  create: `${FAIR_PARTICIPATION_SUBJECT}.create`,
  update: `${FAIR_PARTICIPATION_SUBJECT}.update`,
} as const;
/** Per address: the calendar is read often; registering is a person's few tries, so tighter. */
const CALENDAR_RATE = { max: 120, timeWindow: '1 minute' } as const;
const REGISTER_RATE = { max: 10, timeWindow: '1 minute' } as const;

/** `/api/JobFair/…` beyond the catalogue's own: a session's page, stalls, registrations, the door, interviews. */
const fairRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: Parameters<typeof contextOf>[0]) => contextOf(request, app.db);
  // Refusals of the bodies in the domain's words (a phone's form, a ticket's code), beside the field.
  explainValidationOf(app);

  app.get(
    path(FAIR_API.board),
    {
      config: { permission: 'JobFair.read' },
      schema: {
        tags,
        summary: "A session's facts, results, stalls and interviews (an employer sees the interviews at its stall)",
        params: idParams,
        response: { 200: fairBoard, ...errors },
      },
    },
    async (request) => readBoard(ctx(request), request.params.id),
  );

  app.post(
    path(FAIR_API.stalls),
    {
      config: { permission: P.create },
      attachValidation: true,
      schema: {
        tags,
        summary: 'An employer takes a stall with its open vacancies (the centre may register any employer)',
        params: idParams,
        body: stallBody,
        response: { 200: created, ...errorResponsesFor(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ id: await registerStall(ctx(request), request.params.id, request.body) }),
  );

  app.delete(
    path(FAIR_API.stall),
    {
      config: { permission: P.create },
      schema: {
        tags,
        summary: 'Withdraw a stall before any interview is recorded at it',
        params: z.object({ id: z.uuid(), stallId: z.uuid() }),
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponsesFor(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await withdrawStall(ctx(request), request.params.id, request.params.stallId);
      return { ok: true as const };
    },
  );

  app.get(
    path(FAIR_API.attendees),
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: "The session's registered job seekers, with their tickets and check-in (the centre's)",
        params: idParams,
        querystring: attendeeQuery,
        response: { 200: pageOf(attendeeItem), ...errors },
      },
    },
    async (request) => listAttendees(ctx(request), request.params.id, request.query),
  );

  app.post(
    path(FAIR_API.attendees),
    {
      config: { permission: P.create },
      attachValidation: true,
      schema: {
        tags,
        summary: 'The centre registers a job seeker (or a person by name and phone) and gets the ticket',
        params: idParams,
        body: attendeeBody,
        response: { 200: ticketAnswer, ...errors },
      },
    },
    async (request) => registerAttendee(ctx(request), request.params.id, request.body, app.config.publicUrl),
  );

  app.post(
    FAIR_API.checkIn,
    {
      config: { permission: P.update },
      attachValidation: true,
      schema: {
        tags,
        summary: "The door: a ticket's code (what its QR code holds) checks its holder in, once",
        body: checkInBody,
        response: { 200: checkInAnswer, ...errors },
      },
    },
    async (request) => checkIn(ctx(request), request.body.ticket),
  );

  app.post(
    path(FAIR_API.interviews),
    {
      config: { permission: P.update },
      attachValidation: true,
      schema: {
        tags,
        summary: 'A stall records an interview with a checked-in person and its outcome (a later one replaces it)',
        params: idParams,
        body: interviewBody,
        response: { 200: created, ...errors },
      },
    },
    async (request) => ({ id: await recordInterview(ctx(request), request.params.id, request.body) }),
  );

  app.get(
    FAIR_API.publicCalendar,
    {
      config: { permission: 'Auth.read', rateLimit: CALENDAR_RATE },
      schema: {
        tags,
        summary: 'The public calendar: sessions of three months from the month asked, with employers and vacancies',
        querystring: publicCalendarQuery,
        response: { 200: z.array(publicFair), ...errorResponsesFor(400, 429) },
      },
    },
    async (request) => publicCalendar(app.readDb, request.query),
  );

  app.post(
    path(FAIR_API.publicRegister),
    {
      config: { permission: 'Auth.read', rateLimit: REGISTER_RATE },
      attachValidation: true,
      schema: {
        tags,
        summary: 'A job seeker registers for a session without signing in and gets a ticket with its QR code',
        params: idParams,
        body: publicRegisterBody,
        response: { 200: ticketAnswer, ...errorResponsesFor(400, 404, 429) },
      },
    },
    async (request) =>
      publicRegister(app.db, contextOf(request, app.db).lang, request.params.id, request.body, app.config.publicUrl),
  );
};

export default fairRoutes;
