import { sql, type RawBuilder } from 'kysely';
import { dueStateOf } from '@portal/domain/equipment/rules';
import type { Db } from '../../../apps/api/src/db/database.ts';
import type { OpContext } from '../../../apps/api/src/catalog/context.ts';
import { cappedTotal, catalogOperations, pageRecord, plannedRows } from '../../../apps/api/src/catalog/operations.ts';
import { ensureCatalogSchema } from '../../../apps/api/src/catalog/schema.ts';
import { clock } from '../../../apps/api/src/platform/clock/index.ts';
import { compareWithBare, goals, type BenchContext, type Measurement, type ResultRow } from '../harness.ts';
import { benchUuid, dropLoadIndexes, guarded, signIn, type Session } from './shared.ts';

/**
 * The machine register at province scale: `equipment` with half as many machines as the province has workers
 * (500 000 with --full; BENCH_EQUIPMENT_MACHINES overrides) and about four inspection certificates per machine
 * (`equipment_inspection`, 2 000 000 with --full), across the province's employers (copied into `business` as
 * their Lâm Đồng branches, tax code + "-001", so the worker measurements' own employer rows stay theirs).
 *
 * Four requests, each against the same SQL run bare through pg:
 * - the department's overdue list (`status=inUse&nextDueDateTo=<yesterday>`, page 1 of 20 by next due date,
 *   total capped at 10 000 as the area declares), and the same list of the largest employer signed in as it;
 * - the public look-up by certificate number and by stamp number (no sign-in), the SQL of
 *   apps/api/src/modules/equipment/public.ts `lookupByNumber`.
 *
 * Rows are made by the database (INSERT … SELECT over generate_series); each machine's attributes are a function
 * of its number and the seed (hashint8extended), computed alike when its certificates are made, so a machine's
 * last inspection, result, certificate and stamp numbers and next due date are those of its latest certificate.
 * About 15 % of machines are overdue on the day of generation; the data is made again when it is a week old.
 */

/** Bump when the generated rows change. */
const GENERATION = 1;
const SEED = 7;
const BRANCH = '-001';
const SOURCE = 'bench-equipment';
const ORGANIZATIONS = 6;
const INSPECTORS_PER_ORGANIZATION = 5;
const BATCH = 100_000;

// prettier-ignore
const brands = ['Toyota', 'Komatsu', 'Mitsubishi', 'Hyundai', 'Doosan', 'Hitachi', 'Kobelco', 'Liebherr', 'Potain', 'Zoomlion',
  'Sany', 'XCMG', 'Heli', 'Linde', 'Jungheinrich', 'Clark', 'Nichiyu', 'Daewoo', 'Thăng Long', 'Hòa Phát'];
// prettier-ignore
const organizations = [
  ['KĐ-LĐ', 'Trung tâm Kiểm định Kỹ thuật An toàn Lâm Đồng'],
  ['KĐ-KV3', 'Trung tâm Kiểm định Kỹ thuật An toàn Khu vực III'],
  ['KĐ-VN', 'Công ty CP Kiểm định Kỹ thuật An toàn Việt Nam'],
  ['KĐ-MN', 'Công ty TNHH Kiểm định An toàn Miền Nam'],
  ['KĐ-TN', 'Trung tâm Kiểm định Công nghiệp Tây Nguyên'],
  ['KĐ-SG', 'Công ty CP Kiểm định Sài Gòn'],
] as const;
// prettier-ignore
const inspectorNames = ['Nguyễn Văn An', 'Trần Minh Đức', 'Lê Quốc Hùng', 'Phạm Thị Hoa', 'Hoàng Văn Nam', 'Võ Thanh Tùng',
  'Đặng Hữu Phước', 'Bùi Công Sơn', 'Đỗ Thị Lan', 'Ngô Đình Khoa'];

/** Machines for a province of `workers` workers: half as many (500 000 at 1 M), unless set by the environment. */
export function equipmentMachines(workers: number): number {
  const set = Number(process.env.BENCH_EQUIPMENT_MACHINES);
  return Number.isInteger(set) && set > 0 ? set : Math.max(1, Math.round(workers / 2));
}

const system = (db: Db): OpContext => ({ db, principal: null, lang: 'vi', request: null, system: true });

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

interface Generated {
  generation: number;
  machines: number;
  employers: number;
  workers: number;
  today: string;
}

/**
 * Every attribute of machines `from`‥`to` (alias m), from its number i alone. `today` anchors the due dates:
 * 15 % of machines were due before it (up to 18 months ago), the rest fall due within one inspection interval.
 */
