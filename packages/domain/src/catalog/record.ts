import { z } from 'zod';
import type { CatalogDeclaration, FieldDef } from './types.ts';
import { excelColumnsOf, fieldLabelKeys, writableFields } from './resolve.ts';

export interface FieldError {
  field: string;
  message: string;
  code?: string;
}

/** Translation function of the caller (server: request language; web: i18next). */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** Values a field's own messages refer to (`{{count}}` digits). */
function fieldVars(f: FieldDef | undefined): Record<string, string | number> {
  return f?.kind === 'text' && f.digits ? { count: f.digits } : {};
}

/** Our own wording for zod's structured issues, so server and browser say the same thing in both languages. */
export function describeIssue(
  issue: z.core.$ZodIssue,
  t: Translate,
  vars: Record<string, string | number> = {},
): string {
  // A message key of the catalogue's or of the area's own namespace (`workers:validation.…`, from `refine`).
  if (/^[a-z]+:[\w.]+$/.test(issue.message)) return t(issue.message, vars);
  const i = issue as z.core.$ZodIssue & {
    input?: unknown;
    origin?: string;
    maximum?: number;
    minimum?: number;
    format?: string;
    expected?: string;
    values?: unknown[];
  };
  switch (i.code) {
    case 'too_big':
      return i.origin === 'string'
        ? t('catalog:validation.maxLength', { max: Number(i.maximum) })
        : t('catalog:validation.max', { max: Number(i.maximum) });
    case 'too_small':
      if (i.origin === 'string')
        return Number(i.minimum) <= 1
          ? t('catalog:validation.required')
          : t('catalog:validation.minLength', { min: Number(i.minimum) });
      return t('catalog:validation.min', { min: Number(i.minimum) });
    case 'invalid_type':
      if (i.input == null) return t('catalog:validation.required');
      if (i.expected === 'number' || i.expected === 'int') return t('catalog:validation.number');
      if (i.expected === 'boolean') return t('catalog:validation.boolean');
      return t('catalog:validation.invalid');
    case 'invalid_value':
      return t('catalog:validation.oneOf', { values: (i.values ?? []).map(String).join(', ') });
    case 'invalid_format':
      if (i.format === 'date') return t('catalog:validation.date');
      if (i.format === 'uuid') return t('catalog:validation.reference');
      return t('catalog:validation.invalid');
    default:
      return t('catalog:validation.invalid');
  }
}

/** Blank means absent: trimmed text, and '' / undefined become null, so forms, JSON and spreadsheets agree. */
export function blankToNull(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  return value === undefined ? null : value;
}

/** Letters (any script), digits and . _ - / — no spaces: codes are typed into spreadsheets and URLs. */
export const CODE_PATTERN = /^[\p{L}\p{N}._\-/]+$/u;

const REQUIRED = 'catalog:validation.required';
/** A null where a value is required reads "required", not "expected string, received null". */
const requiredOr = (issue: { input?: unknown }) => (issue.input == null ? REQUIRED : undefined);

function baseSchema(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'text': {
      // Digits: one message says it all ("exactly 12 digits"), not a length and a format error.
      if (f.digits)
        return z
          .string({ error: requiredOr })
          .regex(new RegExp(`^\\d{${f.digits}}$`), { error: 'catalog:validation.digits' });
      const s = z.string({ error: requiredOr }).max(f.max);
      return f.code ? s.regex(CODE_PATTERN, { error: 'catalog:validation.code' }) : s;
    }
    case 'longText':
      return z.string({ error: requiredOr }).max(f.max);
    case 'number': {
      let s = z.number({ error: requiredOr });
      if (f.integer) s = s.int();
      if (f.min !== undefined) s = s.min(f.min);
      if (f.max !== undefined) s = s.max(f.max);
      return s;
    }
    case 'date':
      return z.iso.date({ error: requiredOr });
    case 'enum':
      return z.enum(f.options as [string, ...string[]], { error: requiredOr });
    case 'boolean':
      return z.boolean();
    case 'reference':
    case 'treeReference':
    case 'file':
    case 'employer':
      return z.uuid({ error: requiredOr });
    case 'adminUnit':
      return z
        .string({ error: requiredOr })
        .regex(f.level === 'province' ? /^(legacy|2025):\d{2}$/ : /^(legacy|2025):\d{3,5}$/, {
          error: 'catalog:validation.adminUnit',
        });
  }
}

const fieldSchemas = new WeakMap<FieldDef, z.ZodType>();

