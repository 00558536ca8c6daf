import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import { dueStateOf, DUE_STATES, EQUIPMENT_STATUSES } from '@portal/domain/equipment/rules';
import type { Executor } from '../../catalog/context.ts';
import { matchesKeyword } from '../../db/search.ts';
import { sqlPage, type Page } from '../../platform/list/index.ts';
import { clock } from '../../platform/clock/index.ts';
import { errorBodySchema, notFound } from '../../platform/errors/app-error.ts';
import { pageOf } from '@portal/domain/paging';

/**
 * What anyone may look up without signing in (Law 84/2015 Art 31: machines must be inspected; inspectors are
 * accredited): a machine by its certificate or stamp number, or by the code in the QR of its declaration's
 * confirmation; the accredited inspectors and organisations. Never personal data: the employer's name is the
 * organisation's, the machine is described by its type and serial, nothing about people.
 */

export const publicMachine = z.object({
  code: z.string(),
  typeName: z.string(),
  serialNumber: z.string(),
  /** The employer's public page (`/chi-tiet-doanh-nghiep/{id}`). */
  businessId: z.string(),
  businessName: z.string(),
  status: z.enum(EQUIPMENT_STATUSES),
  lastInspectionDate: z.string().nullable(),
  lastResult: z.enum(['pass', 'fail']).nullable(),
  validUntil: z.string().nullable(),
  dueState: z.enum(DUE_STATES),
  certificateNumber: z.string().nullable(),
  stampNumber: z.string().nullable(),
  declarationNumber: z.string().nullable(),
});
export type PublicMachine = z.infer<typeof publicMachine>;

const answer = z.object({ items: z.array(publicMachine) });
const errors = { 400: errorBodySchema, 404: errorBodySchema };

interface MachineRow {
  public_code: string;
  type_name: string;
  serial_number: string;
  business_id: string;
  business_name: string;
  status: PublicMachine['status'];
  last_inspection_date: string | null;
  last_result: 'pass' | 'fail' | null;
  next_due_date: string | null;
  last_certificate_number: string | null;
  last_stamp_number: string | null;
  declaration_number: string | null;
}

const machineColumns = sql`e.public_code, t.name as type_name, e.serial_number, b.id as business_id, b.name as business_name, e.status,
  e.last_inspection_date::text, e.last_result, e.next_due_date::text, e.last_certificate_number, e.last_stamp_number,
  e.declaration_number`;

function toPublic(r: MachineRow, today: string): PublicMachine {
  return {
    code: r.public_code,
    typeName: r.type_name,
    serialNumber: r.serial_number,
    businessId: r.business_id,
    businessName: r.business_name,
    status: r.status,
    lastInspectionDate: r.last_inspection_date,
    lastResult: r.last_result,
    validUntil: r.last_result === 'fail' ? null : r.next_due_date,
    // A machine out of use or scrapped is not "overdue": it must not be used at all.
    dueState: r.status === 'inUse' ? dueStateOf(r.last_result === 'fail' ? null : r.next_due_date, today) : 'none',
    certificateNumber: r.last_certificate_number,
    stampNumber: r.last_stamp_number,
    declarationNumber: r.declaration_number,
  };
}

/**
 * Machines by a certificate or stamp number (any of their certificates, the latest state of the machine). The
 * certificate number is matched through its unique index (lower case), the stamp number exactly as printed.
 */
export async function lookupByNumber(db: Executor, number: string, today = clock.today()): Promise<PublicMachine[]> {
  const rows = await sql<MachineRow>`select ${machineColumns}
    from equipment e
    join index_equipment t on t.id = e.index_equipment_id
    join business b on b.id = e.business_id
    where e.deleted_at is null and e.id in (
      (select i.equipment_id from equipment_inspection i
        where lower(i.certificate_number) = lower(${number}) and i.deleted_at is null limit 20)
      union
      (select i.equipment_id from equipment_inspection i
        where i.stamp_number in (${number}, upper(${number})) and i.deleted_at is null limit 20))
    order by e.public_code limit 20`.execute(db);
  return rows.rows.map((r) => toPublic(r, today));
}

/** The machines a QR names: one machine's code, or a confirmed declaration's (all its machines). */
export async function lookupByCode(db: Executor, code: string, today = clock.today()): Promise<PublicMachine[]> {
  const rows = await sql<MachineRow>`select ${machineColumns}
    from equipment e
    join index_equipment t on t.id = e.index_equipment_id
    join business b on b.id = e.business_id
    where e.deleted_at is null and (e.public_code = ${code} or e.id in (
      select it.equipment_id from equipment_declaration d join equipment_declaration_item it on it.declaration_id = d.id
      where d.public_code = ${code} and d.status = 'confirmed' and d.deleted_at is null))
    order by e.code limit 200`.execute(db);
  return rows.rows.map((r) => toPublic(r, today));
}

