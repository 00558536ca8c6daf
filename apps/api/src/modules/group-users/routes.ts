import { sql, type Expression, type SqlBool } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogOperations } from '../../catalog/operations.ts';
import { contextOf } from '../../catalog/context.ts';
import { keyWordSchema, pageSchema } from '../../catalog/schemas.ts';
import { catalogRegistry } from '../../catalog/registry.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { errorResponsesFor } from '../../platform/http/route-schemas.ts';

/**
 * User groups beyond the catalogue: their members. `list-group-user-not-register` (the spec's call) lists the
 * groups a user is not in yet, through the area's own list operation (paging, keyword, permission); the
 * register calls add and remove memberships. Users are identity's; a membership needs a live user and live
 * groups.
 */
const groups = () => catalogRegistry.get('groupUser');
const errors = errorResponsesFor(400, 401, 403, 404);
const membership = z.object({ userId: z.uuid(), groupIds: z.array(z.uuid()).min(1).max(500) });
const listQuery = z.object({
  userId: z.uuid(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  keyWord: keyWordSchema,
});

const groupUsers: FastifyPluginAsyncZod = async (app) => {
  const ops = catalogOperations('groupUser');

  const assertUser = async (userId: string) => {
    const found = await sql`select 1 from app_user where id = ${userId}::uuid and deleted_at is null`.execute(app.db);
    if (!found.rows.length) throw new AppError(404, 'NOT_FOUND', { details: [{ field: 'userId', message: userId }] });
  };
  const memberOf = (userId: string, member: boolean): Expression<SqlBool> =>
    sql<SqlBool>`${sql.raw(member ? '' : 'not ')}exists (select 1 from group_user_member m where m.group_id = t.id and m.user_id = ${userId}::uuid)`;

  for (const [path, member] of [
    ['list-group-user-not-register', false],
    ['list-group-user-register', true],
  ] as const) {
    app.get(
      `/api/GroupUser/${path}`,
      {
        config: { permission: 'GroupUser.read' },
        schema: {
          tags: ['GroupUser'],
          summary: member ? 'Groups the user belongs to' : 'Groups the user does not belong to yet (to add them)',
          querystring: listQuery,
          response: { 200: pageSchema(groups()), ...errors },
        },
      },
      async (request) => {
        const { userId, ...q } = request.query;
        await assertUser(userId);
        return ops.list(contextOf(request, app.db), { ...q, values: {}, where: [memberOf(userId, member)] });
      },
    );
  }

  for (const [path, add] of [
    ['register-group-user', true],
    ['unregister-group-user', false],
  ] as const) {
    app.post(
      `/api/GroupUser/${path}`,
      {
        config: { permission: 'GroupUser.update' },
        schema: {
          tags: ['GroupUser'],
          summary: add ? 'Add a user to groups (already a member: unchanged)' : 'Remove a user from groups',
          body: membership,
          response: { 200: z.object({ changed: z.number() }), ...errors },
        },
      },
      async (request) => {
        const { userId, groupIds } = request.body;
        const ctx = contextOf(request, app.db);
        await assertUser(userId);
        return app.db.transaction().execute(async (trx) => {
          const ids = [...new Set(groupIds)];
          // Every group must be live and visible to the caller, through the area's own read.
          for (const id of ids) await ops.get({ ...ctx, db: trx }, id);
          const result = add
            ? await sql`insert into group_user_member (group_id, user_id, created_by)
                select g, ${userId}::uuid, ${ctx.principal?.userId ?? null} from unnest(${ids}::uuid[]) g
                on conflict do nothing`.execute(trx)
            : await sql`delete from group_user_member where user_id = ${userId}::uuid and group_id = any(${ids}::uuid[])`.execute(
                trx,
              );
          const changed = Number(result.numAffectedRows ?? 0);
          await recordAudit(trx, request, {
            action: add ? 'update' : 'delete',
            subject: 'GroupUser',
            recordId: userId,
            details: { members: ids, add },
          });
          return { changed };
        });
      },
    );
  }
};

export default groupUsers;
