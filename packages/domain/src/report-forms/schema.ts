import { z } from 'zod';

/**
 * A report form as data: sections of fields and tables, computed fields, checks across fields, its legal basis
 * and whether its content was confirmed against the official form. A definition is plain JSON (it can be stored,
 * sent to the browser and edited without a release); this schema checks its shape, and `checkDefinition`
 * (definition.ts) its references, expressions and cycles.
 */

const id = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'an id starts with a letter: letters, digits and _ (at most 64)');
const rowKey = z.string().regex(/^[A-Za-z0-9_]{1,64}$/, 'a row key has letters, digits and _ (at most 64)');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const localTextSchema = z.object({ vi: z.string().min(1), en: z.string().min(1) }).strict();
export type LocalText = z.infer<typeof localTextSchema>;

/** A check's message: its own text in both languages, or a key of the locale files (`reportForms:checks.…`). */
export const messageSchema = z.union([
  localTextSchema,
  z.object({ key: z.string().regex(/^[a-zA-Z]+:[\w.]+$/) }).strict(),
]);
export type FormMessage = z.infer<typeof messageSchema>;

const fieldBase = {
  id,
  label: localTextSchema,
  required: z.boolean().optional(),
  help: localTextSchema.optional(),
  unit: localTextSchema.optional(),
  /** The register figure that fills this field (`{row}` stands for a fixed row's key in a table's column). */
  prefill: z.string().min(1).max(200).optional(),
  /** False when the reference could not confirm this field against the official form. */
  verified: z.boolean().optional(),
};

const bounds = { min: z.number().finite().optional(), max: z.number().finite().optional() };

export const fieldSchema = z.discriminatedUnion('kind', [
  z.object({ ...fieldBase, kind: z.literal('integer'), ...bounds }).strict(),
  z
    .object({
      ...fieldBase,
      kind: z.literal('decimal'),
      ...bounds,
      decimals: z.number().int().min(0).max(6).optional(),
    })
    .strict(),
  z.object({ ...fieldBase, kind: z.literal('text'), maxLength: z.number().int().min(1).max(4000).optional() }).strict(),
  z
    .object({ ...fieldBase, kind: z.literal('longText'), maxLength: z.number().int().min(1).max(20000).optional() })
    .strict(),
  z.object({ ...fieldBase, kind: z.literal('date'), min: isoDate.optional(), max: isoDate.optional() }).strict(),
  z.object({ ...fieldBase, kind: z.literal('boolean') }).strict(),
  z
    .object({
      ...fieldBase,
      kind: z.literal('choice'),
      options: z
        .array(z.object({ value: z.string().min(1).max(100), label: localTextSchema }).strict())
        .min(1)
        .max(500),
    })
    .strict(),
  z
    .object({
      ...fieldBase,
      kind: z.literal('computed'),
      /** e.g. `sum(injuries.victims)`, `medicalCost + wageCost`; in a table's column, over the same row. */
      expression: z.string().min(1).max(2000),
      decimals: z.number().int().min(0).max(6).optional(),
    })
    .strict(),
]);
export type FieldDefinition = z.infer<typeof fieldSchema>;
export type FieldKind = FieldDefinition['kind'];
export const NUMERIC_KINDS: readonly FieldKind[] = ['integer', 'decimal', 'computed'];

export const COMPARISONS = ['<', '<=', '=', '>=', '>', '!='] as const;
export type Comparison = (typeof COMPARISONS)[number];

/** "left op right", e.g. `femaleWorkers <= totalWorkers`; the error shows beside `path` (default: left's first field). */
export const checkSchema = z
  .object({
    id,
    left: z.string().min(1).max(2000),
    op: z.enum(COMPARISONS),
    right: z.string().min(1).max(2000),
    path: z.string().min(1).max(200).optional(),
    message: messageSchema,
  })
  .strict();
export type CheckDefinition = z.infer<typeof checkSchema>;

export const tableSchema = z
  .object({
    kind: z.literal('table'),
    id,
    label: localTextSchema,
    help: localTextSchema.optional(),
    /** The heading of the fixed rows' label column ("Nghề nghiệp", "Nhóm tuổi"). */
    rowHeader: localTextSchema.optional(),
    columns: z.array(fieldSchema).min(1).max(60),
    /** Rows the form fixes (per cause, per age group…); without them the filer adds rows. */
    fixedRows: z
      .array(z.object({ key: rowKey, label: localTextSchema, verified: z.boolean().optional() }).strict())
      .min(1)
      .max(500)
      .optional(),
    minRows: z.number().int().min(0).max(5000).optional(),
    maxRows: z.number().int().min(1).max(5000).optional(),
    /** Shows a total row under the numeric columns. */
    totals: z.boolean().optional(),
    /** Checks within each row (references are the row's columns). */
    rowChecks: z.array(checkSchema).max(100).optional(),
    /** The register list that fills a free table (an array of rows keyed by column id). */
    prefill: z.string().min(1).max(200).optional(),
    verified: z.boolean().optional(),
  })
  .strict();
export type TableDefinition = z.infer<typeof tableSchema>;

export type ItemDefinition = FieldDefinition | TableDefinition;

export const sectionSchema = z
  .object({
    id,
    title: localTextSchema,
    help: localTextSchema.optional(),
    verified: z.boolean().optional(),
    items: z
      .array(z.union([tableSchema, fieldSchema]))
      .min(1)
      .max(500),
  })
  .strict();
export type SectionDefinition = z.infer<typeof sectionSchema>;

export const reportFormSchema = z
  .object({
    /** Stable code of the report type (`accident-statistics`); a filed report keeps code and version. */
    code: z.string().regex(/^[a-z][a-z0-9-]{1,63}$/),
    version: z.number().int().min(1),
    title: localTextSchema,
    legalBasis: localTextSchema,
    /** False when the reference could not confirm the content against the official form (shown to users). */
    verified: z.boolean(),
    /** Where the content comes from and what is still to check. */
    sourceNote: localTextSchema.optional(),
    sections: z.array(sectionSchema).min(1).max(100),
    checks: z.array(checkSchema).max(500).optional(),
  })
  .strict();
export type ReportFormDefinition = z.infer<typeof reportFormSchema>;

/** A value of one field: blank is null. */
export type Scalar = number | string | boolean | null;
export type ReportRow = Record<string, Scalar>;
/** A submission's values: a scalar per field id, an array of rows per table id. */
export type ReportValues = Record<string, Scalar | ReportRow[]>;
