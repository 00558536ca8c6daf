import { z } from 'zod';
import { describeIssue, fieldSchema, type FieldDef } from '@portal/domain/catalog/index';
import { translator, type OpContext } from '../../catalog/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';

const schemas = new WeakMap<Record<string, FieldDef>, z.ZodObject>();

/**
 * Validate a body against declared fields (the catalogue's builders): the same rules and messages as the
 * catalogue forms, each error on its field. Throws a 400 with the error body.
 */
export function validateFields<F extends Record<string, FieldDef>>(
  ctx: OpContext,
  fields: F,
  input: unknown,
): { [K in keyof F]: unknown } {
  let schema = schemas.get(fields);
  if (!schema) {
    schema = z.object(Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, fieldSchema(f)])));
    schemas.set(fields, schema);
  }
  const result = schema.safeParse(input && typeof input === 'object' && !Array.isArray(input) ? input : {}, {
    reportInput: true,
  });
  if (result.success) return result.data as { [K in keyof F]: unknown };
  const t = translator(ctx);
  throw new AppError(400, 'VALIDATION', {
    details: result.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? ''),
      message: describeIssue(issue, t),
      code: issue.code,
    })),
  });
}
