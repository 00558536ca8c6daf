import { sql, type RawBuilder, type SqlBool, type Expression } from 'kysely';
import {
  areaText,
  columnOf,
  comboboxSpelling,
  employerFieldOf,
  fieldLabelKeys,
  firstTranslation,
  hasSoftDelete,
  validateRecord,
  type FieldError,
  type ResolvedCatalog,
} from '@portal/domain/catalog/index';
import { actorName } from '../platform/access/actor-name.ts';
import { recordAudit } from '../platform/audit/index.ts';
import { AppError } from '../platform/errors/app-error.ts';
import { assertCan, catalogError, inTransaction, translator, type Executor, type OpContext } from './context.ts';
import { hooksOf, type CatalogRecord } from './hooks.ts';
import {
  and,
  col,
  exportShape,
  listConditions,
  orderBy,
  recordShape,
  tableRef,
  toRecord,
  type Filters,
} from './query.ts';
import { catalogRegistry } from './registry.ts';
import { canOwn, ownersOf, ownLocalUnit, ownerBusiness, ownerUnit, rowScope } from './scope.ts';
import { NIL_UUID } from './schema.ts';
import { executePrepared } from '../db/prepared.ts';

export interface ListQuery extends Filters {
  pageNumber: number;
  pageSize: number;
  sortField?: string | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
  /** More conditions over the row alias `t`, from a domain module's own list (never from the client). */
  where?: Expression<SqlBool>[];
}

export interface Page {
  pageLists: CatalogRecord[];
  totalRecord: number;
  /**
   * An area with `list.countLimit` when the total is not exact: `estimate` (the planner's estimate of more
   * matches than the limit) or `atLeast` (the count stopped at the limit).
   */
  totalKind?: 'estimate' | 'atLeast';
}

export interface ComboboxItem {
  value: string;
  label: string;
  code?: string | null;
  parentId?: string | null;
  /** A selected value (`ids`) answered for its name although the filters or the dependent values exclude it. */
  filteredOut?: true;
}

export interface TreeNode extends CatalogRecord {
  hasChildren: boolean;
  children?: TreeNode[];
}

const rows = async <T = Record<string, unknown>>(db: Executor, query: RawBuilder<unknown>): Promise<T[]> =>
  (await query.execute(db)).rows as T[];

/**
 * The operations layer: every read and write of a catalogue goes through here — REST handlers, the import, the
 * export, the trash bin, seeds and other modules — so permission checks, data scopes, validation, hooks and the
 * access history are the same everywhere (Payload's operations). Handlers stay thin.
 */
export class CatalogOperations {
  readonly c: ResolvedCatalog;

  constructor(c: ResolvedCatalog) {
    this.c = c;
  }

  private get d() {
    return this.c.declaration;
  }

  label(ctx: OpContext, field: string): string {
    return firstTranslation(fieldLabelKeys(this.d, field), translator(ctx));
  }

  noun(ctx: OpContext): string {
    return translator(ctx)(areaText(this.d, 'noun'));
  }

  /** Scope over alias `t` unless the caller is the system. */
  scope(ctx: OpContext, alias = 't'): Expression<SqlBool> | null {
    return ctx.system ? null : rowScope(this.c, ctx.principal, alias);
  }

  // ---------------------------------------------------------------------------------------------- reads

  /**
   * The statements of a list, filtered alike (the bench runs them bare too):
   * - with a keyword, one statement: the search index is read once and the exact total comes along with the page
   *   (`count(*) over ()`), where a separate count would read it again;
   * - without one, the page (which stops after pageSize rows on the sort index) and the count, run side by side;
   * - an area with `list.countLimit` (a million workers): the page and the planner's estimate of the matches;
   *   the count, stopped after the limit, only when the estimate is within it (see `cappedTotal`).
   */
  listStatements(
    ctx: OpContext,
    q: ListQuery,
  ): {
    page: RawBuilder<Record<string, unknown>>;
    count: RawBuilder<{ n: number }> | null;
    estimate: RawBuilder<Record<string, unknown>> | null;
  } {
    const { selection, joins } = recordShape(this.c);
    const where = and([...listConditions(this.c, ctx.principal, q, ctx.system), ...(q.where ?? [])]);
    const limit = this.d.list.countLimit;
    const window = q.keyWord?.trim() && limit === undefined ? sql`, count(*) over ()::int as "__total"` : sql``;
    const page = sql<
      Record<string, unknown>
    >`select ${selection} ${window} from ${tableRef(this.c)} as t ${joins} where ${where}
          order by ${orderBy(this.c, q.sortField, q.sortOrder)} limit ${q.pageSize} offset ${(q.pageNumber - 1) * q.pageSize}`;
    if (limit !== undefined) {
      return {
        page,
        count: sql<{
          n: number;
        }>`select count(*)::int as n from (select 1 from ${tableRef(this.c)} as t where ${where} limit ${limit + 1}) as capped`,
        estimate: sql<
          Record<string, unknown>
        >`explain (format json) select 1 from ${tableRef(this.c)} as t where ${where}`,
      };
    }
    return {
      page,
      count: q.keyWord?.trim()
        ? null
        : sql<{ n: number }>`select count(*)::int as n from ${tableRef(this.c)} as t where ${where}`,
      estimate: null,
    };
  }

