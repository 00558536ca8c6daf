import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DeclarationItem, DeclarationListQuery, DeclarationSummary } from '@portal/domain/equipment/schemas';
import type { DeclarationStatus } from '@portal/domain/equipment/state';
import type { Executor } from '../../../catalog/context.ts';
import { matchesKeyword } from '../../../db/search.ts';
import { sqlPage } from '../../../platform/list/index.ts';
import { visibleTo, type Caller } from './access.ts';

/** A declaration as lists and the detail read it (dates as text, times as Date). */
export interface DeclarationRow {
  id: string;
  status: DeclarationStatus;
  business_id: string;
  business_name: string;
  business_code: string | null;
  business_address: string | null;
  number: string | null;
  number_year: number | null;
  public_code: string | null;
  declared_on: string | null;
  due_by: string | null;
  late: boolean;
  item_count: number;
  submitted_at: Date | null;
  decided_at: Date | null;
  decided_by_name: string | null;
  created_at: Date;
  created_by: string | null;
  updated_at: Date;
  version: number;
  contact_name: string | null;
  contact_phone: string | null;
  note: string | null;
  file_id: string | null;
  refuse_reason: string | null;
}

const selection = sql`d.id, d.status, d.business_id, b.name as business_name, b.code as business_code,
  b.address as business_address, d.number, d.number_year, d.public_code, d.declared_on::text as declared_on,
  d.due_by::text as due_by, d.late, d.submitted_at, d.decided_at, d.decided_by_name, d.created_at, d.created_by,
  d.updated_at, d.version, d.contact_name, d.contact_phone, d.note, d.file_id, d.refuse_reason,
  (select count(*)::int from equipment_declaration_item i where i.declaration_id = d.id) as item_count`;

const from = sql`equipment_declaration d join business b on b.id = d.business_id`;

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export function toSummary(r: DeclarationRow): DeclarationSummary {
  return {
    id: r.id,
    status: r.status,
    businessId: r.business_id,
    businessName: r.business_name,
    number: r.number,
    publicCode: r.public_code,
    declaredOn: r.declared_on,
    dueBy: r.due_by,
    late: !!r.late,
    itemCount: Number(r.item_count),
    submittedAt: iso(r.submitted_at),
    decidedAt: iso(r.decided_at),
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    version: Number(r.version),
  };
}

const SORTS: Record<NonNullable<DeclarationListQuery['sortField']>, RawBuilder<unknown>> = {
  updatedAt: sql`d.updated_at`,
  createdAt: sql`d.created_at`,
  declaredOn: sql`d.declared_on`,
  dueBy: sql`d.due_by`,
  number: sql`d.number`,
  businessName: sql`b.name`,
};

function listConditions(caller: Caller, q: Partial<DeclarationListQuery>): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [visibleTo(caller)];
  if (q.keyWord)
    where.push(matchesKeyword([sql.ref('b.name'), sql`coalesce(d.number, '')`, sql.ref('b.code')], q.keyWord));
  if (q.status) where.push(sql<SqlBool>`d.status = ${q.status}`);
  if (q.late) where.push(sql<SqlBool>`d.late = ${q.late === 'true'}`);
  if (q.businessId) where.push(sql<SqlBool>`d.business_id = ${q.businessId}`);
  return where;
}

export async function listDeclarations(
  db: Executor,
  caller: Caller,
  q: DeclarationListQuery,
): Promise<{ pageLists: DeclarationSummary[]; totalRecord: number }> {
  const ascending = q.sortOrder === 'asc' || q.sortOrder === 'ascend';
  const sort = SORTS[q.sortField ?? 'updatedAt'];
  const page = await sqlPage<DeclarationRow>(db, q, {
    select: selection,
    from,
    where: listConditions(caller, q),
    order: sql`${sort} ${ascending ? sql`asc` : sql`desc`} nulls last, d.id`,
  });
  return { pageLists: page.rows.map(toSummary), totalRecord: page.total };
}

/** One visible declaration, or undefined (absent and out of scope look the same). */
export async function findDeclaration(db: Executor, caller: Caller, id: string): Promise<DeclarationRow | undefined> {
  const r =
    await sql<DeclarationRow>`select ${selection} from ${from} where d.id = ${id} and ${visibleTo(caller)}`.execute(db);
  return r.rows[0];
}

/** Lock a visible declaration for a change (concurrent reviewers queue here), then read it. */
export async function lockDeclaration(db: Executor, caller: Caller, id: string): Promise<DeclarationRow | undefined> {
  const locked = await sql<{
    id: string;
  }>`select d.id from equipment_declaration d where d.id = ${id} and ${visibleTo(caller)} for update`.execute(db);
  if (!locked.rows[0]) return undefined;
  return findDeclaration(db, caller, id);
}

interface ItemRow {
  position: number;
  equipment_id: string;
  code: string | null;
  name: string | null;
  type_code: string | null;
  type_name: string | null;
  serial_number: string | null;
  capacity: string | null;
  first_use_date: string | null;
  certificate_id: string | null;
  certificate_number: string | null;
  inspection_date: string | null;
  result: string | null;
  due_date: string | null;
}

export async function itemsOf(db: Executor, declarationId: string): Promise<DeclarationItem[]> {
  const rows = await sql<ItemRow>`select i.position, i.equipment_id, e.code, e.name, t.code as type_code,
      t.name as type_name, e.serial_number, e.capacity, e.first_use_date::text as first_use_date, i.certificate_id,
      c.certificate_number, c.inspection_date::text as inspection_date, c.result, c.due_date::text as due_date
    from equipment_declaration_item i
    join equipment e on e.id = i.equipment_id
    left join index_equipment t on t.id = e.index_equipment_id
    left join equipment_inspection c on c.id = i.certificate_id
    where i.declaration_id = ${declarationId}
    order by i.position, i.equipment_id`.execute(db);
  return rows.rows.map((r) => ({
    position: Number(r.position),
    equipmentId: r.equipment_id,
    code: r.code,
    name: r.name,
    typeCode: r.type_code,
    typeName: r.type_name,
    serialNumber: r.serial_number,
    capacity: r.capacity,
    firstUseDate: r.first_use_date,
    certificateId: r.certificate_id,
    certificateNumber: r.certificate_number,
    inspectionDate: r.inspection_date,
    result: r.result,
    dueDate: r.due_date,
  }));
}

/**
 * What a machine's declarations make of it: confirmed over submitted over refused (drafts count for nothing),
 * and the number of its confirmed declaration. Called after every move, delete and edit of a declaration.
 */
export async function refreshMachineDeclarations(db: Executor, machineIds: readonly string[]): Promise<void> {
  const ids = [...new Set(machineIds)];
  if (!ids.length) return;
  await sql`update equipment e set declaration_status = coalesce(s.status, 'none'), declaration_number = s.number
    from (select m.id,
            (select d.status from equipment_declaration_item i join equipment_declaration d on d.id = i.declaration_id
              where i.equipment_id = m.id and d.deleted_at is null and d.status <> 'draft'
              order by case d.status when 'confirmed' then 0 when 'submitted' then 1 else 2 end, d.updated_at desc
              limit 1) as status,
            (select d.number from equipment_declaration_item i join equipment_declaration d on d.id = i.declaration_id
              where i.equipment_id = m.id and d.deleted_at is null and d.status = 'confirmed'
              order by d.decided_at desc limit 1) as number
          from unnest(${sql.val(ids)}::uuid[]) as m(id)) s
    where e.id = s.id`.execute(db);
}
