import { sql } from 'kysely';
import { addDays } from '@portal/domain/equipment/rules';
import { readingFactor, type ReadingFactor } from '@portal/domain/monitoring/factors';
import type { OpContext } from '../../catalog/context.ts';
import { catalogOperations } from '../../catalog/operations.ts';
import { seedCatalogRows } from '../../catalog/seed.ts';
import { clock } from '../../platform/clock/index.ts';
import type { SeedStep } from '../../seed/step.ts';
import { DEMO_BUSINESSES } from '../accounts/index.ts';
import { LIMITS, MONITORING_DEADLINE_ROWS, REGULATIONS } from './standards.ts';

/** The regulations, their limits and the domain's time limits: every installation, written once. */
export const monitoringReferenceStep: SeedStep = {
  name: 'monitoring-reference',
  kind: 'reference',
  order: 80,
  run: ({ db, log }) =>
    seedCatalogRows(db, log, 'monitoring.seeded.reference', {
      monitoringRegulation: REGULATIONS,
      monitoringLimit: LIMITS,
      legalDeadline: MONITORING_DEADLINE_ROWS,
    }),
};

const MARKER = 'monitoring.seeded.demo';

type Reading = Record<string, unknown> & { factor: string; code: string; position: string; job?: string };

interface DemoReport {
  business: string;
  code: string;
  organization: string;
  /** Days before today it was monitored. */
  daysAgo: number;
  workAreas: string;
  exposedWorkers: number;
  measures?: string;
  readings: Reading[];
}

/** Jobs of the demo employers, given to a few of their workers (the list for periodic examinations). */
const JOBS: Record<string, [string, string][]> = {
  [DEMO_BUSINESSES[0]!.code]: [
    ['CDX-RANG', 'Công nhân rang, xay cà phê'],
    ['CDX-SAY', 'Công nhân vận hành lò sấy'],
  ],
  [DEMO_BUSINESSES[1]!.code]: [['RHL-KHO-LANH', 'Công nhân kho lạnh, sơ chế hoa']],
};

const coffee = DEMO_BUSINESSES[0]!.code;
const flowers = DEMO_BUSINESSES[1]!.code;

