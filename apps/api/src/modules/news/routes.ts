import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_NEWS_BODY,
  MAX_NEWS_SUMMARY,
  MAX_NEWS_TITLE,
  NEWS_API,
  NEWS_PERMISSIONS,
  NEWS_STATES,
  NEWS_SUBJECT,
} from '@portal/domain/news/index';
import { MAX_FILE_BYTES } from '@portal/domain/files/index';
import { errorBodySchema } from '../../platform/errors/app-error.ts';
import { storeDomainUpload } from '../../platform/files/index.ts';
import { uploadedFile } from '../../platform/http/route-schemas.ts';
import { createArticle, deleteArticles, getArticle, listArticles, publicTopics, updateArticle } from './service.ts';
import { pageOf } from '@portal/domain/paging';

const errorsFor = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorBodySchema]));
const errors = errorsFor(400, 401, 403, 404);
const tags = [NEWS_SUBJECT];
const path = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');
const P = (action: keyof typeof NEWS_PERMISSIONS) => ({ permission: NEWS_PERMISSIONS[action] });
const PUBLIC = { permission: 'Auth.read' as const };

const idParams = z.object({ id: z.uuid() });
const publicQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyWord: z.string().trim().max(200).optional(),
  topicId: z.uuid().optional(),
  featured: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});
const officeQuery = publicQuery.extend({
  state: z.enum(NEWS_STATES).optional(),
  sortBy: z.enum(['title', 'publishedAt', 'updatedAt', 'state', 'topicName']).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});

const summary = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  coverFileId: z.string().nullable(),
  coverUrl: z.string().nullable(),
  topicId: z.string().nullable(),
  topicName: z.string().nullable(),
  author: z.string(),
  state: z.enum(NEWS_STATES),
  featured: z.boolean(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
const article = summary.extend({ body: z.string(), createdAt: z.string() });
const page = pageOf(summary);

export const articleInput = z.object({
  title: z.string().trim().min(1).max(MAX_NEWS_TITLE),
  summary: z.string().trim().max(MAX_NEWS_SUMMARY).default(''),
  body: z.string().max(MAX_NEWS_BODY).default(''),
  coverFileId: z.uuid().nullable().optional(),
  topicId: z.uuid().nullable().optional(),
  author: z.string().trim().max(200).default(''),
  state: z.enum(NEWS_STATES).default('draft'),
  featured: z.boolean().default(false),
});

const idsBody = z
  .union([z.array(z.uuid()).min(1).max(500), z.object({ ids: z.array(z.uuid()).min(1).max(500) })])
  .transform((v) => [...new Set(Array.isArray(v) ? v : v.ids)]);

/** `/api/News/…`: the back office's articles (News.*) and the public's published ones (no sign-in). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    NEWS_API.list,
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'Articles of every state (keyWord without accents, topic, state, featured; sortBy, sortOrder)',
        querystring: officeQuery,
        response: { 200: page, ...errors },
      },
    },
    async (request) => listArticles(app.db, request.query, 'office'),
  );

  app.get(
    path(NEWS_API.detail),
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'One article, whatever its state',
        params: idParams,
        response: { 200: article, ...errors },
      },
    },
    async (request) => getArticle(app.db, request.params.id, 'office'),
  );

  app.post(
    NEWS_API.create,
    {
      config: { ...P('create'), idempotent: true },
      schema: {
        tags,
        summary:
          'Write an article; the body (HTML) is sanitised against an allow-list. Published: its publication date is now',
        body: articleInput,
        response: { 201: article, ...errorsFor(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const id = await createArticle(app.db, request, request.principal!, request.body);
      return reply.status(201).send(await getArticle(app.db, id, 'office'));
    },
  );

  app.put(
    path(NEWS_API.update),
    {
      config: P('update'),
      schema: {
        tags,
        summary:
          'Change an article (draft → published → hidden and back); the body is sanitised again; the first publication date is kept',
        params: idParams,
        body: articleInput,
        response: { 200: article, ...errors },
      },
    },
    async (request) => {
      await updateArticle(app.db, request, request.principal!, request.params.id, request.body);
      return getArticle(app.db, request.params.id, 'office');
    },
  );

  app.post(
    NEWS_API.delete,
    {
      config: P('delete'),
      schema: {
        tags,
        summary: 'Delete articles (body: ids)',
        body: idsBody,
        response: { 200: z.object({ deleted: z.number() }), ...errors },
      },
    },
    async (request) => ({ deleted: await deleteArticles(app.db, request, request.principal!, request.body) }),
  );

  app.post(
    NEWS_API.upload,
    {
      config: P('create'),
      schema: {
        tags,
        summary: `Upload an image for an article (multipart formFile; an image by content, at most ${MAX_FILE_BYTES / 1024 / 1024} MB). Public: it is served at /api/Files/{id}`,
        consumes: ['multipart/form-data'],
        response: {
          201: uploadedFile.extend({ url: z.string() }),
          ...errorsFor(400, 401, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      // Published articles show their images to everyone: never secure.
      const answer = await storeDomainUpload(app, request, {
        kinds: ['image'],
        maxBytes: MAX_FILE_BYTES,
        isSecure: false,
        fileType: 'news',
        subject: NEWS_SUBJECT,
      });
      return reply.status(201).send({ ...answer, url: `/api/Files/${answer.id}` });
    },
  );

  app.get(
    NEWS_API.publicList,
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Published articles, newest first (keyWord without accents, topic, featured); no sign-in',
        querystring: publicQuery,
        response: { 200: page, ...errorsFor(400) },
      },
    },
    async (request) => listArticles(app.db, request.query, 'public'),
  );

  app.get(
    path(NEWS_API.publicDetail),
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'One published article (a draft, hidden or deleted one: 404); no sign-in',
        params: idParams,
        response: { 200: article, ...errorsFor(400, 404) },
      },
    },
    async (request) => getArticle(app.db, request.params.id, 'public'),
  );

  app.get(
    NEWS_API.publicTopics,
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'The news topics, with how many published articles each has; no sign-in',
        response: {
          200: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), count: z.number() })),
        },
      },
    },
    async () => publicTopics(app.db),
  );
};

export default routes;
