import { sql } from 'kysely';
import { addDays, addMonths } from '@portal/domain/equipment/rules';
import { confirmationNumber } from '@portal/domain/equipment/state';
import { catalogOperations } from '../../catalog/operations.ts';
import type { OpContext } from '../../catalog/context.ts';
import type { Db } from '../../db/database.ts';
import { clock } from '../../platform/clock/index.ts';
import type { SeedStep } from '../../seed/step.ts';
import { DEMO_BUSINESSES } from '../accounts/index.ts';
import { newPublicCode } from './hooks.ts';

/**
 * The demo province's machines with strict safety requirements: the two demo employers' boilers, pressure
 * vessels, refrigeration systems, forklifts, a lift and a hoist, inspected at dates that leave some valid, some due
 * within the month and some overdue; declarations in every state (confirmed with its number and QR code,
 * waiting for the department and filed late, refused with a reason, a draft) and machines never declared. Dates
 * are relative to the day the demo is seeded. Written once (a marker remembers it).
 */
const MARKER = 'equipment.seeded.demo';

interface DemoMachine {
  business: 0 | 1;
  code: string;
  name: string;
  type: string;
  manufacturer: string;
  model: string;
  serial: string;
  year: number;
  capacity: string;
  location: string;
  status: 'inUse' | 'outOfUse' | 'scrapped';
  /** Months before today it was first used. */
  inUseMonths: number;
  /** Days before today of each certificate, oldest first (the last decides the due date). */
  inspectedDaysAgo: number[];
}

const MACHINES: DemoMachine[] = [
  {
    business: 0,
    code: 'NH-01',
    name: 'Nồi hơi đốt củi sấy cà phê',
    type: 'TB01',
    manufacturer: 'Công ty Nồi hơi Việt Nam',
    model: 'NH-1000',
    serial: 'VNB-2018-0457',
    year: 2018,
    capacity: '1.000 kg hơi/giờ, 8 bar',
    location: 'Xưởng sấy, lô B',
    status: 'inUse',
    inUseMonths: 90,
    inspectedDaysAgo: [1492, 761],
  },
  {
    business: 0,
    code: 'BA-01',
    name: 'Bình chứa khí nén máy nén khí',
    type: 'TB03',
    manufacturer: 'Fusheng',
    model: 'FVA-500',
    serial: 'FS-500-21136',
    year: 2020,
    capacity: '500 lít, 10 bar',
    location: 'Trạm khí nén',
    status: 'inUse',
    inUseMonths: 70,
    inspectedDaysAgo: [1065, 335],
  },
  {
    business: 0,
    code: 'XN-01',
    name: 'Xe nâng hàng động cơ diesel',
    type: 'TB11',
    manufacturer: 'Toyota',
    model: '8FD30',
    serial: '8FD30-60412',
    year: 2021,
    capacity: '3 tấn',
    location: 'Kho thành phẩm',
    status: 'inUse',
    inUseMonths: 48,
    inspectedDaysAgo: [1431, 715],
  },
  {
    business: 0,
    code: 'XN-02',
    name: 'Xe nâng hàng điện',
    type: 'TB11',
    manufacturer: 'Komatsu',
    model: 'FB25-12',
    serial: 'FB25-880231',
    year: 2025,
    capacity: '2,5 tấn',
    location: 'Kho nguyên liệu',
    status: 'inUse',
    inUseMonths: 2,
    inspectedDaysAgo: [61],
  },
  {
    business: 0,
    code: 'HL-01',
    name: 'Hệ thống lạnh kho bảo quản',
    type: 'TB04',
    manufacturer: 'Searee',
    model: 'SR-CS40',
    serial: 'SR-40-1907',
    year: 2019,
    capacity: 'R404A, 40 kg',
    location: 'Kho lạnh',
    status: 'outOfUse',
    inUseMonths: 80,
    inspectedDaysAgo: [1522],
  },
  {
    business: 1,
    code: 'HL-01',
    name: 'Hệ thống lạnh kho rau hoa',
    type: 'TB04',
    manufacturer: 'Bitzer',
    model: '4FES-5Y',
    serial: 'BZ-4FES-33871',
    year: 2022,
    capacity: 'R404A, 65 kg',
    location: 'Kho lạnh số 1',
    status: 'inUse',
    inUseMonths: 30,
    inspectedDaysAgo: [913, 183],
  },
  {
    business: 1,
    code: 'XN-01',
    name: 'Xe nâng hàng động cơ xăng',
    type: 'TB11',
    manufacturer: 'Mitsubishi',
    model: 'FG25N',
    serial: 'FG25N-F18-77019',
    year: 2017,
    capacity: '2,5 tấn',
    location: 'Khu đóng gói',
    status: 'inUse',
    inUseMonths: 100,
    inspectedDaysAgo: [1522, 791],
  },
  {
    business: 1,
    code: 'TM-01',
    name: 'Thang máy chở hàng nhà văn phòng',
    type: 'TB12',
    manufacturer: 'Mitsubishi Electric',
    model: 'NEXIEZ-MR',
    serial: 'ME-NX-2023-0088',
    year: 2023,
    capacity: '1.000 kg, 6 điểm dừng',
    location: 'Nhà văn phòng',
    status: 'inUse',
    inUseMonths: 1,
    inspectedDaysAgo: [30],
  },
  {
    business: 1,
    code: 'PL-01',
    name: 'Pa lăng điện nhà sơ chế',
    type: 'TB10',
    manufacturer: 'Kocen',
    model: 'KC-2T',
    serial: 'KC2T-190554',
    year: 2019,
    capacity: '2 tấn',
    location: 'Nhà sơ chế',
    status: 'scrapped',
    inUseMonths: 72,
    inspectedDaysAgo: [1826],
  },
];