const REPORTS: DemoReport[] = [
  {
    business: coffee,
    code: 'QT-CDX-2024',
    organization: 'QT-CDC-LD',
    daysAgo: 430,
    workAreas: 'Xưởng rang xay; xưởng sấy; kho thành phẩm; văn phòng',
    exposedWorkers: 42,
    measures: 'Lắp tiêu âm cho máy xay, cấp nút tai chống ồn; quan trắc lại tháng 3.',
    readings: [
      {
        factor: 'noise',
        code: 'O-01',
        position: 'Máy xay cà phê số 1',
        job: 'CDX-RANG',
        laeq: 89.4,
        exposureMinutes: 480,
        exposedWorkers: 6,
      },
      { factor: 'noise', code: 'O-02', position: 'Khu đóng gói', laeq: 78.2, exposureMinutes: 480, exposedWorkers: 12 },
      {
        factor: 'climate',
        code: 'K-01',
        position: 'Lò sấy cà phê',
        job: 'CDX-SAY',
        workCategory: 'medium',
        temperature: 33.5,
        humidity: 62,
        airSpeed: 0.4,
        exposedWorkers: 4,
      },
      { factor: 'light', code: 'A-01', position: 'Khu đóng gói', task: 'AS-DONG-GOI', illuminance: 320 },
    ],
  },
  {
    business: coffee,
    code: 'QT-CDX-2025',
    organization: 'QT-CDC-LD',
    daysAgo: 60,
    workAreas: 'Xưởng rang xay; xưởng sấy; kho thành phẩm; văn phòng',
    exposedWorkers: 45,
    readings: [
      {
        factor: 'noise',
        code: 'O-01',
        position: 'Máy xay cà phê số 1',
        job: 'CDX-RANG',
        laeq: 88.1,
        exposureMinutes: 480,
        exposedWorkers: 6,
      },
      {
        factor: 'noise',
        code: 'O-02',
        position: 'Máy rang trống quay',
        job: 'CDX-RANG',
        laeq: 87.6,
        exposureMinutes: 240,
        exposedWorkers: 3,
      },
      { factor: 'noise', code: 'O-03', position: 'Khu đóng gói', laeq: 77.9, exposureMinutes: 480, exposedWorkers: 12 },
      {
        factor: 'climate',
        code: 'K-01',
        position: 'Lò sấy cà phê',
        job: 'CDX-SAY',
        workCategory: 'medium',
        temperature: 34.2,
        humidity: 58,
        airSpeed: 0.3,
        exposedWorkers: 4,
      },
      {
        factor: 'climate',
        code: 'K-02',
        position: 'Văn phòng xưởng',
        workCategory: 'light',
        temperature: 24.5,
        humidity: 68,
        airSpeed: 0.2,
      },
      {
        factor: 'light',
        code: 'A-01',
        position: 'Khu đóng gói',
        task: 'AS-DONG-GOI',
        illuminance: 260,
        exposedWorkers: 12,
      },
      { factor: 'light', code: 'A-02', position: 'Văn phòng kế toán', task: 'AS-VP-DANH-MAY', illuminance: 540 },
      {
        factor: 'dust',
        code: 'B-01',
        position: 'Máy xay cà phê số 1',
        dust: 'BUI-KHONG-SILIC',
        concentration: 3.2,
        exposedWorkers: 6,
      },
      { factor: 'chemical', code: 'H-01', position: 'Lò sấy đốt củi', substance: 'HC-CO', twa: 14.5, stel: 31 },
    ],
  },
  {
    business: flowers,
    code: 'QT-RHL-2025',
    organization: 'QT-CAO-NGUYEN',
    daysAgo: 120,
    workAreas: 'Nhà kính; kho lạnh bảo quản hoa; khu sơ chế, đóng gói',
    exposedWorkers: 60,
    readings: [
      {
        factor: 'chemical',
        code: 'H-01',
        position: 'Kho lạnh, gian máy nén NH₃',
        job: 'RHL-KHO-LANH',
        substance: 'HC-NH3',
        twa: 19.3,
        stel: 27.5,
        exposedWorkers: 5,
      },
      { factor: 'chemical', code: 'H-02', position: 'Khu sơ chế hoa', substance: 'HC-NH3', twa: 3.1, stel: 6.2 },
      {
        factor: 'climate',
        code: 'K-01',
        position: 'Kho lạnh bảo quản hoa',
        workCategory: 'light',
        temperature: 6,
        humidity: 85,
        airSpeed: 0.3,
        note: 'Kho lạnh: ngoài phạm vi QCVN 26, ghi để theo dõi',
      },
      { factor: 'light', code: 'A-01', position: 'Khu đóng gói hoa', task: 'AS-DONG-GOI', illuminance: 350 },
      { factor: 'noise', code: 'O-01', position: 'Gian máy nén lạnh', laeq: 84.2, exposureMinutes: 480 },
      {
        factor: 'job',
        code: 'L-01',
        position: 'Khu sơ chế hoa',
        indicator: 'Nhịp tim khi làm việc',
        value: 112,
        permittedValue: 120,
        unit: 'nhịp/phút',
        basis: 'Đánh giá gánh nặng lao động của tổ chức quan trắc',
      },
    ],
  },
];

const ORGANIZATIONS = [
  {
    code: 'QT-CDC-LD',
    name: 'Trung tâm Kiểm soát bệnh tật tỉnh Lâm Đồng',
    certificateNumber: '05/2023/BYT-ĐKQTMTLĐ',
    issuedBy: 'Bộ Y tế',
    address: '04 Phạm Ngọc Thạch, phường Xuân Hương - Đà Lạt, Lâm Đồng',
    validFrom: '2023-03-01',
    validTo: '2028-02-28',
    legalBasis: 'Điều 36, 37 Nghị định 44/2016/NĐ-CP',
  },
  {
    code: 'QT-CAO-NGUYEN',
    name: 'Công ty TNHH Quan trắc Môi trường lao động Cao Nguyên',
    certificateNumber: '17/2022/BYT-ĐKQTMTLĐ',
    issuedBy: 'Bộ Y tế',
    address: '15 Ba Tháng Hai, phường Lâm Viên - Đà Lạt, Lâm Đồng',
    validFrom: '2022-06-15',
    validTo: '2027-06-14',
    legalBasis: 'Điều 36, 37 Nghị định 44/2016/NĐ-CP',
  },
];

