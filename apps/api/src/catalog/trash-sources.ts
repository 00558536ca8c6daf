import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { matchesKeyword } from '../db/search.ts';
import { permits, type Principal } from '../platform/access/index.ts';
import { scopeCondition, type ScopeColumns } from '../platform/access/scope.ts';
import { recordAudit } from '../platform/audit/index.ts';
import { AppError } from '../platform/errors/app-error.ts';
import { inTransaction, type OpContext } from './context.ts';

/**
 * Soft-deleted records that domains keep outside the catalogue (units, official documents, overtime
 * notifications, violating organisations, work-permit requests): declared once each, so the trash bin lists,
 * restores and purges them beside the catalogue areas. Whoever may delete a record (its permission, within
 * their data scope) may find it in the trash bin, restore it or delete it for good.
 */
export interface TrashSource {
  /** API area as the spec spells it (`Unit`, `WorkerLicense`): the trash bin's area filter and calls. */
  area: string;
  /** Permission subject whose `delete` the caller needs. */
  subject: string;
  table: string;
  /** i18n key of the area's name in the trash bin. */
  titleKey: string;
  /** The record's name and code as the trash bin shows and searches them (row alias `t`). */
  title: RawBuilder<unknown>;
  code?: RawBuilder<unknown>;
  /** The table records who deleted (`deleted_by`, a user id). */
  deletedBy?: boolean;
  /** Owner columns for the caller's data scope (`t.business_id`, …); none: the permission decides. */
  scope?: ScopeColumns;
  /** A personal record (a mailbox entry): only the user in this column (`t.owner_id`) sees it, whatever the scope. */
  userColumn?: string;
}

const sources = new Map<string, TrashSource>();

export function registerTrashSource(source: TrashSource): void {
  sources.set(source.area, source);
}

export function trashSource(area: string): TrashSource | undefined {
  return sources.get(area);
}

/** Sources whose deleted records the caller may see: those it may delete (and so restore). */
export function visibleSources(principal: Principal | null, area?: string): TrashSource[] {
  return [...sources.values()].filter((s) => (!area || s.area === area) && permits(principal, `${s.subject}.delete`));
}

function scopeOf(s: TrashSource, principal: Principal | null): Expression<SqlBool> | null {
  const scope = s.scope ? scopeCondition(principal, s.scope) : null;
  if (!s.userColumn) return scope;
  const own = sql<SqlBool>`${sql.ref(s.userColumn)} = ${principal?.userId ?? null}::uuid`;
  return scope ? sql<SqlBool>`(${scope} and ${own})` : own;
}

/** One SELECT of the trash bin's union, shaped like the catalogue areas' branches. */
export function sourceBranch(s: TrashSource, principal: Principal | null, keyWord: string | undefined) {
  const scope = scopeOf(s, principal);
  const by = s.deletedBy
    ? sql`t.deleted_by::text as "deletedBy", (select u.full_name from app_user u where u.id = t.deleted_by) as "deletedByName"`
    : sql`null::text as "deletedBy", null::text as "deletedByName"`;
  return sql`select ${s.area}::text as area, ${s.area}::text as catalog, ${s.titleKey}::text as "titleKey", t.id,
      ${s.code ?? sql`null`}::text as code, ${s.title}::text as name, t.deleted_at as "deletedAt", ${by}
    from ${sql.table(s.table)} as t
    where t.deleted_at is not null ${scope ? sql`and ${scope}` : sql``}
      ${keyWord ? sql`and ${matchesKeyword(s.code ? [s.title, s.code] : [s.title], keyWord)}` : sql``}`;
}

async function change(ctx: OpContext, s: TrashSource, ids: string[], action: 'restore' | 'purge'): Promise<number> {
  if (!permits(ctx.principal, `${s.subject}.delete`)) throw new AppError(403, 'FORBIDDEN');
  const scope = scopeOf(s, ctx.principal);
  const which = sql`t.id in (${sql.join(ids.map((id) => sql`${id}::uuid`))}) and t.deleted_at is not null
      ${scope ? sql`and ${scope}` : sql``}`;
  const unique = [...new Set(ids)];
  return inTransaction(ctx, async ({ db: trx }) => {
    const done =
      action === 'restore'
        ? await sql`update ${sql.table(s.table)} as t set deleted_at = null
            ${s.deletedBy ? sql`, deleted_by = null` : sql``} where ${which}`.execute(trx)
        : await sql`delete from ${sql.table(s.table)} as t where ${which}`.execute(trx);
    // All or nothing: a record outside the caller's scope, or not in the trash bin, looks absent.
    if (Number(done.numAffectedRows ?? 0) !== unique.length) throw new AppError(404, 'NOT_FOUND');
    for (const id of unique)
      await recordAudit(trx, ctx.request, { action, subject: s.subject, recordId: id, details: { from: 'trash' } });
    return unique.length;
  });
}

export const restoreFromSource = (ctx: OpContext, s: TrashSource, ids: string[]) => change(ctx, s, ids, 'restore');
export const purgeFromSource = (ctx: OpContext, s: TrashSource, ids: string[]) => change(ctx, s, ids, 'purge');
