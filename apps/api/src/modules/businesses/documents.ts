import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import {
  directionOfBox,
  type DocumentBox,
  type DocumentDirection,
  type DocumentInput,
  type DocumentType,
  type OfficialDocument,
} from '@portal/domain/businesses/index';
import type { Db } from '../../db/database.ts';
import { matchesKeyword } from '../../db/search.ts';
import type { Principal } from '../../platform/access/index.ts';
import { actorName } from '../../platform/access/actor-name.ts';
import { scopeCondition } from '../../platform/access/scope.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { listPage } from '../../platform/list/index.ts';
import { assertEmployerInScope } from './employers.ts';
import { businessError, dateRange, fieldError, iso, lang, ownBusiness, sideOf, type Side } from './common.ts';

/**
 * Official documents between the authority and employers ("văn bản đến / đi"). Each has a direction; the side
 * that writes it (an employer to the authority, the authority to an employer) edits and deletes it, the other
 * side reads it, and its first reading is recorded. Employers see only their own; communes those of the
 * employers in their area.
 */
export const DOCUMENT_SUBJECT = 'OfficialDocument';

export interface DocumentFilters {
  pageNumber: number;
  pageSize: number;
  keyWord?: string | undefined;
  box?: DocumentBox | undefined;
  documentType?: DocumentType | undefined;
  businessId?: string | undefined;
  issuedFrom?: string | undefined;
  issuedTo?: string | undefined;
  unseen?: boolean | undefined;
}

/** The side that writes documents of this direction. */
const authorOf = (direction: DocumentDirection): Side => (direction === 'toAuthority' ? 'employer' : 'authority');

function visible(principal: Principal | null): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [sql<SqlBool>`d.deleted_at is null`];
  const scope = scopeCondition(principal, { businessColumn: 'd.business_id' });
  if (scope) where.push(scope);
  return where;
}

