import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { translate } from '@portal/domain/i18n';
import {
  areaText,
  columnOf,
  employerFieldOf,
  hasSoftDelete,
  normalizeHeader,
  optionLabelKey,
  validateRecord,
  type FieldDef,
  type FieldError,
  type ResolvedCatalog,
} from '@portal/domain/catalog/index';
import { recordAudit } from '../platform/audit/index.ts';
import { AppError } from '../platform/errors/app-error.ts';
import { assertCan, catalogError, inTransaction, translator, type Executor, type OpContext } from './context.ts';
import { hooksOf } from './hooks.ts';
import type { CatalogOperations } from './operations.ts';
import { catalogRegistry } from './registry.ts';
import { canOwn, ownersOf, ownLocalUnit, ownerBusiness, rowScope } from './scope.ts';
import { scopeCondition } from '../platform/access/scope.ts';
import { chunksOf, takeTurns, type Turns } from '../platform/turns/index.ts';
import { NIL_UUID } from './schema.ts';
import { isUuid } from '@portal/domain/ids';

/** Rows per import request; larger files are split by the page. */
export const MAX_IMPORT_ROWS = 50_000;

/**
 * Rows per write statement: a few hundred keeps each statement short (the embedded database serves one at a
 * time, and the API's thread builds each one's parameters), while still one round trip per few hundred rows.
 */
export const IMPORT_WRITE_ROWS = 500;

export interface ImportResultRow extends Record<string, unknown> {
  isSuccess: boolean;
  errors: FieldError[];
  /** What storing the row does (or did): add a record, or update the one with the same code. */
  action: 'create' | 'update' | null;
  id: string | null;
}

export interface ImportOutcome {
  data: ImportResultRow[];
  created: number;
  updated: number;
}

interface RowState {
  index: number;
  raw: Record<string, unknown>;
  rowNumber: number;
  errors: FieldError[];
  /** Coerced values; reference fields hold their text until resolved. */
  values: Record<string, unknown>;
  data: Record<string, unknown> | null;
  id: string | null;
  action: 'create' | 'update' | null;
}

const lower = (v: unknown) => String(v).trim().toLowerCase();

// ------------------------------------------------------------------------------------------- cell coercion

/** Spreadsheet cells as the browser sent them → typed values. Vietnamese number and date formats accepted. */
export function coerceCell(
  f: FieldDef,
  value: unknown,
  /** Enum fields: normalised value or label (any language) → option. */
  enumLookup?: ReadonlyMap<string, string>,
): { ok: true; value: unknown } | { ok: false; key: string } {
  if (value == null || (typeof value === 'string' && value.trim() === '')) return { ok: true, value: null };
  switch (f.kind) {
    case 'text':
      // A citizen ID typed into a number cell lost its leading zeros: they are known, put them back.
      if (
        f.digits &&
        typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= 0 &&
        String(value).length <= f.digits
      ) {
        return { ok: true, value: String(value).padStart(f.digits, '0') };
      }
      return {
        ok: true,
        value:
          typeof value === 'string' ? value.trim() : typeof value === 'object' ? JSON.stringify(value) : String(value),
      };
    case 'longText':
      return {
        ok: true,
        value:
          typeof value === 'string' ? value.trim() : typeof value === 'object' ? JSON.stringify(value) : String(value),
      };
    case 'number': {
      const n = parseNumber(value);
      return n === null ? { ok: false, key: 'catalog:validation.number' } : { ok: true, value: n };
    }
    case 'date': {
      const d = parseDate(value);
      return d === null ? { ok: false, key: 'catalog:validation.date' } : { ok: true, value: d };
    }
    case 'boolean': {
      const b = parseBoolean(value);
      return b === null ? { ok: false, key: 'catalog:validation.boolean' } : { ok: true, value: b };
    }
    case 'enum': {
      const text = String(value).trim();
      if (f.options.includes(text)) return { ok: true, value: text };
      const wanted = normalizeHeader(text);
      const hit = enumLookup?.get(wanted) ?? f.options.find((o) => o.toLowerCase() === text.toLowerCase());
      return hit ? { ok: true, value: hit } : { ok: false, key: 'catalog:validation.oneOf' };
    }
    default:
      return { ok: true, value: String(value).trim() };
  }
}

