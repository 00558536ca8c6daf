import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@portal/domain/i18n';
import {
  ASSESSMENT_STATUSES,
  HAZARD_ANSWERS,
  HAZARD_GROUPS,
  HAZARD_SECTORS,
  MEASURE_STATUSES,
  RATING_MAX,
  RATING_MIN,
  REVIEW_REASONS,
  RISK_ASSESSMENT_PERMISSIONS as P,
  RISK_LEVELS,
} from '@portal/domain/risk-assessment/rules';
import { contextOf } from '../../catalog/context.ts';
import { sendPdf } from '../../platform/files/index.ts';
import { errorResponses as errors, idParams } from '../../platform/http/route-schemas.ts';
import { actionPlanPdf, reportPdf } from './pdf.ts';
import {
  addHazards,
  addMeasure,
  answerHazard,
  completeAssessment,
  detailsOf,
  libraryFor,
  reassess,
  removeHazard,
  removeMeasure,
  updateMeasure,
} from './service.ts';

const BASE = '/api/RiskAssessment';
const TAGS = ['RiskAssessment'];

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const rating = z.number().int().min(RATING_MIN).max(RATING_MAX);

const measure = z.object({
  id: z.string(),
  hazardRowId: z.string(),
  description: z.string(),
  owner: z.string(),
  deadline: z.string(),
  cost: z.number(),
  status: z.enum(MEASURE_STATUSES),
  doneOn: z.string().nullable(),
  overdue: z.boolean(),
});
const hazard = z.object({
  id: z.string(),
  hazardId: z.string().nullable(),
  code: z.string().nullable(),
  name: z.string(),
  group: z.enum(HAZARD_GROUPS),
  own: z.boolean(),
  position: z.number(),
  answer: z.enum(HAZARD_ANSWERS),
  currentControls: z.string().nullable(),
  suggestedMeasures: z.string().nullable(),
  likelihood: z.number().nullable(),
  severity: z.number().nullable(),
  score: z.number().nullable(),
  level: z.enum(RISK_LEVELS).nullable(),
  note: z.string().nullable(),
  measures: z.array(measure),
});
const details = z.object({
  assessment: z.object({
    id: z.string(),
    businessId: z.string(),
    businessName: z.string().nullable(),
    title: z.string(),
    workArea: z.string(),
    sector: z.enum(HAZARD_SECTORS),
    assessedOn: z.string(),
    assessors: z.string(),
    workerCount: z.number().nullable(),
    status: z.enum(ASSESSMENT_STATUSES),
    completedOn: z.string().nullable(),
    nextReviewOn: z.string().nullable(),
    previousId: z.string().nullable(),
    note: z.string().nullable(),
  }),
  canEdit: z.boolean(),
  canManageMeasures: z.boolean(),
  reviewReasons: z.array(z.enum(REVIEW_REASONS)),
  hazards: z.array(hazard),
  priority: z.array(z.string()),
  accidents: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      occurredOn: z.string(),
      severity: z.string(),
      place: z.string(),
      afterCompletion: z.boolean(),
    }),
  ),
  summary: z.object({
    hazards: z.number(),
    unanswered: z.number(),
    present: z.number(),
    rated: z.number(),
    levels: z.object({ low: z.number(), medium: z.number(), high: z.number(), veryHigh: z.number() }),
    measures: z.number(),
    measuresDone: z.number(),
    measuresOverdue: z.number(),
    cost: z.number(),
  }),
});
const libraryHazard = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  sector: z.enum(HAZARD_SECTORS),
  group: z.enum(HAZARD_GROUPS),
  suggestedMeasures: z.string().nullable(),
  added: z.boolean(),
});
const measureBody = z.object({
  description: text(1000),
  owner: text(255),
  deadline: z.iso.date(),
  cost: z.number().min(0).max(1e15).default(0),
  status: z.enum(MEASURE_STATUSES).default('planned'),
  doneOn: z.iso.date().nullable().optional(),
});

