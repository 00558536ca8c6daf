import { z } from 'zod';
import {
  codeKeyOf,
  displayKeyOf,
  fieldSchema,
  type FieldDef,
  type ResolvedCatalog,
} from '@portal/domain/catalog/index';

/**
 * Route schemas derived from a declaration. Bodies are documented field by field but validated by the
 * operations layer (the same code validates REST bodies, import rows and internal calls, with the same messages).
 */

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalQuery = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());

/** JSON Schema of one field, for the OpenAPI document only. */
function documented(f: FieldDef, description: string): z.ZodType {
  const json = z.toJSONSchema(fieldSchema(f), { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return z
    .unknown()
    .optional()
    .meta({ ...json, description });
}

export function bodySchema(c: ResolvedCatalog): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const name of c.writable) {
    const f = c.declaration.fields[name]!;
    shape[name] = documented(f, `${f.kind}${f.required ? ', required' : ''}`);
  }
  // Checked as the document says: a string (or nothing); anything else is a 400, never silently ignored.
  shape.updatedAt = z
    .string()
    .optional()
    .meta({ type: 'string', description: 'update: the updatedAt the form loaded (409 when the record changed since)' });
  return z.looseObject(shape).meta({ description: `${c.area} record` });
}

function valueSchema(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'number':
      return z.number().nullable();
    case 'boolean':
      return z.boolean();
    default:
      return z.string().nullable();
  }
}

const recordSchemas = new WeakMap<ResolvedCatalog, z.ZodObject>();

/** A record as the API answers it: fields, display names (and codes) of references, timestamps. */
export function recordSchema(c: ResolvedCatalog): z.ZodObject {
  let s = recordSchemas.get(c);
  if (s) return s;
  const shape: Record<string, z.ZodType> = { id: z.string() };
  for (const [name, f] of Object.entries(c.declaration.fields)) {
    if (f.writeOnly) continue;
    shape[name] = valueSchema(f);
    if (['reference', 'treeReference', 'adminUnit', 'file', 'employer'].includes(f.kind))
      shape[displayKeyOf(name)] = z.string().nullable().optional();
    if (f.kind === 'reference' || f.kind === 'treeReference' || f.kind === 'employer')
      shape[codeKeyOf(name)] = z.string().nullable().optional();
  }
  if (c.declaration.scope === 'employer' && !shape.businessId) shape.businessId = z.string().nullable();
  shape.createdAt = z.string();
  shape.updatedAt = z.string();
  // Loose: an area's afterRead hooks may add values of their own (a user's avatar, last sign-in).
  s = z.looseObject(shape);
  recordSchemas.set(c, s);
  return s;
}

export function pageSchema(c: ResolvedCatalog) {
  return z.object({
    pageLists: z.array(recordSchema(c)),
    totalRecord: z.number().int(),
    totalKind: z
      .enum(['estimate', 'atLeast'])
      .optional()
      .describe(
        'absent: totalRecord is exact; estimate: about that many (a very long list); atLeast: at least that many',
      ),
  });
}

export function treeNodeSchema(c: ResolvedCatalog) {
  const node = recordSchema(c)
    .extend({
      hasChildren: z.boolean(),
      get children(): z.ZodOptional<z.ZodArray<typeof node>> {
        return z.array(node).optional();
      },
    })
    // A recursive schema needs a name: the API document holds it once under components and refers to it.
    .meta({ id: `${c.key}TreeNode` });
  return node;
}

/**
 * Declared filters as query parameters: `type=District`, `parentId=…`, `foundedFrom=2020-01-01`. With `lists`
 * (a drop-down's options, limited by the referencing field's `filters`), an option filter takes several values
 * separated by commas: `factor=radiation,magnetic`.
 */
