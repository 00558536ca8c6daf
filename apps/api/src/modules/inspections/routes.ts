import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { INSPECTION_PERMISSIONS } from '@portal/domain/inspections/features';
import {
  answerRequirementBody,
  cancelInspectionBody,
  concludeInspectionBody,
  inspectionDetail,
  inspectionListQuery,
  inspectionPage,
  inspectorOption,
  newInspectionBody,
  returnRequirementBody,
  startInspectionBody,
  updateInspectionBody,
} from '@portal/domain/inspections/schemas';
import { MAX_FILE_BYTES, UPLOAD_KINDS } from '@portal/domain/files/index';
import { AppError } from '../../platform/errors/app-error.ts';
import { readUpload, storeCallerUpload } from '../../platform/files/index.ts';
import {
  deletedAnswer,
  errorResponses as errors,
  errorResponsesFor,
  idParams,
  idsBody,
} from '../../platform/http/route-schemas.ts';
import { explainValidation } from '../permits/validation.ts';
import { findInspection, inspectionDetail as readDetail, listInspections } from './queries.ts';
import {
  answerRequirement,
  cancelInspection,
  concludeInspection,
  createInspection,
  deleteInspections,
  inspectionCtx,
  reviewRequirement,
  startInspection,
  updateInspection,
  type InspectionCtx,
} from './service.ts';

const AREA = '/api/Inspection';
const tags = ['Inspection'];

/**
 * Inspections of employers (thanh tra, kiểm tra): GET reads, POST creates and moves, PUT updates, POST delete-…
 * with ids. Every write answers the inspection as it now is, with the actions open to the caller.
 */
const inspectionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Our schemas carry rule messages; refusals are explained in the caller's language.
  app.addHook('preHandler', async (request) => {
    const error = explainValidation(request);
    if (error) throw error;
  });
  const ctx = (request: Parameters<typeof inspectionCtx>[1]) => inspectionCtx(app.db, request);
  const detail = async (c: InspectionCtx, id: string) => {
    const row = await findInspection(c.db, c.caller, id);
    if (!row) throw new AppError(404, 'NOT_FOUND');
    return readDetail(c.db, c.caller, row, c.today);
  };

  app.get(
    `${AREA}/inspections`,
    {
      config: { permission: INSPECTION_PERMISSIONS.read },
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Inspections the caller sees (department: all; employer: its own once notified; commune: its employers’ once begun), with filters by status, kind, topic, year, employer, commune and overdue requirements',
        querystring: inspectionListQuery,
        response: { 200: inspectionPage, ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      return listInspections(app.db, c.caller, request.query, c.today);
    },
  );

  app.get(
    `${AREA}/inspections/:id`,
    {
      config: { permission: INSPECTION_PERMISSIONS.read },
      attachValidation: true,
      schema: {
        tags,
        summary: 'One inspection with its team, violations, requirements (answers included) and the caller’s actions',
        params: idParams,
        response: { 200: inspectionDetail, ...errors },
      },
    },
    async (request) => detail(ctx(request), request.params.id),
  );

  app.get(
    `${AREA}/inspectors`,
    {
      config: { permission: INSPECTION_PERMISSIONS.create },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Users of the department who may sit on an inspection team (by name or user name)',
        querystring: z.object({ keyWord: z.string().trim().max(100).optional() }),
        response: { 200: z.object({ items: z.array(inspectorOption) }), ...errors },
      },
    },
    async (request) => {
      const k = request.query.keyWord ? `%${request.query.keyWord.toLowerCase()}%` : null;
      const rows = await sql<{ id: string; fullName: string; userName: string }>`select u.id,
          u.full_name as "fullName", u.user_name as "userName"
        from app_user u join unit un on un.id = u.unit_id
        where u.deleted_at is null and un.kind = 'department'
          ${k ? sql`and (lower(u.full_name) like ${k} or lower(u.user_name) like ${k})` : sql``}
        order by u.full_name, u.id limit 50`.execute(app.db);
      return { items: rows.rows };
    },
  );

  app.post(
    `${AREA}/add-inspection`,
    {
      config: { permission: INSPECTION_PERMISSIONS.create },
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Department: plan or record an inspection of an employer (decision, team with one leader, violations, requirements with deadlines)',
        body: newInspectionBody,
        response: { 201: inspectionDetail, ...errors },
      },
    },
    async (request, reply) => {
      const c = ctx(request);
      const id = await createInspection(c, request.body);
      return reply.status(201).send(await detail(c, id));
    },
  );

  app.put(
    `${AREA}/update-inspection/:id`,
    {
      config: { permission: INSPECTION_PERMISSIONS.update },
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Change a planned or ongoing inspection (body: version and every field; items keep their ids, missing ones are removed); 409 once concluded, closed or cancelled, or when someone changed it since',
        params: idParams,
        body: updateInspectionBody,
        response: { 200: inspectionDetail, ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      await updateInspection(c, request.params.id, request.body);
      return detail(c, request.params.id);
    },
  );

  app.post(
    `${AREA}/start-inspection/:id`,
    {
      config: { permission: INSPECTION_PERMISSIONS.update },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Department: the inspection begins (actual date, default today); the employer is told',
        params: idParams,
        body: startInspectionBody,
        response: { 200: inspectionDetail, ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      await startInspection(c, request.params.id, request.body);
      return detail(c, request.params.id);
    },
  );

  app.post(
    `${AREA}/conclude-inspection/:id`,
    {
      config: { permission: INSPECTION_PERMISSIONS.update },
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Department: the conclusion (number, date, summary, file); sanctioned violations go on the published list of violating organisations; closed at once when nothing is to be followed up',
        params: idParams,
        body: concludeInspectionBody,
        response: { 200: inspectionDetail, ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      await concludeInspection(c, request.params.id, request.body);
      return detail(c, request.params.id);
    },
  );

  app.post(
    `${AREA}/cancel-inspection/:id`,
    {
      config: { permission: INSPECTION_PERMISSIONS.update },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Department: cancel a planned or ongoing inspection, with the reason',
        params: idParams,
        body: cancelInspectionBody,
        response: { 200: inspectionDetail, ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      await cancelInspection(c, request.params.id, request.body);
      return detail(c, request.params.id);
    },
  );

  app.post(
    `${AREA}/delete-inspections`,
    {
      config: { permission: INSPECTION_PERMISSIONS.delete },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Department: remove planned or cancelled inspections (body: ids; all or none)',
        body: idsBody(),
        response: { 200: deletedAnswer, ...errors },
      },
    },
    async (request) => ({ deleted: await deleteInspections(ctx(request), request.body) }),
  );

  app.post(
    `${AREA}/upload-file`,
    {
      config: { permission: INSPECTION_PERMISSIONS.update },
      schema: {
        tags,
        summary: `Upload a conclusion or an evidence file (multipart formFile; PDF, image, Word or Excel by content, at most ${MAX_FILE_BYTES / 1024 / 1024} MB). Always secure: the people of the inspection read it; put its id on the conclusion or the answer`,
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({
            id: z.string(),
            name: z.string(),
            size: z.number(),
            type: z.string(),
            fileType: z.string().nullable(),
            isSecure: z.boolean(),
          }),
          ...errorResponsesFor(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, { kinds: [...UPLOAD_KINDS], maxBytes: MAX_FILE_BYTES });
      const answer = await storeCallerUpload(
        app.db,
        app.files,
        request,
        { ...upload, isSecure: true, fileType: 'inspection' },
        'Inspection',
      );
      return reply.status(201).send(answer);
    },
  );

  app.post(
    `${AREA}/answer-requirement/:id`,
    {
      config: { permission: INSPECTION_PERMISSIONS.update },
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Employer: answer an open or returned requirement of a concluded inspection with text and evidence files (ids from the file upload); the team is told',
        params: idParams,
        body: answerRequirementBody,
        response: { 200: inspectionDetail, ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      const id = await answerRequirement(c, request.params.id, request.body);
      return detail(c, id);
    },
  );

  app.post(
    `${AREA}/accept-requirement/:id`,
    {
      config: { permission: INSPECTION_PERMISSIONS.update },
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Department: accept an answered requirement (409 before it is answered); the inspection closes when every requirement is accepted',
        params: idParams,
        body: z.object({}).optional(),
        response: { 200: inspectionDetail, ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      const id = await reviewRequirement(c, request.params.id, 'accept', null);
      return detail(c, id);
    },
  );

  app.post(
    `${AREA}/return-requirement/:id`,
    {
      config: { permission: INSPECTION_PERMISSIONS.update },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Department: return an answered requirement to the employer with the reason; the employer is told',
        params: idParams,
        body: returnRequirementBody,
        response: { 200: inspectionDetail, ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      const id = await reviewRequirement(c, request.params.id, 'return', request.body.reason);
      return detail(c, id);
    },
  );
};

export default inspectionRoutes;
