import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUBMISSION_PERMISSIONS } from '@portal/domain/reports/workflow';
import { contentDisposition } from '../../../platform/files/index.ts';
import { deletedAnswer, errorResponses as errors, idParams, idsBody } from '../../../platform/http/route-schemas.ts';
import { explainValidationOf } from '../../../platform/http/validation.ts';
import { move, registerMoveRoutes, registerRecordRoutes } from '../../../platform/workflow/routes.ts';
import { listFiling } from './queries.ts';
import { receiptPdf } from './receipt.ts';
import {
  acceptBody,
  filingPage,
  listQuery,
  openBody,
  receiptQuery,
  returnBody,
  saveBody,
  submissionDetail,
  submitBody,
} from './schemas.ts';
import {
  acceptSubmission,
  deleteDrafts,
  fileSubmission,
  filingCtx,
  openSubmission,
  returnSubmission,
  saveDraft,
  submissionDetail as readDetail,
} from './service.ts';

const AREA = '/api/Report';
const tags = ['Report'];

/**
 * Filing periodic reports (issue #25): the list of the caller's reports (its own, its area's, or all), one report
 * with its form, values, registers' figures, versions, comments and history, the draft opened from the registers,
 * its saves, the filer's and the department's moves, and the numbered receipt. Every write answers the report as
 * it now is.
 */
const filingRoutes: FastifyPluginAsyncZod = async (app) => {
  explainValidationOf(app);
  const ctx = (request: Parameters<typeof filingCtx>[1]) => filingCtx(app.db, request);
  const common = { area: AREA, tags, ctx, detail: { schema: submissionDetail, read: readDetail } };

  registerRecordRoutes(app, common, {
    list: {
      path: 'submissions',
      permission: SUBMISSION_PERMISSIONS.read,
      summary:
        "The reports the caller sees, one row per expected reporter and period (employer: its own; commune: its own and its area's employers', drafts excepted; department: all), with where each stands; by default what waits on the caller first",
      query: listQuery,
      page: filingPage,
      run: (c, query) => listFiling(app.db, c.caller, c.today, query),
    },
    detail: {
      path: 'submissions',
      permission: SUBMISSION_PERMISSIONS.read,
      summary:
        'One report: its form as filed, values, the registers’ figures and the differences, versions, comments on fields, history and the moves open to the caller',
    },
    update: {
      path: 'submissions',
      permission: SUBMISSION_PERMISSIONS.update,
      summary:
        'Filer: save the draft or the returned report (body: version, values); types and bounds are checked (400 with each field), required fields and checks at filing; 409 when changed since read or closed',
      body: saveBody,
      run: (c, id, body) => saveDraft(c, id, body),
    },
  });

  app.post(
    `${AREA}/open-submission`,
    {
      config: { permission: SUBMISSION_PERMISSIONS.create, idempotent: true },
      attachValidation: true,
      schema: {
        tags,
        summary:
          "Filer: open its report of an expected (type, period) — the existing one, or a new draft pre-filled from the portal's registers under the type's latest form (201; 200 when it existed). 404 when the caller is not expected to file it, 409 before it opens or once it closed",
        body: openBody,
        response: { 200: submissionDetail, 201: submissionDetail, ...errors },
      },
    },
    async (request, reply) => {
      const c = ctx(request);
      const { id, created } = await openSubmission(c, request.body);
      return reply.status(created ? 201 : 200).send(await readDetail(c, id));
    },
  );

  registerMoveRoutes(app, common, [
    move({
      path: 'submit-submission',
      permission: SUBMISSION_PERMISSIONS.update,
      summary:
        'Filer: file a draft (body: version, and the values to save first); every required field and check must hold (400 with each field). Takes the receipt number and the first filing day, keeps the version',
      body: submitBody,
      run: (c, id, body) => fileSubmission(c, id, 'submit', body),
    }),
    move({
      path: 'resubmit-submission',
      permission: SUBMISSION_PERMISSIONS.update,
      summary:
        'Filer: file a returned report again, corrected (as submit); its changes since the returned version are answered',
      body: submitBody,
      run: (c, id, body) => fileSubmission(c, id, 'resubmit', body),
    }),
    move({
      path: 'return-submission',
      permission: SUBMISSION_PERMISSIONS.review,
      summary:
        'Department: return a filed report (or an accepted one that is not locked) with the reason and comments on fields ({ comments: [{ fieldPath, comment }] }, paths of the form)',
      body: returnBody,
      run: (c, id, body) => returnSubmission(c, id, body),
    }),
    move({
      path: 'accept-submission',
      permission: SUBMISSION_PERMISSIONS.review,
      summary: 'Department: accept a filed report; it locks when its report type says so',
      body: acceptBody,
      run: (c, id, body) => acceptSubmission(c, id, body),
    }),
  ]);

  app.post(
    `${AREA}/delete-submissions`,
    {
      config: { permission: SUBMISSION_PERMISSIONS.update },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Filer: withdraw its drafts (body: ids; all or none); a filed report is never deleted',
        body: idsBody(),
        response: { 200: deletedAnswer, ...errors },
      },
    },
    async (request) => ({ deleted: await deleteDrafts(ctx(request), request.body) }),
  );

  app.get(
    `${AREA}/submissions/:id/receipt`,
    {
      config: { permission: SUBMISSION_PERMISSIONS.read },
      attachValidation: true,
      schema: {
        tags,
        summary:
          'The numbered receipt of a filed report as PDF (the acceptance once accepted, or `kind`), signed by the department with its verification QR',
        params: idParams,
        querystring: receiptQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await receiptPdf(ctx(request), request.params.id, request.query.kind);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(fileName, 'attachment'))
        .header('cache-control', 'private, no-store')
        .send(pdf as never);
    },
  );
};

export default filingRoutes;
