import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMIT_PERMISSIONS } from '@portal/domain/permits/features';
import { REQUIREMENT_CODES } from '@portal/domain/permits/requirements';
import {
  approveBody,
  confirmBody,
  editConfirmBody,
  editLicenseBody,
  extendBody,
  foreignWorkerOption,
  listQuery,
  newLicenseBody,
  permitDetail,
  permitFile,
  permitSummary,
  reasonBody,
  renewBody,
  requirementSlot,
  submitBody,
} from '@portal/domain/permits/schemas';
import { sendStoredFile } from '../../platform/files/index.ts';
import {
  deletedAnswer,
  errorResponses as errors,
  errorResponsesFor,
  idParams,
  idsBody,
} from '../../platform/http/route-schemas.ts';
import {
  addAttachment,
  attachmentList,
  deleteFiles,
  fileForDownload,
  requirementSlots,
  uploadRequirement,
} from './files.ts';
import { listPermits } from './queries.ts';
import {
  approveRequest,
  createLinked,
  createRequest,
  decideWithReason,
  deleteRequests,
  editRequest,
  permitCtx,
  permitDetail as readDetail,
  submitRequest,
  type PermitCtx,
} from './service.ts';
import { explainValidationOf } from '../../platform/http/validation.ts';
import { filing, move, registerCreateRoutes, registerMoveRoutes } from '../../platform/workflow/routes.ts';
import { foreignWorkerOptions } from './workers.ts';
import { pageOf } from '@portal/domain/paging';

const AREA = '/api/WorkerLicense';
const tags = ['WorkerLicense'];
const uploadErrors = { ...errors, ...errorResponsesFor(413, 415) };
const licenseIdQuery = z.object({ licenseId: z.uuid() });