function machinesOf(
  from: number,
  to: number,
  p: { employers: number; today: string; typeIds: string[]; typeCycles: number[] },
) {
  const E = p.employers;
  return sql`(select *, (last_date + make_interval(months => cycle))::date as due,
        1 + (h / 31 + k) % ${ORGANIZATIONS} as last_org
      from (select *, (target - make_interval(months => cycle))::date as last_date, (h / 99991) % 25 <> 0 as last_pass
        from (select *,
            case when overdue then ${p.today}::date - (1 + (h / 9973) % 540)::int
                 else ${p.today}::date + ((h / 9973) % (cycle * 30))::int end as target
          from (select i, h,
              1 + least(${E - 1}, floor(${E}::float8 * power((h % 1000003) / 1000003.0, 2))::int) as emp,
              1 + ((h / 13) % 7)::int as k,
              ((${p.typeCycles}::int[])[1 + ((h / 7) % ${p.typeIds.length})::int]) as cycle,
              1 + ((h / 7) % ${p.typeIds.length})::int as type_no,
              case when (h / 101) % 100 < 90 then 'inUse' when (h / 101) % 100 < 97 then 'outOfUse' else 'scrapped' end as status,
              (h / 1009) % 1000 < 150 as overdue
            from (select i, abs(hashint8extended(i, ${SEED})) as h
                  from generate_series(${from}::bigint, ${to}::bigint) i) s0) s1) s2) s3) m`;
}

/** Certificate n of machine i (1‥k): globally unique, with the organisation's prefix. */
const certificateNumber = (n: RawBuilder<unknown>, orgNo: RawBuilder<unknown>, orgCodes: string[]) =>
  sql`'KĐ-' || lpad((${n})::text, 8, '0') || '/' || (${orgCodes}::text[])[${orgNo}]`;
const stampNumber = (n: RawBuilder<unknown>) => sql`'TĐ' || lpad(((${n}) * 7 % 100000000)::text, 8, '0')`;

/** A unique 10-character public code: two hashed letters and machine number i scrambled bijectively, base 32. */
const publicCode = (i: RawBuilder<unknown>) => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const x = sql`((${i}) * 1103515245 + 12345) % 1099511627776`;
  const digit = (shift: number) => sql`substr(${alphabet}, 1 + (((${x}) >> ${sql.lit(shift)}) & 31)::int, 1)`;
  const parts = [
    sql`substr(${alphabet}, 1 + (abs(hashint8extended(${i}, 3)) % 32)::int, 1)`,
    sql`substr(${alphabet}, 1 + (abs(hashint8extended(${i}, 5)) % 32)::int, 1)`,
    ...[0, 5, 10, 15, 20, 25, 30, 35].map(digit),
  ];
  return sql.join(parts, sql` || `);
};