/** Declarations: which machines, in what state. */
const DECLARATIONS = [
  { business: 0 as const, machines: ['NH-01', 'XN-01'], status: 'confirmed' as const, filedDaysAgo: 40 },
  { business: 0 as const, machines: ['XN-02'], status: 'submitted' as const, filedDaysAgo: 1 },
  {
    business: 1 as const,
    machines: ['HL-01'],
    status: 'refused' as const,
    filedDaysAgo: 12,
    reason: 'Thiếu biên bản kiểm định lần đầu của hệ thống lạnh; đề nghị bổ sung và gửi lại.',
  },
  { business: 1 as const, machines: ['TM-01'], status: 'draft' as const, filedDaysAgo: 0 },
];

async function inspectorFor(
  db: Db,
  type: string,
  date: string,
): Promise<{ id: string; organizationId: string } | null> {
  const rows = await sql<{ id: string; organization_id: string }>`
    select i.id, i.organization_id from inspector i join inspection_organization o on o.id = i.organization_id
    where i.deleted_at is null and o.deleted_at is null
      and i.valid_from <= ${date}::date and i.valid_to >= ${date}::date
      and o.valid_from <= ${date}::date and o.valid_to >= ${date}::date
      and (', ' || i.equipment_types || ',') like ${`%, ${type},%`}
      and (', ' || o.equipment_types || ',') like ${`%, ${type},%`}
    order by i.code limit 1`.execute(db);
  const r = rows.rows[0];
  return r ? { id: r.id, organizationId: r.organization_id } : null;
}

