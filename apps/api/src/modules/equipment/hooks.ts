import { randomBytes } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import { accreditationGap, intervalFor, nextDueDate, parseTypeCodes } from '@portal/domain/equipment/rules';
import { translator, type Executor, type OpContext } from '../../catalog/context.ts';
import { catalogueHook, type CatalogueHookEntry, validityPeriodHooks } from '../../catalog/hooks.ts';
import { assertOwnerThroughParent } from '../../catalog/scope.ts';
import { clock } from '../../platform/clock/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { recordMachineEvent } from './history.ts';
import { intervalRules } from './reference.ts';

/**
 * The equipment domain's rules on its catalogue areas (machines, certificates, inspectors, organisations and the
 * dated reference rows), run inside the catalogue operation's transaction for forms, imports and seeds alike.
 */

type FieldErrors = { field: string; code: string; message: string }[];
const refuse = (details: FieldErrors) => {
  if (details.length) throw new AppError(400, 'VALIDATION', { details });
};

/** A code for the public look-up page: short, unguessable, unambiguous when read aloud (no 0/O, 1/I). */
export function newPublicCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

// ------------------------------------------------------------------------------------------ dated reference rows

const validityRules = validityPeriodHooks(
  ['legalDeadline', 'devicesTestedForSafety', 'inspectionOrganization', 'inspector', 'indexEquipment'],
  'equipment:errors.validToBeforeFrom',
);

// -------------------------------------------------------------------- accreditation: the types covered, as codes

async function knownTypeCodes(db: Executor, codes: string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await sql<{ code: string }>`select upper(code) as code from index_equipment
    where deleted_at is null and upper(code) in (${sql.join(codes)})`.execute(db);
  return new Set(rows.rows.map((r) => r.code));
}

const accreditationRules = ['inspectionOrganization', 'inspector'].map((key) =>
  catalogueHook(key, {
    async beforeChange({ ctx, data }) {
      if (data.equipmentTypes === undefined) return;
      const codes = parseTypeCodes(data.equipmentTypes as string | null);
      const known = await knownTypeCodes(ctx.db, codes);
      const unknown = codes.filter((c) => !known.has(c));
      const t = translator(ctx);
      if (!codes.length)
        refuse([{ field: 'equipmentTypes', code: 'required', message: t('catalog:validation.required') }]);
      if (unknown.length)
        refuse([
          {
            field: 'equipmentTypes',
            code: 'reference',
            message: t('equipment:errors.unknownTypeCodes', { codes: unknown.join(', ') }),
          },
        ]);
      return { ...data, equipmentTypes: codes.join(', ') };
    },
  }),
);

// ------------------------------------------------------------------------------------------------------ machines

const equipmentRules = catalogueHook('equipment', {
  async beforeChange({ ctx, operation, data, original }) {
    const out = { ...data };
    // Every machine is some employer's: the department and communes name it (an employer user's is forced).
    if (operation === 'create' && !out.businessId && !ctx.system)
      refuse([{ field: 'businessId', code: 'required', message: translator(ctx)('catalog:validation.required') }]);
    if (operation === 'create') {
      out.publicCode = newPublicCode();
      out.declarationStatus = 'none';
    }
    // Where the machine is used: the employer's commune unless said otherwise.
    if (out.wardId == null && (operation === 'create' || 'wardId' in data) && out.businessId) {
      const ward = await sql<{
        ward_code: string | null;
      }>`select ward_code from business where id = ${out.businessId as string}::uuid`.execute(ctx.db);
      out.wardId = ward.rows[0]?.ward_code ?? null;
    }
    const year = out.manufactureYear as number | null | undefined;
    const firstUse = out.firstUseDate as string | null | undefined;
    const t = translator(ctx);
    const errors: FieldErrors = [];
    if (year && year > Number(clock.today().slice(0, 4)))
      errors.push({ field: 'manufactureYear', code: 'future', message: t('equipment:errors.yearInFuture') });
    if (firstUse && year && Number(firstUse.slice(0, 4)) < year)
      errors.push({ field: 'firstUseDate', code: 'range', message: t('equipment:errors.firstUseBeforeMade') });
    refuse(errors);
    // An update's history entry is written here, where the original is known, in the same transaction as the
    // update (a refused update leaves none); a new machine's once it has its id.
    if (original) {
      const changed = 'status' in data && data.status !== original.status;
      await recordMachineEvent(
        ctx.db,
        original.id,
        changed ? 'statusChanged' : 'updated',
        changed ? { from: original.status, to: data.status } : null,
        ctx.principal,
      );
    }
    return out;
  },
  async afterChange({ ctx, operation, record }) {
    if (operation === 'create')
      await recordMachineEvent(ctx.db, record.id, 'registered', { code: record.code }, ctx.principal);
  },
});

// -------------------------------------------------------------------------------------------------- certificates

