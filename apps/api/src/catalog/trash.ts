import { sql, type RawBuilder } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TRASH_SUBJECT, areaText, columnOf, type ResolvedCatalog } from '@portal/domain/catalog/index';
import { matchesKeyword } from '../db/search.ts';
import { permits } from '../platform/access/index.ts';
import { sqlPage } from '../platform/list/index.ts';
import { errorResponses } from '../platform/http/route-schemas.ts';
import { catalogError, contextOf, type OpContext } from './context.ts';
import { catalogOperations } from './operations.ts';
import { catalogRegistry } from './registry.ts';
import { rowScope } from './scope.ts';
import { idsBody, keyWordSchema } from './schemas.ts';
import { purgeFromSource, restoreFromSource, sourceBranch, trashSource, visibleSources } from './trash-sources.ts';
import { pageOf } from '@portal/domain/paging';

export interface TrashItem {
  area: string;
  catalog: string;
  /** i18n key of the area's name. */
  titleKey: string;
  id: string;
  code: string | null;
  name: string;
  deletedAt: string;
  deletedBy: string | null;
  deletedByName: string | null;
}

/** Areas whose deleted records the caller may see: those it may delete (and so restore). */
function visibleAreas(ctx: OpContext, area?: string): ResolvedCatalog[] {
  return catalogRegistry.all.filter((c) => (!area || c.area === area) && permits(ctx.principal, `${c.subject}.delete`));
}

/** One SELECT per area, unioned: deleted records in scope; a trashed subtree shows as its top node only. */
function branch(ctx: OpContext, c: ResolvedCatalog, keyWord: string | undefined): RawBuilder<unknown> {
  const d = c.declaration;
  const scope = rowScope(c, ctx.principal);
  const title = sql.ref(`t.${columnOf(d.titleField)}`);
  const code = d.codeField ? sql.ref(`t.${columnOf(d.codeField)}`) : null;
  const parent = c.parentField ? sql.ref(`t.${columnOf(c.parentField)}`) : null;
  return sql`select ${c.area}::text as area, ${c.key}::text as catalog, ${areaText(d, 'title')}::text as "titleKey", t.id, ${code ?? sql`null`}::text as code, ${title}::text as name,
      t.deleted_at as "deletedAt", t.deleted_by as "deletedBy", t.deleted_by_name as "deletedByName"
    from ${sql.table(c.table)} as t
    where t.deleted_at is not null ${scope ? sql`and ${scope}` : sql``}
      ${parent ? sql`and not exists (select 1 from ${sql.table(c.table)} p where p.id = ${parent} and p.deleted_at = t.deleted_at)` : sql``}
      ${keyWord ? sql`and ${matchesKeyword(code ? [title, code] : [title], keyWord)}` : sql``}`;
}

export async function listTrash(
  ctx: OpContext,
  q: { pageNumber: number; pageSize: number; keyWord?: string | undefined; area?: string | undefined },
): Promise<{ pageLists: TrashItem[]; totalRecord: number }> {
  const keyWord = q.keyWord?.trim() || undefined;
  const branches = [
    ...visibleAreas(ctx, q.area).map((c) => branch(ctx, c, keyWord)),
    ...visibleSources(ctx.principal, q.area).map((s) => sourceBranch(s, ctx.principal, keyWord)),
  ];
  if (!branches.length) return { pageLists: [], totalRecord: 0 };
  const union = sql.join(branches, sql` union all `);
  const page = await sqlPage<TrashItem & { deletedAt: Date }>(ctx.db, q, {
    select: sql`*`,
    from: sql`(${union}) x`,
    where: [],
    order: sql`x."deletedAt" desc, x.id`,
  });
  return {
    pageLists: page.rows.map((r) => ({ ...r, deletedAt: new Date(r.deletedAt).toISOString() })),
    totalRecord: page.total,
  };
}

function areaOf(area: string): ResolvedCatalog {
  const c = catalogRegistry.byArea.get(area);
  if (!c) throw catalogError(404, 'UNKNOWN_AREA', { area });
  return c;
}

