import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUGGESTION_API, SUGGESTION_PERMISSIONS as P, SUGGESTION_SUBJECT } from '@portal/domain/suggestions/index';
import {
  answerBody,
  assignBody,
  challengeAnswer,
  closeBody,
  codeParams,
  followAnswer,
  listQuery,
  officer,
  publishBody,
  publishedItem,
  publishedQuery,
  sendAnswer,
  sendBody,
  statusCounts,
  suggestionDetail,
  suggestionSummary,
} from '@portal/domain/suggestions/schemas';
import { errorResponsesFor } from '../../platform/http/route-schemas.ts';
import { clock } from '../../platform/clock/index.ts';
import { makeChallenge } from './challenge.ts';
import {
  answerSuggestion,
  assignSuggestion,
  closeSuggestion,
  decoyCode,
  deleteSuggestions,
  departmentOfficers,
  departmentOnly,
  followSuggestion,
  listSuggestions,
  publishedList,
  publishSuggestion,
  sendSuggestion,
  suggestionDetail as readDetail,
} from './service.ts';
import { pageOf } from '@portal/domain/paging';

const tags = [SUGGESTION_SUBJECT];
const errors = errorResponsesFor(400, 401, 403, 404, 409, 429);
const path = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');
const page = <T extends z.ZodType>(row: T) => pageOf(row);
const idParams = z.object({ id: z.uuid() });
const idsBody = z
  .union([z.array(z.uuid()).min(1).max(200), z.object({ ids: z.array(z.uuid()).min(1).max(200) })])
  .transform((v) => [...new Set(Array.isArray(v) ? v : v.ids)]);

/**
 * Per-address limits of the public calls (the address as the app sees it: the connection's, or the client's
 * named by a proxy TRUST_PROXY trusts). Sending is the tight one: a few suggestions per address per 10 minutes.
 */
export const SUGGESTION_RATE_LIMITS = {
  challenge: { max: 30, timeWindow: '1 minute' },
  send: { max: 5, timeWindow: '10 minutes' },
  follow: { max: 30, timeWindow: '1 minute' },
  published: { max: 120, timeWindow: '1 minute' },
} as const;

/** `/api/Suggestion/…`: the public box (no sign-in) and the department's back office. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SUGGESTION_API.challenge,
    {
      config: { permission: 'Auth.read', rateLimit: SUGGESTION_RATE_LIMITS.challenge },
      schema: {
        tags,
        summary:
          'A signed, single-use challenge for sending a suggestion: find a nonce such that sha256(token + nonce) starts with `difficulty` zero bits',
        response: { 200: challengeAnswer, ...errors },
      },
    },
    async () => makeChallenge(app.config.jwtSecret, clock.now()),
  );

  app.post(
    SUGGESTION_API.send,
    {
      config: { permission: 'Auth.read', rateLimit: SUGGESTION_RATE_LIMITS.send, idempotent: true },
      schema: {
        tags,
        summary:
          'Send a question or suggestion without signing in (with a solved challenge); answers the follow-up code',
        body: sendBody,
        response: { 201: sendAnswer, ...errors },
      },
    },
    async (request, reply) => {
      // The honeypot: only a robot fills a field people never see. It is told it succeeded; nothing is stored.
      if (request.body.website?.trim()) return reply.status(201).send({ code: decoyCode() });
      const code = await sendSuggestion(app, request, request.body);
      return reply.status(201).send({ code });
    },
  );

  app.get(
    path(SUGGESTION_API.follow),
    {
      config: { permission: 'Auth.read', rateLimit: SUGGESTION_RATE_LIMITS.follow },
      schema: {
        tags,
        summary:
          'Follow a suggestion by its code: its status and, once answered (published or not), the answer (never the sender)',
        params: codeParams,
        response: { 200: followAnswer, ...errors },
      },
    },
    async (request) => followSuggestion(app.db, request.params.code),
  );

  app.get(
    SUGGESTION_API.published,
    {
      config: { permission: 'Auth.read', rateLimit: SUGGESTION_RATE_LIMITS.published },
      schema: {
        tags,
        summary: 'Published questions with their answers, newest first (accent-free search)',
        querystring: publishedQuery,
        response: { 200: page(publishedItem), ...errors },
      },
    },
    async (request) => publishedList(app.db, request.query),
  );

  app.get(
    SUGGESTION_API.list,
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: 'The department: suggestions by status (with the count of each status), search and paging',
        querystring: listQuery,
        response: { 200: page(suggestionSummary).extend({ counts: statusCounts }), ...errors },
      },
    },
    async (request) => {
      departmentOnly(request.principal);
      return listSuggestions(app.db, request.query);
    },
  );

  app.get(
    path(SUGGESTION_API.detail),
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: 'The department: one suggestion with the sender and their contact',
        params: idParams,
        response: { 200: suggestionDetail, ...errors },
      },
    },
    async (request) => {
      departmentOnly(request.principal);
      return readDetail(app.db, request.params.id);
    },
  );

  app.get(
    SUGGESTION_API.officers,
    {
      config: { permission: P.update },
      schema: {
        tags,
        summary: 'The department officers a suggestion may be assigned to',
        response: { 200: z.array(officer), ...errors },
      },
    },
    async (request) => {
      departmentOnly(request.principal);
      return departmentOfficers(app.db);
    },
  );

  const write = <B extends z.ZodType>(
    url: string,
    permission: string,
    summary: string,
    body: B,
    run: (request: Parameters<typeof assignSuggestion>[1], body: z.infer<B>) => Promise<void>,
  ) =>
    app.put(
      url,
      {
        config: { permission: permission as never },
        schema: { tags, summary, body, response: { 200: suggestionDetail, ...errors } },
      },
      async (request) => {
        const b = request.body as z.infer<B> & { id: string };
        await run(request, b);
        return readDetail(app.db, b.id);
      },
    );

  write(
    SUGGESTION_API.assign,
    P.update,
    'Assign a suggestion to a department officer (who is told)',
    assignBody,
    (r, b) => assignSuggestion(app, r, b),
  );
  write(SUGGESTION_API.answer, P.answer, 'Write (or correct) the answer to a suggestion', answerBody, (r, b) =>
    answerSuggestion(app, r, b),
  );
  write(
    SUGGESTION_API.publish,
    P.answer,
    'Publish an answered suggestion (the question may be edited for publication; the sender is never published), or withdraw it',
    publishBody,
    (r, b) => publishSuggestion(app, r, b),
  );
  write(SUGGESTION_API.close, P.update, 'Close a suggestion without publishing it', closeBody, (r, b) =>
    closeSuggestion(app, r, b),
  );

  app.post(
    SUGGESTION_API.delete,
    {
      config: { permission: P.delete },
      schema: {
        tags,
        summary: 'Delete suggestions (all or none)',
        body: idsBody,
        response: { 200: z.object({ deleted: z.number() }), ...errors },
      },
    },
    async (request) => ({ deleted: await deleteSuggestions(app, request, request.body) }),
  );
};

export default routes;
