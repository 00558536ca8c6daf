import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '@portal/domain/paging';
import {
  CHECK_STATUSES,
  PKCS12_MAX_SIZE,
  SIGNED_DOCUMENT_API,
  SIGNED_DOCUMENT_MAX_UPLOAD,
  SIGNED_DOCUMENT_PERMISSIONS as P,
  SIGNED_DOCUMENT_SUBJECT,
  VERIFICATION_CODE_PATTERN,
} from '@portal/domain/signed-documents/index';
import { AppError } from '../../platform/errors/app-error.ts';
import { readUpload } from '../../platform/files/index.ts';
import { errorResponsesFor } from '../../platform/http/route-schemas.ts';
import { PUBLIC_LOOKUP_RATE } from '../../platform/http/public-lookup.ts';
import {
  checkSignedPdf,
  currentCertificate,
  installCertificate,
  listSignedDocuments,
  publicVerification,
} from './service.ts';

const tags = [SIGNED_DOCUMENT_SUBJECT];
const path = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

const certificateView = z.object({
  id: z.string(),
  subject: z.string(),
  commonName: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  fingerprint: z.string(),
  isTest: z.boolean(),
  createdAt: z.string(),
});

const certificateBody = z.object({
  /** The PKCS#12 file (.p12 / .pfx), base64. */
  file: z
    .string()
    .min(1)
    .max(Math.ceil((PKCS12_MAX_SIZE * 4) / 3) + 4)
    .regex(/^[A-Za-z0-9+/=\s]+$/),
  password: z.string().max(200),
});

const listQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyWord: z.string().trim().max(200).optional(),
});

const signedRow = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.string(),
  number: z.string().nullable(),
  sha256: z.string(),
  byteSize: z.number(),
  signerSubject: z.string(),
  signedAt: z.string(),
});

const verification = z.object({
  code: z.string(),
  kind: z.string(),
  number: z.string().nullable(),
  signedAt: z.string(),
  signer: z.string(),
  testCertificate: z.boolean(),
  sha256: z.string(),
  recordUrl: z.string().nullable(),
});

const checkAnswer = z.object({
  status: z.enum(CHECK_STATUSES),
  sha256: z.string(),
  signatureCount: z.number(),
  signer: z
    .object({
      subject: z.string(),
      commonName: z.string(),
      issuer: z.string(),
      validFrom: z.string(),
      validTo: z.string(),
    })
    .nullable(),
  signedAt: z.string().nullable(),
  coversWholeFile: z.boolean(),
  pades: z.boolean(),
  subFilter: z.string().nullable(),
  trusted: z.boolean(),
  registered: z
    .object({ code: z.string(), kind: z.string(), number: z.string().nullable(), signedAt: z.string() })
    .nullable(),
});

/** `/api/SignedDocument/…`: the certificate (administrators), the registry, the upload check and the public page. */
const routes: FastifyPluginAsyncZod = async (app) => {
  // The check takes the PDF itself as the body (no multipart wrapping; this plugin's scope only).
  app.addContentTypeParser(
    ['application/pdf', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: SIGNED_DOCUMENT_MAX_UPLOAD },
    (_request, body, done) => done(null, body),
  );

  app.get(
    SIGNED_DOCUMENT_API.certificate,
    {
      config: { permission: 'Configuration.read' },
      schema: {
        tags,
        summary: 'The certificate issued documents are signed with (null when none is set)',
        response: { 200: certificateView.nullable(), ...errorResponsesFor(401, 403) },
      },
    },
    async () => currentCertificate(app.db),
  );

  app.post(
    SIGNED_DOCUMENT_API.certificate,
    {
      config: { permission: 'Configuration.update' },
      schema: {
        tags,
        summary:
          'Set the signing certificate from a PKCS#12 file (base64) and its password; the key is stored encrypted',
        body: certificateBody,
        response: { 200: certificateView, ...errorResponsesFor(400, 401, 403) },
      },
    },
    async (request) => {
      const file = Buffer.from(request.body.file.replace(/\s+/g, ''), 'base64');
      if (!file.length || file.length > PKCS12_MAX_SIZE)
        throw new AppError(400, 'notPkcs12', { messageKey: 'signedDocuments:errors.notPkcs12' });
      return installCertificate(app.db, app.config.jwtSecret, file, request.body.password, {
        userId: request.principal?.userId ?? null,
      });
    },
  );

  app.get(
    SIGNED_DOCUMENT_API.list,
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: 'The registry of signed documents (newest first; keyWord: kind, number, verification code or SHA-256)',
        querystring: listQuery,
        response: { 200: pageOf(signedRow), ...errorResponsesFor(400, 401, 403) },
      },
    },
    async (request) => listSignedDocuments(app.db, request.query),
  );

  app.post(
    SIGNED_DOCUMENT_API.check,
    {
      config: { permission: 'authenticated', rateLimit: { max: 30, timeWindow: '1 minute' } },
      bodyLimit: SIGNED_DOCUMENT_MAX_UPLOAD,
      schema: {
        tags,
        summary:
          'Check a signed PDF (multipart formFile, or the request body as application/pdf): signature over its byte ranges, coverage, signer, time, trust and whether the portal issued it. The file is not stored.',
        response: { 200: checkAnswer, ...errorResponsesFor(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      // A browser sends the file as a form (formFile); a script may send the PDF itself.
      if (request.isMultipart()) {
        const upload = await readUpload(request, { kinds: ['pdf'], maxBytes: SIGNED_DOCUMENT_MAX_UPLOAD });
        return checkSignedPdf(app.db, upload.data);
      }
      const body: unknown = request.body;
      if (!Buffer.isBuffer(body)) throw new AppError(415, 'notPdf', { messageKey: 'signedDocuments:errors.notPdf' });
      return checkSignedPdf(app.db, body);
    },
  );

  app.get(
    path(SIGNED_DOCUMENT_API.verify),
    {
      config: { permission: 'Auth.read', rateLimit: PUBLIC_LOOKUP_RATE },
      schema: {
        tags,
        summary: 'Public verification of an issued document by the code of its QR (no personal data)',
        params: z.object({ code: z.string().trim().toUpperCase().regex(VERIFICATION_CODE_PATTERN) }),
        response: { 200: verification, ...errorResponsesFor(400, 404, 429) },
      },
    },
    async (request) => publicVerification(app.db, request.params.code),
  );
};

export default routes;