function select(db: Db, principal: Principal | null) {
  return db
    .selectFrom('official_document as d')
    .innerJoin('business as b', 'b.id', 'd.business_id')
    .where((eb) => eb.and(visible(principal)))
    .select([
      'd.id',
      'd.direction',
      'd.business_id',
      'b.name as business_name',
      'b.code as business_code',
      'd.number',
      'd.document_type',
      'd.issued_on',
      'd.subject',
      'd.signer',
      'd.due_date',
      'd.note',
      'd.seen_at',
      'd.created_at',
      'd.updated_at',
      'd.created_by_name',
      sql<number>`(select count(*)::int from business_record_file f where f.owner_type = 'document' and f.owner_id = d.id)`.as(
        'file_count',
      ),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

function toDocument(r: Row, side: Side): OfficialDocument {
  return {
    id: r.id,
    direction: r.direction,
    businessId: r.business_id,
    businessName: r.business_name,
    businessCode: r.business_code,
    number: r.number,
    documentType: r.document_type,
    issuedOn: r.issued_on,
    subject: r.subject,
    signer: r.signer,
    dueDate: r.due_date,
    note: r.note,
    seenAt: iso(r.seen_at),
    fileCount: Number(r.file_count),
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    createdByName: r.created_by_name,
    editable: authorOf(r.direction) === side,
  };
}

export async function listDocuments(
  db: Db,
  principal: Principal | null,
  q: DocumentFilters,
): Promise<{ pageLists: OfficialDocument[]; totalRecord: number }> {
  const side = sideOf(principal);
  const where: Expression<SqlBool>[] = [];
  if (q.box) where.push(sql<SqlBool>`d.direction = ${directionOfBox(q.box, side)}`);
  if (q.documentType) where.push(sql<SqlBool>`d.document_type = ${q.documentType}`);
  if (q.businessId && side === 'authority') where.push(sql<SqlBool>`d.business_id = ${q.businessId}::uuid`);
  if (q.unseen) where.push(sql<SqlBool>`d.seen_at is null`);
  where.push(...dateRange('d.issued_on', q.issuedFrom, q.issuedTo));
  if (q.keyWord)
    where.push(matchesKeyword(['d.subject', 'd.number', 'b.name', 'b.code'], q.keyWord) as Expression<SqlBool>);
  return listPage(
    q,
    select(db, principal)
      .where((eb) => eb.and(where))
      .orderBy('d.issued_on', 'desc')
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id'),
    db
      .selectFrom('official_document as d')
      .innerJoin('business as b', 'b.id', 'd.business_id')
      .where((eb) => eb.and([...visible(principal), ...where])),
    (r) => toDocument(r, side),
  );
}

/** A live document the caller may see, or 404 (another employer's documents are not revealed). */
export async function findDocument(db: Db, principal: Principal | null, id: string): Promise<OfficialDocument> {
  const row = await select(db, principal).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw businessError(404, 'DOCUMENT_NOT_FOUND');
  return toDocument(row, sideOf(principal));
}

/** Opening a document the caller's side received records its first reading. */
export async function openDocument(db: Db, principal: Principal | null, id: string): Promise<OfficialDocument> {
  const doc = await findDocument(db, principal, id);
  if (!doc.editable && !doc.seenAt && principal) {
    await db
      .updateTable('official_document')
      .set({ seen_at: sql<Date>`now()`, seen_by: principal.userId })
      .where('id', '=', id)
      .where('seen_at', 'is', null)
      .execute();
    return findDocument(db, principal, id);
  }
  return doc;
}

/** The document must be written by the caller's side to change it. */
export async function findEditableDocument(db: Db, principal: Principal | null, id: string): Promise<OfficialDocument> {
  const doc = await findDocument(db, principal, id);
  if (!doc.editable) throw businessError(403, 'DOCUMENT_NOT_EDITABLE');
  return doc;
}

async function checkInput(request: FastifyRequest, db: Db, input: DocumentInput): Promise<string> {
  const principal = request.principal;
  const l = lang(request);
  const own = ownBusiness(principal);
  const details = [];
  if (input.dueDate && input.dueDate < input.issuedOn) details.push(fieldError(l, 'dueDate', 'dueBeforeIssued'));
  // An employer always writes for itself; the authority names the employer, within its scope.
  const businessId = own ?? input.businessId ?? null;
  if (!businessId) details.push(fieldError(l, 'businessId', 'required'));
  if (details.length) throw new AppError(400, 'VALIDATION', { details });
  if (!own) await assertEmployerInScope(db, principal, businessId!, l);
  return businessId!;
}

export async function createDocument(request: FastifyRequest, db: Db, input: DocumentInput): Promise<OfficialDocument> {
  const principal = request.principal;
  const businessId = await checkInput(request, db, input);
  const direction: DocumentDirection = sideOf(principal) === 'employer' ? 'toAuthority' : 'toEmployer';
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('official_document')
      .values({
        direction,
        business_id: businessId,
        number: input.number,
        document_type: input.documentType,
        issued_on: input.issuedOn,
        subject: input.subject,
        signer: input.signer,
        due_date: input.dueDate,
        note: input.note,
        created_by: principal?.userId ?? null,
        created_by_name: actorName(principal),
        updated_by: principal?.userId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, request, {
      action: 'create',
      subject: DOCUMENT_SUBJECT,
      recordId: row.id,
      details: { direction, number: input.number },
    });
    return row.id;
  });
  return findDocument(db, principal, id);
}

export async function updateDocument(
  request: FastifyRequest,
  db: Db,
  id: string,
  input: DocumentInput,
): Promise<OfficialDocument> {
  const principal = request.principal;
  await findEditableDocument(db, principal, id);
  const businessId = await checkInput(request, db, input);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('official_document')
      .set({
        business_id: businessId,
        number: input.number,
        document_type: input.documentType,
        issued_on: input.issuedOn,
        subject: input.subject,
        signer: input.signer,
        due_date: input.dueDate,
        note: input.note,
        updated_at: sql<Date>`now()`,
        updated_by: principal?.userId ?? null,
      })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, request, { action: 'update', subject: DOCUMENT_SUBJECT, recordId: id });
  });
  return findDocument(db, principal, id);
}

/** Soft delete; all or nothing, only documents the caller's side wrote. */
export async function deleteDocuments(request: FastifyRequest, db: Db, ids: string[]): Promise<number> {
  const principal = request.principal;
  for (const id of ids) await findEditableDocument(db, principal, id);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('official_document')
      .set({ deleted_at: sql<Date>`now()`, deleted_by: principal?.userId ?? null })
      .where('id', 'in', ids)
      .execute();
    await recordAudit(trx, request, { action: 'delete', subject: DOCUMENT_SUBJECT, details: { ids } });
  });
  return ids.length;
}