export function filterShape(c: ResolvedCatalog, options: { lists?: boolean } = {}): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const name of c.declaration.filters ?? []) {
    const f = c.declaration.fields[name]!;
    switch (f.kind) {
      case 'enum': {
        const one = z.enum(f.options as [string, ...string[]]);
        shape[name] = optionalQuery(
          options.lists
            ? z
                .string()
                .max(1000)
                .refine((v) => v.split(',').every((o) => one.safeParse(o).success), {
                  message: `one or more of ${f.options.join(', ')}, separated by commas`,
                })
            : one,
        );
        break;
      }
      case 'boolean':
        shape[name] = optionalQuery(z.enum(['true', 'false']).transform((v) => v === 'true'));
        break;
      case 'reference':
      case 'treeReference':
      case 'employer':
        shape[name] = optionalQuery(z.uuid());
        break;
      case 'adminUnit':
        shape[name] = optionalQuery(z.string().regex(/^(legacy|2025):\d{2,5}$/));
        break;
      case 'date':
        shape[`${name}From`] = optionalQuery(z.iso.date());
        shape[`${name}To`] = optionalQuery(z.iso.date());
        break;
      case 'number': {
        // Whole numbers are bigint columns: a bound beyond what they hold is refused here, not by the database
        // in the middle of a streamed export.
        // A field's own range bounds its filter too: no stored value lies outside it, so a bound beyond it is
        // a mistake (a year filter of -99 999 999 999), answered as one.
        const number = f.integer ? z.coerce.number().int() : z.coerce.number();
        const bound = number
          .min(f.min ?? (f.integer ? Number.MIN_SAFE_INTEGER : -Number.MAX_VALUE))
          .max(f.max ?? (f.integer ? Number.MAX_SAFE_INTEGER : Number.MAX_VALUE));
        shape[`${name}From`] = optionalQuery(bound);
        shape[`${name}To`] = optionalQuery(bound);
        break;
      }
      default:
        shape[name] = optionalQuery(z.string().max(255));
    }
  }
  return shape;
}

/**
 * The drop-down parameters an area declares beyond its filters (`optionParams`): the values a picker depends on
 * (the machine and the inspection date of a certificate), read by the owning module's `optionConditions`.
 */
export function optionParamShape(c: ResolvedCatalog): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(c.declaration.optionParams ?? {}).map(([name, kind]) => [
      name,
      optionalQuery(kind === 'id' ? z.uuid() : z.iso.date()),
    ]),
  );
}

export const keyWordSchema = optionalQuery(
  z.string().max(200).describe('accent- and case-insensitive ("ha noi" finds "Hà Nội")'),
);

export function sortShape(c: ResolvedCatalog) {
  return {
    sortField: optionalQuery(z.enum(c.sortable as [string, ...string[]])),
    // Ant Design's spelling is accepted too.
    sortOrder: optionalQuery(
      z
        .enum(['asc', 'desc', 'ascend', 'descend'])
        .transform((v) => (v.startsWith('desc') ? ('desc' as const) : ('asc' as const))),
    ),
  };
}

export function listQuerySchema(c: ResolvedCatalog) {
  return z.object({
    pageNumber: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
    pageSize: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(500).default(20)),
    keyWord: keyWordSchema,
    ...sortShape(c),
    // Several options of an enum, comma-separated (a tab of two statuses, a workspace card's list).
    ...filterShape(c, { lists: true }),
  });
}

export function exportQuerySchema(c: ResolvedCatalog) {
  return z.object({ keyWord: keyWordSchema, ...sortShape(c), ...filterShape(c, { lists: true }) });
}

/** `ids` as the spec sends it (JSON text) or comma-separated. */
export const idsParam = z.preprocess((v) => {
  if (v == null || v === '') return undefined;
  if (Array.isArray(v)) return v;
  const s = String(v).trim();
  if (s.startsWith('[')) {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      return s;
    }
  }
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}, z.array(z.uuid()).max(500).optional());

export const idsBody = z
  .union([z.array(z.uuid()).max(5000), z.object({ ids: z.array(z.uuid()).max(5000) })])
  .optional()
  .describe('ids of the records: a JSON array, or { ids: [...] }');

/**
 * One spreadsheet row: an object, its cells checked by the import itself. Checked as plainly as that: a record
 * schema copies every cell of 50 000 rows in one stretch of the API's thread (≈ 0.25 s).
 */
const importRow = z
  .custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
  .meta({ type: 'object', additionalProperties: {} });

export const importBody = z
  .union([z.array(importRow), z.object({ rows: z.array(importRow) })])
  .describe('rows parsed from the spreadsheet, keyed by field name (code, name, …)');

export const booleanQuery = z.preprocess(
  (v) => (v === '' || v == null ? undefined : v),
  z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
);

export { errorBodySchema } from '../platform/errors/app-error.ts';

export const importResponseSchema = z.object({
  created: z.number().int().optional(),
  updated: z.number().int().optional(),
  data: z.array(
    z.looseObject({
      isSuccess: z.boolean(),
      errors: z.array(z.object({ field: z.string(), message: z.string(), code: z.string().optional() })),
      action: z.enum(['create', 'update']).nullable(),
      id: z.string().nullable(),
    }),
  ),
});
