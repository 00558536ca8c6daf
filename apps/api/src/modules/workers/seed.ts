import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OpContext } from '../../catalog/context.ts';
import { storeSeedRows } from '../../catalog/seed.ts';
import { createRandom, type Random } from '../../seed/demo/names.ts';
import type { SeedStep } from '../../seed/step.ts';
import { generateWorkers, workerBackground, type GeneratedWorker } from './generate.ts';
import { addOvertime, addProgress } from './records.ts';
import { addParticipants } from './training.ts';

/**
 * Demo workers of the demo province's employers (a few hundred, the same ones on every install), a few
 * occupational disease cases, safety training courses with their participants, progress and overtime records.
 * Everything goes through the areas' own operations (the same rules as a user's file). Written once: a marker
 * remembers it, so workers an administrator deleted are not brought back.
 */

const MARKER = 'workers.demo.v1';
const REFERENCE_DATE = '2025-07-01';
/** The two employers with demo accounts get a full workforce; the others a handful each. */
const MAIN_EMPLOYERS = ['5801234577', '5807654320'];
/** Occupations (VSCO sub-major groups seeded with the reference data) of coffee, vegetable and flower growers. */
const OCCUPATIONS = [
  ['61', 40],
  ['75', 20],
  ['93', 12],
  ['83', 8],
  ['81', 8],
  ['31', 6],
  ['71', 6],
] as const;

const system = (db: Db): OpContext => ({ db, principal: null, lang: 'vi', request: null, system: true });

/** The occupation, and what the statistics count, which depends on it (every demo worker has a labour contract). */
function occupationAndBackground(person: GeneratedWorker, occupation: string, rng: Random) {
  return {
    occupationId: occupation,
    ...workerBackground(rng, person, { referenceDate: REFERENCE_DATE, occupation, labourContract: true }),
  };
}

const storeAll = storeSeedRows;

export const workersDemoStep: SeedStep = {
  name: 'workers: demo workers, disease cases, training courses, progress and overtime',
  kind: 'demo',
  order: 190,
  async run({ db, log }) {
    const done = await db.selectFrom('app_setting').select('key').where('key', '=', MARKER).executeTakeFirst();
    if (done) return;
    const employers = await sql<{
      id: string;
      code: string;
    }>`select id, code from business where deleted_at is null and status = 'active'
        order by code limit 40`.execute(db);
    if (!employers.rows.length) return;
    const total = await db.transaction().execute(async (trx) => {
      const ctx = system(trx);
      const rng = createRandom('workers-demo');
      // Its own stream: what the statistics count leaves the other values as they were.
      const backgrounds = rng.fork('background');
      const workerIds = new Map<string, string[]>();
      let count = 0;
      for (const employer of employers.rows) {
        const main = MAIN_EMPLOYERS.includes(employer.code);
        const size = main ? 60 : 4 + rng.int(0, 8);
        // The main employers' foreigners come with their work permits (the permits demo declares them).
        const people = generateWorkers(`demo:${employer.code}`, size, {
          referenceDate: REFERENCE_DATE,
          foreignShare: main ? 0 : 0.03,
        });
        const rows = people.map((p, i) => ({
          ...p,
          businessId: employer.code,
          ...occupationAndBackground(p, rng.weighted(OCCUPATIONS), backgrounds),
          contractTypeId: rng.chance(0.7) ? 'KXDTH' : 'XDTH',
          healthClassId: rng.weighted([
            ['LOAI-I', 30],
            ['LOAI-II', 50],
            ['LOAI-III', 18],
            ['LOAI-IV', 2],
          ] as const),
          targetTrainingId: i === 0 ? 'NHOM-1' : i === 1 ? 'NHOM-2' : rng.chance(0.3) ? 'NHOM-3' : 'NHOM-4',
          address: null,
        }));
        const ids = await storeAll(ctx, 'worker', rows);
        workerIds.set(
          employer.code,
          ids.filter((id): id is string => id !== null),
        );
        count += rows.length;
      }

      // Disease cases at the coffee company: pesticide poisoning in the fields, noise at the roaster, wet and cold.
      const coffee = workerIds.get(MAIN_EMPLOYERS[0]!);
      if (coffee?.length) {
        const citizenIds = await sql<{
          id: string;
          citizen_id: string;
        }>`select id, citizen_id from worker where id = any(${coffee.slice(10, 15)}::uuid[]) order by citizen_id`.execute(
          trx,
        );
        // [type, diagnosis, day, disability %, status, costs paid (VND): treatment, rehabilitation, compensation]
        const cases = [
          [
            'BNN14',
            'Nhiễm độc mạn tính hóa chất bảo vệ thực vật nhóm phospho hữu cơ',
            '2024-09-12',
            21,
            'stable',
            86_500_000,
          ],
          ['BNN18', 'Điếc nghề nghiệp do tiếng ồn, giảm thính lực hai tai', '2024-11-05', 31, 'stable', 124_000_000],
          [
            'BNN27',
            'Bệnh da nghề nghiệp do tiếp xúc môi trường ẩm ướt và lạnh kéo dài',
            '2025-03-20',
            11,
            'underTreatment',
            18_200_000,
          ],
          [
            'BNN18',
            'Điếc nghề nghiệp do tiếng ồn, giảm thính lực tai phải',
            '2026-04-14',
            16,
            'underTreatment',
            9_800_000,
          ],
          ['BNN14', 'Nhiễm độc cấp hóa chất bảo vệ thực vật khi phun thuốc', '2026-08-03', 6, 'recovered', 14_300_000],
        ] as const;
        await storeAll(
          ctx,
          'occupationalDisease',
          citizenIds.rows.map((w, i) => {
            const [type, diagnosis, day, rate, status, cost] = cases[i]!;
            return {
              code: `BNN-${MAIN_EMPLOYERS[0]}-${i + 1}`,
              businessId: MAIN_EMPLOYERS[0],
              workerId: w.citizen_id,
              diseaseTypeId: type,
              diagnosis,
              diagnosisDate: day,
              facility: 'Trung tâm Kiểm soát bệnh tật tỉnh Lâm Đồng',
              disabilityRate: rate,
              status,
              compensated: status === 'stable',
              cost,
            };
          }),
        );
      }

      // A yearly safety course at each main employer, with most of its workers, results recorded.
      for (const [n, code] of MAIN_EMPLOYERS.entries()) {
        const ids = workerIds.get(code);
        if (!ids?.length) continue;
        const [courseId] = await storeAll(ctx, 'training', [
          {
            code: `HL-${code}-2025`,
            name: 'Huấn luyện an toàn, vệ sinh lao động định kỳ năm 2025 (nhóm 4)',
            businessId: code,
            targetTrainingId: 'NHOM-4',
            // The demo training body (its unit's code).
            trainerUnitId: 'TTHL_ATLD',
            startDate: n === 0 ? '2025-04-14' : '2025-05-19',
            endDate: n === 0 ? '2025-04-15' : '2025-05-20',
            hours: 16,
            location:
              n === 0 ? 'Hội trường công ty, phường Xuân Hương - Đà Lạt' : 'Nhà văn hóa phường Lâm Viên - Đà Lạt',
            trainer: 'ThS. Nguyễn Hữu Phước',
          },
        ]);
        await addParticipants(ctx, { trainingId: courseId, workerIds: ids.slice(2, 42), result: 'passed' });
      }

      // Earlier jobs and this summer's overtime for a few of the coffee company's workers.
      for (const id of coffee?.slice(0, 5) ?? []) {
        await addProgress(ctx, {
          workerId: id,
          fromDate: '2016-03-01',
          toDate: '2019-12-31',
          workplace: 'Hợp tác xã Chè Cầu Đất',
          position: 'Công nhân chăm sóc chè',
        });
        for (const day of ['2025-07-12', '2025-07-19', '2025-07-26', '2025-08-02']) {
          await addOvertime(ctx, { workerId: id, workDate: day, hours: 8, reason: 'Giao hàng rau, hoa mùa cao điểm' });
        }
      }

      await trx
        .insertInto('app_setting')
        .values({ key: MARKER, value: JSON.stringify({ workers: count }), updated_at: new Date() })
        .execute();
      return count;
    });
    log.info({ workers: total }, 'demo workers seeded');
  },
};