const CLASS_FIELD: Record<string, [string, string]> = {
  light: ['task', 'taskId'],
  dust: ['dust', 'dustTypeId'],
  chemical: ['substance', 'substanceId'],
};

/**
 * The demo province's monitoring: two qualified organisations; the coffee employer monitored last year (noise
 * and heat above the limits, measures done) and this year (noise still above, lighting too low in packing: measures
 * due), the flower grower this year (ammonia above the TWA in its cold store); the other employers never
 * monitored (the department's missing list). A few workers are given the jobs an exceedance names. Dates are
 * relative to the day the demo is seeded. Written once (a marker remembers it).
 */
export const monitoringDemoStep: SeedStep = {
  name: 'monitoring-demo',
  kind: 'demo',
  order: 250,
  run: async ({ db, log }) => {
    const done = await sql<{ key: string }>`select key from app_setting where key = ${MARKER}`.execute(db);
    if (done.rows.length) return;
    const today = clock.today();
    await db.transaction().execute(async (trx) => {
      const ctx: OpContext = { db: trx, principal: null, lang: 'vi', request: null, system: true };
      const orgs = new Map<string, string>();
      for (const o of ORGANIZATIONS)
        orgs.set(o.code, (await catalogOperations('monitoringOrganization').create(ctx, o)).id);
      const limitIds = new Map(
        (
          await sql<{
            code: string;
            id: string;
          }>`select code, id from monitoring_limit where deleted_at is null`.execute(trx)
        ).rows.map((r) => [r.code, r.id]),
      );
      const businesses = new Map(
        (
          await sql<{ code: string; id: string }>`select lower(code) as code, id from business
            where lower(code) = any(${sql.val(Object.keys(JOBS))}::text[])`.execute(trx)
        ).rows.map((r) => [r.code, r.id]),
      );
      const jobs = new Map<string, string>();
      for (const [taxCode, list] of Object.entries(JOBS)) {
        const businessId = businesses.get(taxCode);
        if (!businessId) continue;
        for (const [code, name] of list) {
          const id = (
            await sql<{
              id: string;
            }>`insert into position (code, name, business_id) values (${code}, ${name}, ${businessId}::uuid)
              returning id`.execute(trx)
          ).rows[0]!.id;
          jobs.set(code, id);
          // Three of the employer's workers hold the job.
          await sql`update worker set position_id = ${id}::uuid where id in (select id from worker
            where business_id = ${businessId}::uuid and deleted_at is null and position_id is null order by full_name limit 3)`.execute(
            trx,
          );
        }
      }
      let readings = 0;
      for (const r of REPORTS) {
        const businessId = businesses.get(r.business);
        if (!businessId) continue;
        const monitoredOn = addDays(today, -r.daysAgo);
        const fields = {
          code: r.code,
          businessId,
          organizationId: orgs.get(r.organization),
          monitoredOn,
          reportedOn: addDays(monitoredOn, 14),
          workAreas: r.workAreas,
          exposedWorkers: r.exposedWorkers,
        };
        const report = await catalogOperations('monitoringReport').create(ctx, fields);
        for (const { factor, job, ...values } of r.readings) {
          const key = readingFactor(factor as ReadingFactor).key;
          const cls = CLASS_FIELD[factor];
          const body: Record<string, unknown> = {
            ...values,
            // Sample numbers carry the report's, as the organisations number them.
            code: `${r.code}-${String(values.code)}`,
            reportId: report.id,
            positionId: job ? jobs.get(job) : null,
          };
          if (cls) {
            body[cls[1]] = limitIds.get(String(values[cls[0]]));
            delete body[cls[0]];
          }
          await catalogOperations(key).create(ctx, body);
          readings += 1;
        }
        if (r.measures)
          await catalogOperations('monitoringReport').update(ctx, report.id, {
            ...fields,
            measures: r.measures,
            followUpOn: addDays(monitoredOn, 80),
          });
      }
      await sql`insert into app_setting (key, value) values (${MARKER}, ${JSON.stringify({ reports: REPORTS.length, readings })}::jsonb)`.execute(
        trx,
      );
      log.info({ reports: REPORTS.length, readings }, 'demo monitoring seeded');
    });
  },
};