/**
 * Risk assessment beyond the catalogue's standard calls (list, create, update, delete of RiskAssessment are generated
 * from its declaration): the page's whole state, the sector's hazard library, identifying, answering and rating
 * hazards, measures, completing, re-doing, and the report and action-plan PDFs.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: Parameters<typeof contextOf>[0]) => contextOf(request, app.db);
  const read = { permission: P.read };
  const write = { permission: P.update };

  app.get(
    `${BASE}/details/:id`,
    {
      config: read,
      schema: {
        tags: TAGS,
        summary:
          "An assessment's hazards with their answers, ratings and measures, the priority list, linked accidents and why it is due again",
        params: idParams,
        response: { 200: details, ...errors },
      },
    },
    async (request) => detailsOf(ctx(request), request.params.id),
  );

  app.get(
    `${BASE}/library/:id`,
    {
      config: read,
      schema: {
        tags: TAGS,
        summary: "The hazard library of the assessment's sector and of every sector, those it lists already marked",
        params: idParams,
        response: { 200: z.array(libraryHazard), ...errors },
      },
    },
    async (request) => libraryFor(ctx(request), request.params.id),
  );

  app.post(
    `${BASE}/hazards/:id`,
    {
      config: { ...write, idempotent: true },
      schema: {
        tags: TAGS,
        summary: 'The employer lists hazards of the library and of its own in a draft assessment',
        params: idParams,
        body: z
          .object({
            hazardIds: z.array(z.uuid()).max(500).optional(),
            own: z
              .array(z.object({ name: text(500), group: z.enum(HAZARD_GROUPS) }))
              .max(100)
              .optional(),
          })
          .refine((b) => (b.hazardIds?.length ?? 0) + (b.own?.length ?? 0) > 0, { message: 'empty' }),
        response: { 200: details, ...errors },
      },
    },
    async (request) => {
      await addHazards(ctx(request), request.params.id, request.body);
      return detailsOf(ctx(request), request.params.id);
    },
  );

  app.put(
    `${BASE}/hazard/:id`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'The employer answers a listed hazard and rates a present one (likelihood × severity → level)',
        params: idParams,
        body: z.object({
          answer: z.enum(HAZARD_ANSWERS),
          currentControls: optionalText(2000),
          likelihood: rating.nullable().optional(),
          severity: rating.nullable().optional(),
          note: optionalText(2000),
          name: text(500).optional(),
          group: z.enum(HAZARD_GROUPS).optional(),
        }),
        response: { 200: details, ...errors },
      },
    },
    async (request) => detailsOf(ctx(request), await answerHazard(ctx(request), request.params.id, request.body)),
  );

  app.post(
    `${BASE}/remove-hazard/:id`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'The employer takes a hazard (and its measures) off a draft assessment',
        params: idParams,
        response: { 200: details, ...errors },
      },
    },
    async (request) => detailsOf(ctx(request), await removeHazard(ctx(request), request.params.id)),
  );

  app.post(
    `${BASE}/measure/:id`,
    {
      config: { ...write, idempotent: true },
      schema: {
        tags: TAGS,
        summary: 'The employer plans a measure against a present hazard (id: the listed hazard)',
        params: idParams,
        body: measureBody,
        response: { 200: details, ...errors },
      },
    },
    async (request) => detailsOf(ctx(request), await addMeasure(ctx(request), request.params.id, request.body)),
  );

  app.put(
    `${BASE}/measure/:id`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'The employer changes a measure or marks it done (id: the measure)',
        params: idParams,
        body: measureBody,
        response: { 200: details, ...errors },
      },
    },
    async (request) => detailsOf(ctx(request), await updateMeasure(ctx(request), request.params.id, request.body)),
  );

  app.post(
    `${BASE}/remove-measure/:id`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'The employer removes a measure',
        params: idParams,
        response: { 200: details, ...errors },
      },
    },
    async (request) => detailsOf(ctx(request), await removeMeasure(ctx(request), request.params.id)),
  );

  app.post(
    `${BASE}/complete/:id`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'The employer completes a draft: every hazard answered and rated, the high ones with a measure',
        params: idParams,
        response: { 200: details, ...errors },
      },
    },
    async (request) => {
      await completeAssessment(ctx(request), request.params.id);
      return detailsOf(ctx(request), request.params.id);
    },
  );

  app.post(
    `${BASE}/reassess/:id`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'The employer re-does a completed assessment: a new draft listing the same hazards and ratings',
        params: idParams,
        response: { 200: z.object({ id: z.string() }), ...errors },
      },
    },
    async (request) => ({ id: await reassess(ctx(request), request.params.id) }),
  );

  const pdfRoute = (path: string, summary: string, render: typeof reportPdf, fileKey: string) =>
    app.get(
      `${BASE}/${path}/:id`,
      { config: read, schema: { tags: TAGS, summary, params: idParams, response: errors } },
      async (request, reply) => {
        const c = ctx(request);
        const { pdf, title } = await render(c, request.params.id);
        const name = translate(c.lang, `riskAssessment:pdf.${fileKey}`, {
          title: title.replace(/[\\/:*?"<>|]+/g, '-'),
        });
        return sendPdf(reply, pdf, `${name}.pdf`);
      },
    );
  pdfRoute('report-pdf', "The assessment's report with the priority list, as PDF", reportPdf, 'reportFileName');
  pdfRoute(
    'action-plan-pdf',
    "The assessment's action plan (measures, owners, deadlines, costs), as PDF",
    actionPlanPdf,
    'planFileName',
  );
};

export default routes;