const UNEMPLOYMENT_MARKER = 'workers.demo.unemployment.v1';

/**
 * Unemployed workers registered with the employment service centre over the last two years, in the communes where
 * the demo employers are, with the reasons and outcomes such a register shows (the statistics' unemployment page and
 * the centre's lists read them). Written once, like the workers.
 */
export const unemploymentDemoStep: SeedStep = {
  name: 'workers: demo unemployed workers registered with the service centre',
  kind: 'demo',
  order: 191,
  async run({ db, log }) {
    const done = await db
      .selectFrom('app_setting')
      .select('key')
      .where('key', '=', UNEMPLOYMENT_MARKER)
      .executeTakeFirst();
    if (done) return;
    const wards = await sql<{ ward: string; name: string }>`select ward_code as ward, min(name) as name from business
      where deleted_at is null and ward_code is not null group by ward_code order by ward_code`.execute(db);
    if (!wards.rows.length) return;
    const rng = createRandom('unemployment-demo');
    const people = generateWorkers('demo:unemployment', 48, { referenceDate: REFERENCE_DATE, foreignShare: 0 });
    const reasons = ['contractEnded', 'contractEnded', 'restructuring', 'dismissed', 'resigned', 'other'] as const;
    const rows = people.map((p, i) => {
      const at = wards.rows[rng.int(0, wards.rows.length - 1)]!;
      // Registered in the two years before the reference of the demo clock, a few more each recent quarter.
      const year = i % 3 === 0 ? 2025 : 2026;
      const month = 1 + rng.int(0, year === 2026 ? 9 : 11);
      const day = 1 + rng.int(0, 26);
      const registered = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      const lost = `${year}-${String(month).padStart(2, '0')}-01`;
      return {
        code: `TN-${year}-${String(i + 1).padStart(4, '0')}`,
        fullName: p.fullName,
        citizenId: p.citizenId,
        birthDate: p.birthDate,
        sex: p.sex,
        adminUnitId: at.ward,
        phone: p.phone,
        lastEmployer: at.name,
        jobLostDate: lost,
        reason: rng.pick(reasons),
        registeredDate: registered,
        status:
          year === 2025
            ? rng.pick(['employed', 'employed', 'inTraining'] as const)
            : rng.pick(['seeking', 'seeking', 'inTraining'] as const),
      };
    });
    await db.transaction().execute(async (trx) => {
      await storeAll(system(trx), 'unemploymentWorker', rows);
      await trx
        .insertInto('app_setting')
        .values({ key: UNEMPLOYMENT_MARKER, value: JSON.stringify({ claimants: rows.length }), updated_at: new Date() })
        .execute();
    });
    log.info({ claimants: rows.length }, 'demo unemployed workers seeded');
  },
};
