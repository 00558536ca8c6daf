import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { translate } from '@portal/domain/i18n';
import { featureLeaves, isGrantable, selectableTree, type SelectableFeature } from '@portal/domain/permissions';
import { matchesKeyword } from '../../../db/search.ts';
import type { Principal } from '../../../platform/access/index.ts';
import { recordAudit } from '../../../platform/audit/index.ts';
import { listPage } from '../../../platform/list/index.ts';
import { languageOf } from '../../../platform/errors/handler.ts';
import { accountError } from '../errors.ts';
import { idParams, idsBody, isDescending, optionalText, pagingQuery, sortKeys, unitKind, uuid } from '../schemas.ts';
import { permissionList } from '../tables.ts';
import { canAssignType } from '../users.ts';
import { pageOf } from '@portal/domain/paging';

/**
 * User types (UserTypev2, and the older UserType comboboxes): each owns the permissions its users hold, edited
 * as the feature tree of the permission catalogue (nested features with `value` and `isSelect`).
 * Nobody grants what they do not hold: a non-administrator may only create or edit types whose permissions
 * are all their own, and never the administrator role.
 */
const typeItem = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  role: z.enum(['admin', 'client']),
  unitKind: unitKind.nullable(),
  isSystem: z.boolean(),
  permissionCount: z.number(),
  userCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
const typeDetail = typeItem.extend({ permissions: z.array(z.string()) });

interface FeatureOut {
  value: string;
  title: string;
  labelKey: string;
  isSelect: boolean;
  children?: FeatureOut[];
}
// Recursive: the id names it once under the API document's components.
const feature: z.ZodType<FeatureOut> = z
  .object({
    value: z.string(),
    title: z.string(),
    labelKey: z.string(),
    isSelect: z.boolean(),
    get children() {
      return z.array(feature).optional();
    },
  })
  .meta({ id: 'FeatureNode' });

const body = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{2,50}$/),
  name: z.string().trim().min(2).max(200),
  description: optionalText(1000),
  role: z.enum(['admin', 'client']).default('client'),
  unitKind: unitKind.nullish().transform((v) => v ?? null),
  permissions: z.array(z.string().max(100)).max(2000),
});

const SORTS = { name: 't.name', code: 't.code', createdAt: 't.created_at', userCount: 'user_count' } as const;