const publicInspector = z.object({
  fullName: z.string(),
  accreditationNumber: z.string(),
  organizationName: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  equipmentTypes: z.string(),
  valid: z.boolean(),
});
const publicOrganization = z.object({
  name: z.string(),
  accreditationNumber: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  equipmentTypes: z.string(),
  valid: z.boolean(),
});
const pagingQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyWord: z.string().trim().max(200).optional(),
  /** Only those whose accreditation is in force today. */
  validOnly: z.enum(['true', 'false']).optional(),
});
type PagingQuery = z.infer<typeof pagingQuery>;

/** A page of a public list, as the API answers it. */
async function page<T>(db: Executor, q: PagingQuery, query: Parameters<typeof sqlPage>[2]): Promise<Page<T>> {
  const { rows, total } = await sqlPage<T>(db, q, query);
  return { pageLists: rows, totalRecord: total };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Equipment'];
  app.get(
    '/api/Equipment/public/lookup',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags,
        summary: 'Public look-up of machines by certificate or stamp number (no personal data)',
        querystring: z.object({ number: z.string().trim().min(2).max(100) }),
        response: { 200: answer, ...errors },
      },
    },
    async (request) => ({ items: await lookupByNumber(app.db, request.query.number) }),
  );
  app.get(
    '/api/Equipment/public/:code',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags,
        summary: "The public page a confirmation's QR opens: the machine(s) it names, with their inspection status",
        params: z.object({ code: z.string().regex(/^[A-Z2-9]{10}$/) }),
        response: { 200: answer, ...errors },
      },
    },
    async (request) => {
      const items = await lookupByCode(app.db, request.params.code);
      if (!items.length) throw notFound();
      return { items };
    },
  );

  app.get(
    '/api/Inspector/public-list',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags: ['Inspector'],
        summary: 'The accredited inspectors, for the public list (name, accreditation, organisation, validity)',
        querystring: pagingQuery,
        response: { 200: pageOf(publicInspector), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const today = clock.today();
      const where: Expression<SqlBool>[] = [sql<SqlBool>`i.deleted_at is null`];
      if (q.keyWord)
        where.push(
          matchesKeyword(['i.full_name', 'i.accreditation_number', 'o.name'], q.keyWord) as Expression<SqlBool>,
        );
      if (q.validOnly === 'true')
        where.push(sql<SqlBool>`i.valid_from <= ${today}::date and i.valid_to >= ${today}::date`);
      return page<z.infer<typeof publicInspector>>(app.db, q, {
        select: sql`i.full_name as "fullName", i.accreditation_number as "accreditationNumber", o.name as "organizationName",
          i.valid_from::text as "validFrom", i.valid_to::text as "validTo", i.equipment_types as "equipmentTypes",
          (i.valid_from <= ${today}::date and i.valid_to >= ${today}::date) as valid`,
        from: sql`inspector i join inspection_organization o on o.id = i.organization_id`,
        where,
        order: sql`i.full_name, i.id`,
      });
    },
  );

  app.get(
    '/api/InspectionOrganization/public-list',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags: ['InspectionOrganization'],
        summary: 'The accredited inspection organisations, for the public list',
        querystring: pagingQuery,
        response: { 200: pageOf(publicOrganization), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const today = clock.today();
      const where: Expression<SqlBool>[] = [sql<SqlBool>`o.deleted_at is null`];
      if (q.keyWord) where.push(matchesKeyword(['o.name', 'o.accreditation_number'], q.keyWord) as Expression<SqlBool>);
      if (q.validOnly === 'true')
        where.push(sql<SqlBool>`o.valid_from <= ${today}::date and o.valid_to >= ${today}::date`);
      return page<z.infer<typeof publicOrganization>>(app.db, q, {
        select: sql`o.name, o.accreditation_number as "accreditationNumber", o.address, o.phone,
          o.valid_from::text as "validFrom", o.valid_to::text as "validTo", o.equipment_types as "equipmentTypes",
          (o.valid_from <= ${today}::date and o.valid_to >= ${today}::date) as valid`,
        from: sql`inspection_organization o`,
        where,
        order: sql`o.name, o.id`,
      });
    },
  );
};

export default routes;
