import { sql } from 'kysely';
import type { Language } from '@portal/domain/i18n';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../catalog/context.ts';
import type { Principal } from '../../platform/access/index.ts';
import { canWriteIn, scopeCondition } from '../../platform/access/scope.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { businessError, fieldError } from './common.ts';

/** Employers as the other records of this domain see them: live, and within the caller's data scope. */

export interface EmployerRef {
  id: string;
  code: string;
  name: string;
  address: string | null;
  wardCode: string | null;
}

/** A live employer the caller can see, or null. */
export async function visibleEmployer(
  db: Executor,
  principal: Principal | null,
  id: string,
): Promise<EmployerRef | null> {
  let q = db
    .selectFrom('business as b')
    .select(['b.id', 'b.code', 'b.name', 'b.address', 'b.ward_code'])
    .where('b.id', '=', id)
    .where('b.deleted_at', 'is', null);
  const scope = scopeCondition(principal, { businessColumn: 'b.id', localUnitColumn: 'b.ward_code' });
  if (scope) q = q.where(scope);
  const row = await q.executeTakeFirst();
  return row ? { id: row.id, code: row.code, name: row.name, address: row.address, wardCode: row.ward_code } : null;
}

/** 404 unless the employer is live and in scope; 403 (field businessId) unless the caller may file records for it. */
export async function assertEmployerInScope(
  db: Db,
  principal: Principal | null,
  businessId: string,
  lang: Language,
): Promise<EmployerRef> {
  const employer = await visibleEmployer(db, principal, businessId);
  if (!employer)
    throw new AppError(400, 'VALIDATION', { details: [fieldError(lang, 'businessId', 'employerNotFound')] });
  if (!(await canWriteIn(db, principal, { businessId })))
    throw businessError(403, 'OUT_OF_SCOPE', { details: [fieldError(lang, 'businessId', 'outOfScope')] });
  return employer;
}

/**
 * The employer's unit (every user belongs to a unit; an employer has exactly one). Created on first need, named
 * after the employer, coded with its tax code unless another unit already holds that code.
 */
export async function ensureEmployerUnit(db: Executor, businessId: string): Promise<string> {
  const existing = await db.selectFrom('unit').select('id').where('business_id', '=', businessId).executeTakeFirst();
  if (existing) return existing.id;
  const b = await db
    .selectFrom('business')
    .select(['code', 'name', 'ward_code', 'address', 'phone', 'email'])
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow();
  const taken = await db
    .selectFrom('unit')
    .select('id')
    .where(sql`lower(code)`, '=', b.code.toLowerCase())
    .executeTakeFirst();
  const row = await db
    .insertInto('unit')
    .values({
      kind: 'employer',
      code: taken ? null : b.code,
      name: b.name,
      business_id: businessId,
      local_unit_code: b.ward_code,
      address: b.address,
      phone: b.phone,
      email: b.email,
    })
    // Two requests creating it together: the unique index on business_id keeps one.
    .onConflict((oc) =>
      oc
        .expression(sql`business_id`)
        .where('business_id', 'is not', null)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (row) return row.id;
  return (await db.selectFrom('unit').select('id').where('business_id', '=', businessId).executeTakeFirstOrThrow()).id;
}

/** Keep an employer's unit named and placed like the employer (the employer record owns those facts). */
export async function syncEmployerUnit(db: Executor, businessId: string): Promise<void> {
  const b = await db
    .selectFrom('business')
    .select(['code', 'name', 'ward_code'])
    .where('id', '=', businessId)
    .executeTakeFirst();
  if (!b) return;
  const unit = await db
    .selectFrom('unit')
    .select(['id', 'code'])
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!unit) return;
  const taken = await db
    .selectFrom('unit')
    .select('id')
    .where(sql`lower(code)`, '=', b.code.toLowerCase())
    .where('id', '<>', unit.id)
    .executeTakeFirst();
  await db
    .updateTable('unit')
    .set({ name: b.name, local_unit_code: b.ward_code, ...(taken ? {} : { code: b.code }), updated_at: new Date() })
    .where('id', '=', unit.id)
    .execute();
}