/**
 * Work permits and confirmation certificates: the spec's `WorkerLicense` calls at their exact spellings, methods
 * by design §4 (GET reads, POST creates, PUT updates, POST delete-… with ids), plus the review calls
 * (submit-require, return-require, approve-require, reject-require). Every write answers the request as it now
 * is, so a page never shows a stale status or version.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  // Our schemas carry rule messages; refusals are explained in the caller's language (see validation.ts).
  explainValidationOf(app);
  const ctx = (request: Parameters<typeof permitCtx>[1]) => permitCtx(app.db, request);

  app.get(
    `${AREA}/workerLicenses`,
    {
      config: { permission: PERMIT_PERMISSIONS.read },
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Requests and permits the caller sees (employer: its own, drafts included; department: submitted ones)',
        querystring: listQuery,
        response: { 200: pageOf(permitSummary), ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      return listPermits(app.db, c.caller, request.query, c.today);
    },
  );

  for (const [path, group] of [
    ['worker-license', 'license'],
    ['worker-confirm', 'confirm'],
  ] as const) {
    app.get(
      `${AREA}/${path}/:id`,
      {
        config: { permission: PERMIT_PERMISSIONS.read },
        attachValidation: true,
        schema: {
          tags,
          summary:
            group === 'license'
              ? 'One work-permit request (new, extension, renewal) with its history and the actions open to the caller'
              : 'One confirmation request with its history and the actions open to the caller',
          params: idParams,
          response: { 200: permitDetail, ...errors },
        },
      },
      async (request) => readDetail(ctx(request), request.params.id, group),
    );
  }

  registerCreateRoutes(app, { area: AREA, tags, ctx, detail: { schema: permitDetail, read: readDetail } }, [
    filing({
      path: 'add-require-license',
      permission: PERMIT_PERMISSIONS.create,
      idempotent: true,
      summary:
        'File a new work-permit request (draft) for a foreign worker of the employer: only the worker is needed, the rest is checked on submission',
      body: newLicenseBody,
      run: (c: PermitCtx, body) => createRequest(c, 'new', body),
    }),
    filing({
      path: 'add-require-confirm',
      permission: PERMIT_PERMISSIONS.create,
      idempotent: true,
      summary:
        'File a request (draft) to confirm that a foreign worker needs no work permit: only the worker is needed, the rest is checked on submission',
      body: confirmBody,
      run: (c: PermitCtx, body) => createRequest(c, 'confirm', body),
    }),
    filing({
      path: 'require-extend',
      permission: PERMIT_PERMISSIONS.create,
      idempotent: true,
      summary:
        'File an extension (draft) of an approved, valid permit: once per permit, continuing the day after it ends',
      body: extendBody,
      run: (c: PermitCtx, body) => createLinked(c, 'extend', body),
    }),
    filing({
      path: 'require-renew',
      permission: PERMIT_PERMISSIONS.create,
      idempotent: true,
      summary:
        'File a renewal (draft) of an approved, valid permit (lost, damaged, changed details): keeps its remaining validity',
      body: renewBody,
      run: (c: PermitCtx, body) => createLinked(c, 'renew', body),
    }),
  ]);

  for (const [path, group, schema] of [
    ['edit-require-license', 'license', editLicenseBody],
    ['edit-require-confirm', 'confirm', editConfirmBody],
  ] as const) {
    app.put(
      `${AREA}/${path}`,
      {
        config: { permission: PERMIT_PERMISSIONS.update },
        attachValidation: true,
        schema: {
          tags,
          summary: `Change a draft or returned ${group === 'license' ? 'work-permit' : 'confirmation'} request (body: id, version, fields; absent: kept, empty: emptied); 409 when someone changed it since`,
          body: schema,
          response: { 200: permitDetail, ...errors },
        },
      },
      async (request) => {
        const c = ctx(request);
        await editRequest(c, group, request.body);
        return readDetail(c, request.body.id);
      },
    );
  }

  app.post(
    `${AREA}/delete-worker-license`,
    {
      config: { permission: PERMIT_PERMISSIONS.delete },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Withdraw draft or returned requests (body: ids; all or none)',
        body: idsBody(),
        response: { 200: deletedAnswer, ...errors },
      },
    },
    async (request) => ({ deleted: await deleteRequests(ctx(request), request.body) }),
  );

  // ------------------------------------------------------------------------------------------ review calls

  registerMoveRoutes(app, { area: AREA, tags, ctx, detail: { schema: permitDetail, read: readDetail } }, [
    move({
      path: 'submit-require',
      idIn: 'body',
      permission: PERMIT_PERMISSIONS.update,
      summary:
        'Applicant: send a draft or returned request to the department (400 with one error per field still empty, then per required file missing)',
      body: submitBody,
      run: (c, _id, body) => submitRequest(c, body),
    }),
    ...(['return', 'reject'] as const).map((action) =>
      move({
        path: `${action}-require`,
        idIn: 'body',
        permission: PERMIT_PERMISSIONS.review,
        summary:
          action === 'return'
            ? 'Department: return a submitted request to the employer with the reason (what to fix)'
            : 'Department: reject a submitted request with the reason (final)',
        body: reasonBody,
        run: (c: PermitCtx, _id, body) => decideWithReason(c, action, body),
      }),
    ),
    move({
      path: 'approve-require',
      idIn: 'body',
      permission: PERMIT_PERMISSIONS.review,
      summary:
        'Department: grant a submitted request. Gives the number (LĐ-{province}-{year}-{sequence}, XN- for confirmations) ' +
        'and the validity (at most 2 years; an extension starts the day after the permit it extends; a renewal ends with it)',
      body: approveBody,
      run: (c, _id, body) => approveRequest(c, body),
    }),
  ]);

  // ------------------------------------------------------------------------------------------ files

  app.get(
    `${AREA}/list-file-requires`,
    {
      config: { permission: PERMIT_PERMISSIONS.read },
      attachValidation: true,
      schema: {
        tags,
        summary: "The request kind's required-document checklist with the file in each slot",
        querystring: licenseIdQuery,
        response: { 200: z.array(requirementSlot), ...errors },
      },
    },
    async (request) => requirementSlots(ctx(request), request.query.licenseId),
  );

  app.put(
    `${AREA}/update-file-require`,
    {
      config: { permission: PERMIT_PERMISSIONS.update },
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Upload (or replace) the document of one checklist slot: multipart `formFile`. Type checked by content ' +
          '(PDF or image; photos images only), at most 10 MB (photos 5 MB): 415 / 413 otherwise',
        consumes: ['multipart/form-data'],
        querystring: licenseIdQuery.extend({ requirementCode: z.enum(REQUIREMENT_CODES as [string, ...string[]]) }),
        response: { 200: z.array(requirementSlot), ...uploadErrors },
      },
    },
    async (request) =>
      uploadRequirement(app, ctx(request), request, request.query.licenseId, request.query.requirementCode),
  );

  app.get(
    `${AREA}/download-file-require/:id`,
    {
      config: { permission: PERMIT_PERMISSIONS.read },
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Download a file of a request the caller sees (checklist document or attachment); `inline=1` to view it',
        params: idParams,
        querystring: z.object({ inline: z.enum(['0', '1']).optional() }),
        response: errors,
      },
    },
    async (request, reply) => {
      const file = await fileForDownload(ctx(request), request.params.id);
      return sendStoredFile(reply, app.files, file, request.query.inline === '1' ? 'inline' : 'attachment');
    },
  );

  app.post(
    `${AREA}/delete-file-require`,
    {
      config: { permission: PERMIT_PERMISSIONS.update },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Remove checklist documents (body: file ids) while the request is editable',
        body: idsBody(),
        response: { 200: deletedAnswer, ...errors },
      },
    },
    async (request) => ({ deleted: await deleteFiles(app, ctx(request), request.body, 'requirement') }),
  );

  app.get(
    `${AREA}/list-file-in-worker-license`,
    {
      config: { permission: PERMIT_PERMISSIONS.read },
      attachValidation: true,
      schema: {
        tags,
        summary: "Other attachments of a request: the employer's and the department's (e.g. the signed permit)",
        querystring: licenseIdQuery,
        response: { 200: z.array(permitFile), ...errors },
      },
    },
    async (request) => attachmentList(ctx(request), request.query.licenseId),
  );

  app.post(
    `${AREA}/add-file-to-license`,
    {
      // Either side attaches: the applicant while it edits (needs update), the department while it reviews or
      // after granting (needs review); the state machine decides which.
      config: { permission: PERMIT_PERMISSIONS.read },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Attach another document (multipart `formFile`, PDF or image, at most 10 MB, up to 20 per request)',
        consumes: ['multipart/form-data'],
        querystring: licenseIdQuery,
        response: { 200: z.array(permitFile), ...uploadErrors },
      },
    },
    async (request) => addAttachment(app, ctx(request), request, request.query.licenseId),
  );

  app.post(
    `${AREA}/delete-file-in-license`,
    {
      config: { permission: PERMIT_PERMISSIONS.read },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Remove attachments (body: file ids); each side removes only its own, while it may change the request',
        body: idsBody(),
        response: { 200: deletedAnswer, ...errors },
      },
    },
    async (request) => ({ deleted: await deleteFiles(app, ctx(request), request.body, 'attachment') }),
  );

  app.get(
    `${AREA}/get-combobox-foreign-worker`,
    {
      config: { permission: PERMIT_PERMISSIONS.create },
      attachValidation: true,
      schema: {
        tags,
        summary: "The employer's foreign workers, for the request form",
        querystring: z.object({
          keyWord: z.string().trim().max(200).optional(),
          take: z.coerce.number().int().min(1).max(100).default(30),
          kind: z.enum(['new', 'confirm']).default('new'),
          exceptId: z.uuid().optional(),
        }),
        response: { 200: z.array(foreignWorkerOption), ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      const { keyWord, take, kind, exceptId } = request.query;
      return foreignWorkerOptions(app.db, c.caller, keyWord, take, {
        kind,
        exceptId: exceptId ?? null,
        today: c.today,
      });
    },
  );
};

export default routes;
