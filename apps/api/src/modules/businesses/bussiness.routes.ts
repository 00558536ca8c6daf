import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addSectorsInput, deleteSectorsInput } from '@portal/domain/businesses/index';
import { catalogOperations } from '../../catalog/operations.ts';
import { contextOf } from '../../catalog/context.ts';
import {
  createUserAccount,
  DEFAULT_USER_TYPE_CODES,
  email,
  listUsers,
  phone,
  userName,
  userTypeId,
} from '../accounts/index.ts';
import { businessError, idParams, ownBusiness, pagingQuery } from './common.ts';
import { ensureEmployerUnit, visibleEmployer } from './employers.ts';
import { errors, sectorLinkSchema } from './schemas.ts';
import { addSectors, BUSINESS_SUBJECT, deleteSectors, sectorsNotRegistered, sectorsOf } from './sectors.ts';

const tags = [BUSINESS_SUBJECT];
const P = (action: string) => ({ permission: `${BUSINESS_SUBJECT}.${action}` as const });

/**
 * Calls of the `Bussiness` area beyond the catalogue's standard ones (list, detail, add, edit, delete, existCode,
 * Excel — served by the catalogue engine from the declaration): an employer's sectors, its accounts, and an
 * employer user's own profile.
 */
const bussinessRoutes: FastifyPluginAsyncZod = async (app) => {
  const businessQuery = z.object({ bussinessId: z.uuid() });

  app.get(
    '/api/Bussiness/list-sector-in-bussiness',
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'Sectors of an employer (main sector first)',
        querystring: businessQuery,
        response: { 200: z.array(sectorLinkSchema), ...errors },
      },
    },
    async (request) => sectorsOf(app.db, request.principal, request.query.bussinessId),
  );

  app.get(
    '/api/Bussiness/list-sector-not-register',
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'Sectors the employer does not have yet (accent-insensitive keyWord on code and name)',
        querystring: businessQuery.extend({
          keyWord: z.string().trim().max(200).optional(),
          take: z.coerce.number().int().min(1).max(500).default(50),
        }),
        response: { 200: z.array(sectorLinkSchema.omit({ isMain: true })), ...errors },
      },
    },
    async (request) => sectorsNotRegistered(app.db, request.principal, request.query.bussinessId, request.query),
  );

  app.post(
    '/api/Bussiness/add-sector',
    {
      config: P('update'),
      schema: {
        tags,
        summary: 'Add sectors to an employer (optionally choosing the main one)',
        body: addSectorsInput,
        response: { 200: z.array(sectorLinkSchema), ...errors },
      },
    },
    async (request) => addSectors(request, app.db, request.body),
  );

  app.post(
    '/api/Bussiness/delete-sector',
    {
      config: P('update'),
      schema: {
        tags,
        summary: 'Remove sectors from an employer (body: bussinessId, ids)',
        body: deleteSectorsInput,
        response: { 200: z.array(sectorLinkSchema), ...errors },
      },
    },
    async (request) => deleteSectors(request, app.db, request.body),
  );

  app.get(
    '/api/Bussiness/my-bussiness',
    {
      config: P('read'),
      schema: {
        tags,
        summary: 'The signed-in employer user’s own employer record with its sectors (page /thong-tin-doanh-nghiep)',
        response: { 200: z.looseObject({ id: z.string(), sectors: z.array(sectorLinkSchema) }), ...errors },
      },
    },
    async (request) => {
      const own = ownBusiness(request.principal);
      if (!own) throw businessError(404, 'NOT_AN_EMPLOYER');
      const record = await catalogOperations('bussiness').get(contextOf(request, app.db), own);
      return { ...record, sectors: await sectorsOf(app.db, request.principal, own) };
    },
  );

  // ── Accounts of an employer: identity's operations, in the employer's unit ────────────────────────────────
  app.get(
    '/api/Bussiness/list-account/:id',
    {
      config: { permission: 'User.read' },
      schema: { tags, summary: 'User accounts of an employer (paged)', params: idParams, querystring: pagingQuery },
    },
    async (request) => {
      const employer = await visibleEmployer(app.db, request.principal, request.params.id);
      if (!employer) throw businessError(404, 'EMPLOYER_NOT_FOUND');
      const unit = await app.db
        .selectFrom('unit')
        .select('id')
        .where('business_id', '=', employer.id)
        .executeTakeFirst();
      if (!unit) return { pageLists: [], totalRecord: 0 };
      return listUsers(app.db, request.principal, { ...request.query, unitId: unit.id, sortBy: 'createdAt' });
    },
  );

  app.post(
    '/api/Bussiness/add-account/:id',
    {
      config: { permission: 'User.create', idempotent: true },
      schema: {
        tags,
        summary:
          'Create a user account for an employer (without a password: inactive, an invitation is mailed); default type: the employers’ type, or an employer user’s own',
        params: idParams,
        body: z.object({
          userName,
          fullName: z.string().trim().min(1).max(200),
          email: email.nullish().transform((v) => v ?? null),
          phone: phone.nullish().transform((v) => v ?? null),
          jobTitle: z
            .string()
            .trim()
            .max(200)
            .nullish()
            .transform((v) => v || null),
          password: z
            .string()
            .min(1)
            .max(200)
            .nullish()
            .transform((v) => v ?? null),
          userTypeId: z.uuid().nullish(),
        }),
        response: { 201: z.object({ id: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const employer = await visibleEmployer(app.db, request.principal, request.params.id);
      if (!employer) throw businessError(404, 'EMPLOYER_NOT_FOUND');
      const b = request.body;
      const unitId = await ensureEmployerUnit(app.db, employer.id);
      const id = await createUserAccount(app, request, {
        userName: b.userName,
        password: b.password,
        fullName: b.fullName,
        email: b.email,
        phone: b.phone,
        gender: null,
        birthday: null,
        address: null,
        jobTitle: b.jobTitle,
        unitId,
        // A colleague added by an employer gets its own rights; the authority gives the employers' default type.
        userTypeId:
          b.userTypeId ??
          (ownBusiness(request.principal) && request.principal?.userTypeId) ??
          (await userTypeId(app.db, DEFAULT_USER_TYPE_CODES.employer)),
      });
      return reply.status(201).send({ id });
    },
  );
};

export default bussinessRoutes;