  async list(ctx: OpContext, q: ListQuery): Promise<Page> {
    assertCan(ctx, this.c, 'read');
    const { page, count, estimate } = this.listStatements(ctx, q);
    if (estimate) {
      const [found, planned] = await Promise.all([executePrepared(ctx.db, page), executePrepared(ctx.db, estimate)]);
      const total = await cappedTotal(
        this.c,
        q,
        found.rows,
        plannedRows(planned.rows),
        async () => (await executePrepared(ctx.db, count!)).rows[0]?.n ?? 0,
      );
      return { pageLists: await this.read(ctx, found.rows.map(pageRecord)), ...total };
    }
    // Both at once: on PostgreSQL they run on two connections, so the answer waits for the slower one only.
    const [found, counted] = await Promise.all([
      executePrepared(ctx.db, page),
      count ? executePrepared(ctx.db, count) : undefined,
    ]);
    return {
      pageLists: await this.read(ctx, found.rows.map(pageRecord)),
      totalRecord: await totalOf(ctx, this.c, q, found.rows, counted?.rows[0]?.n),
    };
  }

  /** One live record in the caller's scope, or null. */
  async find(ctx: OpContext, id: string): Promise<CatalogRecord | null> {
    const { selection, joins } = recordShape(this.c);
    const scope = this.scope(ctx);
    const [row] = await rows(
      ctx.db,
      sql`select ${selection} from ${tableRef(this.c)} as t ${joins}
          where t.id = ${id} and t.deleted_at is null ${scope ? sql`and ${scope}` : sql``}`,
    );
    return row ? toRecord(row) : null;
  }

  /** Out of scope and absent look the same: 404, so another unit's records are not revealed. */
  async get(ctx: OpContext, id: string): Promise<CatalogRecord> {
    assertCan(ctx, this.c, 'read');
    const record = await this.find(ctx, id);
    if (!record) throw new AppError(404, 'NOT_FOUND');
    return (await this.read(ctx, [record]))[0]!;
  }

  /** Records as the API answers them: with what the area's `afterRead` hooks add. */
  async read(ctx: OpContext, records: CatalogRecord[]): Promise<CatalogRecord[]> {
    if (records.length) for (const h of hooksOf(this.c.key)) await h.afterRead?.({ ctx, records });
    return records;
  }

  /** One live record in the caller's scope by its code (case-insensitive); absent or out of scope: 404. */
  async getByCode(ctx: OpContext, code: string): Promise<CatalogRecord> {
    assertCan(ctx, this.c, 'read');
    if (!this.d.codeField) throw new AppError(404, 'NOT_FOUND');
    const scope = this.scope(ctx);
    const [row] = await rows<{ id: string }>(
      ctx.db,
      sql`select t.id from ${tableRef(this.c)} as t
          where lower(${col(this.c, this.d.codeField)}) = lower(${code.trim()}) and t.deleted_at is null
          ${scope ? sql`and ${scope}` : sql``} limit 1`,
    );
    const record = row ? await this.find(ctx, row.id) : null;
    if (!record) throw new AppError(404, 'NOT_FOUND');
    return record;
  }

  async combobox(
    ctx: OpContext,
    q: {
      keyWord?: string | undefined;
      ids?: string[];
      fixed?: Record<string, unknown>;
      filters?: Record<string, unknown>;
      /** Values of the area's `optionParams` (what a picker depends on), for its hooks' `optionConditions`. */
      params?: Record<string, string>;
      take?: number;
    },
  ): Promise<ComboboxItem[]> {
    // Any signed-in user may fill a drop-down (a worker form needs positions); the scope still applies.
    if (!ctx.system && !ctx.principal) throw new AppError(401, 'UNAUTHENTICATED');
    const d = this.d;
    const title = col(this.c, d.titleField);
    const select = sql.join([
      sql`t.id as value`,
      sql`${title} as label`,
      d.codeField ? sql`${col(this.c, d.codeField)} as code` : sql`null as code`,
      this.c.parentField ? sql`${col(this.c, this.c.parentField)} as "parentId"` : sql`null as "parentId"`,
    ]);
    // A unit kind the area names may pick any live record: its drop-downs carry no more than id, title and code.
    const picksAll = !!ctx.principal && !!d.pickableBy?.includes(ctx.principal.unit.kind);
    const values = { ...q.filters, ...q.fixed };
    const params = q.params ?? {};
    // The dependent values limit the options by the owning module's rule (hooks run only when some are sent).
    const ruled: Expression<SqlBool>[] = [];
    if (Object.keys(params).length)
      for (const h of hooksOf(this.c.key))
        if (h.optionConditions) ruled.push(...(await h.optionConditions({ ctx, params })));
    const conditions = (keyWord?: string) => [
      ...listConditions(this.c, ctx.principal, { keyWord, values }, ctx.system || picksAll),
      ...ruled,
    ];
    const where = and(conditions(q.keyWord));
    const take = Math.min(q.take ?? 50, 500);
    const order =
      d.optionOrder === 'code' && d.codeField ? sql`${col(this.c, d.codeField)}, ${title}, t.id` : sql`${title}, t.id`;
    const found = await rows<ComboboxItem>(
      ctx.db,
      sql`select ${select} from ${tableRef(this.c)} as t where ${where} order by ${order} limit ${take}`,
    );
    const missing = (q.ids ?? []).filter((id) => !found.some((r) => r.value === id));
    if (missing.length) {
      // Selected values always come back, so a form shows their names even beyond the first page.
      const scope = picksAll ? null : this.scope(ctx);
      // Marked when the filters exclude them (the keyword aside): a form clears a choice that no longer fits.
      const extra = await rows<ComboboxItem & { fits: boolean }>(
        ctx.db,
        sql`select ${select}, coalesce(${and(conditions())}, false) as fits
            from ${tableRef(this.c)} as t where t.id = any(${missing}::uuid[]) and t.deleted_at is null
            ${scope ? sql`and ${scope}` : sql``}`,
      );
      found.unshift(...extra.map(({ fits, ...r }) => (fits ? r : { ...r, filteredOut: true as const })));
    }
    return found.map((r) => ({
      value: r.value,
      label: r.label,
      code: r.code ?? null,
      parentId: r.parentId ?? null,
      ...(r.filteredOut ? { filteredOut: true as const } : {}),
    }));
  }