/** Fills the register (and the employers, organisations and inspectors it needs) unless it holds this size. */
export async function ensureEquipment(
  db: Db,
  province: { workers: number; employers: number },
  log: (line: string) => void,
): Promise<Generated> {
  await sql`create table if not exists bench.meta (key text primary key, value jsonb not null)`.execute(db);
  const machines = equipmentMachines(province.workers);
  const today = clock.today();
  const stored = (await sql<{ value: Generated }>`select value from bench.meta where key = 'equipment'`.execute(db))
    .rows[0]?.value;
  const count = await sql<{ n: number }>`select count(*)::int as n from equipment where created_by = 'bench'`.execute(
    db,
  );
  if (
    stored?.generation === GENERATION &&
    stored.machines === machines &&
    stored.employers === province.employers &&
    count.rows[0]?.n === machines &&
    stored.today >= addDays(today, -7)
  )
    return stored;

  const started = performance.now();
  const certificates = Math.round(machines * 4);
  log(
    `  generating ${machines.toLocaleString('en-US')} machines, about ${certificates.toLocaleString('en-US')} certificates`,
  );
  await sql`delete from bench.meta where key = 'equipment'`.execute(db);
  // Everything that refers to machines goes with them (declarations' items, history, reminders).
  await sql`truncate equipment_inspection, equipment cascade`.execute(db);
  await sql`delete from app_user where unit_id in (select u.id from unit u join business b on b.id = u.business_id where b.source = ${SOURCE})`.execute(
    db,
  );
  await sql`delete from unit where business_id in (select id from business where source = ${SOURCE})`.execute(db);
  await sql`delete from business where source = ${SOURCE}`.execute(db);
  await sql`delete from inspector where created_by = 'bench'`.execute(db);
  await sql`delete from inspection_organization where created_by = 'bench'`.execute(db);

  // The employers: the province's, as their branches (own ids and tax codes), in the same wards.
  await sql`insert into business (id, code, name, address, ward_code, status, employee_count, source, created_at, updated_at, created_by)
      select ${benchUuid('equipment-employer', sql`e.id`)}, e.tax_code || ${BRANCH}, e.name || ' - Chi nhánh Lâm Đồng', e.address,
        '2025:' || e.ward_code, 'active', e.employee_count, ${SOURCE}, e.created_at, e.created_at, 'bench'
      from bench.employer e`.execute(db);

  const from = '2024-01-01';
  const orgCodes = organizations.map(([code]) => code);
  for (const [n, [code, name]] of organizations.entries()) {
    await sql`insert into inspection_organization (id, code, name, accreditation_number, valid_from, valid_to, equipment_types, address, phone, created_by, updated_by)
        values (${benchUuid('organization', sql`${n + 1}`)}, ${code}, ${name}, ${`${String(n + 101)}/GCN-KĐ`}, ${from}, '2030-12-31',
          'TB01, TB02, TB03', 'Đà Lạt, Lâm Đồng', '0263 3822 000', 'bench', 'bench')`.execute(db);
  }
  await sql`insert into inspector (id, code, full_name, organization_id, accreditation_number, valid_from, valid_to, equipment_types, created_by, updated_by)
      select ${benchUuid('inspector', sql`n`)}, 'KĐV-' || lpad(n::text, 3, '0'), (${inspectorNames}::text[])[1 + (n - 1) % ${inspectorNames.length}],
        ${benchUuid('organization', sql`1 + (n - 1) / ${INSPECTORS_PER_ORGANIZATION}`)},
        'KĐV-' || lpad(n::text, 4, '0') || '/GCN', ${from}, '2030-12-31', 'TB01, TB02, TB03', 'bench', 'bench'
      from generate_series(1, ${ORGANIZATIONS * INSPECTORS_PER_ORGANIZATION}) n`.execute(db);

  // Machine types: the seeded equipment index (not the catalogue measurement's generated rows when it holds some).
  const types = await sql<{ id: string; name: string; cycle: number }>`select id, name,
        coalesce(inspection_cycle_months, 12)::int as cycle
      from index_equipment where deleted_at is null
      order by (code like 'TB-%'), code limit 60`.execute(db);
  if (types.rows.length === 0) throw new Error('index_equipment holds no rows: the equipment index seeds are missing');
  const p = {
    employers: province.employers,
    today,
    typeIds: types.rows.map((t) => t.id),
    typeCycles: types.rows.map((t) => t.cycle),
  };
  const typeNames = types.rows.map((t) => t.name);

  await dropLoadIndexes(db, 'equipment');
  await dropLoadIndexes(db, 'equipment_inspection');
  for (let first = 1; first <= machines; first += BATCH) {
    const last = Math.min(machines, first + BATCH - 1);
    const lastN = sql`m.i * 8 + m.k`;
    await sql`insert into equipment (id, code, name, business_id, index_equipment_id, manufacturer, model, serial_number,
        manufacture_year, capacity, location, ward_id, status, first_use_date, last_inspection_date, next_due_date,
        last_certificate_number, last_stamp_number, last_result, declaration_status, declaration_number, public_code,
        created_at, updated_at, created_by, updated_by)
      select ${benchUuid('machine', sql`m.i`)}, 'MAY-' || lpad(m.i::text, 7, '0'),
        (${typeNames}::text[])[m.type_no] || ' ' || (${brands}::text[])[1 + (m.h / 17) % ${brands.length}],
        ${benchUuid('equipment-employer', sql`m.emp`)}, (${p.typeIds}::uuid[])[m.type_no],
        (${brands}::text[])[1 + (m.h / 17) % ${brands.length}], upper(substr(md5(m.i::text), 1, 5)),
        upper(substr(md5(m.i::text), 6, 6)) || lpad(m.i::text, 7, '0'),
        2000 + (m.h / 53) % 25, (1 + (m.h / 59) % 20) || ' tấn', 'Nhà xưởng ' || (1 + (m.h / 61) % 9),
        au.id, m.status,
        m.last_date - make_interval(months => m.cycle * (m.k - 1)),
        m.last_date, m.due,
        ${certificateNumber(lastN, sql`m.last_org`, orgCodes)}, ${stampNumber(lastN)},
        case when m.last_pass then 'pass' else 'fail' end,
        case when (m.h / 7919) % 10 < 6 then 'confirmed' when (m.h / 7919) % 10 < 8 then 'submitted'
             when (m.h / 7919) % 10 < 9 then 'none' else 'refused' end,
        case when (m.h / 7919) % 10 < 6 then lpad(m.i::text, 6, '0') || '/TBKĐ-SLĐTBXH' end,
        ${publicCode(sql`m.i`)},
        timestamptz '2024-01-01' + make_interval(secs => m.i), timestamptz '2024-01-01' + make_interval(secs => m.i),
        'bench', 'bench'
      from ${machinesOf(first, last, p)}
        join bench.employer e on e.id = m.emp
        left join admin_unit au on au.id = '2025:' || e.ward_code`.execute(db);
    // Certificate j of k: inspected one interval after the one before; the last one is the machine's state.
    const n = sql`m.i * 8 + j`;
    const org = sql`1 + (m.h / 31 + j) % ${ORGANIZATIONS}`;
    await sql`insert into equipment_inspection (certificate_number, business_id, equipment_id, organization_id, inspector_id,
        kind, inspection_date, result, stamp_number, stated_due_date, due_date, created_at, updated_at, created_by, updated_by)
      select ${certificateNumber(n, org, orgCodes)}, ${benchUuid('equipment-employer', sql`m.emp`)}, ${benchUuid('machine', sql`m.i`)},
        ${benchUuid('organization', org)},
        ${benchUuid('inspector', sql`(${org} - 1) * ${INSPECTORS_PER_ORGANIZATION} + 1 + (m.h / 37 + j) % ${INSPECTORS_PER_ORGANIZATION}`)},
        case when j = 1 then 'first' when (m.h / 41 + j) % 10 = 0 then 'unscheduled' else 'periodic' end,
        d.inspection_date,
        case when j < m.k or m.last_pass then 'pass' else 'fail' end,
        ${stampNumber(n)}, null, d.inspection_date + make_interval(months => m.cycle),
        d.inspection_date + interval '9 hours', d.inspection_date + interval '9 hours', 'bench', 'bench'
      from ${machinesOf(first, last, p)}
        cross join lateral generate_series(1, m.k) j
        cross join lateral (select (m.last_date - make_interval(months => m.cycle * (m.k - j)))::date as inspection_date) d`.execute(
      db,
    );
    log(`    ${last.toLocaleString('en-US')} machines`);
  }
  // The engine's own DDL puts back every index (unique keys, search, filters, sort), as the app's start-up does.
  await sql`delete from app_setting where key = 'catalog.schema'`.execute(db);
  await ensureCatalogSchema(db, undefined, { afterMigrations: true });
  for (const table of ['business', 'equipment', 'equipment_inspection', 'inspector', 'inspection_organization'])
    await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  const done: Generated = {
    generation: GENERATION,
    machines,
    employers: province.employers,
    workers: province.workers,
    today,
  };
  await sql`insert into bench.meta (key, value) values ('equipment', ${JSON.stringify(done)}::jsonb)
            on conflict (key) do update set value = excluded.value`.execute(db);
  log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return done;
}

