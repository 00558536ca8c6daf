import { computeValues, emptyValues } from './engine.ts';
import { modelOf } from './definition.ts';
import type { ReportFormDefinition, ReportRow, ReportValues, Scalar } from './schema.ts';

/**
 * Comparing and pre-filling values: what changed between two versions of a report ("resubmit with changes
 * highlighted"), and what the portal's registers say against what the filer declared.
 */

export interface ValueChange {
  path: string;
  before: Scalar;
  after: Scalar;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** Every scalar of a values object by path (`field`, `table.2.column`). */
export function flattenValues(values: Readonly<Record<string, unknown>>, prefix = ''): Map<string, Scalar> {
  const out = new Map<string, Scalar>();
  const visit = (v: unknown, path: string) => {
    if (Array.isArray(v)) v.forEach((item, i) => visit(item, `${path}.${i}`));
    else if (typeof v === 'object' && v !== null)
      for (const [k, item] of Object.entries(v)) visit(item, path ? `${path}.${k}` : k);
    else if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') out.set(path, v);
    else out.set(path, null);
  };
  visit(values, prefix);
  return out;
}

/**
 * The paths whose value differs between `before` and `after` (a blank equals a missing value; a row added or
 * removed shows as changes of its cells), in `after`'s order then the removed ones.
 */
export function diffValues(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): ValueChange[] {
  const a = flattenValues(before);
  const b = flattenValues(after);
  const changes: ValueChange[] = [];
  for (const [path, value] of b) {
    const old = a.get(path) ?? null;
    if (blank(old) && blank(value)) continue;
    if (old !== value) changes.push({ path, before: blank(old) ? null : old, after: blank(value) ? null : value });
  }
  for (const [path, old] of a) if (!b.has(path) && !blank(old)) changes.push({ path, before: old, after: null });
  return changes;
}

/**
 * Fills a form from the registers' figures: each field whose `prefill` key the figures have, each column of a
 * fixed row (`{row}` in the key is the row's key), and each free table whose `prefill` key gives a list of rows.
 * Returns the values and, by path, what the register said (to show beside a declared value that differs).
 */
export function applyPrefill(
  def: ReportFormDefinition,
  figures: Readonly<Record<string, unknown>>,
  base: ReportValues = emptyValues(def),
): { values: ReportValues; register: Record<string, Scalar> } {
  const m = modelOf(def);
  const has = (key: string) => Object.prototype.hasOwnProperty.call(figures, key);
  const scalar = (v: unknown): Scalar =>
    typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : null;
  const values: ReportValues = { ...base };
  const register: Record<string, Scalar> = {};
  for (const f of m.fields.values()) {
    if (!f.prefill || !has(f.prefill) || f.kind === 'computed') continue;
    values[f.id] = register[f.id] = scalar(figures[f.prefill]);
  }
  for (const t of m.tables.values()) {
    const current = values[t.id];
    let rows: ReportRow[] = Array.isArray(current) ? current.map((r) => ({ ...r })) : [];
    if (t.fixedRows) {
      t.fixedRows.forEach((fixed, i) => {
        const row: ReportRow = rows[i] ?? {};
        for (const c of t.columns) {
          const key = c.prefill?.replaceAll('{row}', fixed.key);
          if (!key || !has(key) || c.kind === 'computed') continue;
          row[c.id] = register[`${t.id}.${i}.${c.id}`] = scalar(figures[key]);
        }
        rows[i] = row;
      });
    } else if (t.prefill && has(t.prefill) && Array.isArray(figures[t.prefill])) {
      const list = figures[t.prefill] as unknown[];
      rows = list.slice(0, t.maxRows ?? list.length).map((item, i) => {
        const source = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
        const row: ReportRow = {};
        for (const c of t.columns) {
          row[c.id] = c.kind === 'computed' ? null : scalar(source[c.id]);
          if (c.kind !== 'computed') register[`${t.id}.${i}.${c.id}`] = row[c.id] ?? null;
        }
        return row;
      });
    }
    values[t.id] = rows;
  }
  return { values: computeValues(def, values), register };
}

/** Where the declared values differ from the register's (both sides see these: the filer and the reviewer). */
export function registerDifferences(
  register: Readonly<Record<string, Scalar>>,
  values: Readonly<Record<string, unknown>>,
): ValueChange[] {
  const declared = flattenValues(values);
  const out: ValueChange[] = [];
  for (const [path, value] of Object.entries(register)) {
    const now = declared.get(path) ?? null;
    if (blank(now) && blank(value)) continue;
    if (now !== value) out.push({ path, before: value, after: blank(now) ? null : now });
  }
  return out;
}