const itemSchema = z.object({
  area: z.string(),
  catalog: z.string(),
  titleKey: z.string(),
  id: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  deletedAt: z.string(),
  deletedBy: z.string().nullable(),
  deletedByName: z.string().nullable(),
});
const errors = errorResponses;
const areaIds = z.object({ area: z.string().max(100), ids: z.array(z.uuid()).min(1).max(5000) });

/**
 * The trash bin (/thung-rac): deleted records of every catalogue area and of the domains' own soft-deleted
 * records (trash-sources.ts), restore, permanent delete. Restoring and purging go through each area's
 * operations, so its permission, scope and subtree rules apply.
 */
const trashRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/RecycleBin/recycleBins',
    {
      config: { permission: `${TRASH_SUBJECT}.read` },
      schema: {
        tags: ['RecycleBin'],
        summary: 'Deleted records of every area the caller may restore, newest first',
        querystring: z.object({
          pageNumber: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(200).default(20),
          keyWord: keyWordSchema,
          area: z.string().max(100).optional(),
        }),
        response: { 200: pageOf(itemSchema), ...errors },
      },
    },
    async (request) => listTrash(contextOf(request, app.db), request.query),
  );
  app.get(
    '/api/RecycleBin/areas',
    {
      config: { permission: `${TRASH_SUBJECT}.read` },
      schema: {
        tags: ['RecycleBin'],
        summary: 'Areas the caller may restore records of (the filter drop-down)',
        response: { 200: z.array(z.object({ area: z.string(), catalog: z.string(), titleKey: z.string() })) },
      },
    },
    async (request) => [
      ...visibleAreas(contextOf(request, app.db)).map((c) => ({
        area: c.area,
        catalog: c.key,
        titleKey: areaText(c.declaration, 'title'),
      })),
      ...visibleSources(request.principal).map((s) => ({ area: s.area, catalog: s.area, titleKey: s.titleKey })),
    ],
  );
  app.post(
    '/api/RecycleBin/restore',
    {
      config: { permission: `${TRASH_SUBJECT}.read` },
      schema: {
        tags: ['RecycleBin'],
        summary: 'Restore records of one area (with the subtree deleted together)',
        body: areaIds,
        response: { 200: z.object({ restored: z.number() }), ...errors },
      },
    },
    async (request) => {
      const ctx = contextOf(request, app.db);
      const source = trashSource(request.body.area);
      if (source) return { restored: await restoreFromSource(ctx, source, request.body.ids) };
      return catalogOperations(areaOf(request.body.area).key).restore(ctx, request.body.ids);
    },
  );
  app.post(
    '/api/RecycleBin/permanent-delete',
    {
      config: { permission: `${TRASH_SUBJECT}.delete` },
      schema: {
        tags: ['RecycleBin'],
        summary: 'Delete records of one area for good',
        body: areaIds,
        response: { 200: z.object({ purged: z.number() }), ...errors },
      },
    },
    async (request) => {
      const ctx = contextOf(request, app.db);
      const source = trashSource(request.body.area);
      if (source) return { purged: await purgeFromSource(ctx, source, request.body.ids) };
      return catalogOperations(areaOf(request.body.area).key).purge(ctx, request.body.ids);
    },
  );
  // Per-area spellings of the spec (RecycleBin/permanent-delete-group-users, body: ids).
  for (const c of catalogRegistry.all) {
    if (!c.paths.purge) continue;
    app.post(
      `/api/RecycleBin/${c.paths.purge}`,
      {
        config: { permission: `${TRASH_SUBJECT}.delete` },
        schema: {
          tags: ['RecycleBin'],
          summary: `Delete ${c.area} records for good`,
          body: idsBody,
          response: { 200: z.object({ purged: z.number() }), ...errors },
        },
      },
      async (request) => {
        const body = request.body;
        const ids = Array.isArray(body) ? body : (body?.ids ?? []);
        return catalogOperations(c.key).purge(contextOf(request, app.db), ids);
      },
    );
  }
};

export default trashRoutes;
