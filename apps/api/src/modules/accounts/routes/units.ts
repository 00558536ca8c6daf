import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import { matchesKeyword } from '../../../db/search.ts';
import type { Principal } from '../../../platform/access/index.ts';
import { canWriteIn, scopeCondition } from '../../../platform/access/scope.ts';
import { recordAudit } from '../../../platform/audit/index.ts';
import { pageRows } from '../../../platform/list/index.ts';
import { accountError } from '../errors.ts';
import { adminUnitNames, isLocalUnitOfPortal } from '../local-units.ts';
import {
  comboboxItem,
  email,
  idParams,
  idsBody,
  isDescending,
  optionalText,
  pagingQuery,
  phone,
  sortKeys,
  unitKind,
  uuid,
} from '../schemas.ts';
import { pageOf } from '@portal/domain/paging';

/**
 * Units every user belongs to: the provincial department and its offices, district-level units (commune/ward
 * people's committees since 2025), employers, service centres and training bodies. Employers' units come
 * with their employer (registration, the employers' registry) and are edited, not created, here.
 * Scope: the department sees every unit; a district user the units of its local unit; others their own.
 */
const unitScope = (principal: Principal | null) =>
  scopeCondition(principal, {
    unitColumn: 'un.id',
    businessColumn: 'un.business_id',
    localUnitColumn: 'un.local_unit_code',
  });

const SORTS = { name: 'un.name', code: 'un.code', kind: 'un.kind', createdAt: 'un.created_at' } as const;

const unitItem = z.object({
  id: z.string(),
  kind: unitKind,
  code: z.string().nullable(),
  name: z.string(),
  parentId: z.string().nullable(),
  parentName: z.string().nullable(),
  businessId: z.string().nullable(),
  businessCode: z.string().nullable(),
  localUnitCode: z.string().nullable(),
  localUnitName: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  userCount: z.number(),
  createdAt: z.date(),
});
type UnitItem = z.infer<typeof unitItem>;

const editable = {
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,50}$/)
    .nullish()
    .transform((v) => v || null),
  name: z.string().trim().min(2).max(300),
  parentId: uuid.nullish().transform((v) => v ?? null),
  localUnitCode: z
    .string()
    .trim()
    .regex(/^(2025|legacy):\d{2,5}$/)
    .nullish()
    .transform((v) => v ?? null),
  address: optionalText(500),
  phone: phone.nullish().transform((v) => v ?? null),
  email: email.nullish().transform((v) => v ?? null),
  description: optionalText(2000),
};
const createBody = z.object({
  kind: z.enum(['department', 'district', 'service_centre', 'training_body']),
  ...editable,
});
const updateBody = z.object(editable);
const myUnitBody = z.object({
  name: z.string().trim().min(2).max(300).optional(),
  address: optionalText(500),
  phone: phone.nullish().transform((v) => v ?? null),
  email: email.nullish().transform((v) => v ?? null),
  description: optionalText(2000),
});

function selectUnits(db: Db) {
  return db
    .selectFrom('unit as un')
    .leftJoin('unit as p', 'p.id', 'un.parent_id')
    .leftJoin('business as b', 'b.id', 'un.business_id')
    .where('un.deleted_at', 'is', null)
    .select([
      'un.id',
      'un.kind',
      'un.code',
      'un.name',
      'un.parent_id',
      'p.name as parent_name',
      'un.business_id',
      'b.code as business_code',
      'un.local_unit_code',
      'un.address',
      'un.phone',
      'un.email',
      'un.description',
      'un.created_at',
      (eb) =>
        eb
          .selectFrom('app_user as u')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('u.unit_id', '=', 'un.id')
          .where('u.deleted_at', 'is', null)
          .as('user_count'),
    ]);
}

type UnitRow = Awaited<ReturnType<ReturnType<typeof selectUnits>['execute']>>[number];