  /** The fields of a unique key or of an exist check. */
  keyFields(key: string): readonly string[] | undefined {
    return this.d.unique?.[key] ?? this.d.existChecks?.[key];
  }

  /** existCode / existName: is the value taken by another live record the caller could collide with? */
  async exists(ctx: OpContext, key: string, values: Record<string, unknown>, excludeId?: string): Promise<boolean> {
    assertCan(ctx, this.c, 'read');
    const fields = this.keyFields(key);
    if (!fields) throw new AppError(404, 'NOT_FOUND');
    // Where the owner is chosen per record, a check by anyone but an employer user looks at every employer in scope.
    const owner = employerFieldOf(this.d)
      ? ctx.system
        ? undefined
        : (ownerBusiness(ctx.principal) ?? undefined)
      : ownerBusiness(ctx.principal);
    return (await this.duplicateOf(ctx, key, values, excludeId ?? null, owner)) !== null;
  }

  private async duplicateOf(
    ctx: OpContext,
    key: string,
    values: Record<string, unknown>,
    excludeId: string | null,
    /** undefined: any employer the caller may see. */
    businessId: string | null | undefined,
  ): Promise<{ id: string; businessId: string | null } | null> {
    const conditions: RawBuilder<unknown>[] = [];
    for (const name of this.keyFields(key)!) {
      const v = values[name];
      if (v == null || v === '') return null;
      const f = this.d.fields[name]!;
      conditions.push(
        f.kind === 'text' || f.kind === 'longText'
          ? sql`lower(${col(this.c, name)}) = lower(${String(v)})`
          : sql`${col(this.c, name)} = ${v}`,
      );
    }
    if (this.d.scope === 'employer' && !this.d.globalUnique?.includes(key)) {
      if (businessId !== undefined)
        conditions.push(sql`coalesce(t.business_id, ${NIL_UUID}::uuid) = ${businessId ?? NIL_UUID}::uuid`);
      else {
        const scope = this.scope(ctx);
        if (scope) conditions.push(sql`${scope}`);
      }
    }
    if (excludeId) conditions.push(sql`t.id <> ${excludeId}::uuid`);
    const owner = this.d.scope === 'employer' ? sql`t.business_id` : sql`null::uuid`;
    const [row] = await rows<{ id: string; businessId: string | null }>(
      ctx.db,
      sql`select t.id, ${owner} as "businessId" from ${tableRef(this.c)} as t
          where ${this.d.uniqueIncludesDeleted ? sql`true` : sql`t.deleted_at is null`} and ${sql.join(conditions, sql` and `)} limit 1`,
    );
    return row ?? null;
  }

  // ---------------------------------------------------------------------------------------------- writes

  async create(ctx: OpContext, input: Record<string, unknown>): Promise<CatalogRecord> {
    assertCan(ctx, this.c, 'create');
    return inTransaction(ctx, async (tx) => {
      const implicit = ctx.system ? ((input.businessId as string | undefined) ?? null) : ownerBusiness(tx.principal);
      const { data, businessId } = await this.prepare(tx, input, null, implicit);
      const values: Record<string, unknown> = { ...this.columns(data) };
      if (this.d.scope === 'employer') values.business_id = businessId;
      values.created_by = tx.principal?.userId ?? null;
      values.updated_by = tx.principal?.userId ?? null;
      const names = Object.keys(values);
      const [row] = await rows<{ id: string }>(
        tx.db,
        sql`insert into ${tableRef(this.c)} (${sql.join(names.map((n) => sql.id(n)))})
            values (${sql.join(names.map((n) => values[n]))}) returning id`,
      );
      const record = (await this.find({ ...tx, system: true }, row!.id))!;
      await recordAudit(tx.db, tx.request, {
        action: 'create',
        subject: this.c.subject,
        recordId: record.id,
        details: { code: record[this.d.codeField ?? this.d.titleField] ?? null },
      });
      for (const h of hooksOf(this.c.key)) await h.afterChange?.({ ctx: tx, operation: 'create', record, data });
      return (await this.read(tx, [(await this.find({ ...tx, system: true }, record.id))!]))[0]!;
    });
  }

