import { ExpressionError, expressionRefs, parseExpression, type Expr } from './expression.ts';
import {
  NUMERIC_KINDS,
  reportFormSchema,
  type CheckDefinition,
  type FieldDefinition,
  type ReportFormDefinition,
  type TableDefinition,
} from './schema.ts';

/**
 * A definition's structure resolved once (fields and tables by id, expressions parsed, evaluation order), and
 * the checks that make a definition fail fast: unknown references, a column referenced outside sum(), a text
 * field in arithmetic, cycles between computed fields, duplicate ids.
 */

export interface ParsedCheck {
  def: CheckDefinition;
  left: Expr;
  right: Expr;
  /** Where the error shows: a field id (form checks) or a column id (row checks). */
  path: string;
  refs: string[];
}

export interface FormModel {
  def: ReportFormDefinition;
  fields: Map<string, FieldDefinition>;
  tables: Map<string, TableDefinition>;
  /** Top-level computed fields in evaluation order. */
  computed: { id: string; expr: Expr; decimals: number | undefined }[];
  /** Per table, its computed columns in evaluation order. */
  rowComputed: Map<string, { id: string; expr: Expr; decimals: number | undefined }[]>;
  checks: ParsedCheck[];
  rowChecks: Map<string, ParsedCheck[]>;
}

export class DefinitionError extends Error {
  override name = 'DefinitionError';
  readonly code: string;
  readonly problems: string[];
  constructor(code: string, problems: string[]) {
    super(`report form ${code}: ${problems.join('; ')}`);
    this.code = code;
    this.problems = problems;
  }
}

const isNumeric = (f: FieldDefinition | undefined) => !!f && NUMERIC_KINDS.includes(f.kind);

function parse(src: string, where: string, problems: string[]): Expr | null {
  try {
    return parseExpression(src);
  } catch (e) {
    if (e instanceof ExpressionError) problems.push(`${where}: ${e.message}`);
    else throw e;
    return null;
  }
}