/** The overdue list as the web page asks it, API vs the engine's statements (page, estimate, capped count) bare. */
async function compareOverdue(
  ctx: BenchContext,
  name: string,
  session: Session,
  machines: number,
): Promise<ResultRow[]> {
  const yesterday = addDays(clock.today(), -1);
  const path = `/api/Equipment/equipments?pageNumber=1&pageSize=20&status=inUse&nextDueDateTo=${yesterday}`;
  const ops = catalogOperations('equipment');
  const q = { pageNumber: 1, pageSize: 20, values: { status: 'inUse', nextDueDateTo: yesterday } };
  const statements = ops.listStatements({ ...system(ctx.database.db), principal: session.principal, system: false }, q);
  const page = statements.page.compile(ctx.database.db);
  const count = statements.count!.compile(ctx.database.db);
  const estimate = statements.estimate!.compile(ctx.database.db);
  return compareWithBare(ctx, {
    name,
    path,
    rows: machines,
    headers: session.headers,
    goals: [
      goals.minRatio(0.6, { databases: ['postgres'], minRows: 500_000 }),
      goals.maxP95(30, { databases: ['postgres'], minRows: 500_000 }),
    ],
    async bare() {
      const [found, planned] = await Promise.all([
        ctx.barePool.query<Record<string, unknown>>(page.sql, [...page.parameters]),
        ctx.barePool.query<Record<string, unknown>>(estimate.sql, [...estimate.parameters]),
      ]);
      const total = await cappedTotal(
        ops.c,
        q,
        found.rows,
        plannedRows(planned.rows),
        async () => (await ctx.barePool.query<{ n: number }>(count.sql, [...count.parameters])).rows[0]?.n ?? 0,
      );
      return { pageLists: found.rows.map(pageRecord), ...total };
    },
  });
}

