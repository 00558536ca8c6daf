import type { CheckDefinition, FieldDefinition, LocalText } from '../schema.ts';

/**
 * Shorthands for writing definitions: each returns the plain data the schema describes (a definition stays
 * JSON; these only save repeating `{ vi, en }` and `kind`).
 */

export const text = (vi: string, en: string): LocalText => ({ vi, en });

type Extra<K extends FieldDefinition['kind']> = Omit<Extract<FieldDefinition, { kind: K }>, 'id' | 'label' | 'kind'>;

export const integer = (id: string, label: LocalText, extra: Extra<'integer'> = {}): FieldDefinition => ({
  id,
  label,
  kind: 'integer',
  min: 0,
  ...extra,
});

export const decimal = (id: string, label: LocalText, extra: Extra<'decimal'> = {}): FieldDefinition => ({
  id,
  label,
  kind: 'decimal',
  min: 0,
  ...extra,
});

export const computed = (
  id: string,
  label: LocalText,
  expression: string,
  extra: Omit<Extra<'computed'>, 'expression'> = {},
): FieldDefinition => ({ id, label, kind: 'computed', expression, ...extra });

export const shortText = (id: string, label: LocalText, extra: Extra<'text'> = {}): FieldDefinition => ({
  id,
  label,
  kind: 'text',
  ...extra,
});

export const longText = (id: string, label: LocalText, extra: Extra<'longText'> = {}): FieldDefinition => ({
  id,
  label,
  kind: 'longText',
  ...extra,
});

export const date = (id: string, label: LocalText, extra: Extra<'date'> = {}): FieldDefinition => ({
  id,
  label,
  kind: 'date',
  ...extra,
});

export const yesNo = (id: string, label: LocalText, extra: Extra<'boolean'> = {}): FieldDefinition => ({
  id,
  label,
  kind: 'boolean',
  ...extra,
});

/** "part ≤ whole", with the message naming both. */
export function notAbove(
  id: string,
  part: string,
  whole: string,
  partName: LocalText,
  wholeName: LocalText,
): CheckDefinition {
  return {
    id,
    left: part,
    op: '<=',
    right: whole,
    message: text(
      `${partName.vi} ({{left}}) không được lớn hơn ${wholeName.vi} ({{right}})`,
      `${partName.en} ({{left}}) cannot be greater than ${wholeName.en} ({{right}})`,
    ),
  };
}

/** "a = b" (a sum of rows against a total), with the message naming both. */
export function equals(
  id: string,
  left: string,
  right: string,
  leftName: LocalText,
  rightName: LocalText,
  path?: string,
): CheckDefinition {
  return {
    id,
    left,
    op: '=',
    right,
    ...(path ? { path } : {}),
    message: text(
      `${leftName.vi} ({{left}}) phải bằng ${rightName.vi} ({{right}})`,
      `${leftName.en} ({{left}}) must equal ${rightName.en} ({{right}})`,
    ),
  };
}
