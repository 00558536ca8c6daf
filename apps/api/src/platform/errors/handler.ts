import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate, toLanguage, type Language } from '@portal/domain/i18n';
import { isSpaRequest, renderedPage } from '../http/static.ts';
import { AppError, type ErrorBody, type ErrorDetail } from './app-error.ts';
import { registerTextGuard } from './text.ts';

const zodLocales = { vi: z.locales.vi(), en: z.locales.en() };

/** Re-render a zod issue in the request's language (zod ships Vietnamese and English messages). */
function localizeIssue(lang: Language, keyword: string, params: Record<string, unknown>, fallback: string): string {
  try {
    const out = zodLocales[lang].localeError({ code: keyword, ...params } as never);
    const text = typeof out === 'string' ? out : out?.message;
    return text || fallback;
  } catch {
    return fallback;
  }
}

export function languageOf(request: FastifyRequest): Language {
  const q = (request.query as Record<string, unknown> | undefined)?.lang;
  return toLanguage(typeof q === 'string' ? q : request.headers['accept-language']);
}

function body(lang: Language, code: string, key: string, details: ErrorDetail[], vars = {}): ErrorBody {
  return { error: { code, message: translate(lang, key, vars), details } };
}

/** PostgreSQL errors that are the client's fault map to 4xx, never 500. */
function fromDatabase(err: {
  code?: string;
  constraint?: string;
  detail?: string;
  column?: string;
}): { status: number; code: string; details: ErrorDetail[] } | undefined {
  switch (err.code) {
    case '23505':
      return {
        status: 409,
        code: 'CONFLICT',
        details: err.constraint ? [{ message: err.constraint, code: 'unique' }] : [],
      };
    case '23503':
      return {
        status: 409,
        code: 'REFERENCE_CONFLICT',
        details: err.constraint ? [{ message: err.constraint, code: 'foreign_key' }] : [],
      };
    case '23502': // not null
    case '23514': // check
      return { status: 400, code: 'VALIDATION', details: err.column ? [{ field: err.column, message: err.code }] : [] };
    default:
      // Class 22, data exceptions (a non-uuid id, a value too long, a number out of range, an impossible date,
      // a NUL character or bad Unicode, …): always the input's fault, never a server error.
      if (err.code?.length === 5 && err.code.startsWith('22'))
        return {
          status: 400,
          code: 'VALIDATION',
          details: [{ ...(err.column ? { field: err.column } : {}), code: err.code, message: err.code }],
        };
      return undefined;
  }
}

/**
 * The multipart parser's own errors (a truncated body, a boundary that does not match, a header without one) are
 * plain errors without a status: they are the client's fault, so they must not reach the 500 branch.
 */
function isMultipartParseError(request: FastifyRequest, error: FastifyError): boolean {
  if (error.statusCode !== undefined || !request.isMultipart()) return false;
  return (
    (error.stack ?? '').includes('busboy') ||
    /multipart|boundary|unexpected end|malformed|part header/i.test(error.message)
  );
}

export function registerErrorHandling(app: FastifyInstance, options: { spaFallback: boolean }): void {
  registerTextGuard(app);
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = languageOf(request);

    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(lang, error.code, error.messageKey, error.details, error.vars));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const details = error.validation.map((v) => ({
        field: [where, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        code: v.keyword,
        message: localizeIssue(lang, v.keyword, v.params as Record<string, unknown>, v.message ?? ''),
      }));
      return reply.status(400).send(body(lang, 'VALIDATION', 'errors:VALIDATION', details));
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(body(lang, 'INTERNAL', 'errors:INTERNAL', [], { requestId: request.id }));
    }

    const status = error.statusCode ?? 500;
    const fastifyCodes: Record<string, string> = {
      FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
      FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
      FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
      FST_ERR_VALIDATION: 'VALIDATION',
      FST_ERR_BAD_URL: 'BAD_URL',
    };
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped)
      return reply
        .status(status >= 400 && status < 500 ? status : 400)
        .send(body(lang, mapped, `errors:${mapped}`, []));
    if (isMultipartParseError(request, error))
      return reply.status(400).send(body(lang, 'MALFORMED_MULTIPART', 'errors:MALFORMED_MULTIPART', []));
    if (error instanceof SyntaxError)
      return reply.status(400).send(body(lang, 'INVALID_JSON', 'errors:INVALID_JSON', []));

    const db = fromDatabase(error as never);
    if (db) return reply.status(db.status).send(body(lang, db.code, `errors:${db.code}`, db.details));

    if (status === 429) {
      const after = String(reply.getHeader('retry-after') ?? '');
      return reply
        .status(429)
        .send(body(lang, 'TOO_MANY_REQUESTS', 'errors:TOO_MANY_REQUESTS', [], { after: `${after}s` }));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(lang, 'BAD_REQUEST', 'errors:BAD_REQUEST', [{ message: error.message }]));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(lang, 'INTERNAL', 'errors:INTERNAL', [], { requestId: request.id }));
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (options.spaFallback && isSpaRequest(request.method, request.url)) {
      reply.header('cache-control', 'no-cache');
      const page = await renderedPage(request.server, request.url);
      return page === null ? reply.sendFile('index.html') : reply.type('text/html; charset=utf-8').send(page);
    }
    const lang = languageOf(request);
    const url = request.url.split('?')[0] ?? request.url;
    return reply
      .status(404)
      .send(body(lang, 'NOT_FOUND', 'errors:ROUTE_NOT_FOUND', [], { method: request.method, url }));
  });
}

/**
 * Errors Fastify raises before a route is found (a path that is not valid UTF-8 once decoded, a path parameter
 * longer than the router takes): the project's error body too, not Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  let lang: Language;
  try {
    lang = languageOf(request);
  } catch {
    lang = toLanguage(request.headers['accept-language']);
  }
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const code = tooLong ? 'URI_TOO_LONG' : 'BAD_URL';
  void reply.status(tooLong ? 414 : 400).send(body(lang, code, `errors:${code}`, []));
}
