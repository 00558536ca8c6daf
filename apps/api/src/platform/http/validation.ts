import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { translate, type Language } from '@portal/domain/i18n';
import { AppError, type ErrorDetail } from '../errors/app-error.ts';
import { languageOf } from '../errors/handler.ts';

const zodLocales = { vi: z.locales.vi(), en: z.locales.en() };
const MESSAGE_KEY = /^[a-z]+:[\w.]+$/;

/** One issue in the request's language: our rule keys ('permits:rules.periodTooLong') or zod's own wording. */
function message(lang: Language, issue: z.core.$ZodIssue): string {
  if (MESSAGE_KEY.test(issue.message)) {
    const vars = ((issue as { params?: Record<string, string | number> }).params ?? {}) as Record<
      string,
      string | number
    >;
    return translate(lang, issue.message, vars);
  }
  return issue.message;
}

export function issuesToDetails(lang: Language, where: string, issues: readonly z.core.$ZodIssue[]): ErrorDetail[] {
  return issues.map((issue) => ({
    field: [where, ...issue.path.map(String)].join('.'),
    code: issue.code,
    message: message(lang, issue),
  }));
}

/**
 * Routes that validate with the shared schemas (attachValidation) explain refusals here: the
 * platform handler words zod's generic issues, but our rules carry their own messages (a period over two
 * years names the last allowed day). Same body shape: 400 VALIDATION with field details.
 */
export function explainValidation(request: FastifyRequest): AppError | null {
  const failed = request.validationError as (Error & { validationContext?: string }) | undefined;
  if (!failed) return null;
  const where = failed.validationContext ?? 'body';
  const schemas = request.routeOptions.schema as Record<string, z.ZodType | undefined> | undefined;
  const schema = schemas?.[where];
  const raw =
    where === 'body'
      ? request.body
      : where === 'querystring'
        ? request.query
        : where === 'params'
          ? request.params
          : undefined;
  const lang = languageOf(request);
  const parsed = schema?.safeParse(raw, { error: (issue) => zodLocales[lang].localeError(issue) });
  const details =
    parsed && !parsed.success
      ? issuesToDetails(lang, where, parsed.error.issues)
      : [{ field: where, message: failed.message }];
  return new AppError(400, 'VALIDATION', { details });
}

/**
 * For a plugin whose routes attach their validation (`attachValidation: true`): every refused request is
 * explained in the domain's words before its handler runs.
 */
export function explainValidationOf(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const error = explainValidation(request);
    if (error) throw error;
  });
}
