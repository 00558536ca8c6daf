import { sql } from 'kysely';
import type { OpContext } from '../../catalog/context.ts';
import { storeSeedRows } from '../../catalog/seed.ts';
import type { Db } from '../../db/database.ts';
import { clock } from '../../platform/clock/index.ts';
import { createRandom } from '../../seed/demo/names.ts';
import type { SeedStep } from '../../seed/step.ts';

/**
 * The demo province's claimants: six registered job seekers drawing unemployment benefit (decided one to four
 * months ago), each with a job-search declaration for every month of the benefit so far; one found work last
 * month and the benefit ended. Dated from the day the demo is installed.
 */

const MARKER = 'employment.claimants.demo.v1';
const system = (db: Db): OpContext => ({ db, principal: null, lang: 'vi', request: null, system: true });
const monthStart = (date: string, back: number) => {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - back);
  return d.toISOString().slice(0, 10);
};

export const employmentClaimantsDemoStep: SeedStep = {
  name: 'employment: demo claimants and their monthly job-search declarations',
  kind: 'demo',
  order: 195,
  async run({ db, log }) {
    const done = await db.selectFrom('app_setting').select('key').where('key', '=', MARKER).executeTakeFirst();
    if (done) return;
    const seekers = await sql<{
      full_name: string;
      citizen_id: string;
      birth_date: string | null;
      sex: string | null;
      ward: string;
    }>`select full_name, citizen_id, birth_date::text as birth_date, sex, admin_unit_id as ward from job_seeker
      where deleted_at is null and status = 'seeking' order by code desc limit 6`.execute(db);
    if (seekers.rows.length < 6) return;
    const today = clock.today();
    const rng = createRandom('employment-claimants-demo');
    const benefits = seekers.rows.map((s, i) => {
      const monthsAgo = 1 + (i % 4);
      const start = monthStart(today, monthsAgo);
      return {
        code: `TCTN-${today.slice(0, 4)}-D${String(i + 1).padStart(3, '0')}`,
        fullName: s.full_name,
        citizenId: s.citizen_id,
        birthDate: s.birth_date,
        sex: s.sex,
        adminUnitId: s.ward,
        lastEmployer: rng.pick(['Công ty TNHH May Bảo Lộc', 'Công ty CP Chè Cầu Đất', 'Hợp tác xã Rau an toàn Đà Lạt']),
        contributionMonths: rng.int(14, 96),
        benefitMonths: rng.int(3, 6),
        monthlyAmount: rng.int(38, 62) * 100_000,
        decisionDate: monthStart(today, monthsAgo + 1).slice(0, 8) + '20',
        startDate: start,
        // The last one found work last month: the benefit ended.
        status: i === 5 ? 'ended' : 'paying',
      };
    });
    await db.transaction().execute(async (trx) => {
      const ids = await storeSeedRows(system(trx), 'unemploymentInsurance', benefits);
      const declarations = benefits.flatMap((b, i) => {
        const months = 1 + (i % 4);
        return Array.from({ length: months }, (_, k) => {
          const month = monthStart(today, months - k);
          const last = k === months - 1;
          return {
            code: `TBTV-${b.code.slice(5)}-${k + 1}`,
            benefitId: ids[i]!,
            adminUnitId: b.adminUnitId,
            month: month.slice(0, 7),
            declaredOn: `${month.slice(0, 8)}${String(5 + rng.int(0, 10)).padStart(2, '0')}`,
            channel: rng.pick(['inPerson', 'inPerson', 'online'] as const),
            employersContacted: rng.int(1, 5),
            jobsApplied: rng.pick([
              'Công nhân chăm sóc vườn cà phê',
              'Nhân viên đóng gói nông sản',
              'Lái xe giao hàng',
            ]),
            outcome: i === 5 && last ? 'foundWork' : 'stillSeeking',
          };
        });
      });
      await storeSeedRows(system(trx), 'jobSearchDeclaration', declarations);
      await trx
        .insertInto('app_setting')
        .values({ key: MARKER, value: JSON.stringify({ claimants: benefits.length }), updated_at: new Date() })
        .execute();
    });
    log.info({ claimants: benefits.length }, 'demo claimants seeded');
  },
};