const userTypes: FastifyPluginAsyncZod = async (app) => {
  function selectTypes() {
    return app.db.selectFrom('user_type as t').select([
      't.id',
      't.code',
      't.name',
      't.description',
      't.role',
      't.unit_kind',
      't.is_system',
      't.permissions',
      't.created_at',
      't.updated_at',
      (eb) =>
        eb
          .selectFrom('app_user as u')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('u.user_type_id', '=', 't.id')
          .where('u.deleted_at', 'is', null)
          .as('user_count'),
    ]);
  }
  type Row = Awaited<ReturnType<ReturnType<typeof selectTypes>['execute']>>[number];
  const toItem = (r: Row) => {
    const permissions = permissionList(r.permissions).filter(isGrantable);
    return {
      id: r.id,
      code: r.code,
      name: r.name,
      description: r.description,
      role: r.role,
      unitKind: r.unit_kind,
      isSystem: r.is_system,
      permissionCount: r.role === 'admin' ? featureLeaves().size : permissions.length,
      userCount: Number(r.user_count ?? 0),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      permissions,
    };
  };

  async function findType(id: string) {
    const row = await selectTypes().where('t.id', '=', id).executeTakeFirst();
    if (!row) throw accountError(404, 'USER_TYPE_NOT_FOUND');
    return toItem(row);
  }

  /** Unknown permissions are refused; a non-administrator grants only what it holds. */
  function checkGrant(principal: Principal, role: 'admin' | 'client', permissions: string[]): string[] {
    const unknown = permissions.find((p) => !isGrantable(p));
    if (unknown)
      throw accountError(400, 'UNKNOWN_PERMISSION', {
        vars: { permission: unknown },
        details: [{ field: 'permissions', message: unknown }],
      });
    const clean = [...new Set(permissions)].sort();
    if (!canAssignType(principal, { role, permissions: clean })) throw accountError(403, 'USER_TYPE_NOT_ASSIGNABLE');
    return clean;
  }

  async function checkCode(code: string, excludeId?: string) {
    let q = app.db
      .selectFrom('user_type')
      .select('id')
      .where(sql`lower(code)`, '=', code.toLowerCase());
    if (excludeId) q = q.where('id', '<>', excludeId);
    if (await q.executeTakeFirst())
      throw accountError(409, 'USER_TYPE_CODE_TAKEN', { details: [{ field: 'code', message: 'taken' }] });
  }

  app.get(
    '/api/UserTypev2/get-paging',
    {
      config: { permission: 'UserType.read' },
      schema: {
        tags: ['user types'],
        summary: 'User types (paged, accent-insensitive search on name and code)',
        querystring: pagingQuery.extend({ sortBy: z.enum(['name', 'code', 'createdAt', 'userCount']).optional() }),
        response: { 200: pageOf(typeItem) },
      },
    },
    async (request) => {
      const q = request.query;
      let base = selectTypes();
      if (q.keyWord) base = base.where(matchesKeyword(['t.name', 't.code'], q.keyWord));
      return listPage(
        q,
        base
          .$call((qb) => {
            const column = SORTS[q.sortBy ?? 'name'];
            const desc = !!q.sortBy && isDescending(q.sortOrder);
            let ordered = qb;
            for (const key of sortKeys(column, column === 't.name' || column === 't.code'))
              ordered = ordered.orderBy(key, desc ? 'desc' : 'asc');
            return ordered;
          })
          .orderBy('t.id'),
        app.db.selectFrom(base.as('x')),
        toItem,
      );
    },
  );

  app.get(
    '/api/UserTypev2/get-by-id/:id',
    {
      config: { permission: 'UserType.read' },
      schema: {
        tags: ['user types'],
        summary: 'One user type with its permissions',
        params: idParams,
        response: { 200: typeDetail },
      },
    },
    async (request) => findType(request.params.id),
  );

  app.get(
    '/api/UserTypev2/get-feature-by-usertype',
    {
      config: { permission: 'UserType.read' },
      schema: {
        tags: ['user types'],
        summary: 'The feature tree (nested features with value and isSelect) for a type, or unselected for a new one',
        querystring: z.object({ userTypeId: uuid.optional() }),
        response: { 200: z.object({ features: z.array(feature) }) },
      },
    },
    async (request) => {
      const lang = languageOf(request);
      let granted: string[] = [];
      if (request.query.userTypeId) {
        const type = await findType(request.query.userTypeId);
        granted = type.role === 'admin' ? [...featureLeaves().keys()] : type.permissions;
      }
      const translateTree = (nodes: SelectableFeature[]): FeatureOut[] =>
        nodes.map((n) => ({
          value: n.value,
          title: translate(lang, n.labelKey),
          labelKey: n.labelKey,
          isSelect: n.isSelect,
          ...(n.children ? { children: translateTree(n.children) } : {}),
        }));
      return { features: translateTree(selectableTree(granted)) };
    },
  );

  app.post(
    '/api/UserTypev2/create',
    {
      config: { permission: 'UserType.create' },
      schema: { tags: ['user types'], summary: 'Create a user type', body, response: { 201: typeDetail } },
    },
    async (request, reply) => {
      const b = request.body;
      const permissions = checkGrant(request.principal!, b.role, b.permissions);
      await checkCode(b.code);
      const id = await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('user_type')
          .values({
            code: b.code,
            name: b.name,
            description: b.description,
            role: b.role,
            unit_kind: b.unitKind,
            permissions: JSON.stringify(permissions),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, request, {
          action: 'create',
          subject: 'UserType',
          recordId: row.id,
          details: { code: b.code, permissions },
        });
        return row.id;
      });
      return reply.status(201).send(await findType(id));
    },
  );

  app.put(
    '/api/UserTypev2/update',
    {
      config: { permission: 'UserType.update' },
      schema: {
        tags: ['user types'],
        summary: 'Edit a user type and its permissions',
        body: body.extend({ id: uuid }),
        response: { 200: typeDetail },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const b = request.body;
      const current = await findType(b.id);
      if (!canAssignType(principal, current)) throw accountError(403, 'USER_TYPE_NOT_ASSIGNABLE');
      // Default types keep their code and role (seeds and documentation refer to them).
      const code = current.isSystem ? current.code : b.code;
      const role = current.isSystem ? current.role : b.role;
      const permissions = checkGrant(principal, role, b.permissions);
      await checkCode(code, current.id);
      if (current.role === 'admin' && role !== 'admin') {
        const others = await app.db
          .selectFrom('app_user as u')
          .innerJoin('user_type as t', 't.id', 'u.user_type_id')
          .select('u.id')
          .where('t.role', '=', 'admin')
          .where('t.id', '<>', current.id)
          .where('u.status', '=', 'active')
          .where('u.deleted_at', 'is', null)
          .executeTakeFirst();
        if (!others && current.userCount > 0) throw accountError(409, 'LAST_ADMINISTRATOR');
      }
      const before = new Set(current.permissions);
      const after = new Set(permissions);
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('user_type')
          .set({
            code,
            name: b.name,
            description: b.description,
            role,
            unit_kind: b.unitKind,
            permissions: JSON.stringify(permissions),
            updated_at: new Date(),
          })
          .where('id', '=', current.id)
          .execute();
        await recordAudit(trx, request, {
          action: 'update',
          subject: 'UserType',
          recordId: current.id,
          details: {
            granted: permissions.filter((p) => !before.has(p)),
            revoked: current.permissions.filter((p) => !after.has(p)),
          },
        });
      });
      return findType(current.id);
    },
  );

  app.post(
    '/api/UserTypev2/delete',
    {
      config: { permission: 'UserType.delete' },
      schema: {
        tags: ['user types'],
        summary: 'Delete user types no user has (body: list of ids)',
        body: idsBody,
        response: { 200: z.object({ deleted: z.number() }) },
      },
    },
    async (request) => {
      const found = await Promise.all(request.body.map((id) => findType(id)));
      for (const type of found) {
        if (type.isSystem)
          throw accountError(409, 'USER_TYPE_SYSTEM', { details: [{ field: type.id, message: type.name }] });
        if (!canAssignType(request.principal!, type)) throw accountError(403, 'USER_TYPE_NOT_ASSIGNABLE');
        const used = await app.db
          .selectFrom('app_user')
          .select('id')
          .where('user_type_id', '=', type.id)
          .executeTakeFirst();
        if (used) throw accountError(409, 'USER_TYPE_IN_USE', { details: [{ field: type.id, message: type.name }] });
      }
      await app.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('user_type').where('id', 'in', request.body).execute();
        for (const type of found)
          await recordAudit(trx, request, {
            action: 'delete',
            subject: 'UserType',
            recordId: type.id,
            details: { code: type.code },
          });
      });
      return { deleted: found.length };
    },
  );

  const comboItem = z.object({
    value: z.string(),
    label: z.string(),
    code: z.string(),
    role: z.enum(['admin', 'client']),
    unitKind: unitKind.nullable(),
  });
  for (const url of ['/api/UserTypev2/combobox', '/api/UserType/combobox', '/api/UserType/get-combobox-user-type']) {
    app.get(
      url,
      {
        config: { permission: 'User.read' },
        schema: {
          tags: ['user types'],
          summary: 'User types the caller may assign, for a pick list (optionally for one kind of unit)',
          querystring: z.object({ unitKind: unitKind.optional() }),
          response: { 200: z.array(comboItem) },
        },
      },
      async (request) => {
        let q = app.db
          .selectFrom('user_type')
          .select(['id', 'code', 'name', 'role', 'unit_kind', 'permissions'])
          .orderBy(sql`f_unaccent(name)`);
        const kind = request.query.unitKind;
        if (kind) q = q.where((eb) => eb.or([eb('unit_kind', '=', kind), eb('unit_kind', 'is', null)]));
        const rows = (await q.execute()).filter((r) => canAssignType(request.principal!, r));
        return rows.map((r) => ({ value: r.id, label: r.name, code: r.code, role: r.role, unitKind: r.unit_kind }));
      },
    );
  }
};

export default userTypes;