export function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  let s = String(value).replace(/[\s\u00a0]/g, '');
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(s))
    s = s.replace(/\./g, '').replace(',', '.'); // 1.234,5
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s))
    s = s.replace(/,/g, ''); // 1,234.5
  else if (/^-?\d+,\d+$/.test(s)) s = s.replace(',', '.'); // 12,5
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** dd/mm/yyyy, yyyy-mm-dd, an ISO timestamp (its calendar date) or an Excel serial day number → 'YYYY-MM-DD'. */
export function parseDate(value: unknown): string | null {
  let y: number, m: number, d: number;
  if (typeof value === 'number') {
    if (value < 1 || value > 2958465) return null;
    const date = new Date(Math.round((value - 25569) * 86400000));
    [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  } else {
    const s = String(value).trim();
    let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
    if (match) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
    else if ((match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(s)))
      [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    else return null;
  }
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d || y < 1900 || y > 2200)
    return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const YES = new Set(['co', 'yes', 'x', 'true', '1', 'dung']);
const NO = new Set(['khong', 'no', 'false', '0', 'sai']);
/** What the template's drop-down offers, looked up before any normalising (most cells). */
const BOOLEAN_CELLS = new Map<string, boolean>([
  ['Có', true],
  ['Không', false],
  ['Yes', true],
  ['No', false],
]);

export function parseBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : null;
  const known = BOOLEAN_CELLS.get(String(value));
  if (known !== undefined) return known;
  const s = normalizeHeader(String(value));
  return YES.has(s) ? true : NO.has(s) ? false : null;
}

/** Values per lookup statement: on the embedded database's one connection, other requests get in between. */
const LOOKUP_PIECE = 2_000;

/** A lookup over many values, as several statements of LOOKUP_PIECE values each; their rows together. */
async function lookupInPieces<V, R>(values: readonly V[], lookup: (piece: V[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (const piece of chunksOf(values, LOOKUP_PIECE)) out.push(...(await lookup(piece)));
  return out;
}

// ------------------------------------------------------------------------------------------- the import

type Preset = Record<string, string>;

/** Where an import is: checking its rows, or writing the valid ones (`done` of `total` in that stage). */
export type ImportProgress = (stage: 'checking' | 'saving', done: number, total: number) => void;

/**
 * Import spreadsheet rows (keyed by field names) through the same rules as the REST create/update:
 * per-row validation, references by id, code or name, duplicates inside the file and against the database,
 * owner scope. A row whose code exists updates that record, so sending the same file twice creates nothing new.
 * Valid rows are stored in one transaction (all or none of them); `dryRun` only reports. A background run may
 * ask for `inParts`: each part of a few hundred rows is its own transaction, so the embedded database's single
 * connection is free between parts for everyone else; such a run is resumable rather than atomic (sent again, the
 * same rows update what a stopped run stored, never duplicate it).
 */
export async function importRows(
  ops: CatalogOperations,
  ctx: OpContext,
  rawRows: Record<string, unknown>[],
  options: {
    dryRun: boolean;
    presets?: Preset;
    /** Told at the loops' hand-backs only (no cost per row): background runs show it to their owner. */
    onProgress?: ImportProgress;
    /** One transaction per part rather than one for all (background runs of areas without a tree). */
    inParts?: boolean;
  },
): Promise<ImportOutcome> {
  const c = ops.c;
  const d = c.declaration;
  assertCan(ctx, c, 'import');
  if (rawRows.length > MAX_IMPORT_ROWS) throw catalogError(400, 'TOO_MANY_ROWS', { max: MAX_IMPORT_ROWS });
  const t = translator(ctx);
  // The owning employer of each row: the employer user's own; in an area with an employer field, the row's
  // employer for everyone else (the department files records for the employers it chooses).
  const ownerField = employerFieldOf(d);
  const implicitOwner = d.scope === 'employer' ? ownerBusiness(ctx.principal) : null;
  const forcedOwner = ownerField && !ctx.system ? implicitOwner : null;
  const ownerOf = (row: RowState): string | null =>
    ownerField ? ((row.values[ownerField] as string | null | undefined) ?? null) : implicitOwner;
  const presets = options.presets ?? {};
  const fields = c.writable.filter((n) => d.fields[n]!.kind !== 'file');
  // Only columns the file has are written on update: an older template must not blank newer columns.
  const present = new Set(
    fields.filter((n) => n in presets || rawRows.some((r) => r && typeof r === 'object' && n in r)),
  );
  if (d.scope === 'district') present.add(d.scopeField!);

  // Enum cells hold a value or its label in either language: one lookup table per field, built once.
  const enumLookups = new Map<string, Map<string, string>>();
  for (const name of fields) {
    const f = d.fields[name]!;
    if (f.kind !== 'enum') continue;
    const lookup = new Map<string, string>();
    for (const o of f.options) {
      lookup.set(normalizeHeader(o), o);
      for (const lang of ['vi', 'en'] as const)
        lookup.set(normalizeHeader(translate(lang, optionLabelKey(d, name, o))), o);
    }
    enumLookups.set(name, lookup);
  }

  // Every loop over the rows hands the thread back to other requests every few milliseconds (platform/turns).
  const turns = takeTurns();
  const rows: RowState[] = [];
  const progress = options.onProgress ?? (() => undefined);
  progress('checking', 0, rawRows.length);
  for (const [index, raw] of rawRows.entries()) {
    if (turns.due()) {
      progress('checking', index, rawRows.length);
      await turns.next();
    }
    const row: RowState = {
      index,
      raw: raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {},
      rowNumber: typeof raw?.rowNumber === 'number' ? raw.rowNumber : index + 2,
      errors: [],
      values: {},
      data: null,
      id: null,
      action: null,
    };
    for (const name of fields) {
      let v = row.raw[name];
      if ((v == null || v === '') && presets[name] != null) v = presets[name];
      if ((v == null || v === '') && d.scope === 'district' && name === d.scopeField) v = ownLocalUnit(ctx.principal);
      if (name === ownerField && forcedOwner) v = forcedOwner;
      const f = d.fields[name]!;
      const out = coerceCell(f, v, enumLookups.get(name));
      if (out.ok) row.values[name] = out.value;
      else {
        const values =
          f.kind === 'enum' ? f.options.map((o) => translate(ctx.lang, optionLabelKey(d, name, o))).join(', ') : '';
        row.errors.push({ field: name, message: t(out.key, { values }), code: 'format' });
      }
    }
    rows.push(row);
  }
  const fail = (
    row: RowState,
    field: string,
    key: string,
    vars: Record<string, string | number> = {},
    code = 'invalid',
  ) => {
    if (!row.errors.some((e) => e.field === field)) row.errors.push({ field, message: t(key, vars), code });
  };

  // The employer of each row first: what the row matches and refers to depends on it.
  if (ownerField && !forcedOwner) await resolveReferences(ops, ctx, rows, [ownerField], ownerOf, fail, turns);
  const perOwner = (key: string) => ownerField !== null && !d.globalUnique?.includes(key);

  // A unique key's fields and a row's values of them, as the messages name them: a key of one field as it is;
  // a key of several fields (an item and a year) joined, each value as the file wrote it or as the page shows it.
  const shown = (row: RowState, name: string): string => {
    const f = d.fields[name]!;
    const v = row.values[name];
    if (f.kind === 'enum' && typeof v === 'string') return translate(ctx.lang, optionLabelKey(d, name, v));
    const cell = row.raw[name];
    if (
      (f.kind === 'reference' || f.kind === 'treeReference' || f.kind === 'adminUnit' || f.kind === 'employer') &&
      (typeof cell === 'string' || typeof cell === 'number') &&
      String(cell).trim() !== ''
    )
      return String(cell).trim();
    return String(v);
  };
  const keyText = (row: RowState, keyFields: readonly string[]) =>
    keyFields.length === 1
      ? { field: ops.label(ctx, keyFields[0]!), value: String(row.values[keyFields[0]!]) }
      : {
          field: keyFields.map((n) => ops.label(ctx, n)).join(' / '),
          value: keyFields.map((n) => shown(row, n)).join(' / '),
        };

  /**
   * Duplicates inside the file of the given unique keys (the first row keeps the value); the error is on the key's
   * last field. Keys of one field are checked on the cells as typed; keys of several fields once the references
   * are resolved (a machine type by its code in one row and by its name in another is the same machine type).
   */
  const duplicatesInFile = async (keys: [string, readonly string[]][]) => {
    for (const [key, keyFields] of keys) {
      const first = new Map<string, RowState>();
      const last = keyFields[keyFields.length - 1]!;
      for (const row of rows) {
        if (turns.due()) await turns.next();
        const k = keyOf(row, keyFields);
        if (k === null) continue;
        const owned = perOwner(key) ? `${k}\u0000${String(ownerOf(row))}` : k;
        const prior = first.get(owned);
        if (prior) {
          fail(
            row,
            last,
            'catalog:validation.duplicateInFile',
            { ...keyText(row, keyFields), row: prior.rowNumber },
            'duplicate',
          );
        } else first.set(owned, row);
      }
    }
  };
  const uniqueKeys = Object.entries(d.unique ?? {});
  await duplicatesInFile(uniqueKeys.filter(([, keyFields]) => keyFields.length === 1));

  // Rows whose code exists update that record; the others are new. A row without the code matches on another
  // single-field unique key (a foreign worker's passport where the citizen ID is empty). A key unique across
  // employers that another employer holds is a conflict: the same person stays one record, never a second one,
  // never taken over.
  const matchKeys = [c.upsertKey, ...Object.keys(d.unique ?? {}).filter((k) => k !== c.upsertKey)].filter(
    (k): k is string => k !== null && d.unique![k]!.length === 1,
  );
  const existing = new Map<string, Map<string, Match[]>>();
  for (const [i, key] of matchKeys.entries()) {
    const field = d.unique![key]![0]!;
    // Other keys are looked up only for the rows the first one cannot match.
    const candidates =
      i === 0 ? rows : rows.filter((r) => r.values[d.unique![matchKeys[0]!]![0]!] == null && r.values[field] != null);
    if (candidates.length)
      existing.set(
        key,
        await lookupExisting(ops, ctx, [field], candidates, ownerOf, {
          anyOwner: d.globalUnique?.includes(key) === true,
        }),
      );
  }
  for (const row of rows) {
    if (turns.due()) await turns.next();
    const key = matchKeys.find((k) => row.values[d.unique![k]![0]!] != null);
    const field = key ? d.unique![key]![0]! : null;
    const v = field ? row.values[field] : null;
    const matches = key && v != null ? (existing.get(key)?.get(lower(v)) ?? []) : [];
    const hit = matches.find((m) => m.businessId === ownerOf(row));
    row.id = hit?.id ?? randomUUID();
    row.action = hit ? 'update' : 'create';
    if (
      !hit &&
      key &&
      d.globalUnique?.includes(key) &&
      matches.length &&
      !row.errors.some((e) => e.field === ownerField)
    ) {
      fail(
        row,
        field!,
        'catalog:validation.ownedElsewhere',
        { field: ops.label(ctx, field!), value: String(v) },
        'ownedElsewhere',
      );
    }
  }

  // References: by id, code or name; the parent of a tree node may be another row of the file.
  await resolveReferences(
    ops,
    ctx,
    rows,
    fields.filter((n) => n !== ownerField),
    ownerOf,
    fail,
    turns,
  );

  // Field rules, exactly as the REST body (one message per field: a coercion error already says it).
  for (const row of rows) {
    if (turns.due()) await turns.next();
    const result = validateRecord(d, row.values, t);
    if (result.ok) row.data = result.data;
    else for (const e of result.errors) if (!row.errors.some((x) => x.field === e.field)) row.errors.push(e);
  }

  await duplicatesInFile(uniqueKeys.filter(([, keyFields]) => keyFields.length > 1));

  // Unique keys against the database, every key of one field or several, one lookup per key (per piece of values):
  // live records for the keys the rows were not matched on, then, where keys hold in the trash bin too, deleted
  // records for every key (a deleted record's value is taken: a row cannot revive it by import). A row's own record
  // (matched by code) is not a clash; the error is on the key's last field.
  for (const deleted of d.uniqueIncludesDeleted ? [false, true] : [false]) {
    for (const [key, keyFields] of uniqueKeys) {
      // The key the rows were matched on (their code): a row holding it updates that record.
      if (!deleted && key === c.upsertKey && matchKeys.includes(key)) continue;
      const last = keyFields[keyFields.length - 1]!;
      // Rows whose key has a wrong value are refused already (and a wrong value has no place in a typed lookup).
      const checked = rows.filter((r) => !r.errors.some((e) => keyFields.includes(e.field)));
      const taken = await lookupExisting(ops, ctx, keyFields, checked, ownerOf, {
        anyOwner: !perOwner(key) && ownerField !== null,
        deleted,
      });
      if (!taken.size) continue;
      for (const row of checked) {
        if (turns.due()) await turns.next();
        const k = keyOf(row, keyFields);
        const holder =
          k !== null
            ? (taken.get(k) ?? []).find((m) => m.id !== row.id && (!perOwner(key) || m.businessId === ownerOf(row)))
            : undefined;
        if (!holder) continue;
        const elsewhere = !deleted && d.globalUnique?.includes(key) && holder.businessId !== ownerOf(row);
        const code = elsewhere ? 'ownedElsewhere' : 'duplicate';
        fail(row, last, `catalog:validation.${code}`, keyText(row, keyFields), code);
      }
    }
  }

  // Owners: an employer user writes for its employer; a district user only under its own local unit.
  if (!ctx.system && d.scope !== 'global') {
    // A row updating a record must also find it in the caller's scope: another local unit's record keeps its place.
    const updates = rows.filter((r) => r.action === 'update').map((r) => r.id!);
    const scope = rowScope(c, ctx.principal);
    const visible = new Set(
      updates.length && scope
        ? (
            await lookupInPieces(
              updates,
              async (piece) =>
                (
                  await sql<{
                    id: string;
                  }>`select t.id from ${sql.table(c.table)} as t where t.id = any(${piece}::uuid[]) and ${scope}`.execute(
                    ctx.db,
                  )
                ).rows,
            )
          ).map((r) => r.id)
        : updates,
    );
    const verdicts = new Map<string, boolean>();
    for (const row of rows) {
      if (turns.due()) await turns.next();
      const owners = ownersOf(c, {
        id: row.action === 'update' ? row.id : null,
        businessId: ownerOf(row),
        data: row.values,
      });
      const k = `${String(owners.localUnit)}|${String(owners.businessId)}`;
      if (!verdicts.has(k)) verdicts.set(k, await canOwn(c, ctx.db, ctx.principal, owners));
      const field = d.scopeField ?? ownerField ?? c.declaration.codeField ?? c.declaration.titleField;
      if (!verdicts.get(k) || (row.action === 'update' && !visible.has(row.id!)))
        fail(row, field, 'catalog:validation.outOfScope', {}, 'scope');
    }
  }

  if (c.parentField) await checkTree(ops, ctx, rows, implicitOwner, fail, turns);

  // Hooks see each valid row as they would a REST body.
  const hooks = hooksOf(c.key);
  for (const row of rows) {
    if (turns.due()) await turns.next();
    if (row.errors.length || !row.data) continue;
    for (const h of hooks) {
      try {
        const changed: Record<string, unknown> | void = await h.beforeChange?.({
          ctx,
          operation: row.action!,
          data: row.data,
          original: row.action === 'update' ? { id: row.id! } : null,
        });
        if (changed) row.data = changed;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const details = err.details.length ? err.details : [{ message: translate(ctx.lang, err.messageKey, err.vars) }];
        row.errors.push(
          ...details.map((e) => ({ field: e.field ?? '', message: e.message, ...(e.code ? { code: e.code } : {}) })),
        );
      }
    }
  }

  // A child is only as good as its parent row in the same file.
  if (c.parentField) {
    const byId = new Map(rows.map((r) => [r.id!, r]));
    let changed = true;
    while (changed) {
      changed = false;
      for (const row of rows) {
        if (turns.due()) await turns.next();
        if (row.errors.length) continue;
        const parent = byId.get(row.values[c.parentField] as string);
        if (parent && parent !== row && parent.errors.length) {
          fail(
            row,
            c.parentField,
            'catalog:validation.referenceNotFound',
            { value: String(row.raw[c.parentField] ?? ''), catalog: ops.noun(ctx) },
            'reference',
          );
          changed = true;
        }
      }
    }
  }

  progress('checking', rows.length, rows.length);
  const valid = rows.filter((r) => r.errors.length === 0 && r.data);
  let created = 0;
  let updated = 0;
  if (!options.dryRun && valid.length) {
    const creates = valid.filter((r) => r.action === 'create');
    const updates = valid.filter((r) => r.action === 'update');
    const parts = [
      ...chunksOf(creates, IMPORT_WRITE_ROWS).map((rows) => ({ rows, create: true })),
      ...chunksOf(updates, IMPORT_WRITE_ROWS).map((rows) => ({ rows, create: false })),
    ];
    /** One part: its rows written, then the area's hooks on each. */
    const writePart = async (tx: OpContext, part: { rows: RowState[]; create: boolean }) => {
      if (part.create) await insertRows(ops, tx, part.rows, ownerField ? null : implicitOwner);
      else await updateRows(ops, tx, part.rows, [...present]);
      for (const h of hooks) {
        if (!h.afterChange) continue;
        for (const row of part.rows) {
          if (turns.due()) await turns.next();
          const record = await ops.find({ ...tx, system: true }, row.id!);
          if (record) await h.afterChange({ ctx: tx, operation: row.action!, record, data: row.data! });
        }
      }
    };
    const audit = (tx: OpContext) =>
      recordAudit(tx.db, tx.request, {
        // A background run has no request: the history still names who sent the file.
        ...(tx.principal ? { userId: tx.principal.userId, userName: tx.principal.userName } : {}),
        action: 'import',
        subject: c.subject,
        details: { created: creates.length, updated: updates.length, invalid: rows.length - valid.length },
      });
    // A tree's rows may name parents in later parts: its import stays in one transaction.
    const inParts = options.inParts === true && !c.parentField && !ctx.db.isTransaction;
    let written = 0;
    progress('saving', 0, valid.length);
    try {
      if (inParts) {
        for (const part of parts) {
          await inTransaction(ctx, (tx) => writePart(tx, part));
          progress('saving', (written += part.rows.length), valid.length);
          if (turns.due()) await turns.next();
        }
        await inTransaction(ctx, audit);
      } else {
        // In parts, one transaction: all or none of the rows are stored, and no statement runs long.
        await inTransaction(ctx, async (tx) => {
          for (const part of parts) {
            await writePart(tx, part);
            progress('saving', (written += part.rows.length), valid.length);
            if (turns.due()) await turns.next();
          }
          await audit(tx);
        });
      }
      created = creates.length;
      updated = updates.length;
    } catch (err) {
      // Someone wrote the same code meanwhile: the user sends the file again (it updates what was stored).
      if ((err as { code?: string }).code === '23505') throw catalogError(409, 'IMPORT_CONFLICT');
      throw err;
    }
  }

  const data: ImportResultRow[] = [];
  for (const r of rows) {
    if (turns.due()) await turns.next();
    data.push({
      ...r.raw,
      isSuccess: r.errors.length === 0,
      errors: r.errors,
      action: r.errors.length ? null : r.action,
      id: r.errors.length ? null : r.id,
    });
  }
  return { created, updated, data };
}

/** A live record holding a value, and its owning employer (null: none, or the department's own). */
interface Match {
  id: string;
  businessId: string | null;
}

/** A row's value of a unique key: its fields' values (text case-insensitive), or null when one of them is empty. */
function keyOf(row: RowState, keyFields: readonly string[]): string | null {
  const parts: string[] = [];
  for (const name of keyFields) {
    const v = row.values[name];
    if (v == null) return null;
    parts.push(lower(v));
  }
  return parts.join('\u0000');
}

/**
 * Records holding the rows' values of a unique key (`fields`: one field or several; text case-insensitive) → the
 * records by the key's value (`keyOf`), among the rows' owners' records (employer areas), or among every
 * employer's when `anyOwner` (keys unique across employers). Live records, or deleted ones when `deleted`.
 * One statement per piece of values: a key of one field looks its values up in a list; a key of several fields
 * joins the list of the rows' distinct values (with their owner) to the table, on the columns of its unique index.
 */
async function lookupExisting(
  ops: CatalogOperations,
  ctx: OpContext,
  fields: readonly string[],
  rows: RowState[],
  ownerOf: (row: RowState) => string | null,
  options: { anyOwner?: boolean; deleted?: boolean } = {},
): Promise<Map<string, Match[]>> {
  const out = new Map<string, Match[]>();
  const c = ops.c;
  const employerArea = c.declaration.scope === 'employer';
  const perOwner = employerArea && options.anyOwner !== true;
  const state = options.deleted ? sql`t.deleted_at is not null` : sql`t.deleted_at is null`;
  const businessId = employerArea ? sql`t.business_id` : sql`null::uuid`;
  const isText = (name: string) => ['text', 'longText'].includes(c.declaration.fields[name]!.kind);
  const add = (r: { id: string; v: string; businessId: string | null }) =>
    out.set(r.v, [...(out.get(r.v) ?? []), { id: r.id, businessId: employerArea ? r.businessId : null }]);

  if (fields.length === 1) {
    const field = fields[0]!;
    const values = [
      ...new Set(
        rows
          .map((r) => r.values[field])
          .filter((v) => v != null)
          .map(lower),
      ),
    ];
    if (!values.length) return out;
    const column = sql.ref(`t.${columnOf(field)}`);
    const owners = [...new Set(rows.map((r) => ownerOf(r) ?? NIL_UUID))];
    const owner = perOwner ? sql`and coalesce(t.business_id, ${NIL_UUID}::uuid) = any(${owners}::uuid[])` : sql``;
    const found = await lookupInPieces(values, async (piece) => {
      const match = isText(field)
        ? sql`lower(${column}) = any(${piece}::text[])`
        : sql`${column}::text = any(${piece}::text[])`;
      return (
        await sql<{
          id: string;
          v: string;
          businessId: string | null;
        }>`select t.id, lower(${column}::text) as v, ${businessId} as "businessId"
        from ${sql.table(c.table)} as t where ${state} and ${match} ${owner}`.execute(ctx.db)
      ).rows;
    });
    for (const r of found) add(r);
    return out;
  }

  // The rows' distinct values of the key (with their owner), each field as its column's type: the join then reads
  // the unique index (owner, lower(text), value…) once per value.
  const wanted = new Map<string, { key: string; parts: unknown[]; owner: string }>();
  for (const row of rows) {
    const key = keyOf(row, fields);
    if (key === null) continue;
    const owner = perOwner ? (ownerOf(row) ?? NIL_UUID) : NIL_UUID;
    const parts = fields.map((n) => (isText(n) ? lower(row.values[n]) : row.values[n]));
    wanted.set(`${key}\u0000${owner}`, { key, parts, owner });
  }
  if (!wanted.size) return out;
  const aliases = ['n', ...fields.map((_, i) => `v${i}`), ...(perOwner ? ['o'] : [])];
  const on = [
    ...fields.map((name, i) => {
      const column = sql.ref(`t.${columnOf(name)}`);
      const value = sql.ref(`k.v${i}`);
      return isText(name) ? sql`lower(${column}) = ${value}` : sql`${column} = ${value}`;
    }),
    ...(perOwner ? [sql`coalesce(t.business_id, ${NIL_UUID}::uuid) = k.o`] : []),
  ];
  const found = await lookupInPieces([...wanted.values()], async (piece) => {
    const arrays = [
      sql`${piece.map((_, i) => i)}::int[]`,
      ...fields.map(
        (name, i) =>
          sql`${piece.map((p) => p.parts[i])}::${sql.raw(isText(name) ? 'text[]' : arrayType(c.declaration.fields[name]!))}`,
      ),
      ...(perOwner ? [sql`${piece.map((p) => p.owner)}::uuid[]`] : []),
    ];
    const result = await sql<{ id: string; n: number; businessId: string | null }>`
        select t.id, k.n, ${businessId} as "businessId"
        from unnest(${sql.join(arrays)}) as k(${sql.join(aliases.map((a) => sql.id(a)))})
        join ${sql.table(c.table)} as t on ${sql.join(on, sql` and `)}
        where ${state}`.execute(ctx.db);
    return result.rows.map((r) => ({ id: r.id, v: piece[Number(r.n)]!.key, businessId: r.businessId }));
  });
  for (const r of found) add(r);
  return out;
}

async function resolveReferences(
  ops: CatalogOperations,
  ctx: OpContext,
  rows: RowState[],
  fields: string[],
  ownerOf: (row: RowState) => string | null,
  fail: (row: RowState, field: string, key: string, vars?: Record<string, string | number>) => void,
  turns: Turns,
): Promise<void> {
  const c = ops.c;
  const t = translator(ctx);
  for (const name of fields) {
    const f = c.declaration.fields[name]!;
    if (f.kind !== 'reference' && f.kind !== 'treeReference' && f.kind !== 'adminUnit' && f.kind !== 'employer')
      continue;
    const texts = [
      ...new Set(rows.map((r) => r.values[name]).filter((v): v is string => typeof v === 'string' && v !== '')),
    ];
    if (!texts.length) continue;
    let resolve: (text: string, owner: string | null) => { id?: string; error?: string };
    if (f.kind === 'adminUnit') {
      resolve = await adminUnitResolver(ctx.db, f.level, texts);
    } else if (f.kind === 'employer') {
      resolve = await employerResolver(ctx, texts);
    } else {
      const target =
        f.kind === 'reference' ? catalogRegistry.get(f.target) : f.target ? catalogRegistry.get(f.target) : c;
      const owners = target.declaration.scope === 'employer' ? [...new Set(rows.map(ownerOf))] : undefined;
      const dbResolve = await catalogResolver(ctx, target, texts, owners);
      if (target === c) {
        // The parent may be a row of the same file (by its code or name), created in the same transaction.
        const byCode = new Map<string, string>();
        const byName = new Map<string, string[]>();
        for (const r of rows) {
          if (c.declaration.codeField && r.values[c.declaration.codeField] != null)
            byCode.set(lower(r.values[c.declaration.codeField]), r.id!);
          const title = r.values[c.declaration.titleField];
          if (title != null) byName.set(lower(title), [...(byName.get(lower(title)) ?? []), r.id!]);
        }
        resolve = (text, owner) => {
          const k = lower(text);
          if (byCode.has(k)) return { id: byCode.get(k)! };
          const fromDb = dbResolve(text, owner);
          if (fromDb.id || fromDb.error === 'catalog:validation.referenceAmbiguous') return fromDb;
          const named = byName.get(k);
          if (named?.length === 1) return { id: named[0]! };
          if (named && named.length > 1) return { error: 'catalog:validation.referenceAmbiguous' };
          return fromDb;
        };
      } else resolve = dbResolve;
    }
    const catalog =
      f.kind === 'adminUnit'
        ? ''
        : f.kind === 'employer'
          ? t('catalog:excel.employerNoun')
          : t(
              areaText(
                (f.kind === 'reference' ? catalogRegistry.get(f.target) : f.target ? catalogRegistry.get(f.target) : c)
                  .declaration,
                'noun',
              ),
            );
    for (const row of rows) {
      if (turns.due()) await turns.next();
      const v = row.values[name];
      if (typeof v !== 'string' || v === '') continue;
      const r = resolve(v, ownerOf(row));
      if (r.id) row.values[name] = r.id;
      else {
        row.values[name] = null;
        fail(
          row,
          name,
          r.error ??
            (f.kind === 'adminUnit' ? 'catalog:validation.adminUnitNotFound' : 'catalog:validation.referenceNotFound'),
          { value: v, catalog },
        );
      }
    }
  }
}

/**
 * A reference cell → id: an id, else a code, else a name that names exactly one record. Records of an area owned
 * per employer resolve among the row's employer's own (`owners`: every row's employer).
 */
async function catalogResolver(
  ctx: OpContext,
  target: ResolvedCatalog,
  texts: string[],
  owners: (string | null)[] | undefined,
): Promise<(text: string, owner: string | null) => { id?: string; error?: string }> {
  const d = target.declaration;
  const ids = texts.filter(isUuid);
  const lowered = [...new Set(texts.map(lower))];
  const code = d.codeField ? sql.ref(`t.${columnOf(d.codeField)}`) : null;
  const title = sql.ref(`t.${columnOf(d.titleField)}`);
  const scope = ctx.system ? null : rowScope(target, ctx.principal);
  const ownerIds = owners?.map((o) => o ?? NIL_UUID);
  const owner = ownerIds ? sql`and coalesce(t.business_id, ${NIL_UUID}::uuid) = any(${ownerIds}::uuid[])` : sql``;
  const found = await sql<{ id: string; code: string | null; title: string; owner: string }>`
      select t.id, ${code ? sql`lower(${code})` : sql`null`} as code, lower(${title}) as title,
        ${ownerIds ? sql`coalesce(t.business_id, ${NIL_UUID}::uuid)::text` : sql`''`} as owner
      from ${sql.table(target.table)} as t
      where ${hasSoftDelete(d) ? sql`t.deleted_at is null` : sql`true`} ${scope ? sql`and ${scope}` : sql``} ${owner}
        and (t.id = any(${ids}::uuid[]) ${code ? sql`or lower(${code}) = any(${lowered}::text[])` : sql``} or lower(${title}) = any(${lowered}::text[]))`.execute(
    ctx.db,
  );
  const ownerKey = (o: string | null) => (ownerIds ? (o ?? NIL_UUID) : '');
  const byId = new Map(found.rows.map((r) => [`${r.owner}|${r.id}`, r.id]));
  const byCode = new Map(found.rows.filter((r) => r.code).map((r) => [`${r.owner}|${r.code!}`, r.id]));
  const byTitle = new Map<string, string[]>();
  for (const r of found.rows)
    byTitle.set(`${r.owner}|${r.title}`, [...(byTitle.get(`${r.owner}|${r.title}`) ?? []), r.id]);
  return (text, rowOwner) => {
    const o = ownerKey(rowOwner);
    if (byId.has(`${o}|${text}`)) return { id: text };
    const k = `${o}|${lower(text)}`;
    if (byCode.has(k)) return { id: byCode.get(k)! };
    const named = byTitle.get(k);
    if (named?.length === 1) return { id: named[0]! };
    if (named && named.length > 1) return { error: 'catalog:validation.referenceAmbiguous' };
    return {};
  };
}

/** An employer cell → id: an id, else a tax code, else a name naming exactly one employer the caller may see. */
async function employerResolver(
  ctx: OpContext,
  texts: string[],
): Promise<(text: string) => { id?: string; error?: string }> {
  const ids = texts.filter(isUuid);
  const lowered = [...new Set(texts.map(lower))];
  const scope = ctx.system ? null : scopeCondition(ctx.principal, { businessColumn: 'b.id' });
  const found = await sql<{ id: string; code: string; name: string }>`
      select b.id, lower(b.code) as code, lower(b.name) as name from business b
      where b.deleted_at is null and (b.id = any(${ids}::uuid[]) or lower(b.code) = any(${lowered}::text[]) or lower(b.name) = any(${lowered}::text[]))
        ${scope ? sql`and ${scope}` : sql``}`.execute(ctx.db);
  return (text) => {
    const k = lower(text);
    const hit = found.rows.find((r) => r.id === text) ?? found.rows.find((r) => r.code === k);
    if (hit) return { id: hit.id };
    const named = found.rows.filter((r) => r.name === k);
    if (named.length === 1) return { id: named[0]!.id };
    if (named.length > 1) return { error: 'catalog:validation.referenceAmbiguous' };
    return {};
  };
}

/** An admin-unit cell → id: an id ('2025:26734'), a bare code (newest generation first), or a unique name. */
async function adminUnitResolver(
  db: Executor,
  level: 'province' | 'ward',
  texts: string[],
): Promise<(text: string) => { id?: string; error?: string }> {
  const lowered = [...new Set(texts.map(lower))];
  const levels = level === 'province' ? ['province'] : ['ward', 'district'];
  const found = await sql<{ id: string; code: string; generation: string; name: string; full_name: string }>`
      select id, code, generation, lower(name) as name, lower(full_name) as full_name from admin_unit
      where level = any(${levels}::text[]) and (id = any(${texts}::text[]) or code = any(${texts}::text[])
        or lower(name) = any(${lowered}::text[]) or lower(full_name) = any(${lowered}::text[]))`.execute(db);
  return (text) => {
    const k = lower(text);
    const byId = found.rows.find((r) => r.id === text);
    if (byId) return { id: byId.id };
    const byCode = found.rows
      .filter((r) => r.code === text)
      .sort((a, b) => (a.generation === '2025' ? -1 : b.generation === '2025' ? 1 : 0));
    if (byCode[0]) return { id: byCode[0].id };
    const named = found.rows.filter((r) => r.name === k || r.full_name === k);
    const current = named.filter((r) => r.generation === '2025');
    const pool = current.length ? current : named;
    if (pool.length === 1) return { id: pool[0]!.id };
    if (pool.length > 1) return { error: 'catalog:validation.referenceAmbiguous' };
    return {};
  };
}

/** Parents must not form a loop, counting the rows of the file and the tree already stored. */
async function checkTree(
  ops: CatalogOperations,
  ctx: OpContext,
  rows: RowState[],
  businessId: string | null,
  fail: (row: RowState, field: string, key: string, vars?: Record<string, string | number>) => void,
  turns: Turns,
): Promise<void> {
  const c = ops.c;
  const pf = c.parentField!;
  if (!rows.some((r) => r.values[pf] != null)) return;
  const parentOf = new Map<string, string | null>();
  if (rows.some((r) => r.action === 'update')) {
    const owner =
      c.declaration.scope === 'employer'
        ? sql`and coalesce(business_id, ${NIL_UUID}::uuid) = ${businessId ?? NIL_UUID}::uuid`
        : sql``;
    const stored = await sql<{
      id: string;
      parent: string | null;
    }>`select id, ${sql.ref(columnOf(pf))} as parent from ${sql.table(c.table)}
        where deleted_at is null ${owner}`.execute(ctx.db);
    for (const r of stored.rows) parentOf.set(r.id, r.parent);
  }
  for (const r of rows) parentOf.set(r.id!, (r.values[pf] as string | null) ?? null);
  for (const row of rows) {
    if (turns.due()) await turns.next();
    const seen = new Set<string>([row.id!]);
    let at = parentOf.get(row.id!) ?? null;
    while (at) {
      if (seen.has(at)) {
        fail(row, pf, 'catalog:validation.parentInFileCycle');
        break;
      }
      seen.add(at);
      at = parentOf.get(at) ?? null;
    }
  }
}

const ARRAY_TYPES: Record<FieldDef['kind'], string> = {
  text: 'text[]',
  longText: 'text[]',
  number: 'numeric[]',
  date: 'date[]',
  enum: 'text[]',
  boolean: 'boolean[]',
  reference: 'uuid[]',
  treeReference: 'uuid[]',
  adminUnit: 'text[]',
  file: 'uuid[]',
  employer: 'uuid[]',
};

const arrayType = (f: FieldDef) => (f.kind === 'number' && f.integer ? 'bigint[]' : ARRAY_TYPES[f.kind]);

/** One INSERT for all new rows: column arrays through unnest (no parameter limit, one round trip). */
async function insertRows(
  ops: CatalogOperations,
  ctx: OpContext,
  rows: RowState[],
  businessId: string | null,
): Promise<void> {
  const d = ops.c.declaration;
  // Files are attached apart; write-only values are for the hooks.
  const names = Object.keys(d.fields).filter((n) => d.fields[n]!.kind !== 'file' && !d.fields[n]!.writeOnly);
  const columns = [sql.id('id'), ...names.map((n) => sql.id(columnOf(n)))];
  const arrays = [
    sql`${rows.map((r) => r.id)}::uuid[]`,
    ...names.map(
      (n) =>
        sql`${rows.map((r) => r.data![n] ?? (d.fields[n]!.kind === 'boolean' ? false : null))}::${sql.raw(arrayType(d.fields[n]!))}`,
    ),
  ];
  const user = ctx.principal?.userId ?? null;
  // The implicit owner column; an area with an employer field stores each row's own with the fields.
  const implicit = d.scope === 'employer' && !employerFieldOf(d);
  const extra = implicit ? sql`, business_id` : sql``;
  const extraValue = implicit ? sql`, ${businessId}::uuid` : sql``;
  await sql`insert into ${sql.table(ops.c.table)} (${sql.join(columns)}, created_by, updated_by ${extra})
            select u.*, ${user}, ${user} ${extraValue} from unnest(${sql.join(arrays)}) as u`.execute(ctx.db);
}

/** One UPDATE … FROM unnest for all rows matched by code; only the file's columns change. */
async function updateRows(ops: CatalogOperations, ctx: OpContext, rows: RowState[], present: string[]): Promise<void> {
  const d = ops.c.declaration;
  const names = present.filter((n) => d.fields[n] && d.fields[n]!.kind !== 'file' && !d.fields[n]!.writeOnly);
  if (!names.length) return;
  const aliases = names.map((_, i) => `c${i}`);
  const arrays = [
    sql`${rows.map((r) => r.id)}::uuid[]`,
    ...names.map(
      (n) =>
        sql`${rows.map((r) => r.data![n] ?? (d.fields[n]!.kind === 'boolean' ? false : null))}::${sql.raw(arrayType(d.fields[n]!))}`,
    ),
  ];
  const sets = names.map((n, i) => sql`${sql.id(columnOf(n))} = ${sql.ref(`u.${aliases[i]}`)}`);
  // Rows the file leaves as they are are not written: sending a file again changes nothing, not even updated_at.
  const changed = sql`(${sql.join(names.map((n) => sql.ref(`t.${columnOf(n)}`)))}) is distinct from (${sql.join(aliases.map((a) => sql.ref(`u.${a}`)))})`;
  await sql`update ${sql.table(ops.c.table)} as t set ${sql.join(sets)}, updated_at = now(), updated_by = ${ctx.principal?.userId ?? null}
            from unnest(${sql.join(arrays)}) as u(id, ${sql.join(aliases.map((a) => sql.id(a)))})
            where t.id = u.id and ${changed}`.execute(ctx.db);
}
