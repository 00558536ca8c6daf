import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { PublicViolation, Violation, ViolationInput } from '@portal/domain/businesses/index';
import type { Db } from '../../db/database.ts';
import { matchesKeyword } from '../../db/search.ts';
import type { Principal } from '../../platform/access/index.ts';
import { canWriteIn, scopeCondition } from '../../platform/access/scope.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { listPage, pageRows } from '../../platform/list/index.ts';
import { businessError, fieldError, iso, lang, sideOf } from './common.ts';
import { assertEmployerInScope } from './employers.ts';

/**
 * Violating organisations: kept by the authority (department; communes for their area), read by the employer
 * concerned, and — once published — listed on the public page. An organisation need not be in the portal; when
 * it is, its name, tax code and address are taken from the employer record unless the form gives them.
 */
export const VIOLATION_SUBJECT = 'ViolatingOrganization';

export interface ViolationFilters {
  pageNumber: number;
  pageSize: number;
  keyWord?: string | undefined;
  isPublished?: boolean | undefined;
  businessId?: string | undefined;
  decisionFrom?: string | undefined;
  decisionTo?: string | undefined;
}

function visible(principal: Principal | null): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [sql<SqlBool>`v.deleted_at is null`];
  const scope = scopeCondition(principal, { businessColumn: 'v.business_id', localUnitColumn: 'v.ward_code' });
  if (scope) where.push(scope);
  return where;
}

const columns = [
  'v.id',
  'v.business_id',
  'v.organization_name',
  'v.tax_code',
  'v.address',
  'v.ward_code',
  'w.full_name as ward_name',
  'v.violation_content',
  'v.legal_basis',
  'v.decision_number',
  'v.decision_date',
  'v.fine_amount',
  'v.issued_by',
  'v.remedy',
  'v.is_published',
  'v.published_at',
  'v.created_at',
  'v.updated_at',
] as const;

function base(db: Db) {
  return db.selectFrom('violating_organization as v').leftJoin('admin_unit as w', 'w.id', 'v.ward_code');
}

function toViolation(r: Record<string, unknown>): Violation {
  return {
    id: r.id as string,
    businessId: (r.business_id as string | null) ?? null,
    organizationName: r.organization_name as string,
    taxCode: (r.tax_code as string | null) ?? null,
    address: (r.address as string | null) ?? null,
    wardCode: (r.ward_code as string | null) ?? null,
    wardName: (r.ward_name as string | null) ?? null,
    violationContent: r.violation_content as string,
    legalBasis: (r.legal_basis as string | null) ?? null,
    decisionNumber: (r.decision_number as string | null) ?? null,
    decisionDate: (r.decision_date as string | null) ?? null,
    fineAmount: r.fine_amount == null ? null : Number(r.fine_amount),
    issuedBy: (r.issued_by as string | null) ?? null,
    remedy: (r.remedy as string | null) ?? null,
    isPublished: r.is_published as boolean,
    publishedAt: iso(r.published_at as Date | null),
    createdAt: iso(r.created_at as Date)!,
    updatedAt: iso(r.updated_at as Date)!,
  };
}

function filters(q: ViolationFilters, principal: Principal | null): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (q.isPublished !== undefined) where.push(sql<SqlBool>`v.is_published = ${q.isPublished}`);
  if (q.businessId && sideOf(principal) === 'authority')
    where.push(sql<SqlBool>`v.business_id = ${q.businessId}::uuid`);
  if (q.decisionFrom) where.push(sql<SqlBool>`v.decision_date >= ${q.decisionFrom}::date`);
  if (q.decisionTo) where.push(sql<SqlBool>`v.decision_date <= ${q.decisionTo}::date`);
  if (q.keyWord)
    where.push(
      matchesKeyword(
        ['v.organization_name', 'v.tax_code', 'v.decision_number', 'v.violation_content'],
        q.keyWord,
      ) as Expression<SqlBool>,
    );
  return where;
}

export async function listViolations(
  db: Db,
  principal: Principal | null,
  q: ViolationFilters,
): Promise<{ pageLists: Violation[]; totalRecord: number }> {
  const where = [...visible(principal), ...filters(q, principal)];
  return listPage(
    q,
    base(db)
      .select([...columns])
      .where((eb) => eb.and(where))
      .orderBy(sql`v.decision_date desc nulls last`)
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id'),
    matching(db, where),
    toViolation,
  );
}

function matching(db: Db, where: Expression<SqlBool>[]) {
  return db.selectFrom('violating_organization as v').where((eb) => eb.and(where));
}

export async function findViolation(db: Db, principal: Principal | null, id: string): Promise<Violation> {
  const row = await base(db)
    .select([...columns])
    .where((eb) => eb.and(visible(principal)))
    .where('v.id', '=', id)
    .executeTakeFirst();
  if (!row) throw businessError(404, 'VIOLATION_NOT_FOUND');
  return toViolation(row);
}

