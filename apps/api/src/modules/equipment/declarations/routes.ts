import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { DECLARATION_PERMISSIONS, EQUIPMENT_PERMISSIONS } from '@portal/domain/equipment/features';
import {
  declarationActionBody,
  declarationDetail,
  declarationListQuery,
  declarationPage,
  machineHistoryAnswer,
  newDeclarationBody,
  refuseDeclarationBody,
  updateDeclarationBody,
} from '@portal/domain/equipment/schemas';
import type { DeclarationStatus } from '@portal/domain/equipment/state';
import { catalogRegistry } from '../../../catalog/registry.ts';
import { rowScope } from '../../../catalog/scope.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { sendPdf } from '../../../platform/files/index.ts';
import { deletedAnswer, errorResponses as errors, idParams, idsBody } from '../../../platform/http/route-schemas.ts';
import { explainValidationOf } from '../../../platform/http/validation.ts';
import { move, registerMoveRoutes, registerRecordRoutes } from '../../../platform/workflow/routes.ts';
import { machineHistory } from '../history.ts';
import { visibleTo } from './access.ts';
import { confirmationPdf } from './pdf.ts';
import { listDeclarations } from './queries.ts';
import {
  confirmDeclaration,
  createDeclaration,
  declarationCtx,
  declarationDetail as readDetail,
  deleteDeclarations,
  refuseDeclaration,
  submitDeclaration,
  updateDeclaration,
} from './service.ts';

const AREA = '/api/Equipment';
const tags = ['Equipment'];

/**
 * Declarations of machines put into use (Law 84/2015 Art 30.2) and the department's answer: GET reads, POST
 * creates and moves, PUT updates, POST delete-… with ids. Every write answers the declaration as it now is.
 */
const declarationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Our schemas carry rule messages; refusals are explained in the caller's language.
  explainValidationOf(app);
  const ctx = (request: Parameters<typeof declarationCtx>[1]) => declarationCtx(app.db, request);

  const common = { area: AREA, tags, ctx, detail: { schema: declarationDetail, read: readDetail } };
  registerRecordRoutes(app, common, {
    list: {
      path: 'declarations',
      permission: DECLARATION_PERMISSIONS.read,
      summary:
        'Declarations the caller sees (employer: its own, drafts included; department: submitted ones; commune: its employers’, read only)',
      query: declarationListQuery,
      page: declarationPage,
      run: (c, query) => listDeclarations(app.db, c.caller, query),
    },
    detail: {
      path: 'declarations',
      permission: DECLARATION_PERMISSIONS.read,
      summary: 'One declaration with its machines, certificates, history and the actions open to the caller',
    },
    create: {
      path: 'add-declaration',
      permission: DECLARATION_PERMISSIONS.create,
      idempotent: true,
      summary:
        "File a declaration (draft) of the employer's machines (1–200; an authority user names the employer): each machine the employer's own, not scrapped, in no other live declaration (409)",
      body: newDeclarationBody,
      run: createDeclaration,
    },
    update: {
      path: 'update-declaration',
      permission: DECLARATION_PERMISSIONS.update,
      summary:
        'Change a draft or refused declaration (body: version, fields; absent: kept); 409 when someone changed it since',
      body: updateDeclarationBody,
      run: updateDeclaration,
    },
  });

  registerMoveRoutes(app, common, [
    move({
      path: 'submit-declaration',
      permission: DECLARATION_PERMISSIONS.update,
      summary:
        'Declarant: send a draft or refused declaration to the department (400 naming each machine without its inspection certificate); marks it late when a machine was first used longer ago than the legal window',
      body: declarationActionBody,
      run: (c, id, body) => submitDeclaration(c, id, body.version),
    }),
    move({
      path: 'confirm-declaration',
      permission: DECLARATION_PERMISSIONS.review,
      summary: "Department: confirm a submitted declaration with the year's next number (0001/2026/XNKB)",
      body: declarationActionBody,
      run: (c, id, body) => confirmDeclaration(c, id, body.version),
    }),
    move({
      path: 'refuse-declaration',
      permission: DECLARATION_PERMISSIONS.review,
      summary: 'Department: refuse a submitted declaration with the reason (what to correct)',
      body: refuseDeclarationBody,
      run: (c, id, body) => refuseDeclaration(c, id, body),
    }),
  ]);

  app.post(
    `${AREA}/delete-declarations`,
    {
      config: { permission: DECLARATION_PERMISSIONS.delete },
      attachValidation: true,
      schema: {
        tags,
        summary: "Withdraw the declarant's draft or refused declarations (body: ids; all or none)",
        body: idsBody(),
        response: { 200: deletedAnswer, ...errors },
      },
    },
    async (request) => ({ deleted: await deleteDeclarations(ctx(request), request.body) }),
  );

  app.get(
    `${AREA}/declaration-confirmation/:id`,
    {
      config: { permission: DECLARATION_PERMISSIONS.read },
      attachValidation: true,
      schema: {
        tags,
        summary:
          'The confirmation (giấy xác nhận khai báo) of a confirmed declaration as PDF, with a QR to its public look-up',
        params: idParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await confirmationPdf(ctx(request), request.params.id, app.config.publicUrl);
      return sendPdf(reply, pdf, fileName);
    },
  );

  app.get(
    `${AREA}/machine-history/:id`,
    {
      config: { permission: EQUIPMENT_PERMISSIONS.read },
      attachValidation: true,
      schema: {
        tags,
        summary: "A machine's history (newest first) and the declarations it was listed in",
        params: idParams,
        response: { 200: machineHistoryAnswer, ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      const scope = rowScope(catalogRegistry.get('equipment'), request.principal, 'e');
      const machine = await sql<{ id: string }>`select e.id from equipment e
        where e.id = ${request.params.id} and e.deleted_at is null ${scope ? sql`and ${scope}` : sql``}`.execute(
        app.db,
      );
      if (!machine.rows[0]) throw new AppError(404, 'NOT_FOUND');
      const declarations = await sql<{
        id: string;
        status: DeclarationStatus;
        number: string | null;
        declared_on: string | null;
        decided_at: Date | null;
        late: boolean;
        certificate_number: string | null;
      }>`select d.id, d.status, d.number, d.declared_on::text as declared_on, d.decided_at, d.late,
          c.certificate_number
        from equipment_declaration_item i
        join equipment_declaration d on d.id = i.declaration_id
        left join equipment_inspection c on c.id = i.certificate_id
        where i.equipment_id = ${request.params.id} and ${visibleTo(c.caller)}
        order by d.created_at desc`.execute(app.db);
      return {
        events: await machineHistory(app.db, request.params.id),
        declarations: declarations.rows.map((r) => ({
          id: r.id,
          status: r.status,
          number: r.number,
          declaredOn: r.declared_on,
          decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
          late: !!r.late,
          certificateNumber: r.certificate_number,
        })),
      };
    },
  );
};

export default declarationRoutes;
