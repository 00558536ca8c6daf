import type { FormInstance } from 'antd';
import type { FieldError } from '@portal/domain/report-forms/engine';
import type { ValueChange } from '@portal/domain/report-forms/values';
import type { Scalar } from '@portal/domain/report-forms/schema';
import { FIRST_ERROR, fieldPath } from '../form/index.ts';

/**
 * Between the engine's value paths (`ages.0.female`) and the form's field names (['ages', 0, 'female']), and the
 * notes a path can carry: a reviewer's comment, a change since the last filing, the register's figure.
 */

export function namePath(path: string): (string | number)[] {
  return fieldPath(path) ?? [path];
}

/**
 * Puts field errors (the server's or the engine's) beside their fields, then brings the first into view as every
 * form of the portal does; errors are grouped per field. Returns whether any was placed.
 */
export function placeErrors(form: FormInstance, errors: readonly FieldError[]): boolean {
  const byPath = new Map<string, string[]>();
  for (const e of errors) {
    if (!e.field) continue;
    const path = e.field.replace(/^values\./, '');
    byPath.set(path, [...(byPath.get(path) ?? []), e.message]);
  }
  const fields = [...byPath].map(([path, messages]) => ({ name: namePath(path), errors: [...new Set(messages)] }));
  if (!fields.length) return false;
  form.setFields(fields);
  form.scrollToField(fields[0]!.name, FIRST_ERROR);
  return true;
}

export interface FieldNotes {
  comment?: string;
  change?: ValueChange;
  /** The register's figure, only when it differs from the value declared. */
  register?: Scalar;
}

/** The notes of every path, from the comments, the changes and the register's figures. */
export function notesByPath(
  comments: Readonly<Record<string, string>> | undefined,
  changes: readonly ValueChange[] | undefined,
  register: Readonly<Record<string, Scalar>> | undefined,
  current: (path: string) => unknown,
): Map<string, FieldNotes> {
  const notes = new Map<string, FieldNotes>();
  const at = (path: string) => {
    let n = notes.get(path);
    if (!n) notes.set(path, (n = {}));
    return n;
  };
  for (const [path, text] of Object.entries(comments ?? {})) if (text) at(path).comment = text;
  for (const c of changes ?? []) at(c.path).change = c;
  for (const [path, value] of Object.entries(register ?? {})) {
    const now = current(path);
    const blank = (v: unknown) => v === undefined || v === null || v === '';
    if (!(blank(now) && blank(value)) && now !== value) at(path).register = value;
  }
  return notes;
}

/** A value read from the form's values by path (undefined when the path does not exist). */
export function valueAt(values: unknown, path: string): unknown {
  let node: unknown = values;
  for (const part of namePath(path)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  return node;
}