/** The published list, for everyone (the public page `/doanh-nghiep-vi-pham`). */
export async function listPublicViolations(
  db: Db,
  q: { pageNumber: number; pageSize: number; keyWord?: string | undefined; year?: number | undefined },
): Promise<{ pageLists: PublicViolation[]; totalRecord: number }> {
  const where: Expression<SqlBool>[] = [sql<SqlBool>`v.deleted_at is null`, sql<SqlBool>`v.is_published`];
  if (q.year) where.push(sql<SqlBool>`extract(year from v.decision_date) = ${q.year}`);
  if (q.keyWord) where.push(matchesKeyword(['v.organization_name', 'v.tax_code'], q.keyWord) as Expression<SqlBool>);
  const { rows, total } = await pageRows(
    q,
    base(db)
      .select([...columns])
      .where((eb) => eb.and(where))
      .orderBy(sql`v.decision_date desc nulls last`)
      .orderBy('v.id'),
    matching(db, where),
  );
  // The employer's public page (`/chi-tiet-doanh-nghiep/{id}`) exists for the portal's active employers only.
  const employerIds = [...new Set(rows.map((r) => r.business_id).filter((id): id is string => !!id))];
  const active = new Set(
    employerIds.length
      ? (
          await db
            .selectFrom('business')
            .select('id')
            .where('id', 'in', employerIds)
            .where('status', '=', 'active')
            .where('deleted_at', 'is', null)
            .execute()
        ).map((b) => b.id)
      : [],
  );
  return {
    pageLists: rows.map((r) => {
      const v = toViolation(r);
      return {
        id: v.id,
        businessId: v.businessId && active.has(v.businessId) ? v.businessId : null,
        organizationName: v.organizationName,
        taxCode: v.taxCode,
        address: v.address,
        wardName: v.wardName,
        violationContent: v.violationContent,
        decisionNumber: v.decisionNumber,
        decisionDate: v.decisionDate,
        fineAmount: v.fineAmount,
        issuedBy: v.issuedBy,
        publishedAt: v.publishedAt,
      };
    }),
    totalRecord: total,
  };
}

/** Values to store: the employer's facts fill what the form left empty; the record must fall in the caller's area. */
async function prepare(request: FastifyRequest, db: Db, input: ViolationInput) {
  const principal = request.principal;
  const l = lang(request);
  if (sideOf(principal) !== 'authority') throw businessError(403, 'AUTHORITY_ONLY');
  const values = { ...input };
  if (input.businessId) {
    const employer = await assertEmployerInScope(db, principal, input.businessId, l);
    values.organizationName ??= employer.name;
    values.taxCode ??= employer.code;
    values.address ??= employer.address;
    values.wardCode ??= employer.wardCode;
  }
  const details = [];
  if (!values.organizationName) details.push(fieldError(l, 'organizationName', 'required'));
  if (values.wardCode) {
    const ward = await db.selectFrom('admin_unit').select('id').where('id', '=', values.wardCode).executeTakeFirst();
    if (!ward) details.push(fieldError(l, 'wardCode', 'wardNotFound'));
  }
  if (details.length) throw new AppError(400, 'VALIDATION', { details });
  // A commune keeps the violations of its own area only (the record's ward decides who sees it).
  if (!(await canWriteIn(db, principal, { localUnitCode: values.wardCode }))) {
    throw businessError(403, 'OUT_OF_SCOPE', { details: [fieldError(l, 'wardCode', 'outOfScope')] });
  }
  return values;
}

function columnsOf(v: ViolationInput) {
  return {
    business_id: v.businessId ?? null,
    organization_name: v.organizationName!,
    tax_code: v.taxCode,
    address: v.address,
    ward_code: v.wardCode,
    violation_content: v.violationContent,
    legal_basis: v.legalBasis,
    decision_number: v.decisionNumber,
    decision_date: v.decisionDate,
    fine_amount: v.fineAmount,
    issued_by: v.issuedBy,
    remedy: v.remedy,
    is_published: v.isPublished,
  };
}

export async function createViolation(request: FastifyRequest, db: Db, input: ViolationInput): Promise<Violation> {
  const principal = request.principal;
  const values = await prepare(request, db, input);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('violating_organization')
      .values({
        ...columnsOf(values),
        published_at: values.isPublished ? sql<Date>`now()` : null,
        created_by: principal?.userId ?? null,
        updated_by: principal?.userId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, request, {
      action: 'create',
      subject: VIOLATION_SUBJECT,
      recordId: row.id,
      details: { name: values.organizationName },
    });
    return row.id;
  });
  return findViolation(db, principal, id);
}

export async function updateViolation(
  request: FastifyRequest,
  db: Db,
  id: string,
  input: ViolationInput,
): Promise<Violation> {
  const principal = request.principal;
  const current = await findViolation(db, principal, id);
  const values = await prepare(request, db, input);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('violating_organization')
      .set({
        ...columnsOf(values),
        // First publication is dated; unpublishing clears it.
        published_at: values.isPublished
          ? current.publishedAt
            ? new Date(current.publishedAt)
            : sql<Date>`now()`
          : null,
        updated_at: sql<Date>`now()`,
        updated_by: principal?.userId ?? null,
      })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, request, { action: 'update', subject: VIOLATION_SUBJECT, recordId: id });
  });
  return findViolation(db, principal, id);
}

export async function deleteViolations(request: FastifyRequest, db: Db, ids: string[]): Promise<number> {
  const principal = request.principal;
  if (sideOf(principal) !== 'authority') throw businessError(403, 'AUTHORITY_ONLY');
  for (const id of ids) await findViolation(db, principal, id);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('violating_organization')
      .set({ deleted_at: sql<Date>`now()`, deleted_by: principal?.userId ?? null })
      .where('id', 'in', ids)
      .execute();
    await recordAudit(trx, request, { action: 'delete', subject: VIOLATION_SUBJECT, details: { ids } });
  });
  return ids.length;
}
