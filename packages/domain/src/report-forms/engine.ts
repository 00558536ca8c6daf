import { formatNumber } from '../format.ts';
import type { Language } from '../languages.ts';
import { evaluate, roundTo, type Resolved } from './expression.ts';
import { modelOf, type FormModel, type ParsedCheck } from './definition.ts';
import type {
  Comparison,
  FieldDefinition,
  FormMessage,
  ReportFormDefinition,
  ReportRow,
  ReportValues,
  Scalar,
  TableDefinition,
} from './schema.ts';

/**
 * The engine shared by the API (which validates what is filed) and the web form (which shows the same errors
 * as the person types): blank values, types and bounds, computed totals, checks across fields and rows.
 * Errors are the project's field errors ({ field, message, code }); `field` is a path in the values
 * (`femaleWorkers`, `byCause.3.victims`), which the API prefixes with the body's property.
 */

export interface FieldError {
  field: string;
  message: string;
  code?: string;
}

/** A free table without maxRows takes at most this many rows (a request cannot grow without bound). */
export const DEFAULT_MAX_ROWS = 1000;
const TEXT_MAX = 500;
const LONG_TEXT_MAX = 4000;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function validDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * One field's value checked and cleaned: `{ value }` (blank → null, text trimmed) or `{ error }` with its
 * message key and variables. `required` is judged by the caller (drafts may be incomplete).
 */
export function checkValue(
  f: FieldDefinition,
  raw: unknown,
):
  | { value: Scalar; error?: undefined }
  | { value: null; error: { key: string; vars?: Record<string, number | string>; code: string } } {
  if (isBlank(raw) || f.kind === 'computed') return { value: null };
  const fail = (code: string, key: string, vars?: Record<string, number | string>) => ({
    value: null,
    error: { code, key, ...(vars ? { vars } : {}) },
  });
  switch (f.kind) {
    case 'integer':
    case 'decimal': {
      if (typeof raw !== 'number' || !Number.isFinite(raw)) return fail('number', 'catalog:validation.number');
      if (f.kind === 'integer' && !Number.isInteger(raw)) return fail('integer', 'reportForms:validation.integer');
      if (f.kind === 'decimal' && f.decimals !== undefined && roundTo(raw, f.decimals) !== raw)
        return fail('decimals', 'reportForms:validation.decimals', { count: f.decimals });
      if (f.min !== undefined && raw < f.min) return fail('min', 'catalog:validation.min', { min: f.min });
      if (f.max !== undefined && raw > f.max) return fail('max', 'catalog:validation.max', { max: f.max });
      return { value: raw };
    }
    case 'text':
    case 'longText': {
      if (typeof raw !== 'string') return fail('text', 'catalog:validation.invalid');
      const max = f.maxLength ?? (f.kind === 'text' ? TEXT_MAX : LONG_TEXT_MAX);
      const text = raw.trim();
      if (text.length > max) return fail('maxLength', 'catalog:validation.maxLength', { max });
      return { value: text };
    }
    case 'date':
      if (typeof raw !== 'string' || !validDate(raw)) return fail('date', 'catalog:validation.date');
      if (f.min && raw < f.min) return fail('min', 'reportForms:validation.dateMin', { min: f.min });
      if (f.max && raw > f.max) return fail('max', 'reportForms:validation.dateMax', { max: f.max });
      return { value: raw };
    case 'boolean':
      return typeof raw === 'boolean' ? { value: raw } : fail('boolean', 'catalog:validation.boolean');
    case 'choice':
      return typeof raw === 'string' && f.options.some((o) => o.value === raw)
        ? { value: raw }
        : fail('oneOf', 'catalog:validation.reference');
  }
}

/** The caller's translation (server: the request's language; web: i18next), as catalog/record.ts takes it. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The values every form starts with: blanks, the fixed rows, as many free rows as the table needs. */
export function emptyValues(def: ReportFormDefinition): ReportValues {
  const m = modelOf(def);
  const values: ReportValues = {};
  for (const f of m.fields.values()) values[f.id] = null;
  for (const t of m.tables.values()) {
    const count = t.fixedRows ? t.fixedRows.length : (t.minRows ?? 0);
    values[t.id] = Array.from({ length: count }, () => emptyRow(t));
  }
  return computeValues(def, values);
}

function emptyRow(t: TableDefinition): ReportRow {
  return Object.fromEntries(t.columns.map((c) => [c.id, null]));
}

