import { z } from 'zod';
import type {
  AdminUnitField,
  BooleanField,
  CatalogDeclaration,
  DateField,
  EnumField,
  FileField,
  LongTextField,
  NumberField,
  ReferenceField,
  TextField,
  TreeReferenceField,
} from './types.ts';

/** Blank means absent: trimmed text, and '' / undefined become null, so forms, JSON and spreadsheets agree. */
export function blankToNull(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  return value === undefined ? null : value;
}

const REQUIRED = 'catalog:validation.required';
/** A null where a value is required reads "required", not "expected string, received null". */
const requiredOr = (issue: { input?: unknown }) => (issue.input == null ? REQUIRED : undefined);

function finish<T extends z.ZodType>(inner: T, required: boolean): z.ZodType {
  return z.preprocess(blankToNull, required ? inner : inner.nullable());
}

interface Common {
  required?: boolean;
  label?: string;
  readOnly?: boolean;
  width?: number;
}

/** Letters (any script), digits and . _ - / — no spaces: codes are typed into spreadsheets and URLs. */
export const CODE_PATTERN = /^[\p{L}\p{N}._\-/]+$/u;

/** Field builders: each returns the field's declaration with its zod schema. */
export const field = {
  text(o: Common & { max?: number; code?: boolean } = {}): TextField {
    const max = o.max ?? 255;
    let s = z.string({ error: requiredOr }).max(max);
    if (o.code) s = s.regex(CODE_PATTERN, { error: 'catalog:validation.code' });
    return { kind: 'text', required: o.required ?? false, max, schema: finish(s, o.required ?? false), ...pick(o), ...(o.code ? { code: true } : {}) };
  },
  /** The usual record code: required, 50 characters, no spaces. */
  code(o: Common & { max?: number } = {}): TextField {
    return field.text({ required: true, max: 50, code: true, width: 16, ...o });
  },
  /** The usual record name: required, 255 characters. */
  name(o: Common & { max?: number } = {}): TextField {
    return field.text({ required: true, max: 255, width: 40, ...o });
  },
  longText(o: Common & { max?: number } = {}): LongTextField {
    const max = o.max ?? 2000;
    return { kind: 'longText', required: o.required ?? false, max, schema: finish(z.string({ error: requiredOr }).max(max), o.required ?? false), ...pick(o) };
  },
  number(o: Common & { integer?: boolean; min?: number; max?: number } = {}): NumberField {
    let s = z.number({ error: requiredOr });
    if (o.integer) s = s.int();
    if (o.min !== undefined) s = s.min(o.min);
    if (o.max !== undefined) s = s.max(o.max);
    return {
      kind: 'number',
      required: o.required ?? false,
      integer: o.integer ?? false,
      ...(o.min !== undefined ? { min: o.min } : {}),
      ...(o.max !== undefined ? { max: o.max } : {}),
      schema: finish(s, o.required ?? false),
      ...pick(o),
    };
  },
  /** A calendar date as 'YYYY-MM-DD' (no time zone can shift it). */
  date(o: Common = {}): DateField {
    return { kind: 'date', required: o.required ?? false, schema: finish(z.iso.date({ error: requiredOr }), o.required ?? false), ...pick(o) };
  },
  enum<const T extends readonly [string, ...string[]]>(o: Common & { options: T; optionLabels?: string }): EnumField {
    return {
      kind: 'enum',
      required: o.required ?? false,
      options: o.options,
      ...(o.optionLabels ? { optionLabels: o.optionLabels } : {}),
      schema: finish(z.enum(o.options, { error: requiredOr }), o.required ?? false),
      ...pick(o),
    };
  },
  boolean(o: Common = {}): BooleanField {
    // Absent means "no": a boolean column is never null.
    return { kind: 'boolean', required: false, schema: z.preprocess((v) => blankToNull(v) ?? false, z.boolean()), ...pick(o) };
  },
  reference(o: Common & { target: string }): ReferenceField {
    return { kind: 'reference', required: o.required ?? false, target: o.target, schema: finish(z.uuid({ error: requiredOr }), o.required ?? false), ...pick(o) };
  },
  /** The parent in a tree (the area's own tree unless `target` names another tree area). */
  treeReference(o: Common & { target?: string } = {}): TreeReferenceField {
    return {
      kind: 'treeReference',
      required: o.required ?? false,
      ...(o.target ? { target: o.target } : {}),
      schema: finish(z.uuid({ error: requiredOr }), o.required ?? false),
      ...pick(o),
    };
  },
  /** An administrative unit id as the reference tables key it: '<generation>:<code>' ('2025:68', '2025:24712'). */
  adminUnit(o: Common & { level: 'province' | 'ward' }): AdminUnitField {
    const id = o.level === 'province' ? /^(legacy|2025):\d{2}$/ : /^(legacy|2025):\d{3,5}$/;
    return {
      kind: 'adminUnit',
      required: o.required ?? false,
      level: o.level,
      schema: finish(z.string({ error: requiredOr }).regex(id, { error: 'catalog:validation.adminUnit' }), o.required ?? false),
      ...pick(o),
    };
  },
  /** An uploaded file (its stored_file id). */
  file(o: Common & { accept?: string } = {}): FileField {
    return { kind: 'file', required: o.required ?? false, ...(o.accept ? { accept: o.accept } : {}), schema: finish(z.uuid({ error: requiredOr }), o.required ?? false), ...pick(o) };
  },
};

function pick(o: Common): Pick<Common, 'label' | 'readOnly' | 'width'> {
  return {
    ...(o.label ? { label: o.label } : {}),
    ...(o.readOnly ? { readOnly: true } : {}),
    ...(o.width ? { width: o.width } : {}),
  };
}

/** Identity with type checking: an area file is `export default defineCatalog({ ... })`. */
export function defineCatalog<const T extends CatalogDeclaration>(declaration: T): T {
  return declaration;
}