/** Orders computed entries so each comes after the computed ones it reads; reports a cycle. */
function order<T extends { id: string; expr: Expr }>(items: T[], deps: (t: T) => string[], problems: string[]) {
  const byId = new Map(items.map((i) => [i.id, i]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: T[] = [];
  const visit = (item: T, trail: string[]) => {
    if (done.has(item.id)) return;
    if (visiting.has(item.id)) {
      problems.push(`computed fields form a cycle: ${[...trail, item.id].join(' → ')}`);
      return;
    }
    visiting.add(item.id);
    for (const d of deps(item)) {
      const next = byId.get(d);
      if (next) visit(next, [...trail, item.id]);
    }
    visiting.delete(item.id);
    done.add(item.id);
    out.push(item);
  };
  for (const i of items) visit(i, []);
  return out;
}

/** Resolves a definition (already shaped by the schema); throws DefinitionError listing every problem. */
export function buildModel(def: ReportFormDefinition): FormModel {
  const problems: string[] = [];
  const fields = new Map<string, FieldDefinition>();
  const tables = new Map<string, TableDefinition>();
  const sectionIds = new Set<string>();
  for (const s of def.sections) {
    if (sectionIds.has(s.id)) problems.push(`duplicate section id ${s.id}`);
    sectionIds.add(s.id);
    for (const item of s.items) {
      if (fields.has(item.id) || tables.has(item.id)) problems.push(`duplicate id ${item.id}`);
      if (item.kind === 'table') tables.set(item.id, item);
      else fields.set(item.id, item);
    }
  }

  for (const f of [...fields.values(), ...[...tables.values()].flatMap((t) => t.columns)]) {
    if ('min' in f && 'max' in f && f.min !== undefined && f.max !== undefined && f.min > f.max)
      problems.push(`${f.id}: min is above max`);
    if (f.kind === 'choice' && new Set(f.options.map((o) => o.value)).size !== f.options.length)
      problems.push(`${f.id}: duplicate option values`);
  }

  /** A reference in a form-level expression: a field, `table.column` (sum only), `table.rowKey.column`. */
  const formRef = (path: string, inSum: boolean): string | null => {
    const parts = path.split('.');
    if (parts.length === 1) {
      const f = fields.get(path);
      if (!f) return tables.has(path) ? `${path} is a table: use sum(${path}.column)` : `unknown field ${path}`;
      return isNumeric(f) ? null : `${path} is not a number`;
    }
    const table = tables.get(parts[0]!);
    if (!table) return `unknown table ${parts[0]}`;
    const column = table.columns.find((c) => c.id === parts[parts.length - 1]);
    if (!column) return `unknown column ${path}`;
    if (!isNumeric(column)) return `${path} is not a number`;
    if (parts.length === 2) return inSum ? null : `${path} is a column: use sum(${path})`;
    if (parts.length === 3 && table.fixedRows?.some((r) => r.key === parts[1])) return null;
    return `unknown row in ${path}`;
  };
  const rowRef = (table: TableDefinition) => (path: string) => {
    const column = table.columns.find((c) => c.id === path);
    if (!column) return `unknown column ${table.id}.${path}`;
    return isNumeric(column) ? null : `${table.id}.${path} is not a number`;
  };

  const compile = (src: string, where: string, resolve: (path: string, inSum: boolean) => string | null) => {
    const expr = parse(src, where, problems);
    if (!expr) return null;
    const refs = expressionRefs(expr);
    for (const r of refs) {
      const problem = resolve(r.path, r.inSum);
      if (problem) problems.push(`${where}: ${problem}`);
    }
    return { expr, refs: refs.map((r) => r.path) };
  };

  const computedTop: { id: string; expr: Expr; decimals: number | undefined; refs: string[] }[] = [];
  for (const f of fields.values()) {
    if (f.kind !== 'computed') continue;
    const c = compile(f.expression, f.id, formRef);
    if (c) computedTop.push({ id: f.id, expr: c.expr, decimals: f.decimals, refs: c.refs });
  }
  const rowComputed = new Map<string, { id: string; expr: Expr; decimals: number | undefined }[]>();
  const rowChecks = new Map<string, ParsedCheck[]>();
  for (const t of tables.values()) {
    const ids = t.columns.map((c) => c.id);
    if (new Set(ids).size !== ids.length) problems.push(`${t.id}: duplicate column ids`);
    const keys = t.fixedRows?.map((r) => r.key) ?? [];
    if (new Set(keys).size !== keys.length) problems.push(`${t.id}: duplicate row keys`);
    if (t.minRows !== undefined && t.maxRows !== undefined && t.minRows > t.maxRows)
      problems.push(`${t.id}: minRows is above maxRows`);
    const list: { id: string; expr: Expr; decimals: number | undefined; refs: string[] }[] = [];
    for (const c of t.columns) {
      if (c.kind !== 'computed') continue;
      const compiled = compile(c.expression, `${t.id}.${c.id}`, rowRef(t));
      if (compiled) list.push({ id: c.id, expr: compiled.expr, decimals: c.decimals, refs: compiled.refs });
    }
    rowComputed.set(
      t.id,
      order(list, (i) => i.refs, problems),
    );
    rowChecks.set(t.id, compileChecks(t.rowChecks ?? [], `${t.id} row check`, rowRef(t), ids));
  }

  function compileChecks(
    checks: CheckDefinition[],
    where: string,
    resolve: (path: string, inSum: boolean) => string | null,
    paths: string[] | null,
  ): ParsedCheck[] {
    const out: ParsedCheck[] = [];
    const seen = new Set<string>();
    for (const check of checks) {
      if (seen.has(check.id)) problems.push(`${where}: duplicate check id ${check.id}`);
      seen.add(check.id);
      const l = compile(check.left, `${where} ${check.id}`, resolve);
      const r = compile(check.right, `${where} ${check.id}`, resolve);
      if (!l || !r) continue;
      const refs = [...l.refs, ...r.refs];
      const path = check.path ?? l.refs[0] ?? r.refs[0];
      if (!path) {
        problems.push(`${where} ${check.id}: no field to show the error beside`);
        continue;
      }
      const known = paths ? paths.includes(path) : fields.has(path) || tables.has(path.split('.')[0]!);
      if (!known) problems.push(`${where} ${check.id}: unknown path ${path}`);
      out.push({ def: check, left: l.expr, right: r.expr, path, refs });
    }
    return out;
  }

  const checks = compileChecks(def.checks ?? [], 'check', formRef, null);
  const computed = order(computedTop, (i) => i.refs, problems);
  if (problems.length) throw new DefinitionError(def.code, problems);
  return { def, fields, tables, computed, rowComputed, checks, rowChecks };
}

const models = new WeakMap<ReportFormDefinition, FormModel>();

/** The resolved model of a definition (kept per definition object: definitions are not mutated). */
export function modelOf(def: ReportFormDefinition): FormModel {
  let m = models.get(def);
  if (!m) {
    m = buildModel(def);
    models.set(def, m);
  }
  return m;
}

/**
 * Checks a definition (shape, then references): `{ ok: false, problems }` lists every problem. Use it on a
 * definition that arrives as data (an edited or stored one).
 */
export function checkDefinition(
  input: unknown,
): { ok: true; definition: ReportFormDefinition } | { ok: false; problems: string[] } {
  const shaped = reportFormSchema.safeParse(input);
  if (!shaped.success)
    return { ok: false, problems: shaped.error.issues.map((i) => `${i.path.join('.') || '(form)'}: ${i.message}`) };
  try {
    modelOf(shaped.data);
    return { ok: true, definition: shaped.data };
  } catch (e) {
    if (e instanceof DefinitionError) return { ok: false, problems: e.problems };
    throw e;
  }
}

/** Declares a shipped definition: checked when the module loads, so a wrong one fails at start-up. */
export function defineReportForm(def: ReportFormDefinition): ReportFormDefinition {
  const result = checkDefinition(def);
  if (!result.ok) throw new DefinitionError(def.code, result.problems);
  return result.definition;
}

/** The key a filed report keeps: the form's code and the version it was filed under (`accident-statistics@1`). */
export function formKey(def: Pick<ReportFormDefinition, 'code' | 'version'>): string {
  return `${def.code}@${def.version}`;
}

export function parseFormKey(key: string): { code: string; version: number } | null {
  const m = /^([a-z][a-z0-9-]{1,63})@([1-9][0-9]{0,8})$/.exec(key);
  return m ? { code: m[1]!, version: Number(m[2]) } : null;
}

/** The versions of the report forms: a new report opens the latest; a filed one reopens its own version. */
export interface FormRegistry {
  get(code: string, version: number): ReportFormDefinition | undefined;
  latest(code: string): ReportFormDefinition | undefined;
  byKey(key: string): ReportFormDefinition | undefined;
  codes(): string[];
  versions(code: string): number[];
}

export function createFormRegistry(defs: readonly ReportFormDefinition[]): FormRegistry {
  const byKey = new Map<string, ReportFormDefinition>();
  for (const d of defs) {
    const key = formKey(d);
    if (byKey.has(key)) throw new DefinitionError(d.code, [`version ${d.version} is declared twice`]);
    modelOf(d);
    byKey.set(key, d);
  }
  const versions = (code: string) =>
    [...byKey.values()]
      .filter((d) => d.code === code)
      .map((d) => d.version)
      .sort((a, b) => a - b);
  return {
    get: (code, version) => byKey.get(formKey({ code, version })),
    latest: (code) => {
      const v = versions(code).at(-1);
      return v === undefined ? undefined : byKey.get(formKey({ code, version: v }));
    },
    byKey: (key) => byKey.get(key),
    codes: () => [...new Set([...byKey.values()].map((d) => d.code))].sort(),
    versions,
  };
}