/** The zod schema of one field, derived from its kind and options (blank → null; optional → nullable). */
export function fieldSchema(f: FieldDef): z.ZodType {
  let s = fieldSchemas.get(f);
  if (!s) {
    const inner = f.refine ? f.refine(baseSchema(f), z) : baseSchema(f);
    // A boolean, or an enum with a default, is never null: blank means "no", or the default.
    const absent = f.kind === 'boolean' ? false : f.kind === 'enum' ? f.default : undefined;
    s =
      absent !== undefined
        ? z.preprocess((v) => blankToNull(v) ?? absent, inner)
        : z.preprocess(blankToNull, f.required ? inner : inner.nullable());
    fieldSchemas.set(f, s);
  }
  return s;
}

const schemas = new WeakMap<CatalogDeclaration, z.ZodObject>();

/** The create/update body: every writable field. */
export function recordSchema(d: CatalogDeclaration): z.ZodObject {
  let s = schemas.get(d);
  if (!s) {
    const shape: Record<string, z.ZodType> = {};
    for (const name of writableFields(d)) shape[name] = fieldSchema(d.fields[name]!);
    s = z.object(shape);
    schemas.set(d, s);
  }
  return s;
}

/** Validate a record (form, REST body or import row) and say what is wrong per field. */
export function validateRecord(
  d: CatalogDeclaration,
  input: Record<string, unknown>,
  t: Translate,
): { ok: true; data: Record<string, unknown> } | { ok: false; errors: FieldError[] } {
  const result = recordSchema(d).safeParse(input, { reportInput: true });
  if (result.success) {
    const data = result.data as Record<string, unknown>;
    const errors = checkRecord(d, data, t);
    return errors.length ? { ok: false, errors } : { ok: true, data };
  }
  return {
    ok: false,
    errors: result.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? ''),
      message: describeIssue(issue, t, fieldVars(d.fields[String(issue.path[0] ?? '')])),
      code: issue.code,
    })),
  };
}

/**
 * The fields' rules that read other fields (`check`), on a record whose fields are each valid; on empty fields too
 * when the rule says so (`check.empty`).
 */
function checkRecord(d: CatalogDeclaration, data: Record<string, unknown>, t: Translate): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, f] of Object.entries(d.fields)) {
    if (!f.check || (data[name] == null && !f.check.empty)) continue;
    const key = f.check.rule(data[name], data);
    if (key) errors.push({ field: name, message: t(key), code: 'check' });
  }
  return errors;
}

/**
 * Validate one field's value (the web form's per-field rule); with the rest of the record, the field's rule
 * that reads other fields too (`check`), once the field's own value is valid.
 */
export function validateField(
  d: CatalogDeclaration,
  name: string,
  value: unknown,
  t: Translate,
  record?: Readonly<Record<string, unknown>>,
): string | null {
  const f = d.fields[name];
  if (!f) return null;
  const result = fieldSchema(f).safeParse(value, { reportInput: true });
  if (!result.success) return describeIssue(result.error.issues[0]!, t, fieldVars(f));
  if (!f.check || (result.data == null && !f.check.empty)) return null;
  const related: Record<string, unknown> = { ...record };
  // The related fields as the record would store them (blank → null), so form and server agree.
  for (const other of f.check.with) related[other] = blankToNull(related[other]);
  const key = f.check.rule(result.data, related);
  return key ? t(key) : null;
}

/** Normalised header text: no accents, no case, no required marker, single spaces. */
export function normalizeHeader(text: string): string {
  return text
    .replace(/\*/g, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Column header of a field in a template or export: its label, with ` *` when required. */
export function excelHeader(d: CatalogDeclaration, name: string, t: Translate): string {
  const f = d.fields[name]!;
  return `${firstTranslation(fieldLabelKeys(d, name), t)}${f.required ? ' *' : ''}`;
}

export function firstTranslation(keys: string[], t: Translate): string {
  for (const k of keys) {
    const text = t(k);
    if (text && text !== k && !text.endsWith(k.split(':').pop()!)) return text;
  }
  return t(keys[keys.length - 1]!);
}

/**
 * Which field each spreadsheet column holds: headers are matched against the field labels in every language
 * and against the field names, so a template downloaded in English imports on a Vietnamese screen too.
 * Unknown columns map to null and are ignored.
 */
export function mapHeaders(
  d: CatalogDeclaration,
  headers: readonly unknown[],
  translators: readonly Translate[],
): (string | null)[] {
  const known = new Map<string, string>();
  // An export's read-only columns are known too (a file exported then edited imports back without a warning);
  // the server ignores read-only fields.
  for (const name of [...excelColumnsOf(d), ...(d.exportOnly ?? [])]) {
    known.set(normalizeHeader(name), name);
    for (const t of translators) known.set(normalizeHeader(firstTranslation(fieldLabelKeys(d, name), t)), name);
  }
  return headers.map((h) => (h == null ? null : (known.get(normalizeHeader(String(h))) ?? null)));
}
