import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyArrangement,
  countArranged,
  filterMenu,
  isMenuScope,
  leafForUnit,
  leafPermitted,
  menuCatalogue,
  MENU_SCOPE_RE,
  scopesFor,
  toArrangement,
  type ArrangedNode,
  type MenuNode,
  type MenuScope,
} from '@portal/domain/menu';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { badRequest, unauthenticated } from '../../platform/errors/app-error.ts';
import { permits } from '../../platform/access/index.ts';

/**
 * The left menu per role (spec: "left menu is fetched by the user's role") and the arrangement administrators
 * choose for it (/chinh-sua-menu). Arrangements are small key trees kept in app_setting, one per scope.
 */
const settingKey = (scope: MenuScope) => `menu.arrangement:${scope}`;
const MAX_NODES = 2000;

// Recursive schemas carry an id: the API document holds each once under components and refers to it.
const arrangedNode: z.ZodType<ArrangedNode> = z
  .object({
    key: z.string().min(1).max(300),
    get children() {
      return z.array(arrangedNode).max(MAX_NODES).optional();
    },
  })
  .meta({ id: 'MenuArrangementNode' });

const menuNode: z.ZodType<MenuNode> = z.union([
  z.object({
    key: z.string(),
    titleKey: z.string(),
    icon: z.string().optional(),
    get children() {
      return z.array(menuNode);
    },
  }),
  z.object({
    path: z.string(),
    permission: z.string(),
    titleKey: z.string().optional(),
    order: z.number().optional(),
    units: z.array(z.string()).readonly().optional(),
  }),
]) as z.ZodType<MenuNode>;
z.globalRegistry.add(menuNode, { id: 'MenuNode' });

const scopeSchema = z
  .string()
  .regex(MENU_SCOPE_RE)
  .transform((s) => s as MenuScope);

export async function loadArrangement(
  db: Db,
  scope: MenuScope,
): Promise<{ items: ArrangedNode[]; updatedAt: Date } | null> {
  const row = await db
    .selectFrom('app_setting')
    .select(['value', 'updated_at'])
    .where('key', '=', settingKey(scope))
    .executeTakeFirst();
  if (!row || !Array.isArray(row.value)) return null;
  return { items: row.value as ArrangedNode[], updatedAt: row.updated_at };
}

/** The catalogue in the order of the most specific saved arrangement for these scopes. */
export async function arrangedMenu(db: Db, scopes: readonly MenuScope[]): Promise<MenuNode[]> {
  for (const scope of scopes) {
    const saved = await loadArrangement(db, scope);
    if (saved) return applyArrangement(menuCatalogue(), saved.items);
  }
  return menuCatalogue();
}

const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/UserTypev2/get-menu',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['configuration'],
        summary: "The signed-in user's left menu",
        description:
          "The menu catalogue in the arrangement saved for the user's role (administrators) or user type, else the " +
          'default arrangement; only entries the user may open. The web also hides entries whose pages do not exist.',
        response: { 200: z.object({ items: z.array(menuNode) }) },
      },
    },
    async (request) => {
      const principal = request.principal;
      if (!principal) throw unauthenticated();
      const menu = await arrangedMenu(app.db, scopesFor(principal.role, principal.userTypeId));
      const items = filterMenu(
        menu,
        (leaf) => leafPermitted(leaf, (p) => permits(principal, p), true) && leafForUnit(leaf, principal.unit.kind),
      );
      return { items };
    },
  );

  app.get(
    '/api/UserTypev2/menu-arrangement',
    {
      config: { permission: 'Menu.update' },
      schema: {
        tags: ['configuration'],
        summary: 'The menu arrangement of a scope (editor)',
        description: 'Scope: default (every role), admin, or userType:{id}. Answers the whole catalogue in that order.',
        querystring: z.object({ scope: scopeSchema.default('default') }),
        response: {
          200: z.object({
            scope: z.string(),
            saved: z.boolean(),
            updatedAt: z.date().nullable(),
            items: z.array(menuNode),
          }),
        },
      },
    },
    async (request) => {
      const { scope } = request.query;
      const saved = await loadArrangement(app.db, scope);
      return {
        scope,
        saved: saved !== null,
        updatedAt: saved?.updatedAt ?? null,
        items: saved ? applyArrangement(menuCatalogue(), saved.items) : menuCatalogue(),
      };
    },
  );

  app.put(
    '/api/UserTypev2/menu-arrangement',
    {
      config: { permission: 'Menu.update' },
      schema: {
        tags: ['configuration'],
        summary: 'Save the menu arrangement of a scope',
        description:
          'Body: the scope and the key tree (groups by key, entries by path). Unknown keys are dropped and entries ' +
          'left out keep their catalogue place; the stored arrangement is answered.',
        body: z.object({ scope: scopeSchema, items: z.array(arrangedNode).max(MAX_NODES) }),
        response: { 200: z.object({ scope: z.string(), items: z.array(menuNode) }) },
      },
    },
    async (request) => {
      const { scope, items } = request.body;
      if (!isMenuScope(scope)) throw badRequest([{ field: 'body.scope', message: 'scope' }]);
      if (countArranged(items) > MAX_NODES) throw badRequest([{ field: 'body.items', message: 'too many entries' }]);
      const arranged = applyArrangement(menuCatalogue(), items);
      const normalised = toArrangement(arranged);
      const json = JSON.stringify(normalised);
      await app.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('app_setting')
          .values({ key: settingKey(scope), value: json })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
          .execute();
        await recordAudit(trx, request, { action: 'update', subject: 'Menu', recordId: scope });
      });
      return { scope, items: arranged };
    },
  );

  app.delete(
    '/api/UserTypev2/menu-arrangement',
    {
      config: { permission: 'Menu.update' },
      schema: {
        tags: ['configuration'],
        summary: 'Reset the menu arrangement of a scope to the catalogue order',
        querystring: z.object({ scope: scopeSchema }),
        response: { 200: z.object({ scope: z.string(), items: z.array(menuNode) }) },
      },
    },
    async (request) => {
      const { scope } = request.query;
      await app.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('app_setting').where('key', '=', settingKey(scope)).execute();
        await recordAudit(trx, request, { action: 'delete', subject: 'Menu', recordId: scope });
      });
      return { scope, items: menuCatalogue() };
    },
  );
};

export default menuRoutes;