interface MachineFacts {
  id: string;
  business_id: string | null;
  type_id: string;
  type_code: string;
  type_cycle: number | null;
  manufacture_year: number | null;
}

async function machineFacts(db: Executor, id: string): Promise<MachineFacts | null> {
  const rows = await sql<MachineFacts>`select e.id, e.business_id, e.index_equipment_id as type_id,
      upper(t.code) as type_code, t.inspection_cycle_months::int as type_cycle, e.manufacture_year::int as manufacture_year
    from equipment e join index_equipment t on t.id = e.index_equipment_id
    where e.id = ${id}::uuid and e.deleted_at is null`.execute(db);
  return rows.rows[0] ?? null;
}

interface AccreditationRow {
  valid_from: string | null;
  valid_to: string | null;
  equipment_types: string | null;
  organization_id?: string | null;
}

/** Why an organisation or inspector may not inspect a machine of this type on `date`; null when it may. */
const gapOf = (row: AccreditationRow, typeCode: string, date: string) =>
  accreditationGap(
    { validFrom: row.valid_from, validTo: row.valid_to, typeCodes: parseTypeCodes(row.equipment_types) },
    typeCode,
    date,
  );

/**
 * Law 84/2015 Art 31: inspections by accredited organisations and inspectors. A certificate whose organisation or
 * inspector was not accredited for the machine's type on the inspection date, or whose inspector works for
 * another organisation, is refused, naming the field.
 */
async function accreditationErrors(
  ctx: OpContext,
  machine: MachineFacts,
  organizationId: string,
  inspectorId: string,
  date: string,
): Promise<FieldErrors> {
  const t = translator(ctx);
  const errors: FieldErrors = [];
  const org = (
    await sql<AccreditationRow>`select valid_from::text, valid_to::text, equipment_types from inspection_organization
      where id = ${organizationId}::uuid`.execute(ctx.db)
  ).rows[0];
  const inspector = (
    await sql<AccreditationRow>`select valid_from::text, valid_to::text, equipment_types, organization_id from inspector
      where id = ${inspectorId}::uuid`.execute(ctx.db)
  ).rows[0];
  const check = (field: string, row: AccreditationRow | undefined) => {
    if (!row) return;
    const gap = gapOf(row, machine.type_code, date);
    if (gap)
      errors.push({
        field,
        code: 'accreditation',
        message: t(`equipment:errors.accreditation.${gap}`, { type: machine.type_code, date }),
      });
  };
  check('organizationId', org);
  check('inspectorId', inspector);
  if (inspector && org && inspector.organization_id !== organizationId)
    errors.push({
      field: 'inspectorId',
      code: 'organization',
      message: t('equipment:errors.inspectorOfOtherOrganization'),
    });
  return errors;
}

/**
 * The pickers of a certificate offer only the organisations and inspectors the check above accepts for the machine
 * (`equipmentId`) on the inspection date (`on`), by the same rule (`gapOf`); the inspector's organisation is the
 * drop-down's own filter. The registers are short (the province's accredited bodies), so they are judged whole.
 */
const accreditedOptions = (
  [
    ['inspectionOrganization', 'inspection_organization'],
    ['inspector', 'inspector'],
  ] as const
).map(([key, table]) =>
  catalogueHook(key, {
    async optionConditions({ ctx, params }) {
      const { equipmentId, on } = params;
      const machine = equipmentId && on ? await machineFacts(ctx.db, equipmentId) : null;
      if (!machine || !on) return [];
      const rows = await sql<AccreditationRow & { id: string }>`select id, valid_from::text, valid_to::text,
          equipment_types from ${sql.table(table)} where deleted_at is null`.execute(ctx.db);
      const ids = rows.rows.filter((r) => !gapOf(r, machine.type_code, on)).map((r) => r.id);
      return [sql<SqlBool>`t.id = any(${sql.val(ids)}::uuid[])`];
    },
  }),
);

/**
 * What a machine's certificates make of it: the latest one (by inspection date) gives its last inspection, result,
 * numbers and next due date. `without` leaves out certificates about to be deleted; `with` counts in ones about
 * to be restored.
 */
export async function refreshMachines(
  db: Executor,
  machineIds: readonly string[],
  options: { without?: readonly string[]; with?: readonly string[] } = {},
): Promise<void> {
  const ids = [...new Set(machineIds)];
  if (!ids.length) return;
  const without = options.without?.length ? options.without : ['00000000-0000-0000-0000-000000000000'];
  const withIds = options.with?.length ? options.with : ['00000000-0000-0000-0000-000000000000'];
  await sql`update equipment e set
      last_inspection_date = c.inspection_date, next_due_date = c.due_date,
      last_certificate_number = c.certificate_number, last_stamp_number = c.stamp_number, last_result = c.result
    from (select m.id as equipment_id, l.inspection_date, l.due_date, l.certificate_number, l.stamp_number, l.result
          from unnest(${sql.val(ids)}::uuid[]) as m(id)
          left join lateral (
            select i.inspection_date, i.due_date, i.certificate_number, i.stamp_number, i.result
            from equipment_inspection i
            where i.equipment_id = m.id
              and (i.deleted_at is null or i.id = any(${sql.val(withIds)}::uuid[]))
              and not (i.id = any(${sql.val(without)}::uuid[]))
            order by i.inspection_date desc, i.created_at desc limit 1) l on true) c
    where e.id = c.equipment_id`.execute(db);
}

