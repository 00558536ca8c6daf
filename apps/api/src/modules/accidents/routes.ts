import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCIDENT_PERMISSIONS } from '@portal/domain/accidents/features';
import {
  accidentDetail as accidentDetailSchema,
  accidentListQuery,
  accidentPage,
  accidentVersions as accidentVersionsSchema,
  concludeInvestigationBody,
  extendInvestigationBody,
  investigationDetail as investigationDetailSchema,
  investigationListQuery,
  investigationPage,
  newAccidentBody,
  openInvestigationBody,
  returnAccidentBody,
  updateAccidentBody,
  updateInvestigationBody,
} from '@portal/domain/accidents/schemas';
import { sendPdf } from '../../platform/files/index.ts';
import { errorResponses as errors, idParams } from '../../platform/http/route-schemas.ts';
import { explainValidationOf } from '../../platform/http/validation.ts';
import { move, registerMoveRoutes, registerRecordRoutes } from '../../platform/workflow/routes.ts';
import {
  concludeInvestigation,
  extendInvestigation,
  investigationDetail,
  listInvestigations,
  openInvestigation,
  updateInvestigation,
} from './investigations.ts';
import { receiptPdf } from './pdf.ts';
import { listAccidents } from './queries.ts';
import {
  accidentCtx,
  accidentDetail,
  accidentVersions,
  amendAccident,
  declareAccident,
  returnAccident,
} from './service.ts';

const AREA = '/api/Accident';
const tags = ['Accident'];

/**
 * Workplace accidents (Law 84/2015 Arts 34–35): the declaration with its receipt and routing, its versions, the
 * department's request for completion and its investigation. GET reads, POST creates and moves, PUT amends.
 * Every write answers the record as it now is.
 */
const accidentRoutes: FastifyPluginAsyncZod = async (app) => {
  explainValidationOf(app);
  const ctx = (request: Parameters<typeof accidentCtx>[1]) => accidentCtx(app.db, request);

  registerRecordRoutes(
    app,
    { area: AREA, tags, ctx, detail: { schema: accidentDetailSchema, read: accidentDetail } },
    {
      list: {
        path: 'accidents',
        permission: ACCIDENT_PERMISSIONS.read,
        summary:
          'Declarations the caller sees (employer: its own; commune: those in its commune and its own; department: all)',
        query: accidentListQuery,
        page: accidentPage,
        run: listAccidents,
      },
      detail: {
        path: 'accidents',
        permission: ACCIDENT_PERMISSIONS.read,
        summary: 'One declaration with its victims, routings and the actions open to the caller',
      },
      create: {
        path: 'add-accident',
        permission: ACCIDENT_PERMISSIONS.create,
        idempotent: true,
        summary:
          "Declare an accident (employer: its own; commune: a worker without a labour contract in its area): answers at once with the year's next receipt number; a fatal accident or one with ≥ 2 seriously injured is routed to the units the routing rules name",
        body: newAccidentBody,
        run: declareAccident,
      },
      update: {
        path: 'update-accident',
        permission: ACCIDENT_PERMISSIONS.update,
        summary:
          'Amend a declaration (its declarant): a new version with the reason, the earlier ones kept; 409 when someone changed it since',
        body: updateAccidentBody,
        run: amendAccident,
      },
    },
  );

  app.get(
    `${AREA}/accident-versions/:id`,
    {
      config: { permission: ACCIDENT_PERMISSIONS.read },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Every version of a declaration, newest first, with who, when, why and what changed',
        params: idParams,
        response: { 200: accidentVersionsSchema, ...errors },
      },
    },
    async (request) => accidentVersions(ctx(request), request.params.id),
  );

  registerMoveRoutes(app, { area: AREA, tags, ctx, detail: { schema: accidentDetailSchema, read: accidentDetail } }, [
    move({
      path: 'return-accident',
      permission: ACCIDENT_PERMISSIONS.investigate,
      summary: 'Department: ask the declarant to complete a declaration not yet under investigation',
      body: returnAccidentBody,
      run: (c, id, body) => returnAccident(c, id, body),
    }),
  ]);

  app.get(
    `${AREA}/accident-receipt/:id`,
    {
      config: { permission: ACCIDENT_PERMISSIONS.read },
      attachValidation: true,
      schema: {
        tags,
        summary: 'The receipt of the notification (PDF, Decree 129/2025 Form 01 content) of the current version',
        params: idParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await receiptPdf(ctx(request), request.params.id);
      return sendPdf(reply, pdf, fileName);
    },
  );

  app.get(
    `${AREA}/investigations`,
    {
      config: { permission: ACCIDENT_PERMISSIONS.read },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Investigations of the accidents the caller sees (earliest due first); overdue=true: open past due',
        querystring: investigationListQuery,
        response: { 200: investigationPage, ...errors },
      },
    },
    async (request) => listInvestigations(ctx(request), request.query),
  );

  app.get(
    `${AREA}/investigations/:id`,
    {
      config: { permission: ACCIDENT_PERMISSIONS.read },
      attachValidation: true,
      schema: {
        tags,
        summary: 'One investigation with its deadline, team, dossier and conclusions',
        params: idParams,
        response: { 200: investigationDetailSchema, ...errors },
      },
    },
    async (request) => investigationDetail(ctx(request), request.params.id),
  );

  app.post(
    `${AREA}/add-investigation`,
    {
      config: { permission: ACCIDENT_PERMISSIONS.investigate, idempotent: true },
      attachValidation: true,
      schema: {
        tags,
        summary:
          "Department: open the investigation of an accident, its deadline from the notification date by the class's LegalDeadline rule in force then (Law Art 35.6)",
        body: openInvestigationBody,
        response: { 201: investigationDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const c = ctx(request);
      const id = await openInvestigation(c, request.body);
      return reply.status(201).send(await investigationDetail(c, id));
    },
  );

  app.put(
    `${AREA}/update-investigation/:id`,
    {
      config: { permission: ACCIDENT_PERMISSIONS.investigate },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Department: the team, the dossier files, draft conclusions and measures, the expert examination',
        params: idParams,
        body: updateInvestigationBody,
        response: { 200: investigationDetailSchema, ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      await updateInvestigation(c, request.params.id, request.body);
      return investigationDetail(c, request.params.id);
    },
  );

  registerMoveRoutes(
    app,
    { area: AREA, tags, ctx, detail: { schema: investigationDetailSchema, read: investigationDetail } },
    [
      move({
        path: 'extend-investigation',
        permission: ACCIDENT_PERMISSIONS.investigate,
        summary:
          'Department: extend the deadline once (serious and fatal accidents), by no more than the deadline itself',
        body: extendInvestigationBody,
        run: (c, id, body) => extendInvestigation(c, id, body),
      }),
      move({
        path: 'conclude-investigation',
        permission: ACCIDENT_PERMISSIONS.investigate,
        summary: 'Department: conclude with the report date, conclusions and measures',
        body: concludeInvestigationBody,
        run: (c, id, body) => concludeInvestigation(c, id, body),
      }),
    ],
  );
};

export default accidentRoutes;