async function toItems(db: Db, rows: UnitRow[]): Promise<UnitItem[]> {
  const names = await adminUnitNames(
    db,
    rows.map((r) => r.local_unit_code),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    code: r.code,
    name: r.name,
    parentId: r.parent_id,
    parentName: r.parent_name,
    businessId: r.business_id,
    businessCode: r.business_code,
    localUnitCode: r.local_unit_code,
    localUnitName: r.local_unit_code ? (names.get(r.local_unit_code) ?? null) : null,
    address: r.address,
    phone: r.phone,
    email: r.email,
    description: r.description,
    userCount: Number(r.user_count ?? 0),
    createdAt: r.created_at,
  }));
}

const units: FastifyPluginAsyncZod = async (app) => {
  async function findUnit(principal: Principal | null, id: string): Promise<UnitItem> {
    let q = selectUnits(app.db).where('un.id', '=', id);
    const scope = unitScope(principal);
    if (scope) q = q.where(scope);
    const row = await q.executeTakeFirst();
    if (!row) throw accountError(404, 'UNIT_NOT_FOUND');
    return (await toItems(app.db, [row]))[0]!;
  }

  async function checkCode(code: string | null, excludeId?: string) {
    if (!code) return;
    let q = app.db
      .selectFrom('unit')
      .select('id')
      .where(sql`lower(code)`, '=', code.toLowerCase());
    if (excludeId) q = q.where('id', '<>', excludeId);
    if (await q.executeTakeFirst())
      throw accountError(409, 'UNIT_CODE_TAKEN', { details: [{ field: 'code', message: 'taken' }] });
  }

  async function checkParent(principal: Principal, parentId: string | null, selfId?: string) {
    if (!parentId) return;
    await findUnit(principal, parentId).catch(() => {
      throw accountError(400, 'UNIT_NOT_FOUND', { details: [{ field: 'parentId', message: 'not found' }] });
    });
    if (!selfId) return;
    // Walk up from the new parent: meeting the unit itself would make a cycle.
    const chain = await sql<{ id: string }>`
      with recursive up(id, parent_id) as (
        select id, parent_id from unit where id = ${parentId}
        union all select u.id, u.parent_id from unit u join up on u.id = up.parent_id
      ) select id from up`.execute(app.db);
    if (chain.rows.some((r) => r.id === selfId))
      throw accountError(400, 'PARENT_CYCLE', { details: [{ field: 'parentId', message: 'cycle' }] });
  }

  async function checkLocalUnit(kind: string, code: string | null) {
    if (kind === 'district' && !code)
      throw accountError(400, 'UNKNOWN_LOCAL_UNIT', { details: [{ field: 'localUnitCode', message: 'required' }] });
    if (code && !(await isLocalUnitOfPortal(app.db, code))) {
      throw accountError(400, 'UNKNOWN_LOCAL_UNIT', { details: [{ field: 'localUnitCode', message: 'unknown' }] });
    }
  }

  app.get(
    '/api/Unit/units',
    {
      config: { permission: 'Unit.read' },
      schema: {
        tags: ['units'],
        summary: 'Units in the caller’s scope (paged, accent-insensitive search on name and code)',
        querystring: pagingQuery.extend({
          kind: unitKind.optional(),
          parentId: uuid.optional(),
          sortBy: z.enum(['name', 'code', 'kind', 'createdAt']).optional(),
        }),
        response: { 200: pageOf(unitItem) },
      },
    },
    async (request) => {
      const q = request.query;
      let base = app.db.selectFrom('unit as un').where('un.deleted_at', 'is', null);
      const scope = unitScope(request.principal);
      if (scope) base = base.where(scope);
      if (q.keyWord) base = base.where(matchesKeyword(['un.name', 'un.code'], q.keyWord));
      if (q.kind) base = base.where('un.kind', '=', q.kind);
      if (q.parentId) base = base.where('un.parent_id', '=', q.parentId);
      const { rows, total } = await pageRows(
        q,
        selectUnits(app.db)
          .where('un.id', 'in', base.select('un.id'))
          .$call((qb) => {
            const column = SORTS[q.sortBy ?? 'name'];
            const desc = !!q.sortBy && isDescending(q.sortOrder);
            let ordered = qb;
            for (const key of sortKeys(column, column === 'un.name' || column === 'un.code'))
              ordered = ordered.orderBy(key, (ob) => (desc ? ob.desc() : ob.asc()).nullsLast());
            return ordered;
          })
          .orderBy('un.id'),
        base,
      );
      return { pageLists: await toItems(app.db, rows), totalRecord: total };
    },
  );

  app.get(
    '/api/Unit/units/:id',
    {
      config: { permission: 'Unit.read' },
      schema: { tags: ['units'], summary: 'One unit', params: idParams, response: { 200: unitItem } },
    },
    async (request) => findUnit(request.principal, request.params.id),
  );

  app.post(
    '/api/Unit/units',
    {
      config: { permission: 'Unit.create' },
      schema: {
        tags: ['units'],
        summary: 'Create a unit (employers’ units come with their employer)',
        body: createBody,
        response: { 201: unitItem },
      },
    },
    async (request, reply) => {
      const principal = request.principal!;
      const b = request.body;
      if (!(await canWriteIn(app.db, principal, b.kind === 'district' ? { localUnitCode: b.localUnitCode } : {}))) {
        throw accountError(403, 'OUT_OF_SCOPE');
      }
      await checkLocalUnit(b.kind, b.localUnitCode);
      await checkCode(b.code);
      await checkParent(principal, b.parentId);
      const id = await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('unit')
          .values({
            kind: b.kind,
            code: b.code,
            name: b.name,
            parent_id: b.parentId,
            local_unit_code: b.localUnitCode,
            address: b.address,
            phone: b.phone,
            email: b.email,
            description: b.description,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, request, {
          action: 'create',
          subject: 'Unit',
          recordId: row.id,
          details: { name: b.name },
        });
        return row.id;
      });
      return reply.status(201).send(await findUnit(principal, id));
    },
  );

  app.put(
    '/api/Unit/units/:id',
    {
      config: { permission: 'Unit.update' },
      schema: {
        tags: ['units'],
        summary: 'Edit a unit',
        params: idParams,
        body: updateBody,
        response: { 200: unitItem },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const current = await findUnit(principal, request.params.id);
      const b = request.body;
      const employer = current.kind === 'employer';
      // An employer unit keeps its employer's name, code and ward: the employers' registry owns them.
      const localUnitCode = employer ? current.localUnitCode : b.localUnitCode;
      if (!employer) {
        await checkLocalUnit(current.kind, localUnitCode);
        if (localUnitCode !== current.localUnitCode && !(await canWriteIn(app.db, principal, { localUnitCode })))
          throw accountError(403, 'OUT_OF_SCOPE');
        await checkCode(b.code, current.id);
      }
      await checkParent(principal, b.parentId, current.id);
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('unit')
          .set({
            ...(employer ? {} : { code: b.code, name: b.name, local_unit_code: localUnitCode }),
            parent_id: b.parentId,
            address: b.address,
            phone: b.phone,
            email: b.email,
            description: b.description,
            updated_at: new Date(),
          })
          .where('id', '=', current.id)
          .execute();
        await recordAudit(trx, request, { action: 'update', subject: 'Unit', recordId: current.id });
      });
      return findUnit(principal, current.id);
    },
  );

  app.post(
    '/api/Unit/delete-units',
    {
      config: { permission: 'Unit.delete' },
      schema: {
        tags: ['units'],
        summary: 'Delete units without users or sub-units (body: list of ids)',
        body: idsBody,
        response: { 200: z.object({ deleted: z.number() }) },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const found = await Promise.all(request.body.map((id) => findUnit(principal, id)));
      for (const unit of found) {
        const children = await app.db
          .selectFrom('unit')
          .select('id')
          .where('parent_id', '=', unit.id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (unit.userCount > 0 || children || unit.kind === 'employer' || unit.id === principal.unit.id) {
          throw accountError(409, 'UNIT_IN_USE', { details: [{ field: unit.id, message: unit.name }] });
        }
      }
      await app.db.transaction().execute(async (trx) => {
        await trx.updateTable('unit').set({ deleted_at: new Date() }).where('id', 'in', request.body).execute();
        for (const id of request.body)
          await recordAudit(trx, request, { action: 'delete', subject: 'Unit', recordId: id });
      });
      return { deleted: request.body.length };
    },
  );

  app.get(
    '/api/Unit/combobox',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['units'],
        summary: 'Units in the caller’s scope for a pick list (first 100 matches)',
        querystring: z.object({ keyWord: z.string().trim().max(100).optional(), kind: unitKind.optional() }),
        response: { 200: z.array(comboboxItem.extend({ kind: unitKind, code: z.string().nullable() })) },
      },
    },
    async (request) => {
      let q = app.db
        .selectFrom('unit as un')
        .select(['un.id', 'un.name', 'un.kind', 'un.code'])
        .where('un.deleted_at', 'is', null);
      const scope = unitScope(request.principal);
      if (scope) q = q.where(scope);
      if (request.query.keyWord) q = q.where(matchesKeyword(['un.name', 'un.code'], request.query.keyWord));
      if (request.query.kind) q = q.where('un.kind', '=', request.query.kind);
      const rows = await q
        .orderBy('un.kind')
        .orderBy(sql`f_unaccent(un.name)`)
        .limit(100)
        .execute();
      return rows.map((r) => ({ value: r.id, label: r.name, kind: r.kind, code: r.code }));
    },
  );

  const business = z
    .object({
      id: z.string(),
      code: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      address: z.string().nullable(),
      wardCode: z.string().nullable(),
      wardName: z.string().nullable(),
      status: z.enum(['pending', 'active', 'inactive']),
    })
    .nullable();

  async function myUnit(principal: Principal) {
    const unit = await findUnit(principal, principal.unit.id);
    let biz: z.infer<typeof business> = null;
    if (unit.businessId) {
      const b = await app.db
        .selectFrom('business')
        .selectAll()
        .where('id', '=', unit.businessId)
        .executeTakeFirstOrThrow();
      const names = await adminUnitNames(app.db, [b.ward_code]);
      biz = {
        id: b.id,
        code: b.code,
        name: b.name,
        email: b.email,
        phone: b.phone,
        address: b.address,
        wardCode: b.ward_code,
        wardName: b.ward_code ? (names.get(b.ward_code) ?? null) : null,
        status: b.status,
      };
    }
    return { ...unit, business: biz };
  }

  app.get(
    '/api/Unit/my-unit',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['units'],
        summary: 'The signed-in user’s unit (with its employer for employer users)',
        response: { 200: unitItem.extend({ business }) },
      },
    },
    async (request) => myUnit(request.principal!),
  );

  app.put(
    '/api/Unit/my-unit',
    {
      config: { permission: 'Unit.update' },
      schema: {
        tags: ['units'],
        summary: 'Edit one’s own unit’s contact information',
        body: myUnitBody,
        response: { 200: unitItem.extend({ business }) },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const current = await findUnit(principal, principal.unit.id);
      const b = request.body;
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('unit')
          .set({
            ...(current.kind !== 'employer' && b.name ? { name: b.name } : {}),
            address: b.address,
            phone: b.phone,
            email: b.email,
            description: b.description,
            updated_at: new Date(),
          })
          .where('id', '=', current.id)
          .execute();
        await recordAudit(trx, request, {
          action: 'update',
          subject: 'Unit',
          recordId: current.id,
          details: { own: true },
        });
      });
      return myUnit(principal);
    },
  );
};

export default units;
