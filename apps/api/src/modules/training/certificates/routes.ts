import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REQUEST_ACTIONS,
  REQUEST_STATUSES,
  TRAINING_CERTIFICATE_PERMISSIONS as P,
  VERIFY_STATUSES,
} from '@portal/domain/training/certificates';
import { TRAINING_CREDENTIALS } from '@portal/domain/training/rules';
import { translate } from '@portal/domain/i18n';
import { contextOf } from '../../../catalog/context.ts';
import { catalogOperations } from '../../../catalog/operations.ts';
import { AppError, errorBodySchema, notFound } from '../../../platform/errors/app-error.ts';
import { sendPdf } from '../../../platform/files/index.ts';
import { errorResponses as errors, idParams } from '../../../platform/http/route-schemas.ts';
import { PUBLIC_LOOKUP_RATE } from '../../../platform/http/public-lookup.ts';
import { courseParticipants } from './participants.ts';
import { courseOf } from './access.ts';
import { issueCredentials } from './issue.ts';
import { credentialsPdf, fileNamePart } from './pdf.ts';
import { verifyById, verifyByNumber } from './public.ts';
import {
  changeParticipants,
  issuedCredentialIds,
  issueRequest,
  refuseRequest,
  requestWorkflow,
  submitRequest,
} from './requests.ts';
import { CERTIFICATE_ACTIONS, credentialActions, revokeCredentials } from './revoke.ts';

const CERTIFICATE = '/api/TrainingCertificate';
const REQUEST = '/api/TrainingCertificateRequest';

