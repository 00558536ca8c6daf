import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { BusinessSectorLink } from '@portal/domain/businesses/index';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../catalog/context.ts';
import { matchesKeyword } from '../../db/search.ts';
import type { Principal } from '../../platform/access/index.ts';
import { canWriteIn } from '../../platform/access/scope.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { businessError, fieldError, lang } from './common.ts';
import { visibleEmployer } from './employers.ts';

/** The sectors an employer works in (many of the sector tree's nodes; one of them may be the main one). */
export const BUSINESS_SUBJECT = 'Bussiness';

async function employerOr404(db: Db, principal: Principal | null, businessId: string) {
  const employer = await visibleEmployer(db, principal, businessId);
  if (!employer) throw businessError(404, 'EMPLOYER_NOT_FOUND');
  return employer;
}

export async function sectorsOf(
  db: Db,
  principal: Principal | null,
  businessId: string,
): Promise<BusinessSectorLink[]> {
  await employerOr404(db, principal, businessId);
  const rows = await db
    .selectFrom('business_sector_link as l')
    .innerJoin('bussiness_sector as s', 's.id', 'l.sector_id')
    .select(['s.id', 's.code', 's.name', 's.parent_id', 'l.is_main'])
    .where('l.business_id', '=', businessId)
    .where('s.deleted_at', 'is', null)
    .orderBy('l.is_main', 'desc')
    .orderBy('s.code')
    .execute();
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, parentId: r.parent_id, isMain: r.is_main }));
}

/** Sectors the employer does not have yet (for the add picker), accent-insensitive on code and name. */
export async function sectorsNotRegistered(
  db: Db,
  principal: Principal | null,
  businessId: string,
  q: { keyWord?: string | undefined; take: number },
): Promise<Omit<BusinessSectorLink, 'isMain'>[]> {
  await employerOr404(db, principal, businessId);
  let query = db
    .selectFrom('bussiness_sector as s')
    .select(['s.id', 's.code', 's.name', 's.parent_id'])
    .where('s.deleted_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('business_sector_link as l')
            .select(sql`1`.as('x'))
            .whereRef('l.sector_id', '=', 's.id')
            .where('l.business_id', '=', businessId),
        ),
      ),
    );
  if (q.keyWord) query = query.where(matchesKeyword(['s.code', 's.name'], q.keyWord));
  const rows = await query.orderBy('s.code').limit(q.take).execute();
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, parentId: r.parent_id }));
}

async function writableEmployer(request: FastifyRequest, db: Db, businessId: string) {
  await employerOr404(db, request.principal, businessId);
  if (!(await canWriteIn(db, request.principal, { businessId }))) throw businessError(403, 'OUT_OF_SCOPE');
}

export async function addSectors(
  request: FastifyRequest,
  db: Db,
  input: { bussinessId: string; sectorIds: string[]; mainSectorId?: string | null | undefined },
): Promise<BusinessSectorLink[]> {
  const businessId = input.bussinessId;
  await writableEmployer(request, db, businessId);
  const ids = [...new Set(input.sectorIds)];
  const found = await db
    .selectFrom('bussiness_sector')
    .select('id')
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) {
    throw new AppError(400, 'VALIDATION', {
      details: missing.map((id) => ({ ...fieldError(lang(request), 'sectorIds', 'sectorNotFound'), code: id })),
    });
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('business_sector_link')
      .values(
        ids.map((id) => ({ business_id: businessId, sector_id: id, created_by: request.principal?.userId ?? null })),
      )
      .onConflict((oc) => oc.columns(['business_id', 'sector_id']).doNothing())
      .execute();
    if (input.mainSectorId) await setMain(trx, request, businessId, input.mainSectorId);
    await recordAudit(trx, request, {
      action: 'add_sector',
      subject: BUSINESS_SUBJECT,
      recordId: businessId,
      details: { sectorIds: ids },
    });
  });
  return sectorsOf(db, request.principal, businessId);
}

async function setMain(db: Executor, request: FastifyRequest, businessId: string, sectorId: string) {
  const linked = await db
    .selectFrom('business_sector_link')
    .select('sector_id')
    .where('business_id', '=', businessId)
    .where('sector_id', '=', sectorId)
    .executeTakeFirst();
  if (!linked)
    throw new AppError(400, 'VALIDATION', {
      details: [fieldError(lang(request), 'mainSectorId', 'mainSectorNotLinked')],
    });
  await db
    .updateTable('business_sector_link')
    .set({ is_main: false })
    .where('business_id', '=', businessId)
    .where('is_main', '=', true)
    .execute();
  await db
    .updateTable('business_sector_link')
    .set({ is_main: true })
    .where('business_id', '=', businessId)
    .where('sector_id', '=', sectorId)
    .execute();
}

export async function deleteSectors(
  request: FastifyRequest,
  db: Db,
  input: { bussinessId: string; ids: string[] },
): Promise<BusinessSectorLink[]> {
  const businessId = input.bussinessId;
  await writableEmployer(request, db, businessId);
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('business_sector_link')
      .where('business_id', '=', businessId)
      .where('sector_id', 'in', input.ids)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) !== new Set(input.ids).size) throw businessError(404, 'SECTOR_NOT_LINKED');
    await recordAudit(trx, request, {
      action: 'delete_sector',
      subject: BUSINESS_SUBJECT,
      recordId: businessId,
      details: { sectorIds: input.ids },
    });
  });
  return sectorsOf(db, request.principal, businessId);
}
