import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import { translate, type Language } from '@portal/domain/i18n';
import type { Principal } from '../../platform/access/index.ts';
import { scopeOf } from '../../platform/access/scope.ts';
import { AppError, type ErrorDetail } from '../../platform/errors/app-error.ts';
import { languageOf } from '../../platform/errors/handler.ts';
import { idParams, idsBody as idsBodyUpTo } from '../../platform/http/route-schemas.ts';

/** Shared pieces of the employers module: sides, errors, paging. */

/**
 * Which side of the exchange the caller is on: an employer user acts for its employer; every other signed-in
 * unit (department, communes, service centres) is the authority, limited by its data scope.
 */
export type Side = 'employer' | 'authority';

export function sideOf(principal: Principal | null): Side {
  return scopeOf(principal).kind === 'business' ? 'employer' : 'authority';
}

/** The employer an employer user acts for (null on the authority side). */
export function ownBusiness(principal: Principal | null): string | null {
  const scope = scopeOf(principal);
  return scope.kind === 'business' ? scope.businessId : null;
}

/** An error whose message lives in the businesses namespace (businesses:errors.<CODE>). */
export function businessError(
  statusCode: number,
  code: string,
  options: { details?: ErrorDetail[]; vars?: Record<string, string | number> } = {},
): AppError {
  return new AppError(statusCode, code, { ...options, messageKey: `businesses:errors.${code}` });
}

/** A field error with a translated message (businesses:validation.<key>). */
export function fieldError(
  lang: Language,
  field: string,
  key: string,
  vars: Record<string, string | number> = {},
): ErrorDetail {
  return { field, code: key, message: translate(lang, `businesses:validation.${key}`, vars) };
}

/** The request's language (error messages, field errors). */
export const lang = languageOf;

/** Paged lists (spec): pageNumber from 1, pageSize, keyWord (accent-insensitive). */
export const pagingQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
  keyWord: z.string().trim().max(200).optional(),
});

/** Delete calls take up to 1000 ids as the body (spec); `{ ids: [...] }` is accepted too. */
export const idsBody = idsBodyUpTo(1000);

export { idParams };

/** Dates as the API shows them: ISO text, so records are plain JSON. */
export const iso = (d: Date | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

/** `column` is within [from, to] when given (calendar dates). */
export function dateRange(column: string, from: string | undefined, to: string | undefined): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (from) out.push(sql<SqlBool>`${sql.ref(column)} >= ${from}::date`);
  if (to) out.push(sql<SqlBool>`${sql.ref(column)} <= ${to}::date`);
  return out;
}