export const equipmentDemoStep: SeedStep = {
  name: 'equipment: demo machines, certificates and declarations',
  kind: 'demo',
  order: 230,
  run: async ({ db, log }) => {
    const done = await db.selectFrom('app_setting').select('key').where('key', '=', MARKER).executeTakeFirst();
    if (done) return;
    const businesses: string[] = [];
    for (const b of DEMO_BUSINESSES) {
      const row = await db
        .selectFrom('business')
        .select('id')
        .where(sql`lower(code)`, '=', b.code)
        .executeTakeFirst();
      if (!row) {
        log.warn({ step: 'equipment demo' }, 'demo employers missing: no demo equipment');
        return;
      }
      businesses.push(row.id);
    }
    const officer = await db
      .selectFrom('app_user')
      .select(['id', 'full_name'])
      .where(sql`lower(user_name)`, '=', 'canbo.so')
      .executeTakeFirst();
    const today = clock.today();
    let certificates = 0;
    await db.transaction().execute(async (trx) => {
      const system: OpContext = { db: trx, principal: null, lang: 'vi', request: null, system: true };
      const ids = new Map<string, string>();
      const lastCertificate = new Map<string, string>();
      for (const m of MACHINES) {
        const type = await sql<{ id: string }>`select id from index_equipment where code = ${m.type}`.execute(trx);
        if (!type.rows[0]) continue;
        const machine = await catalogOperations('equipment').create(system, {
          code: m.code,
          name: m.name,
          businessId: businesses[m.business],
          indexEquipmentId: type.rows[0].id,
          manufacturer: m.manufacturer,
          model: m.model,
          serialNumber: m.serial,
          manufactureYear: m.year,
          capacity: m.capacity,
          location: m.location,
          status: m.status,
          firstUseDate: addMonths(today, -m.inUseMonths),
        });
        ids.set(`${m.business}:${m.code}`, machine.id);
        for (const [n, days] of m.inspectedDaysAgo.entries()) {
          const date = addDays(today, -days);
          const who = await inspectorFor(trx, m.type, date);
          if (!who) continue;
          const cert = await catalogOperations('equipmentInspection').create(system, {
            certificateNumber: `${String(certificates + 101).padStart(4, '0')}/${date.slice(0, 4)}/KĐ`,
            equipmentId: machine.id,
            businessId: businesses[m.business],
            organizationId: who.organizationId,
            inspectorId: who.id,
            kind: n === 0 ? 'first' : 'periodic',
            inspectionDate: date,
            result: 'pass',
            stampNumber: `LĐ-${String(5200 + certificates)}`,
          });
          certificates += 1;
          lastCertificate.set(machine.id, cert.id);
        }
      }

      let sequence = 0;
      const year = Number(today.slice(0, 4));
      for (const d of DECLARATIONS) {
        const machines = d.machines.map((c) => ids.get(`${d.business}:${c}`)).filter((x): x is string => !!x);
        if (!machines.length) continue;
        const filedOn = addDays(today, -d.filedDaysAgo);
        const at = new Date(`${filedOn}T09:30:00+07:00`);
        const confirmed = d.status === 'confirmed';
        if (confirmed) sequence += 1;
        const firstUse = await sql<{ first: string | null }>`select min(first_use_date)::text as first from equipment
          where id = any(${sql.val(machines)}::uuid[])`.execute(trx);
        const late = d.status !== 'draft' && !!firstUse.rows[0]?.first && addDays(firstUse.rows[0].first, 30) < filedOn;
        const declaration = await trx
          .insertInto('equipment_declaration')
          .values({
            business_id: businesses[d.business]!,
            status: d.status,
            contact_name: d.business === 0 ? 'Nguyễn Thị Thu Hà' : 'Lê Minh Tuấn',
            contact_phone: d.business === 0 ? '0263 3821 456' : '0263 3822 789',
            declared_on: d.status === 'draft' ? null : filedOn,
            late,
            due_by: d.status === 'draft' ? null : addDays(filedOn, 7),
            number: confirmed ? confirmationNumber(sequence, year) : null,
            number_year: confirmed ? year : null,
            number_sequence: confirmed ? sequence : null,
            public_code: confirmed ? newPublicCode() : null,
            refuse_reason: d.reason ?? null,
            submitted_at: d.status === 'draft' ? null : at,
            decided_at: confirmed || d.status === 'refused' ? new Date(at.getTime() + 3 * 86_400_000) : null,
            decided_by: confirmed || d.status === 'refused' ? (officer?.id ?? null) : null,
            decided_by_name: confirmed || d.status === 'refused' ? (officer?.full_name ?? null) : null,
          })
          .returning(['id', 'number'])
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('equipment_declaration_item')
          .values(
            machines.map((id, position) => ({
              declaration_id: declaration.id,
              equipment_id: id,
              certificate_id: lastCertificate.get(id) ?? null,
              position,
            })),
          )
          .execute();
        const events: { action: string; from: string | null; to: string; reason?: string }[] = [
          { action: 'create', from: null, to: 'draft' },
        ];
        if (d.status !== 'draft') events.push({ action: 'submit', from: 'draft', to: 'submitted' });
        if (confirmed) events.push({ action: 'confirm', from: 'submitted', to: 'confirmed' });
        if (d.status === 'refused')
          events.push({ action: 'refuse', from: 'submitted', to: 'refused', reason: d.reason });
        await trx
          .insertInto('equipment_declaration_event')
          .values(
            events.map((e, i) => ({
              declaration_id: declaration.id,
              at: new Date(at.getTime() + i * 86_400_000),
              action: e.action,
              from_status: e.from,
              to_status: e.to,
              actor_name: i >= 2 ? (officer?.full_name ?? null) : null,
              reason: e.reason ?? null,
            })),
          )
          .execute();
        if (d.status !== 'draft')
          await sql`update equipment set declaration_status = ${d.status}, declaration_number = ${declaration.number}
            where id = any(${sql.val(machines)}::uuid[])`.execute(trx);
      }
      if (sequence)
        await sql`insert into equipment_declaration_counter (year, last) values (${year}, ${sequence})
          on conflict (year) do update set last = greatest(equipment_declaration_counter.last, excluded.last)`.execute(
          trx,
        );
      await sql`insert into app_setting (key, value) values (${MARKER}, ${JSON.stringify({ machines: ids.size, certificates })}::jsonb)`.execute(
        trx,
      );
    });
    log.info({ certificates }, 'demo equipment seeded');
  },
};
