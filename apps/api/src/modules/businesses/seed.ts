import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { catalogOperations } from '../../catalog/operations.ts';
import type { OpContext } from '../../catalog/context.ts';
import type { SeedStep } from '../../seed/step.ts';
import { DEMO_PROVINCE_CODE } from '../../seed/demo/province.ts';
import {
  companyEmail,
  companyName,
  createRandom,
  makeUnique,
  mobilePhone,
  personName,
  streetAddress,
  taxCodeSequence,
  type Random,
} from '../../seed/demo/names.ts';
import { DEMO_BUSINESSES } from '../accounts/index.ts';

/**
 * The demo province's employers: about thirty more beside the two the accounts module seeds (with their
 * types, sectors, head counts and safety officers), official documents both ways, overtime notifications in
 * each state and a published violating organisation. Employers are created through the catalogue operations,
 * so they pass the same rules as a user's form. Written once (a marker remembers it), so what users change or
 * delete later is never brought back.
 */
const MARKER = 'businesses.demo.seeded';
const COUNT = 30;

/** Legal forms of the name generator → employer types of the reference list. */
const TYPE_OF_FORM: Record<string, string> = {
  'Công ty TNHH': 'TNHH2TV',
  'Công ty TNHH MTV': 'TNHH1TV',
  'Công ty Cổ phần': 'CP',
  'Doanh nghiệp tư nhân': 'DNTN',
  'Hợp tác xã': 'HTX',
};

/** Lines of business → VSIC sections/divisions of the reference sector tree (first one is the main sector). */
const SECTORS_OF_LINE: Record<string, string[]> = {
  'Xây dựng': ['41', '43'],
  'Xây dựng và Thương mại': ['41', '46'],
  'Chế biến Nông sản': ['10', '01'],
  'Cà phê': ['10', '01'],
  Chè: ['10', '01'],
  'Rau hoa': ['01', '46'],
  'Du lịch': ['55', '56'],
  'Du lịch và Khách sạn': ['55', '56'],
  'Thủy điện': ['35'],
  'Khai thác Khoáng sản': ['08', '07'],
  'Vật liệu Xây dựng': ['23'],
  'Vận tải': ['49'],
  'Thương mại và Dịch vụ': ['46', '47'],
  'Cơ khí': ['25', '24'],
  'May mặc': ['C'],
  'Thủy sản': ['03', '10'],
  'Nước mắm': ['10'],
  'Thanh long': ['01', '46'],
  'Năng lượng Tái tạo': ['35'],
  'Chế biến Gỗ': ['16'],
  'Dược liệu': ['01', '10'],
  Sữa: ['10', '01'],
  'Xuất nhập khẩu': ['46'],
  Điện: ['35'],
  'Môi trường Đô thị': ['E'],
  'Cao su': ['01', '02'],
  'Hồ tiêu': ['01', '46'],
};

/** Lines with heavy, hazardous or dangerous jobs (a larger share of such workers). */
const HAZARDOUS_LINES = new Set([
  'Xây dựng',
  'Xây dựng và Thương mại',
  'Thủy điện',
  'Khai thác Khoáng sản',
  'Vật liệu Xây dựng',
  'Cơ khí',
  'Điện',
  'Môi trường Đô thị',
  'Chế biến Gỗ',
]);

const REPRESENTATIVE_TITLES = [
  'Giám đốc',
  'Giám đốc',
  'Tổng Giám đốc',
  'Chủ tịch Hội đồng quản trị',
  'Chủ doanh nghiệp',
];

async function idsByCode(db: Db, table: 'bussiness_type' | 'bussiness_sector'): Promise<Map<string, string>> {
  const rows = await db.selectFrom(table).select(['id', 'code']).where('deleted_at', 'is', null).execute();
  return new Map(rows.map((r) => [r.code, r.id]));
}