function rowsOf(values: ReportValues, t: TableDefinition): ReportRow[] {
  const rows = values[t.id];
  return Array.isArray(rows) ? rows : [];
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function resolverFor(m: FormModel, values: ReportValues, row?: ReportRow) {
  return (path: string): Resolved => {
    if (row) return num(own(row, path) ? row[path] : null);
    const parts = path.split('.');
    if (parts.length === 1) return num(own(values, path) ? values[path] : null);
    const t = m.tables.get(parts[0]!)!;
    const rows = rowsOf(values, t);
    const col = parts[parts.length - 1]!;
    if (parts.length === 2) return rows.map((r) => num(isObject(r) && own(r, col) ? r[col] : null));
    const index = t.fixedRows!.findIndex((r) => r.key === parts[1]);
    const r = rows[index];
    return num(r && own(r, col) ? r[col] : null);
  };
}

function computeInto(m: FormModel, values: ReportValues): void {
  for (const t of m.tables.values()) {
    const list = m.rowComputed.get(t.id) ?? [];
    if (!list.length) continue;
    for (const row of rowsOf(values, t)) {
      if (!isObject(row)) continue;
      for (const c of list) row[c.id] = rounded(evaluate(c.expr, resolverFor(m, values, row)), c.decimals);
    }
  }
  for (const c of m.computed) values[c.id] = rounded(evaluate(c.expr, resolverFor(m, values)), c.decimals);
}

const rounded = (v: number | null, decimals: number | undefined) =>
  v === null ? null : decimals === undefined ? v : roundTo(v, decimals);

/** A copy of the values with every computed field and computed column filled in. */
export function computeValues(def: ReportFormDefinition, values: ReportValues): ReportValues {
  const m = modelOf(def);
  const copy: ReportValues = { ...values };
  for (const t of m.tables.values()) copy[t.id] = rowsOf(values, t).map((r) => (isObject(r) ? { ...r } : r));
  computeInto(m, copy);
  return copy;
}

/**
 * The totals a form shows: each computed field by id, each computed cell (`table.i.column`), and each numeric
 * column's sum (`table.column`, for the total row).
 */
export function computeTotals(def: ReportFormDefinition, values: ReportValues): Record<string, number | null> {
  const m = modelOf(def);
  const filled = computeValues(def, values);
  const out: Record<string, number | null> = {};
  for (const c of m.computed) out[c.id] = num(filled[c.id]);
  for (const t of m.tables.values()) {
    const rows = rowsOf(filled, t);
    for (const c of m.rowComputed.get(t.id) ?? []) rows.forEach((r, i) => (out[`${t.id}.${i}.${c.id}`] = num(r[c.id])));
    for (const c of t.columns) {
      if (c.kind !== 'integer' && c.kind !== 'decimal' && c.kind !== 'computed') continue;
      out[`${t.id}.${c.id}`] = roundTo(
        rows.reduce((s, r) => s + (num(isObject(r) ? r[c.id] : null) ?? 0), 0),
        9,
      );
    }
  }
  return out;
}

const COMPARE: Record<Comparison, (l: number, r: number) => boolean> = {
  '<': (l, r) => l < r - 1e-9,
  '<=': (l, r) => l <= r + 1e-9,
  '=': (l, r) => Math.abs(l - r) <= 1e-9,
  '>=': (l, r) => l >= r - 1e-9,
  '>': (l, r) => l > r + 1e-9,
  '!=': (l, r) => Math.abs(l - r) > 1e-9,
};

/** Whether a check holds; null when it does not apply (every value it reads is blank, or a division by zero). */
function runCheck(c: ParsedCheck, resolve: (path: string) => Resolved): { left: number; right: number } | null | true {
  const read = c.refs.map(resolve);
  if (read.every((v) => v === null || (Array.isArray(v) && v.every((x) => x === null)))) return null;
  const left = evaluate(c.left, resolve);
  const right = evaluate(c.right, resolve);
  if (left === null || right === null) return null;
  return COMPARE[c.def.op](left, right) ? true : { left, right };
}

/** A check's message with `{{left}}` and `{{right}}` (the two sides' values, as the language writes numbers). */
export function checkMessage(t: Translate, lang: Language, message: FormMessage, left: number, right: number): string {
  const vars = {
    left: formatNumber(left, lang, { maxDecimals: 6 }),
    right: formatNumber(right, lang, { maxDecimals: 6 }),
  };
  if ('key' in message) return t(message.key, vars);
  return message[lang].replace(/\{\{\s*(left|right)\s*\}\}/g, (_, k: 'left' | 'right') => vars[k]);
}

/** Where a form check's error shows: a field, a fixed row's cell, or the table for a column's sum. */
function checkPath(m: FormModel, path: string): string {
  const parts = path.split('.');
  if (parts.length === 3) {
    const index = m.tables.get(parts[0]!)?.fixedRows?.findIndex((r) => r.key === parts[1]) ?? -1;
    return `${parts[0]}.${index}.${parts[2]}`;
  }
  return parts[0]!;
}

export interface ValidationResult {
  /** The cleaned values (unknown keys dropped, text trimmed, computed fields recomputed). */
  values: ReportValues;
  errors: FieldError[];
}

/**
 * Checks a submission against its definition. `mode: 'draft'` (saving work in progress) checks types and
 * bounds only; `submit` (the default) also requires the required fields, the table sizes and every check.
 */
export function validateValues(
  def: ReportFormDefinition,
  input: unknown,
  options: { t: Translate; lang: Language; mode?: 'draft' | 'submit' },
): ValidationResult {
  const { t, lang } = options;
  const m = modelOf(def);
  const submit = options.mode !== 'draft';
  const errors: FieldError[] = [];
  const values: ReportValues = {};
  if (!isObject(input)) {
    return {
      values: emptyValues(def),
      errors: [{ field: '', message: t('catalog:validation.invalid'), code: 'invalid' }],
    };
  }
  const cell = (f: FieldDefinition, raw: unknown, path: string): Scalar => {
    const r = checkValue(f, raw);
    if (r.error) errors.push({ field: path, message: t(r.error.key, r.error.vars), code: r.error.code });
    else if (submit && r.value === null && f.required && f.kind !== 'computed')
      errors.push({ field: path, message: t('catalog:validation.required'), code: 'required' });
    return r.value;
  };
  for (const f of m.fields.values()) values[f.id] = cell(f, own(input, f.id) ? input[f.id] : null, f.id);
  for (const table of m.tables.values()) {
    const raw = own(input, table.id) ? input[table.id] : [];
    const given: unknown[] = Array.isArray(raw) ? raw : [];
    if (!Array.isArray(raw) && !isBlank(raw))
      errors.push({ field: table.id, message: t('catalog:validation.invalid'), code: 'invalid' });
    const fixed = table.fixedRows?.length;
    const max = fixed ?? table.maxRows ?? DEFAULT_MAX_ROWS;
    // Too many rows: refused, and only the first `max` are read further (so other checks still make sense).
    if (given.length > max)
      errors.push({ field: table.id, message: t('reportForms:validation.maxRows', { max }), code: 'maxRows' });
    const rows = given.slice(0, max);
    if (submit && !fixed && rows.length < (table.minRows ?? 0))
      errors.push({
        field: table.id,
        message: t('reportForms:validation.minRows', { min: table.minRows ?? 0 }),
        code: 'minRows',
      });
    const count = fixed ?? rows.length;
    const out: ReportRow[] = [];
    for (let i = 0; i < count; i++) {
      const row = rows[i];
      if (row !== undefined && row !== null && !isObject(row)) {
        errors.push({ field: `${table.id}.${i}`, message: t('catalog:validation.invalid'), code: 'invalid' });
        out.push(emptyRow(table));
        continue;
      }
      const source = row ?? {};
      out.push(
        Object.fromEntries(
          table.columns.map((c) => [
            c.id,
            cell(c, own(source, c.id) ? source[c.id] : null, `${table.id}.${i}.${c.id}`),
          ]),
        ),
      );
    }
    values[table.id] = out;
  }
  computeInto(m, values);
  if (submit) {
    const message = (c: ParsedCheck, l: number, r: number) => checkMessage(t, lang, c.def.message, l, r);
    for (const table of m.tables.values()) {
      const rows = values[table.id] as ReportRow[];
      for (const c of m.rowChecks.get(table.id) ?? [])
        rows.forEach((row, i) => {
          const result = runCheck(c, resolverFor(m, values, row));
          if (result && result !== true)
            errors.push({
              field: `${table.id}.${i}.${c.path}`,
              message: message(c, result.left, result.right),
              code: `check:${c.def.id}`,
            });
        });
    }
    for (const c of m.checks) {
      const result = runCheck(c, resolverFor(m, values));
      if (result && result !== true)
        errors.push({
          field: checkPath(m, c.path),
          message: message(c, result.left, result.right),
          code: `check:${c.def.id}`,
        });
    }
  }
  return { values, errors };
}

/** Every value's path in the form (fields, then each row's cells), in the order the form shows them. */
export function fieldPaths(def: ReportFormDefinition, values?: ReportValues): string[] {
  const paths: string[] = [];
  for (const s of def.sections)
    for (const item of s.items) {
      if (item.kind !== 'table') {
        paths.push(item.id);
        continue;
      }
      const count = item.fixedRows?.length ?? (values ? rowsOf(values, item).length : 0);
      for (let i = 0; i < count; i++) for (const c of item.columns) paths.push(`${item.id}.${i}.${c.id}`);
    }
  return paths;
}