const inspectionRules = catalogueHook('equipmentInspection', {
  async beforeChange({ ctx, data, original }) {
    const t = translator(ctx);
    const merged = { ...original, ...data } as Record<string, unknown>;
    const machineId = merged.equipmentId as string;
    const machine = await machineFacts(ctx.db, machineId);
    // A machine that does not exist (or is not the caller's to see) is the engine's reference error, reported
    // with the other fields' after the hooks.
    if (!machine) return;
    const m = machine;
    // A certificate belongs to its machine's employer, whoever files it. Naming another employer is refused: as
    // out of scope when the caller may not file for that one (403, as for any record), else as a mismatch.
    await assertOwnerThroughParent(
      ctx,
      merged.businessId as string | null | undefined,
      m.business_id,
      'equipmentId',
      'equipment:errors.machineOfOtherEmployer',
    );
    const date = merged.inspectionDate as string;
    const errors: FieldErrors = [];
    if (date > clock.today())
      errors.push({ field: 'inspectionDate', code: 'future', message: t('equipment:errors.inspectionInFuture') });
    if (m.manufacture_year && Number(date.slice(0, 4)) < m.manufacture_year)
      errors.push({ field: 'inspectionDate', code: 'range', message: t('equipment:errors.inspectionBeforeMade') });
    const stated = (merged.statedDueDate as string | null | undefined) ?? null;
    if (stated && stated <= date)
      errors.push({ field: 'statedDueDate', code: 'range', message: t('equipment:errors.dueBeforeInspection') });
    errors.push(
      ...(await accreditationErrors(ctx, m, merged.organizationId as string, merged.inspectorId as string, date)),
    );
    refuse(errors);
    // A failed inspection gives no validity: the machine must not be used until it passes.
    const interval =
      merged.result === 'fail'
        ? null
        : intervalFor(await intervalRules(ctx.db, m.type_id), m.type_id, date, m.manufacture_year, m.type_cycle);
    const dueDate = merged.result === 'fail' ? date : nextDueDate(date, interval?.months ?? null, stated);
    const out = { ...data, businessId: m.business_id, dueDate };
    return out;
  },
  async afterChange({ ctx, operation, record }) {
    // A certificate moved to another machine leaves its former machine showing it: refresh that one too.
    const former = await sql<{ id: string }>`select id from equipment
      where lower(last_certificate_number) = lower(${record.certificateNumber as string})
        and id <> ${record.equipmentId as string}::uuid`.execute(ctx.db);
    await refreshMachines(ctx.db, [record.equipmentId as string, ...former.rows.map((r) => r.id)]);
    await recordMachineEvent(
      ctx.db,
      record.equipmentId as string,
      operation === 'create' ? 'inspected' : 'inspectionUpdated',
      {
        certificateNumber: record.certificateNumber,
        inspectionDate: record.inspectionDate,
        result: record.result,
        dueDate: record.dueDate,
      },
      ctx.principal,
    );
  },
  async beforeDelete({ ctx, ids }) {
    const machines = await sql<{
      equipment_id: string;
      certificate_number: string;
    }>`select equipment_id, certificate_number
      from equipment_inspection where id = any(${sql.val(ids)}::uuid[])`.execute(ctx.db);
    await refreshMachines(
      ctx.db,
      machines.rows.map((r) => r.equipment_id),
      { without: ids },
    );
    for (const r of machines.rows)
      await recordMachineEvent(
        ctx.db,
        r.equipment_id,
        'inspectionDeleted',
        { certificateNumber: r.certificate_number },
        ctx.principal,
      );
  },
  async beforeRestore({ ctx, ids }) {
    const machines = await sql<{ equipment_id: string }>`select equipment_id from equipment_inspection
      where id = any(${sql.val(ids)}::uuid[])`.execute(ctx.db);
    await refreshMachines(
      ctx.db,
      machines.rows.map((r) => r.equipment_id),
      { with: ids },
    );
  },
});

/** The equipment areas' rules, declared by the equipment module (index.ts). */
export const equipmentHooks: CatalogueHookEntry[] = [
  ...validityRules,
  ...accreditationRules,
  ...accreditedOptions,
  equipmentRules,
  inspectionRules,
];
