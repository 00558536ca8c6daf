import type { FormInstance } from 'antd';
import { ApiError } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';

/**
 * What every form of the portal does with a refused save (the one form behaviour; the rest — required marks,
 * scrolling to the first error on a failed check — is set once for all forms in the Ant Design provider).
 */

/** Where a server error detail points in a form: 'body.email' → ['email'], 'body.items.0.name' → ['items', 0, 'name']. */
export function fieldPath(field: string | undefined): (string | number)[] | null {
  if (!field) return null;
  const parts = field.replace(/^(body|querystring|params)\./, '').split('.');
  if (!parts[0] || parts[0] === 'body') return null;
  return parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** How the first error is brought into view: centred (clear of the sticky header), its input focused. */
export const FIRST_ERROR = { block: 'center', behavior: 'smooth', focus: true } as const;

/**
 * Put the server's field errors (a 400 with details) beside the fields of the form — only `fields` when given,
 * renamed through `rename` — then scroll to and focus the first; whatever no field takes goes to a toast.
 * Returns true when some field took an error.
 */
export function showServerErrors(
  form: FormInstance,
  err: unknown,
  fields?: readonly string[],
  rename: Readonly<Record<string, string>> = {},
): boolean {
  const message = err instanceof Error ? err.message : String(err);
  const details = err instanceof ApiError ? err.details : [];
  const placed: { name: (string | number)[]; errors: string[] }[] = [];
  const rest: string[] = [];
  for (const d of details) {
    const path = fieldPath(d.field);
    if (path && typeof path[0] === 'string') path[0] = rename[path[0]] ?? path[0];
    if (!path || (fields && !fields.includes(String(path[0])))) {
      if (d.message) rest.push(d.message);
      continue;
    }
    // A detail whose message is a machine word ('taken') shows the error's own sentence instead.
    const text = d.message && /\s/.test(d.message) ? d.message : message;
    const same = placed.find((p) => p.name.join('.') === path.join('.'));
    if (same) {
      if (!same.errors.includes(text)) same.errors.push(text);
    } else placed.push({ name: path, errors: [text] });
  }
  if (placed.length) {
    form.setFields(placed);
    form.scrollToField(placed[0]!.name, FIRST_ERROR);
  }
  if (!placed.length || rest.length) toast.error(message, rest.join('; ') || undefined);
  return placed.length > 0;
}

export { useSubmit } from './use-submit.ts';
export { keepEnterInDateFields, notInFuture } from './dates.ts';
export { groupedNumberInput } from './numbers.ts';
export { newIdempotencyKey, type SubmitHandlers, type SubmitOutcome } from './submit.ts';