function isoDate(rng: Random, fromYear: number, toYear: number): string {
  const y = rng.int(fromYear, toYear);
  const m = rng.int(1, 12);
  const d = rng.int(1, 28);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

async function seedEmployers(db: Db, rng: Random): Promise<string[]> {
  const ctx: OpContext = { db, principal: null, lang: 'vi', request: null, system: true };
  const ops = catalogOperations('bussiness');
  const types = await idsByCode(db, 'bussiness_type');
  const sectors = await idsByCode(db, 'bussiness_sector');
  const wards = await db
    .selectFrom('admin_unit')
    .select(['id', 'name', 'full_name'])
    .where('province_id', '=', `2025:${DEMO_PROVINCE_CODE}`)
    .where('level', '=', 'ward')
    .orderBy('code')
    .execute();
  // Most employers in and around Đà Lạt and Bảo Lộc, the rest spread over the province.
  const urban = wards.filter((w) => /Đà Lạt|Bảo Lộc|Phan Thiết|Gia Nghĩa/u.test(w.name));
  const codes = taxCodeSequence('58', 3_100_000);
  const seen = new Set<string>();
  const created: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    const r = rng.fork(`employer-${i}`);
    const company = companyName(r);
    const name = makeUnique(company.name, seen);
    const ward = r.chance(0.6) && urban.length ? r.pick(urban) : r.pick(wards);
    const representative = personName(r);
    const officer = personName(r);
    const total = r.weighted([
      [r.int(8, 49), 5],
      [r.int(50, 199), 4],
      [r.int(200, 1200), 2],
    ] as const);
    const hazardousShare = HAZARDOUS_LINES.has(company.line) ? r.int(30, 70) / 100 : r.int(0, 15) / 100;
    const code = codes.next().value!;
    const existing = await db
      .selectFrom('business')
      .select('id')
      .where(sql`lower(code)`, '=', code)
      .executeTakeFirst();
    if (existing) continue;
    const record = await ops.create(ctx, {
      code,
      name,
      shortName: company.brand.toUpperCase().replace(/\s+/g, ' '),
      businessTypeId: types.get(TYPE_OF_FORM[company.form] ?? 'TNHH2TV') ?? null,
      registeredOn: isoDate(r, 2005, 2024),
      representativeName: representative.fullName,
      representativeTitle:
        company.form === 'Doanh nghiệp tư nhân' ? 'Chủ doanh nghiệp' : r.pick(REPRESENTATIVE_TITLES.slice(0, 4)),
      address: streetAddress(r, { name: ward.name, fullName: ward.full_name }),
      wardCode: ward.id,
      phone: `0263 ${r.int(3500, 3999)} ${String(r.int(0, 999)).padStart(3, '0')}`,
      email: companyEmail({ ...company, brand: `${company.brand}${i}` }, 'demo.example'),
      employeeCount: total,
      femaleCount: Math.round(total * (r.int(20, 65) / 100)),
      hazardousCount: Math.round(total * hazardousShare),
      oshOfficerName: officer.fullName,
      oshOfficerPhone: mobilePhone(r),
      status: r.chance(0.85) ? 'active' : r.chance(0.5) ? 'pending' : 'inactive',
    });
    const lines = SECTORS_OF_LINE[company.line] ?? ['S'];
    const links = lines.map((c) => sectors.get(c)).filter((id): id is string => !!id);
    if (links.length) {
      await db
        .insertInto('business_sector_link')
        .values(links.map((sectorId, k) => ({ business_id: record.id, sector_id: sectorId, is_main: k === 0 })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    created.push(record.id);
  }
  return created;
}

/** The two employers whose accounts the accounts module seeds get a full profile (only what is still empty). */
async function completeAccountEmployers(db: Db): Promise<string[]> {
  const types = await idsByCode(db, 'bussiness_type');
  const sectors = await idsByCode(db, 'bussiness_sector');
  const profiles = [
    {
      type: 'TNHH2TV',
      rep: 'Lê Thị Hồng',
      title: 'Giám đốc',
      total: 86,
      female: 51,
      hazardous: 12,
      officer: 'Trần Minh Tâm',
      sectors: ['10', '01'],
    },
    {
      type: 'CP',
      rep: 'Võ Đức Thịnh',
      title: 'Tổng Giám đốc',
      total: 214,
      female: 132,
      hazardous: 38,
      officer: 'Nguyễn Thị Thu',
      sectors: ['01', '46'],
    },
  ];
  const ids: string[] = [];
  for (const [i, b] of DEMO_BUSINESSES.entries()) {
    const row = await db
      .selectFrom('business')
      .select('id')
      .where(sql`lower(code)`, '=', b.code)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const p = profiles[i];
    if (!row || !p) continue;
    await db
      .updateTable('business')
      .set({
        business_type_id: sql`coalesce(business_type_id, ${types.get(p.type) ?? null}::uuid)`,
        representative_name: sql`coalesce(representative_name, ${p.rep})`,
        representative_title: sql`coalesce(representative_title, ${p.title})`,
        employee_count: sql`coalesce(employee_count, ${p.total})`,
        female_count: sql`coalesce(female_count, ${p.female})`,
        hazardous_count: sql`coalesce(hazardous_count, ${p.hazardous})`,
        osh_officer_name: sql`coalesce(osh_officer_name, ${p.officer})`,
      })
      .where('id', '=', row.id)
      .execute();
    const links = p.sectors.map((c) => sectors.get(c)).filter((id): id is string => !!id);
    if (links.length) {
      await db
        .insertInto('business_sector_link')
        .values(links.map((sectorId, k) => ({ business_id: row.id, sector_id: sectorId, is_main: k === 0 })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    ids.push(row.id);
  }
  return ids;
}

async function seedRecords(db: Db, accountEmployers: string[], others: string[]): Promise<void> {
  const [first, second] = accountEmployers;
  const year = new Date().getFullYear();
  const department = 'canbo.so';
  if (first) {
    await db
      .insertInto('official_document')
      .values([
        {
          direction: 'toEmployer',
          business_id: first,
          number: `215/SNV-LĐ`,
          document_type: 'officialLetter',
          issued_on: `${year}-01-15`,
          subject: `Đôn đốc báo cáo công tác an toàn, vệ sinh lao động năm ${year - 1}`,
          signer: 'Phó Giám đốc Sở Nội vụ',
          due_date: `${year}-01-31`,
          created_by_name: department,
        },
        {
          direction: 'toAuthority',
          business_id: first,
          number: `08/BC-CĐX`,
          document_type: 'report',
          issued_on: `${year}-01-20`,
          subject: `Báo cáo công tác an toàn, vệ sinh lao động năm ${year - 1}`,
          signer: 'Lê Thị Hồng',
          created_by_name: 'dn.caudatxanh',
        },
        {
          direction: 'toEmployer',
          business_id: first,
          number: `37/TB-SNV`,
          document_type: 'notice',
          issued_on: `${year}-03-05`,
          subject: 'Thông báo kế hoạch kiểm tra việc thực hiện pháp luật lao động tại doanh nghiệp',
          signer: 'Chánh Thanh tra Sở Nội vụ',
          created_by_name: department,
        },
      ])
      .execute();
    await db
      .insertInto('overtime_notification')
      .values([
        {
          business_id: first,
          year,
          from_date: `${year}-10-01`,
          to_date: `${year}-12-31`,
          worker_count: 42,
          max_hours_per_worker: 260,
          jobs: 'Thu hoạch, sơ chế và rang xay cà phê vụ mùa',
          reason: 'Thời vụ thu hoạch cà phê, nguyên liệu phải chế biến ngay trong ngày',
          status: 'submitted',
          submitted_at: new Date(`${year}-09-15T09:00:00+07:00`),
        },
        {
          business_id: first,
          year: year - 1,
          from_date: `${year - 1}-10-01`,
          to_date: `${year - 1}-12-31`,
          worker_count: 38,
          max_hours_per_worker: 240,
          jobs: 'Thu hoạch, sơ chế cà phê',
          reason: 'Thời vụ thu hoạch cà phê',
          status: 'accepted',
          submitted_at: new Date(`${year - 1}-09-12T10:30:00+07:00`),
          reviewed_at: new Date(`${year - 1}-09-20T09:00:00+07:00`),
          reviewed_by_name: department,
        },
      ])
      .execute();
  }
  if (second) {
    await db
      .insertInto('official_document')
      .values({
        direction: 'toAuthority',
        business_id: second,
        number: '12/CV-RHL',
        document_type: 'officialLetter',
        issued_on: `${year}-02-10`,
        subject: 'Đề nghị hướng dẫn huấn luyện an toàn, vệ sinh lao động cho lao động thời vụ',
        signer: 'Võ Đức Thịnh',
        created_by_name: 'dn.rauhoa',
      })
      .execute();
    await db
      .insertInto('overtime_notification')
      .values({
        business_id: second,
        year,
        from_date: `${year}-11-15`,
        to_date: `${year}-12-31`,
        worker_count: 120,
        max_hours_per_worker: 300,
        jobs: 'Thu hoạch, đóng gói hoa tươi phục vụ Tết',
        reason: 'Đơn hàng hoa Tết tăng cao',
        status: 'returned',
        reviewed_at: new Date(),
        reviewed_by_name: department,
        return_reason: 'Chưa kèm văn bản thỏa thuận của người lao động làm thêm giờ',
      })
      .execute();
  }
  const violator = others[0];
  if (violator) {
    const b = await db
      .selectFrom('business')
      .select(['name', 'code', 'address', 'ward_code'])
      .where('id', '=', violator)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('violating_organization')
      .values({
        business_id: violator,
        organization_name: b.name,
        tax_code: b.code,
        address: b.address,
        ward_code: b.ward_code,
        violation_content:
          'Không tổ chức huấn luyện an toàn, vệ sinh lao động cho người làm công việc có yêu cầu nghiêm ngặt; không kiểm định kỹ thuật an toàn thiết bị nâng trước khi đưa vào sử dụng',
        legal_basis: 'Nghị định số 12/2022/NĐ-CP, Điều 23 và Điều 26',
        decision_number: `18/QĐ-XPHC`,
        decision_date: `${year}-02-26`,
        fine_amount: 45_000_000,
        issued_by: 'Chánh Thanh tra Sở Nội vụ tỉnh Lâm Đồng',
        remedy: 'Buộc tổ chức huấn luyện và kiểm định thiết bị trong 30 ngày',
        is_published: true,
        published_at: new Date(`${year}-03-01T08:00:00+07:00`),
      })
      .execute();
  }
}

export const businessDemoStep: SeedStep = {
  name: 'businesses: demo employers, documents, overtime notifications, violations',
  kind: 'demo',
  order: 170,
  async run({ db, log }) {
    const done = await db.selectFrom('app_setting').select('key').where('key', '=', MARKER).executeTakeFirst();
    if (done) return;
    // All or nothing: a failed start leaves no half-seeded province for the next one to add to.
    const count = await db.transaction().execute(async (trx) => {
      const rng = createRandom('businesses-demo');
      const accountEmployers = await completeAccountEmployers(trx);
      const others = await seedEmployers(trx, rng);
      await seedRecords(trx, accountEmployers, others);
      await trx
        .insertInto('app_setting')
        .values({ key: MARKER, value: JSON.stringify({ employers: others.length }), updated_at: new Date() })
        .execute();
      return others.length;
    });
    log.info({ employers: count }, 'demo employers seeded');
  },
};