const participant = z.object({
  workerId: z.string(),
  fullName: z.string(),
  birthDate: z.string().nullable(),
  result: z.string().nullable(),
  selected: z.boolean(),
  certificateId: z.string().nullable(),
  certificateNumber: z.string().nullable(),
});
const workflow = z.object({
  status: z.enum(REQUEST_STATUSES),
  actions: z.array(z.enum(REQUEST_ACTIONS)),
  canPrint: z.boolean(),
  participants: z.array(participant),
});
const issuedAnswer = z.object({ issued: z.number().int(), numbers: z.array(z.string()) });
const issuedOn = z.iso.date().optional();
const workerIds = z.array(z.uuid()).max(5000);
const publicCredential = z.object({
  number: z.string(),
  fullName: z.string(),
  group: z.string(),
  credential: z.enum(TRAINING_CREDENTIALS),
  issuer: z.string().nullable(),
  issuedOn: z.string(),
  validUntil: z.string().nullable(),
  status: z.enum(VERIFY_STATUSES),
});
const publicErrors = { 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

/**
 * Training credentials beyond the catalogue's standard calls (list, create, … of TrainingCertificate and
 * TrainingCertificateRequest are generated from their declarations): a request's participants and its steps
 * (submit, issue, refuse), issuing straight from a course, revoking, the PDFs, and the public verification.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: Parameters<typeof contextOf>[0]) => contextOf(request, app.db);

  // ------------------------------------------------------------------------------------------------ requests

  app.get(
    `${REQUEST}/workflow/:id`,
    {
      config: { permission: P.requestRead },
      schema: {
        tags: ['TrainingCertificateRequest'],
        summary: "A request's state, the actions open to the caller and its course's participants (those it names)",
        params: idParams,
        response: { 200: workflow, ...errors },
      },
    },
    async (request) => requestWorkflow(ctx(request), request.params.id),
  );

  app.put(
    `${REQUEST}/participants/:id`,
    {
      config: { permission: P.requestUpdate },
      schema: {
        tags: ['TrainingCertificateRequest'],
        summary: 'The filer names the participants of a draft or refused request (passed, without a credential)',
        params: idParams,
        body: z.object({ workerIds }),
        response: { 200: workflow, ...errors },
      },
    },
    async (request) => {
      await changeParticipants(ctx(request), request.params.id, request.body.workerIds);
      return requestWorkflow(ctx(request), request.params.id);
    },
  );

  app.post(
    `${REQUEST}/submit/:id`,
    {
      config: { permission: P.requestUpdate },
      schema: {
        tags: ['TrainingCertificateRequest'],
        summary: 'The filer submits the request to its issuer (the training organisation, or the employer)',
        params: idParams,
        response: { 200: workflow, ...errors },
      },
    },
    async (request) => {
      await submitRequest(ctx(request), request.params.id);
      return requestWorkflow(ctx(request), request.params.id);
    },
  );

  app.post(
    `${REQUEST}/issue/:id`,
    {
      config: { permission: P.issue },
      schema: {
        tags: ['TrainingCertificateRequest'],
        summary: 'The issuer issues one numbered credential per named participant, in one transaction',
        params: idParams,
        body: z.object({ issuedOn }).optional(),
        response: { 200: issuedAnswer, ...errors },
      },
    },
    async (request) => issueRequest(ctx(request), request.params.id, request.body ?? {}),
  );

  app.post(
    `${REQUEST}/refuse/:id`,
    {
      config: { permission: P.issue },
      schema: {
        tags: ['TrainingCertificateRequest'],
        summary: 'The issuer refuses the request with its reason; the filer may correct and submit again',
        params: idParams,
        body: z.object({ reason: z.string().trim().min(1).max(1000) }),
        response: { 200: workflow, ...errors },
      },
    },
    async (request) => {
      await refuseRequest(ctx(request), request.params.id, request.body.reason);
      return requestWorkflow(ctx(request), request.params.id);
    },
  );

  // ------------------------------------------------------------------------------------------------ credentials

  app.get(
    `${CERTIFICATE}/course-participants/:id`,
    {
      config: { permission: P.issue },
      schema: {
        tags: ['TrainingCertificate'],
        summary: "A course's participants with their result and the credential each holds from it (issuing directly)",
        params: idParams,
        response: { 200: z.array(participant.omit({ selected: true })), ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      const visible = await catalogOperations('training').find(c, request.params.id);
      const course = visible ? await courseOf(app.db, request.params.id) : undefined;
      if (!course) throw notFound();
      return course.businessId ? courseParticipants(app.db, course.id, course.businessId) : [];
    },
  );

  app.post(
    `${CERTIFICATE}/issue-course/:id`,
    {
      config: { permission: P.issue, idempotent: true },
      schema: {
        tags: ['TrainingCertificate'],
        summary:
          "The issuer issues a course's credentials without a request (default: every passed participant without one)",
        params: idParams,
        body: z.object({ workerIds: workerIds.optional(), issuedOn }).optional(),
        response: { 200: issuedAnswer, ...errors },
      },
    },
    async (request) => {
      const issued = await issueCredentials(ctx(request), {
        trainingId: request.params.id,
        workerIds: request.body?.workerIds,
        issuedOn: request.body?.issuedOn,
      });
      return { issued: issued.ids.length, numbers: issued.numbers };
    },
  );

  app.get(
    `${CERTIFICATE}/actions/:id`,
    {
      config: { permission: P.read },
      schema: {
        tags: ['TrainingCertificate'],
        summary:
          'What the caller may do to a credential: change, delete and revoke are its issuer’s or the department’s',
        params: idParams,
        response: { 200: z.object({ actions: z.array(z.enum(CERTIFICATE_ACTIONS)) }), ...errors },
      },
    },
    async (request) => ({ actions: await credentialActions(ctx(request), request.params.id) }),
  );

  app.post(
    `${CERTIFICATE}/revoke`,
    {
      config: { permission: P.revoke },
      schema: {
        tags: ['TrainingCertificate'],
        summary: 'The issuer or the department revokes credentials with the reason (all or none)',
        body: z.object({ ids: z.array(z.uuid()).min(1).max(200), reason: z.string().trim().min(1).max(500) }),
        response: { 200: z.object({ revoked: z.number().int() }), ...errors },
      },
    },
    async (request) => ({
      revoked: await revokeCredentials(ctx(request), [...new Set(request.body.ids)], request.body.reason),
    }),
  );

  app.get(
    `${CERTIFICATE}/print/:id`,
    {
      config: { permission: P.read },
      schema: {
        tags: ['TrainingCertificate'],
        summary: 'A credential as PDF (certificate, safety card or logbook entry) with a QR to its public verification',
        params: idParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const c = ctx(request);
      const { pdf, numbers } = await credentialsPdf(c, [request.params.id], app.config.publicUrl);
      const name = translate(c.lang, 'training:certificates.pdf.fileName', { number: fileNamePart(numbers[0]!) });
      return sendPdf(reply, pdf, `${name}.pdf`);
    },
  );

  app.get(
    `${CERTIFICATE}/print-request/:id`,
    {
      config: { permission: P.read },
      schema: {
        tags: ['TrainingCertificate'],
        summary: 'The credentials an issued request gave, as one PDF (one per page)',
        params: idParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const c = ctx(request);
      const { code, ids } = await issuedCredentialIds(c, request.params.id);
      if (!ids.length) throw new AppError(404, 'NOT_FOUND');
      const { pdf } = await credentialsPdf(c, ids, app.config.publicUrl);
      const name = translate(c.lang, 'training:certificates.pdf.requestFileName', { code: fileNamePart(code) });
      return sendPdf(reply, pdf, `${name}.pdf`);
    },
  );

  // ------------------------------------------------------------------------------------------------ public

  app.get(
    `${CERTIFICATE}/public-lookup`,
    {
      config: { permission: 'Auth.read', rateLimit: PUBLIC_LOOKUP_RATE },
      schema: {
        tags: ['TrainingCertificate'],
        summary: 'Public verification of a training credential by its number (no personal data)',
        querystring: z.object({ number: z.string().trim().min(3).max(100) }),
        response: { 200: publicCredential, ...publicErrors },
      },
    },
    async (request) => {
      const found = await verifyByNumber(app.db, request.query.number);
      if (!found) throw notFound();
      return found;
    },
  );

  app.get(
    `${CERTIFICATE}/public/:id`,
    {
      config: { permission: 'Auth.read', rateLimit: PUBLIC_LOOKUP_RATE },
      schema: {
        tags: ['TrainingCertificate'],
        summary: "The public page a printed credential's QR opens: whether it is valid, expired, revoked or replaced",
        params: idParams,
        response: { 200: publicCredential, ...publicErrors },
      },
    },
    async (request) => {
      const found = await verifyById(app.db, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );
};

export default routes;