  async update(ctx: OpContext, id: string, input: Record<string, unknown>): Promise<CatalogRecord> {
    assertCan(ctx, this.c, 'update');
    return inTransaction(ctx, async (tx) => {
      const original = await this.find(tx, id);
      if (!original) throw new AppError(404, 'NOT_FOUND');
      // Optimistic concurrency: a form sends back the updatedAt it loaded.
      if (typeof input.updatedAt === 'string' && input.updatedAt !== original.updatedAt) {
        throw new AppError(409, 'CONFLICT', {
          details: [{ message: translator(tx)('catalog:validation.staleRecord'), code: 'stale' }],
        });
      }
      const { data } = await this.prepare(
        tx,
        input,
        original,
        (original.businessId as string | null | undefined) ?? null,
      );
      const values: Record<string, unknown> = { ...this.columns(data), updated_by: tx.principal?.userId ?? null };
      await sql`update ${tableRef(this.c)} set ${sql.join(Object.keys(values).map((n) => sql`${sql.id(n)} = ${values[n]}`))}, updated_at = now()
                where id = ${id}::uuid`.execute(tx.db);
      const record = (await this.find({ ...tx, system: true }, id))!;
      await recordAudit(tx.db, tx.request, { action: 'update', subject: this.c.subject, recordId: id });
      for (const h of hooksOf(this.c.key)) await h.afterChange?.({ ctx: tx, operation: 'update', record, data });
      return (await this.read(tx, [(await this.find({ ...tx, system: true }, id))!]))[0]!;
    });
  }

