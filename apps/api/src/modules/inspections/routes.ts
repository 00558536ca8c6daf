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
import { storeDomainUpload } from '../../platform/files/index.ts';
import {
  deletedAnswer,
  errorResponses as errors,
  errorResponsesFor,
  idsBody,
  uploadedFile,
} from '../../platform/http/route-schemas.ts';
import { explainValidationOf } from '../../platform/http/validation.ts';
import { move, registerMoveRoutes, registerRecordRoutes } from '../../platform/workflow/routes.ts';
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
  explainValidationOf(app);
  const ctx = (request: Parameters<typeof inspectionCtx>[1]) => inspectionCtx(app.db, request);
  const detail = async (c: InspectionCtx, id: string) => {
    const row = await findInspection(c.db, c.caller, id);
    if (!row) throw new AppError(404, 'NOT_FOUND');
    return readDetail(c.db, c.caller, row, c.today);
  };

  const common = { area: AREA, tags, ctx, detail: { schema: inspectionDetail, read: detail } };
  registerRecordRoutes(app, common, {
    list: {
      path: 'inspections',
      permission: INSPECTION_PERMISSIONS.read,
      summary:
        'Inspections the caller sees (department: all; employer: its own once notified; commune: its employers’ once begun), with filters by status, kind, topic, year, employer, commune and overdue requirements',
      query: inspectionListQuery,
      page: inspectionPage,
      run: (c, query) => listInspections(app.db, c.caller, query, c.today),
    },
    detail: {
      path: 'inspections',
      permission: INSPECTION_PERMISSIONS.read,
      summary: 'One inspection with its team, violations, requirements (answers included) and the caller’s actions',
    },
    create: {
      path: 'add-inspection',
      permission: INSPECTION_PERMISSIONS.create,
      idempotent: true,
      summary:
        'Department: plan or record an inspection of an employer (decision, team with one leader, violations, requirements with deadlines)',
      body: newInspectionBody,
      run: createInspection,
    },
    update: {
      path: 'update-inspection',
      permission: INSPECTION_PERMISSIONS.update,
      summary:
        'Change a planned or ongoing inspection (body: version and every field; items keep their ids, missing ones are removed); 409 once concluded, closed or cancelled, or when someone changed it since',
      body: updateInspectionBody,
      run: updateInspection,
    },
  });

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

  registerMoveRoutes(app, common, [
    move({
      path: 'start-inspection',
      permission: INSPECTION_PERMISSIONS.update,
      summary: 'Department: the inspection begins (actual date, default today); the employer is told',
      body: startInspectionBody,
      run: startInspection,
    }),
    move({
      path: 'conclude-inspection',
      permission: INSPECTION_PERMISSIONS.update,
      summary:
        'Department: the conclusion (number, date, summary, file); sanctioned violations go on the published list of violating organisations; closed at once when nothing is to be followed up',
      body: concludeInspectionBody,
      run: concludeInspection,
    }),
    move({
      path: 'cancel-inspection',
      permission: INSPECTION_PERMISSIONS.update,
      summary: 'Department: cancel a planned or ongoing inspection, with the reason',
      body: cancelInspectionBody,
      run: cancelInspection,
    }),
  ]);

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
          201: uploadedFile,
          ...errorResponsesFor(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const answer = await storeDomainUpload(app, request, {
        kinds: UPLOAD_KINDS,
        maxBytes: MAX_FILE_BYTES,
        isSecure: true,
        fileType: 'inspection',
        subject: 'Inspection',
      });
      return reply.status(201).send(answer);
    },
  );

  // A requirement's moves name the requirement and answer its inspection.
  const inspectionOf = async (c: InspectionCtx, requirementId: string) => {
    const found = await sql<{ inspection_id: string }>`select inspection_id from labour_inspection_requirement
      where id = ${requirementId}`.execute(c.db);
    if (!found.rows[0]) throw new AppError(404, 'NOT_FOUND');
    return detail(c, found.rows[0].inspection_id);
  };
  registerMoveRoutes(app, { area: AREA, tags, ctx, detail: { schema: inspectionDetail, read: inspectionOf } }, [
    move({
      path: 'answer-requirement',
      permission: INSPECTION_PERMISSIONS.update,
      summary:
        'Employer: answer an open or returned requirement of a concluded inspection with text and evidence files (ids from the file upload); the team is told',
      body: answerRequirementBody,
      run: answerRequirement,
    }),
    move({
      path: 'accept-requirement',
      permission: INSPECTION_PERMISSIONS.update,
      summary:
        'Department: accept an answered requirement (409 before it is answered); the inspection closes when every requirement is accepted',
      body: z.object({}).optional(),
      run: (c, id) => reviewRequirement(c, id, 'accept', null),
    }),
    move({
      path: 'return-requirement',
      permission: INSPECTION_PERMISSIONS.update,
      summary: 'Department: return an answered requirement to the employer with the reason; the employer is told',
      body: returnRequirementBody,
      run: (c: InspectionCtx, id, body) => reviewRequirement(c, id, 'return', body.reason),
    }),
  ]);
};

export default inspectionRoutes;
