import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { violationInput } from '@portal/domain/businesses/index';
import { idParams, idsBody, pagingQuery } from './common.ts';
import { booleanQuery, dateQuery, errors, pageOf, publicViolationSchema, violationSchema } from './schemas.ts';
import {
  createViolation,
  deleteViolations,
  findViolation,
  listPublicViolations,
  listViolations,
  updateViolation,
  VIOLATION_SUBJECT,
} from './violations.ts';

const P = (action: string) => ({ permission: `${VIOLATION_SUBJECT}.${action}` as const });
const tags = [VIOLATION_SUBJECT];

/** Violating organisations: `/api/ViolatingOrganization/...`; the published list is public. */
const violationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ViolatingOrganization/violatingOrganizations',
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'Violations in the caller’s scope (an employer: its own)',
        querystring: pagingQuery.extend({
          isPublished: booleanQuery,
          businessId: z.uuid().optional(),
          decisionFrom: dateQuery,
          decisionTo: dateQuery,
        }),
        response: { 200: pageOf(violationSchema), ...errors },
      },
    },
    async (request) => listViolations(app.db, request.principal, request.query),
  );

  app.get(
    '/api/ViolatingOrganization/violatingOrganizations/:id',
    {
      config: P('read'),
      schema: { tags, summary: 'One violation', params: idParams, response: { 200: violationSchema, ...errors } },
    },
    async (request) => findViolation(app.db, request.principal, request.params.id),
  );

  app.post(
    '/api/ViolatingOrganization/violatingOrganizations',
    {
      config: { ...P('create'), idempotent: true },
      schema: {
        tags,
        summary: 'Record a violation (authority)',
        body: violationInput,
        response: { 201: violationSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createViolation(request, app.db, request.body)),
  );

  app.put(
    '/api/ViolatingOrganization/violatingOrganizations/:id',
    {
      config: P('update'),
      schema: {
        tags,
        summary: 'Edit a violation (authority)',
        params: idParams,
        body: violationInput,
        response: { 200: violationSchema, ...errors },
      },
    },
    async (request) => updateViolation(request, app.db, request.params.id, request.body),
  );

  app.post(
    '/api/ViolatingOrganization/delete-violating-organizations',
    {
      config: P('delete'),
      schema: {
        tags,
        summary: 'Delete violations (authority; body: ids)',
        body: idsBody,
        response: { 200: z.object({ deleted: z.number() }), ...errors },
      },
    },
    async (request) => ({ deleted: await deleteViolations(request, app.db, request.body) }),
  );

  app.get(
    '/api/ViolatingOrganization/public-list',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags,
        summary: 'Published violations, for the public page (accent-insensitive search on name and tax code)',
        querystring: pagingQuery.extend({ year: z.coerce.number().int().min(2000).max(2100).optional() }),
        // businessId: the employer's public page (`/chi-tiet-doanh-nghiep/{id}`) when it is a portal employer.
        response: { 200: pageOf(publicViolationSchema.extend({ businessId: z.string().nullable() })), ...errors },
      },
    },
    async (request) => listPublicViolations(app.db, request.query),
  );
};

export default violationRoutes;