  /** Field values → column values (declared fields only; write-only ones are for the hooks). */
  columns(data: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, f] of Object.entries(this.d.fields))
      if (name in data && !f.writeOnly) out[columnOf(name)] = data[name] ?? null;
    return out;
  }

  /**
   * Validate and check a create/update body: field rules (400), owner (403), references and tree parent (400),
   * unique keys (409). Returns the data to store and the owning employer (an employer area's `businessId`
   * field when it has one: forced to the employer user's own, chosen by anyone else).
   */
  private async prepare(
    ctx: OpContext,
    input: Record<string, unknown>,
    original: CatalogRecord | null,
    implicitOwner: string | null,
  ): Promise<{ data: Record<string, unknown>; businessId: string | null }> {
    const t = translator(ctx);
    const d = this.d;
    const body = { ...input };
    const ownerField = employerFieldOf(d);
    const forcedOwner = ownerField && !ctx.system ? ownerBusiness(ctx.principal) : null;
    if (forcedOwner) body[ownerField!] = forcedOwner;
    // A training body's course is its own, whatever the client sent.
    const forcedUnit = ctx.system ? null : ownerUnit(this.c, ctx.principal);
    if (forcedUnit) body[d.scopeField!] = forcedUnit;
    if (d.scope === 'district' && body[d.scopeField!] == null && !ctx.system) {
      const own = ownLocalUnit(ctx.principal);
      if (own) body[d.scopeField!] = own;
    }
    const result = validateRecord(d, body, t);
    if (!result.ok) throw new AppError(400, 'VALIDATION', { details: result.errors });
    let data = result.data;
    for (const h of hooksOf(this.c.key)) {
      const changed = await h.beforeChange?.({ ctx, operation: original ? 'update' : 'create', data, original });
      if (changed) data = changed;
    }
    if (forcedOwner) data = { ...data, [ownerField!]: forcedOwner };
    if (forcedUnit) data = { ...data, [d.scopeField!]: forcedUnit };
    const businessId = ownerField ? ((data[ownerField] as string | null | undefined) ?? null) : implicitOwner;
    if (!ctx.system) {
      if (
        !(await canOwn(this.c, ctx.db, ctx.principal, ownersOf(this.c, { id: original?.id ?? null, businessId, data })))
      ) {
        // The field that decided: an employer area's owner, unless a running unit (a training body) wrote it.
        const decidedBy =
          d.scope === 'employer' && !forcedUnit ? (ownerField ?? d.scopeField) : (d.scopeField ?? ownerField);
        const field = decidedBy ? { field: decidedBy } : {};
        throw new AppError(403, 'FORBIDDEN', {
          details: [{ ...field, message: t('catalog:validation.outOfScope'), code: 'scope' }],
        });
      }
    }
    const errors = [
      ...(await this.referenceErrors(ctx, data, businessId)),
      ...(original ? await this.cycleErrors(ctx, original.id, data) : []),
    ];
    if (errors.length) throw new AppError(400, 'VALIDATION', { details: errors });
    const duplicates: FieldError[] = [];
    for (const key of Object.keys(d.unique ?? {})) {
      const taken = await this.duplicateOf(ctx, key, data, original?.id ?? null, businessId);
      if (taken) {
        const field = d.unique![key]![0]!;
        const vars = { field: this.label(ctx, field), value: String(data[field]) };
        // A key unique across employers, held by another employer: say so (without naming it).
        const elsewhere = d.globalUnique?.includes(key) && taken.businessId !== businessId;
        duplicates.push({
          field,
          code: elsewhere ? 'ownedElsewhere' : 'duplicate',
          message: t(elsewhere ? 'catalog:validation.ownedElsewhere' : 'catalog:validation.duplicate', vars),
        });
      }
    }
    if (duplicates.length) throw new AppError(409, 'CONFLICT', { details: duplicates });
    return { data, businessId };
  }

  /** Referenced records must exist, be live and be visible to the caller; admin units and files must exist. */
  private async referenceErrors(
    ctx: OpContext,
    data: Record<string, unknown>,
    businessId: string | null,
  ): Promise<FieldError[]> {
    const t = translator(ctx);
    const errors: FieldError[] = [];
    for (const [name, f] of Object.entries(this.d.fields)) {
      const v = data[name];
      if (v == null) continue;
      let query: RawBuilder<unknown>;
      if (f.kind === 'reference' || f.kind === 'treeReference') {
        const target =
          f.kind === 'reference' ? catalogRegistry.get(f.target) : f.target ? catalogRegistry.get(f.target) : this.c;
        const scope = ctx.system ? null : rowScope(target, ctx.principal, 'r');
        const sameOwner =
          target.declaration.scope === 'employer'
            ? sql`and coalesce(r.business_id, ${NIL_UUID}::uuid) = ${businessId ?? NIL_UUID}::uuid`
            : sql``;
        const live = hasSoftDelete(target.declaration) ? sql`and r.deleted_at is null` : sql``;
        query = sql`select 1 from ${sql.table(target.table)} as r where r.id = ${v}::uuid ${live} ${sameOwner} ${scope ? sql`and ${scope}` : sql``}`;
      } else if (f.kind === 'adminUnit') query = sql`select 1 from admin_unit where id = ${v}`;
      else if (f.kind === 'employer') query = sql`select 1 from business where id = ${v}::uuid and deleted_at is null`;
      else if (f.kind === 'file') query = sql`select 1 from stored_file where id = ${v}::uuid`;
      else continue;
      if ((await rows(ctx.db, query)).length === 0) {
        errors.push({
          field: name,
          code: 'reference',
          message:
            f.kind === 'adminUnit'
              ? t('catalog:validation.adminUnitNotFound', { value: String(v) })
              : t('catalog:validation.referenceMissing'),
        });
      }
    }
    return errors;
  }

  /** A node cannot move under itself or its own subtree. */
  private async cycleErrors(ctx: OpContext, id: string, data: Record<string, unknown>): Promise<FieldError[]> {
    const parentField = this.c.parentField;
    const parent = parentField ? (data[parentField] as string | null) : null;
    if (!parentField || !parent) return [];
    const p = columnOf(parentField);
    const found = await rows(
      ctx.db,
      sql`with recursive anc(id, parent) as (
            select id, ${sql.ref(p)} from ${tableRef(this.c)} where id = ${parent}::uuid
            union select x.id, ${sql.ref(`x.${p}`)} from ${tableRef(this.c)} x join anc on x.id = anc.parent
          ) select 1 from anc where id = ${id}::uuid`,
    );
    return found.length
      ? [{ field: parentField, code: 'cycle', message: translator(ctx)('catalog:validation.parentCycle') }]
      : [];
  }

  // ---------------------------------------------------------------------------------------------- delete, trash

  /** Ids plus, in a tree, every live node below them. */
  private async withDescendants(ctx: OpContext, ids: string[]): Promise<string[]> {
    if (!this.c.parentField) return ids;
    const p = columnOf(this.c.parentField);
    const found = await rows<{ id: string }>(
      ctx.db,
      sql`with recursive sub(id) as (
            select id from ${tableRef(this.c)} where id = any(${ids}::uuid[])
            union select x.id from ${tableRef(this.c)} x join sub on ${sql.ref(`x.${p}`)} = sub.id where x.deleted_at is null
          ) select id from sub`,
    );
    return found.map((r) => r.id);
  }

  /** Soft delete to the trash bin; a tree node takes its subtree along. All or nothing. */
  async remove(ctx: OpContext, ids: string[]): Promise<{ deleted: number }> {
    assertCan(ctx, this.c, 'delete');
    const unique = [...new Set(ids)];
    if (unique.length === 0)
      throw new AppError(400, 'VALIDATION', {
        details: [{ field: 'ids', message: translator(ctx)('catalog:validation.required') }],
      });
    return inTransaction(ctx, async (tx) => {
      const scope = this.scope(tx);
      const found = await rows<{ id: string }>(
        tx.db,
        sql`select t.id from ${tableRef(this.c)} as t where t.id = any(${unique}::uuid[]) and t.deleted_at is null ${scope ? sql`and ${scope}` : sql``}
            for update`,
      );
      const missing = unique.filter((id) => !found.some((r) => r.id === id));
      if (missing.length)
        throw new AppError(404, 'NOT_FOUND', { details: missing.map((id) => ({ field: 'ids', message: id })) });
      const all = await this.withDescendants(tx, unique);
      await this.assertNotReferenced(tx, all);
      for (const h of hooksOf(this.c.key)) await h.beforeDelete?.({ ctx: tx, ids: all });
      await sql`update ${tableRef(this.c)} set deleted_at = now(), deleted_by = ${tx.principal?.userId ?? null},
                deleted_by_name = ${actorName(tx.principal)} where id = any(${all}::uuid[])`.execute(tx.db);
      await recordAudit(tx.db, tx.request, {
        action: 'delete',
        subject: this.c.subject,
        recordId: unique.length === 1 ? unique[0]! : null,
        details: { ids: all },
      });
      return { deleted: all.length };
    });
  }

  /** Live records of other catalogues that point at these ids stop a delete (409, saying where). */
  private async assertNotReferenced(ctx: OpContext, ids: string[]): Promise<void> {
    const where: string[] = [];
    for (const other of catalogRegistry.all) {
      for (const [name, f] of Object.entries(other.declaration.fields)) {
        const target = f.kind === 'reference' ? f.target : f.kind === 'treeReference' ? (f.target ?? other.key) : null;
        if (target !== this.c.key || (other.key === this.c.key && name === this.c.parentField)) continue;
        const [hit] = await rows(
          ctx.db,
          sql`select 1 from ${sql.table(other.table)} where ${sql.ref(columnOf(name))} = any(${ids}::uuid[]) and deleted_at is null
              and not (id = any(${ids}::uuid[])) limit 1`,
        );
        if (hit) where.push(translator(ctx)(areaText(other.declaration, 'title')));
      }
    }
    if (where.length) throw catalogError(409, 'STILL_REFERENCED', { where: [...new Set(where)].join(', ') });
  }

  /** Back from the trash bin, with the subtree that was deleted together with each node. */
  async restore(ctx: OpContext, ids: string[]): Promise<{ restored: number }> {
    assertCan(ctx, this.c, 'delete');
    const unique = [...new Set(ids)];
    if (unique.length === 0)
      throw new AppError(400, 'VALIDATION', {
        details: [{ field: 'ids', message: translator(ctx)('catalog:validation.required') }],
      });
    return inTransaction(ctx, async (tx) => {
      const scope = this.scope(tx);
      const p = this.c.parentField ? columnOf(this.c.parentField) : null;
      const found = await rows<{ id: string; parent: string | null; parentDeleted: boolean }>(
        tx.db,
        sql`select t.id, ${p ? sql.ref(`t.${p}`) : sql`null`} as parent,
              ${p ? sql`exists (select 1 from ${tableRef(this.c)} pa where pa.id = ${sql.ref(`t.${p}`)} and pa.deleted_at is not null)` : sql`false`} as "parentDeleted"
            from ${tableRef(this.c)} as t where t.id = any(${unique}::uuid[]) and t.deleted_at is not null ${scope ? sql`and ${scope}` : sql``}`,
      );
      const missing = unique.filter((id) => !found.some((r) => r.id === id));
      if (missing.length)
        throw new AppError(404, 'NOT_FOUND', { details: missing.map((id) => ({ field: 'ids', message: id })) });
      if (found.some((r) => r.parentDeleted && !unique.includes(r.parent!))) throw catalogError(409, 'PARENT_DELETED');
      for (const h of hooksOf(this.c.key)) await h.beforeRestore?.({ ctx: tx, ids: unique });
      let all = unique;
      if (p) {
        const sub = await rows<{ id: string }>(
          tx.db,
          sql`with recursive sub(id, deleted_at) as (
                select id, deleted_at from ${tableRef(this.c)} where id = any(${unique}::uuid[])
                union select x.id, x.deleted_at from ${tableRef(this.c)} x join sub on ${sql.ref(`x.${p}`)} = sub.id and x.deleted_at = sub.deleted_at
              ) select id from sub`,
        );
        all = sub.map((r) => r.id);
      }
      // A live record took the code meanwhile: say so instead of failing on the unique index.
      for (const [key, fields] of Object.entries(this.d.unique ?? {})) {
        const match = fields.map((name) => {
          const f = this.d.fields[name]!;
          return f.kind === 'text' || f.kind === 'longText'
            ? sql`lower(${sql.ref(`l.${columnOf(name)}`)}) = lower(${sql.ref(`r.${columnOf(name)}`)})`
            : sql`${sql.ref(`l.${columnOf(name)}`)} = ${sql.ref(`r.${columnOf(name)}`)}`;
        });
        if (this.d.scope === 'employer' && !this.d.globalUnique?.includes(key)) {
          match.push(sql`coalesce(l.business_id, ${NIL_UUID}::uuid) = coalesce(r.business_id, ${NIL_UUID}::uuid)`);
        }
        const clash = await rows<{ value: string }>(
          tx.db,
          sql`select ${sql.ref(`r.${columnOf(fields[0]!)}`)}::text as value from ${tableRef(this.c)} r
              join ${tableRef(this.c)} l on l.deleted_at is null and ${sql.join(match, sql` and `)}
              where r.id = any(${all}::uuid[]) limit 1`,
        );
        if (clash[0]) {
          throw catalogError(409, 'RESTORE_CONFLICT', {}, [
            {
              field: fields[0]!,
              code: key,
              message: translator(tx)('catalog:validation.duplicate', {
                field: this.label(tx, fields[0]!),
                value: clash[0].value,
              }),
            },
          ]);
        }
      }
      await sql`update ${tableRef(this.c)} set deleted_at = null, deleted_by = null, deleted_by_name = null, updated_at = now(),
                updated_by = ${tx.principal?.userId ?? null} where id = any(${all}::uuid[])`.execute(tx.db);
      for (const h of hooksOf(this.c.key)) await h.afterRestore?.({ ctx: tx, ids: all });
      await recordAudit(tx.db, tx.request, { action: 'restore', subject: this.c.subject, details: { ids: all } });
      return { restored: all.length };
    });
  }

  /** Permanent delete of trashed records (and the subtree trashed with them). */
  async purge(ctx: OpContext, ids: string[]): Promise<{ purged: number }> {
    assertCan(ctx, this.c, 'delete');
    const unique = [...new Set(ids)];
    if (unique.length === 0)
      throw new AppError(400, 'VALIDATION', {
        details: [{ field: 'ids', message: translator(ctx)('catalog:validation.required') }],
      });
    return inTransaction(ctx, async (tx) => {
      const scope = this.scope(tx);
      const found = await rows<{ id: string }>(
        tx.db,
        sql`select t.id from ${tableRef(this.c)} as t where t.id = any(${unique}::uuid[]) and t.deleted_at is not null ${scope ? sql`and ${scope}` : sql``}`,
      );
      const missing = unique.filter((id) => !found.some((r) => r.id === id));
      if (missing.length)
        throw new AppError(404, 'NOT_FOUND', { details: missing.map((id) => ({ field: 'ids', message: id })) });
      for (const h of hooksOf(this.c.key)) await h.beforePurge?.({ ctx: tx, ids: unique });
      // A row still referred to elsewhere (a table the hooks do not clear) stays, with a clear answer.
      const result = await purgeRows(tx, this.c, unique);
      await recordAudit(tx.db, tx.request, { action: 'purge', subject: this.c.subject, details: { ids: unique } });
      return { purged: Number(result.numAffectedRows ?? unique.length) };
    });
  }

  // ---------------------------------------------------------------------------------------------- trees

  private treeSelect(): RawBuilder<unknown> {
    const { selection } = recordShape(this.c);
    const p = columnOf(this.c.parentField!);
    return sql`${selection}, exists (select 1 from ${tableRef(this.c)} ch where ${sql.ref(`ch.${p}`)} = t.id and ch.deleted_at is null) as "hasChildren"`;
  }

  private assertTree(): void {
    if (!this.c.parentField) throw new AppError(404, 'NOT_FOUND');
  }

  /** Top-level nodes; with a keyword, the matching nodes and their ancestors as a nested, expanded tree. */
  async treeRoots(ctx: OpContext, q: { keyWord?: string | undefined }): Promise<TreeNode[]> {
    assertCan(ctx, this.c, 'read');
    this.assertTree();
    const { joins } = recordShape(this.c);
    const p = columnOf(this.c.parentField!);
    const scope = this.scope(ctx);
    const live = and([sql<SqlBool>`t.deleted_at is null`, ...(scope ? [scope] : [])]);
    if (!q.keyWord?.trim()) {
      const found = await rows(
        ctx.db,
        sql`select ${this.treeSelect()} from ${tableRef(this.c)} as t ${joins} where ${live} and ${sql.ref(`t.${p}`)} is null order by ${orderBy(this.c)}`,
      );
      return found.map((r) => toRecord(r) as TreeNode);
    }
    const where = and(listConditions(this.c, ctx.principal, { keyWord: q.keyWord, values: {} }, ctx.system));
    const found = await rows(
      ctx.db,
      sql`with recursive hit(id) as (
            (select t.id from ${tableRef(this.c)} as t where ${where} limit 500)
            union select x.${sql.ref(p)} from ${tableRef(this.c)} x join hit on x.id = hit.id where x.${sql.ref(p)} is not null
          )
          select ${this.treeSelect()} from ${tableRef(this.c)} as t ${joins} where t.id in (select id from hit) and ${live} order by ${orderBy(this.c)}`,
    );
    return nest(
      found.map((r) => toRecord(r) as TreeNode),
      this.c.parentField!,
    );
  }

  async treeChildren(ctx: OpContext, parentId: string): Promise<TreeNode[]> {
    assertCan(ctx, this.c, 'read');
    this.assertTree();
    const { joins } = recordShape(this.c);
    const p = columnOf(this.c.parentField!);
    const scope = this.scope(ctx);
    const found = await rows(
      ctx.db,
      sql`select ${this.treeSelect()} from ${tableRef(this.c)} as t ${joins}
          where ${sql.ref(`t.${p}`)} = ${parentId}::uuid and t.deleted_at is null ${scope ? sql`and ${scope}` : sql``} order by ${orderBy(this.c)}`,
    );
    return found.map((r) => toRecord(r) as TreeNode);
  }

  /** The tree as an edit form opens it: the roots, and every level down to the node expanded. */
  async treeFromUpdate(ctx: OpContext, id: string): Promise<TreeNode[]> {
    assertCan(ctx, this.c, 'read');
    this.assertTree();
    const node = await this.find(ctx, id);
    if (!node) throw new AppError(404, 'NOT_FOUND');
    const p = columnOf(this.c.parentField!);
    const chain = await rows<{ id: string }>(
      ctx.db,
      sql`with recursive anc(id, parent, depth) as (
            select id, ${sql.ref(p)}, 0 from ${tableRef(this.c)} where id = ${id}::uuid
            union select x.id, ${sql.ref(`x.${p}`)}, anc.depth + 1 from ${tableRef(this.c)} x join anc on x.id = anc.parent
          ) select id from anc order by depth desc`,
    );
    const roots = await this.treeRoots(ctx, {});
    let level = roots;
    for (const { id: ancestor } of chain) {
      const n = level.find((x) => x.id === ancestor);
      if (!n) break;
      if (n.hasChildren) n.children = await this.treeChildren(ctx, n.id);
      level = n.children ?? [];
    }
    return roots;
  }

  // ---------------------------------------------------------------------------------------------- export

  /**
   * Stream the filtered list in batches through a server-side cursor (constant memory, any sort order);
   * `onBatch` writes them out. The cursor lives in a read-only transaction held for the export.
   */
  async exportTo(
    ctx: OpContext,
    q: Filters & { sortField?: string | undefined; sortOrder?: 'asc' | 'desc' | undefined },
    onBatch: (records: CatalogRecord[]) => Promise<void> | void,
    batchSize = 2000,
  ): Promise<number> {
    assertCan(ctx, this.c, 'export');
    // Field values and referenced names and codes, without timestamps: nothing to convert row by row.
    const { selection, joins } = exportShape(this.c);
    const where = and(listConditions(this.c, ctx.principal, q, ctx.system));
    let total = 0;
    const read = async (trx: Executor) => {
      // A cursor lives inside a transaction: the caller's, or a read-only one of its own.
      if (!ctx.db.isTransaction) await sql`set transaction read only`.execute(trx);
      await sql`declare export_cursor no scroll cursor for
                select ${selection} from ${tableRef(this.c)} as t ${joins} where ${where} order by ${orderBy(this.c, q.sortField, q.sortOrder)}`.execute(
        trx,
      );
      for (;;) {
        const batch = (await sql.raw(`fetch forward ${batchSize} from export_cursor`).execute(trx)).rows as Record<
          string,
          unknown
        >[];
        if (batch.length === 0) break;
        total += batch.length;
        await onBatch(batch as CatalogRecord[]);
        if (batch.length < batchSize) break;
      }
      await sql`close export_cursor`.execute(trx);
    };
    if (ctx.db.isTransaction) await read(ctx.db);
    else await ctx.db.transaction().execute(read);
    await recordAudit(ctx.db, ctx.request, { action: 'export', subject: this.c.subject, details: { rows: total } });
    return total;
  }

  /** Combobox routes with fixed filters (district units only, …). */
  comboboxRoutes(): { path: string; fixed: Record<string, string> }[] {
    return this.c.paths.combobox.map(comboboxSpelling);
  }
}

