import { z } from 'zod';

/** One error body for the whole API: { error: { code, message, details } }. */
export interface ErrorDetail {
  field?: string;
  message: string;
  code?: string;
}

export interface ErrorBody {
  error: { code: string; message: string; details: ErrorDetail[] };
}

/**
 * A deliberate, user-facing failure. `code` doubles as the message key in the `errors` locale namespace
 * unless `messageKey` says otherwise; the handler translates it into the request's language.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: ErrorDetail[];
  readonly messageKey: string;
  readonly vars: Record<string, string | number>;

  constructor(
    statusCode: number,
    code: string,
    options: { details?: ErrorDetail[]; messageKey?: string; vars?: Record<string, string | number> } = {},
  ) {
    super(code);
    this.statusCode = statusCode;
    this.code = code;
    this.details = options.details ?? [];
    this.messageKey = options.messageKey ?? `errors:${code}`;
    this.vars = options.vars ?? {};
  }
}

export const badRequest = (details: ErrorDetail[] = [], code = 'VALIDATION') => new AppError(400, code, { details });
export const notFound = (code = 'NOT_FOUND') => new AppError(404, code);
export const conflict = (details: ErrorDetail[] = [], code = 'CONFLICT') => new AppError(409, code, { details });
export const forbidden = () => new AppError(403, 'FORBIDDEN');
export const unauthenticated = (code = 'UNAUTHENTICATED') => new AppError(401, code);

/** The error body as a zod schema, for routes' OpenAPI `response` entries (400, 401, 403, 404, 409…). */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.array(z.object({ field: z.string().optional(), message: z.string(), code: z.string().optional() })),
    }),
  })
  .describe('Error');