/** public.ts `lookupByNumber`, as plain SQL through pg, shaped as the route answers. */
const lookupSql = `select e.public_code, t.name as type_name, e.serial_number, b.id as business_id, b.name as business_name, e.status,
  e.last_inspection_date::text, e.last_result, e.next_due_date::text, e.last_certificate_number, e.last_stamp_number,
  e.declaration_number
  from equipment e
  join index_equipment t on t.id = e.index_equipment_id
  join business b on b.id = e.business_id
  where e.deleted_at is null and e.id in (
    (select i.equipment_id from equipment_inspection i
      where lower(i.certificate_number) = lower($1) and i.deleted_at is null limit 20)
    union
    (select i.equipment_id from equipment_inspection i
      where i.stamp_number in ($1, upper($1)) and i.deleted_at is null limit 20))
  order by e.public_code limit 20`;

interface MachineRow {
  public_code: string;
  type_name: string;
  serial_number: string;
  business_id: string;
  business_name: string;
  status: string;
  last_inspection_date: string | null;
  last_result: 'pass' | 'fail' | null;
  next_due_date: string | null;
  last_certificate_number: string | null;
  last_stamp_number: string | null;
  declaration_number: string | null;
}

async function compareLookup(ctx: BenchContext, name: string, number: string, machines: number): Promise<ResultRow[]> {
  return compareWithBare(ctx, {
    name,
    path: `/api/Equipment/public/lookup?number=${encodeURIComponent(number)}`,
    rows: machines,
    goals: [goals.minRatio(0.6, { databases: ['postgres'], minRows: 500_000 })],
    async bare(url) {
      const today = clock.today();
      const found = await ctx.barePool.query<MachineRow>(lookupSql, [url.searchParams.get('number')?.trim() ?? '']);
      return {
        items: found.rows.map((r) => ({
          code: r.public_code,
          typeName: r.type_name,
          serialNumber: r.serial_number,
          businessId: r.business_id,
          businessName: r.business_name,
          status: r.status,
          lastInspectionDate: r.last_inspection_date,
          lastResult: r.last_result,
          validUntil: r.last_result === 'fail' ? null : r.next_due_date,
          dueState:
            r.status === 'inUse' ? dueStateOf(r.last_result === 'fail' ? null : r.next_due_date, today) : 'none',
          certificateNumber: r.last_certificate_number,
          stampNumber: r.last_stamp_number,
          declarationNumber: r.declaration_number,
        })),
      };
    },
  });
}

export const equipment: Measurement = {
  name: 'equipment',
  description:
    'machine register (workers / 2 machines, 4 certificates each): overdue list as the department and as an employer, public look-up by certificate and stamp number: API vs bare',
  async run(ctx) {
    const generated = await ensureEquipment(ctx.database.db, ctx.province, ctx.log);
    const machines = generated.machines;
    const db = ctx.database.db;
    // The largest employer (machine → employer is skewed as workers are) and a machine of the middle of the list.
    const largest = (
      await sql<{ id: string }>`select ${benchUuid('equipment-employer', sql`1`)}::text as id`.execute(db)
    ).rows[0]!.id;
    const sample = (
      await sql<{ certificate_number: string; stamp_number: string }>`select certificate_number, stamp_number
        from equipment_inspection where equipment_id = ${benchUuid('machine', sql`${Math.ceil(machines / 2)}`)}
        order by inspection_date desc limit 1`.execute(db)
    ).rows[0];
    if (!sample) throw new Error('no certificate for the sample machine');
    const department = await signIn(ctx, 'department', ['Equipment.read']);
    const employer = await signIn(ctx, 'employer', ['Equipment.read'], largest);
    return [
      ...(await guarded(ctx, 'equipment overdue (department)', () =>
        compareOverdue(ctx, 'equipment overdue (department)', department, machines),
      )),
      ...(await guarded(ctx, 'equipment overdue (employer)', () =>
        compareOverdue(ctx, 'equipment overdue (employer)', employer, machines),
      )),
      ...(await guarded(ctx, 'equipment lookup (certificate)', () =>
        compareLookup(ctx, 'equipment lookup (certificate)', sample.certificate_number, machines),
      )),
      ...(await guarded(ctx, 'equipment lookup (stamp)', () =>
        compareLookup(ctx, 'equipment lookup (stamp)', sample.stamp_number, machines),
      )),
    ];
  },
};