/**
 * Delete rows for good; a foreign key that still points at one (a table no hook cleared) is a 409, not a 500. The
 * delete runs under a savepoint so that the refusal leaves the caller's transaction usable.
 */
async function purgeRows(ctx: OpContext, c: ResolvedCatalog, ids: string[]): Promise<{ numAffectedRows?: bigint }> {
  await sql`savepoint catalog_purge`.execute(ctx.db);
  try {
    const result = await sql`delete from ${tableRef(c)} where id = any(${ids}::uuid[])`.execute(ctx.db);
    await sql`release savepoint catalog_purge`.execute(ctx.db);
    return result;
  } catch (err) {
    if ((err as { code?: string }).code !== '23503') throw err;
    await sql`rollback to savepoint catalog_purge`.execute(ctx.db);
    throw catalogError(409, 'PURGE_REFERENCED', { noun: translator(ctx)(areaText(c.declaration, 'noun')) });
  }
}

/** A page row without the window total the keyword statement carries. */
export function pageRecord(row: Record<string, unknown>): CatalogRecord {
  const { __total: _total, ...rest } = row;
  return toRecord(rest);
}

/** The planner's row estimate from `explain (format json)`. */
export function plannedRows(rows: Record<string, unknown>[]): number {
  const plan = (rows[0]?.['QUERY PLAN'] as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan;
  return Math.round(plan?.['Plan Rows'] ?? 0);
}

/**
 * The total of an area with `list.countLimit`, at the cost of its page: a short page is the end of the list
 * (exact, free); more matches expected than the limit answer the planner's estimate; otherwise a count that
 * stops after limit + 1 rows (and says "at least" when it gets there).
 */
export async function cappedTotal(
  c: ResolvedCatalog,
  q: ListQuery,
  rows: Record<string, unknown>[],
  estimated: number,
  countNow: () => Promise<number>,
): Promise<Pick<Page, 'totalRecord' | 'totalKind'>> {
  const limit = c.declaration.list.countLimit ?? Number.POSITIVE_INFINITY;
  const before = (q.pageNumber - 1) * q.pageSize;
  if (rows.length < q.pageSize && (rows.length > 0 || q.pageNumber === 1)) return { totalRecord: before + rows.length };
  if (estimated > limit) return { totalRecord: Math.max(estimated, before + rows.length + 1), totalKind: 'estimate' };
  const n = await countNow();
  return n > limit ? { totalRecord: limit, totalKind: 'atLeast' } : { totalRecord: n };
}

/** The exact total: counted, carried by the page rows, or (a keyword page past the end) counted now. */
async function totalOf(
  ctx: OpContext,
  c: ResolvedCatalog,
  q: ListQuery,
  rows: Record<string, unknown>[],
  counted: number | undefined,
): Promise<number> {
  if (counted !== undefined) return counted;
  if (rows.length) return Number(rows[0]!.__total);
  if (q.pageNumber === 1) return 0;
  const where = and([...listConditions(c, ctx.principal, q, ctx.system), ...(q.where ?? [])]);
  const [count] = (
    await sql<{ n: number }>`select count(*)::int as n from ${tableRef(c)} as t where ${where}`.execute(ctx.db)
  ).rows;
  return count?.n ?? 0;
}

/** Flat nodes (each with its parent id) → nested, children in the given order. */
export function nest(nodes: TreeNode[], parentField: string): TreeNode[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: TreeNode[] = [];
  for (const n of nodes) {
    const parent = byId.get(n[parentField] as string);
    if (parent) (parent.children ??= []).push(n);
    else roots.push(n);
  }
  return roots;
}

const operations = new Map<string, CatalogOperations>();

/** The operations of one catalogue area (by key): the entry point for other modules too. */
export function catalogOperations(key: string): CatalogOperations {
  let ops = operations.get(key);
  if (!ops) {
    ops = new CatalogOperations(catalogRegistry.get(key));
    operations.set(key, ops);
  }
  return ops;
}
