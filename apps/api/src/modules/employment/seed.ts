import { sql } from 'kysely';
import type { OpContext } from '../../catalog/context.ts';
import { seedCatalogRows, storeSeedRows } from '../../catalog/seed.ts';
import { EMPLOYMENT_RULES } from '@portal/domain/employment/referrals';
import type { Db } from '../../db/database.ts';
import { clock } from '../../platform/clock/index.ts';
import { createRandom } from '../../seed/demo/names.ts';
import type { SeedStep } from '../../seed/step.ts';
import { generateWorkers } from '../workers/index.ts';

/**
 * The demo province's employment services: people registered with the service centre as job seekers, and the
 * demo employers' vacancies, in the occupations and communes of the province's coffee, vegetable and flower
 * growers, so matching has real work to do. Written once (a marker), dated from the day the demo is installed so
 * its vacancies are open.
 */

const MARKER = 'employment.demo.v1';

/**
 * How long a referral waits, when a placement is followed up and when a silent vacancy closes: reference data with
 * their basis, so the department corrects them without a release. Only the follow-up is the law's (Decree 23/2021
 * Art 13 with its Form 04: at least 3 months); the other two are the practice of mature services (a referral
 * lapses after 60 days unanswered, a vacancy closes after 90 days without an update), kept unverified.
 */
export const employmentReferenceStep: SeedStep = {
  name: 'employment: referral and vacancy time limits',
  kind: 'reference',
  order: 153,
  run: ({ db, log }) =>
    seedCatalogRows(db, log, 'employment.rules.seeded', {
      legalDeadline: [
        {
          code: 'GTVL-THEO-DOI',
          rule: EMPLOYMENT_RULES.followUpMonths,
          name: 'Theo dõi người lao động sau khi được giới thiệu có việc làm',
          amount: 3,
          unit: 'months',
          legalBasis: 'Nghị định số 23/2021/NĐ-CP, Điều 13; Mẫu số 04',
          validFrom: '2021-03-19',
          verified: true,
          note: 'Trung tâm dịch vụ việc làm theo dõi tình hình việc làm của người lao động ít nhất 3 tháng sau khi được tuyển.',
        },
        {
          code: 'GTVL-HET-HAN',
          rule: EMPLOYMENT_RULES.referralExpiryDays,
          name: 'Thời hạn chờ doanh nghiệp trả lời giới thiệu',
          amount: 60,
          unit: 'days',
          legalBasis: 'Quy trình nghiệp vụ của Trung tâm dịch vụ việc làm (chưa có văn bản quy định)',
          validFrom: '2021-01-01',
          verified: false,
        },
        {
          code: 'TTD-TU-DONG',
          rule: EMPLOYMENT_RULES.vacancyStaleDays,
          name: 'Tin tuyển dụng không cập nhật tự đóng sau',
          amount: 90,
          unit: 'days',
          legalBasis: 'Quy trình nghiệp vụ của Trung tâm dịch vụ việc làm (chưa có văn bản quy định)',
          validFrom: '2021-01-01',
          verified: false,
        },
      ],
    }),
};

/** Occupation code → vacancy title, skills asked, pay range (million VND a month), minimum education. */
const JOBS: Record<string, { title: string; skills: string[]; pay: [number, number]; education: string | null }> = {
  '61': {
    title: 'Công nhân chăm sóc vườn cà phê',
    skills: ['chăm sóc cà phê', 'thu hoạch', 'tưới tiêu', 'bón phân'],
    pay: [6, 9],
    education: null,
  },
  '75': {
    title: 'Công nhân chế biến, đóng gói nông sản',
    skills: ['chế biến cà phê', 'đóng gói', 'an toàn thực phẩm'],
    pay: [6.5, 10],
    education: 'lowerSecondary',
  },
  '93': { title: 'Lao động phổ thông bốc xếp', skills: ['bốc xếp'], pay: [6, 8], education: null },
  '83': {
    title: 'Lái xe tải giao hàng',
    skills: ['lái xe hạng c', 'giao hàng'],
    pay: [9, 14],
    education: 'upperSecondary',
  },
  '81': {
    title: 'Công nhân vận hành máy sấy, máy rang',
    skills: ['vận hành máy sấy', 'vận hành máy rang', 'bảo trì máy'],
    pay: [8, 12],
    education: 'vocational',
  },
  '31': {
    title: 'Kỹ thuật viên kiểm tra chất lượng',
    skills: ['kiểm tra chất lượng', 'lấy mẫu', 'phân tích đất'],
    pay: [10, 15],
    education: 'college',
  },
  '71': {
    title: 'Thợ lắp dựng nhà kính, nhà lưới',
    skills: ['lắp dựng nhà kính', 'hàn', 'đọc bản vẽ'],
    pay: [9, 13],
    education: 'lowerSecondary',
  },
  '74': {
    title: 'Thợ điện bảo trì hệ thống tưới',
    skills: ['điện công nghiệp', 'điện dân dụng', 'tự động hóa'],
    pay: [10, 14],
    education: 'vocational',
  },
};
const SEEKER_OCCUPATIONS: ReadonlyArray<readonly [string, number]> = [
  ['61', 30],
  ['75', 18],
  ['93', 14],
  ['83', 10],
  ['81', 8],
  ['31', 6],
  ['71', 7],
  ['74', 7],
];
const EDUCATION: ReadonlyArray<readonly [string, number]> = [
  ['primary', 6],
  ['lowerSecondary', 28],
  ['upperSecondary', 34],
  ['vocational', 16],
  ['college', 9],
  ['university', 7],
];

const system = (db: Db): OpContext => ({ db, principal: null, lang: 'vi', request: null, system: true });
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const million = (m: number) => Math.round(m * 10) * 100_000;

/**
 * Referrals in every state the centre meets: waiting on the two demo employers, one hired whose follow-up falls
 * due within the week, one refused and one lapsed. Written as the moves would leave them, with their history.
 */
async function seedReferrals(
  trx: Db,
  today: string,
  seekers: { occupationId: string; consentToShare: boolean; status: string; fullName: string }[],
  seekerIds: string[],
  vacancies: { occupationId: string; businessId: string }[],
  vacancyIds: string[],
): Promise<void> {
  const centre = await sql<{ id: string; ward: string | null }>`select u.id, un.local_unit_code as ward from app_user u
    join unit un on un.id = u.unit_id where un.kind = 'service_centre' order by u.created_at limit 1`.execute(trx);
  const referrer = centre.rows[0]?.id ?? null;
  const plan: { status: string; referredDaysAgo: number; hiredDaysAgo?: number; refusal?: string }[] = [
    { status: 'new', referredDaysAgo: 2 },
    { status: 'new', referredDaysAgo: 5 },
    { status: 'inProgress', referredDaysAgo: 9 },
    { status: 'interview', referredDaysAgo: 12 },
    // Hired three months less four days ago: its follow-up falls due this week.
    { status: 'hired', referredDaysAgo: 100, hiredDaysAgo: 88 },
    { status: 'refused', referredDaysAgo: 30, refusal: 'conditionsMismatch' },
    { status: 'expired', referredDaysAgo: 75 },
  ];
  const used = new Set<string>();
  let n = 0;
  for (const step of plan) {
    // A consenting seeker still looking (each once) whose occupation an open vacancy asks for.
    const v = vacancies.findIndex((vac) =>
      seekers.some(
        (s, j) =>
          !used.has(`s${j}`) && s.consentToShare && s.status === 'seeking' && s.occupationId === vac.occupationId,
      ),
    );
    if (v < 0) break;
    const s = seekers.findIndex(
      (sk, j) =>
        !used.has(`s${j}`) &&
        sk.consentToShare &&
        sk.status === 'seeking' &&
        sk.occupationId === vacancies[v]!.occupationId,
    );
    used.add(`s${s}`);
    n += 1;
    const referred = addDays(today, -step.referredDaysAgo);
    const hired = step.hiredDaysAgo !== undefined ? addDays(today, -step.hiredDaysAgo) : null;
    const row = await sql<{
      id: string;
    }>`insert into job_referral (code, seeker_id, vacancy_id, business_id, seeker_ward,
        status, referred_on, expires_on, referred_by, answered_at, refusal_reason, hired_date, follow_up_due, version)
      select ${`GT-${referred.slice(0, 4)}-D${String(n).padStart(4, '0')}`}, s.id, v.id, v.business_id, s.admin_unit_id,
        ${step.status}, ${referred}::date, ${referred}::date + 60, ${referrer},
        ${step.status === 'new' || step.status === 'expired' ? null : new Date(`${referred}T09:00:00+07:00`)},
        ${step.refusal ?? null}, ${hired}::date,
        ${hired ? sql`(${hired}::date + interval '3 months')::date` : null}, 2
      from job_seeker s, vacancy v where s.id = ${seekerIds[s]!} and v.id = ${vacancyIds[v]!}
      returning id`.execute(trx);
    const id = row.rows[0]!.id;
    const moves: [string, string | null, string][] = [['refer', null, 'new']];
    if (step.status === 'inProgress') moves.push(['acknowledge', 'new', 'inProgress']);
    if (step.status === 'interview') moves.push(['invite', 'new', 'interview']);
    if (step.status === 'hired') moves.push(['invite', 'new', 'interview'], ['hire', 'interview', 'hired']);
    if (step.status === 'refused') moves.push(['refuse', 'new', 'refused']);
    if (step.status === 'expired') moves.push(['expire', 'new', 'expired']);
    for (const [action, from, to] of moves)
      await sql`insert into job_referral_event (referral_id, action, from_status, to_status, actor_id, actor_name, reason)
        values (${id}, ${action}, ${from}, ${to}, ${action === 'refer' ? referrer : null}, null, null)`.execute(trx);
    if (step.status === 'hired')
      await sql`update job_seeker set status = 'placed' where id = ${seekerIds[s]!}`.execute(trx);
  }
}

export const employmentDemoStep: SeedStep = {
  name: 'employment: demo job seekers and vacancies',
  kind: 'demo',
  order: 192,
  async run({ db, log }) {
    const done = await db.selectFrom('app_setting').select('key').where('key', '=', MARKER).executeTakeFirst();
    if (done) return;
    const employers = await sql<{
      code: string;
      name: string;
      ward: string | null;
    }>`select code, name, ward_code as ward from business
      where deleted_at is null and status = 'active' order by code limit 12`.execute(db);
    const wards = await sql<{ id: string }>`select id from admin_unit
      where generation = '2025' and level = 'ward' and province_id = '2025:68' order by code`.execute(db);
    if (!employers.rows.length || !wards.rows.length) return;
    const today = clock.today();
    const rng = createRandom('employment-demo');
    const employerWards = [...new Set(employers.rows.map((e) => e.ward).filter((w): w is string => !!w))];

    const people = generateWorkers('demo:job-seekers', 64, { referenceDate: today, foreignShare: 0 });
    const seekers = people.map((p, i) => {
      const occupation = rng.weighted(SEEKER_OCCUPATIONS);
      const job = JOBS[occupation]!;
      // Most live where the employers are, the others anywhere in the province.
      const ward = rng.chance(0.6) && employerWards.length ? rng.pick(employerWards) : rng.pick(wards.rows).id;
      const skills = job.skills.filter(() => rng.chance(0.55));
      return {
        code: `TV-${today.slice(0, 4)}-${String(i + 1).padStart(4, '0')}`,
        fullName: p.fullName,
        citizenId: p.citizenId,
        birthDate: p.birthDate,
        sex: p.sex,
        phone: p.phone,
        adminUnitId: ward,
        occupationId: occupation,
        educationLevel: rng.weighted(EDUCATION),
        skills: skills.join(', ') || null,
        experienceYears: rng.int(0, 15),
        desiredPay: million(job.pay[0] + rng.int(0, 8) * 0.5),
        availableFrom: addDays(today, rng.int(0, 30)),
        registeredDate: addDays(today, -rng.int(1, 120)),
        consentToShare: rng.chance(0.75),
        status: rng.weighted([
          ['seeking', 8],
          ['placed', 1],
          ['withdrawn', 1],
        ] as const),
      };
    });

    const vacancies = employers.rows.flatMap((e, i) => {
      // The two employers with demo accounts post more.
      const count = i < 2 ? 4 : rng.int(0, 2);
      return Array.from({ length: count }, (_, k) => {
        const occupation = rng.weighted(SEEKER_OCCUPATIONS);
        const job = JOBS[occupation]!;
        const posted = addDays(today, -rng.int(1, 45));
        return {
          code: `TD-${e.code}-${String(k + 1).padStart(2, '0')}`,
          title: job.title,
          businessId: e.code,
          occupationId: occupation,
          quantity: rng.int(1, 12),
          adminUnitId: e.ward ?? rng.pick(wards.rows).id,
          payFrom: million(job.pay[0]),
          payTo: million(job.pay[1]),
          contractKind: rng.weighted([
            ['fixedTerm', 5],
            ['indefinite', 3],
            ['seasonal', 2],
          ] as const),
          educationLevel: job.education,
          skills: job.skills.slice(0, rng.int(1, job.skills.length)).join(', '),
          requirements: 'Sức khỏe tốt, chịu khó; ưu tiên người cư trú gần nơi làm việc.',
          postedDate: posted,
          // The first closes within the week: the centre's and the employer's workspaces show it.
          closingDate: addDays(today, i === 0 && k === 0 ? 5 : rng.int(10, 60)),
          status: 'open',
        };
      });
    });

    const quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1;
    const year = Number(today.slice(0, 4));
    // Last quarter's collection, in the communes where the employers are.
    const [surveyYear, surveyQuarter] = quarter === 1 ? [year - 1, 4] : [year, quarter - 1];
    const supply = employerWards.flatMap((ward, w) =>
      SEEKER_OCCUPATIONS.slice(0, 5).map(([occupation], k) => ({
        code: `CLD-${surveyYear}-Q${surveyQuarter}-${w + 1}-${k + 1}`,
        year: surveyYear,
        quarter: surveyQuarter,
        adminUnitId: ward,
        occupationId: occupation,
        seeking: rng.int(5, 60),
        unemployed: rng.int(2, 30),
        wantingTraining: rng.int(0, 20),
        collectedOn: addDays(today, -rng.int(10, 40)),
      })),
    );
    const demand = employers.rows.slice(0, 8).map((e, i) => ({
      code: `CAULD-${surveyYear}-Q${surveyQuarter}-${i + 1}`,
      year: surveyYear,
      quarter: surveyQuarter,
      adminUnitId: e.ward ?? rng.pick(wards.rows).id,
      employerId: e.code,
      occupationId: rng.weighted(SEEKER_OCCUPATIONS),
      wanted: rng.int(2, 40),
      hardToFill: rng.int(0, 6),
      collectedOn: addDays(today, -rng.int(10, 40)),
    }));
    const counselling = seekers.slice(0, 18).map((p, i) => ({
      code: `TVVL-${today.slice(0, 4)}-${String(i + 1).padStart(4, '0')}`,
      kind: 'worker',
      counselledOn: p.registeredDate,
      fullName: p.fullName,
      phone: p.phone,
      adminUnitId: p.adminUnitId,
      topic: rng.weighted([
        ['jobSearch', 6],
        ['vocationalTraining', 2],
        ['unemploymentInsurance', 2],
        ['workingAbroad', 1],
      ] as const),
      channel: rng.weighted([
        ['inPerson', 5],
        ['phone', 2],
        ['online', 1],
      ] as const),
      outcome: rng.weighted([
        ['registeredSeeker', 5],
        ['sentToTraining', 1],
        ['informed', 2],
      ] as const),
      followUpOn: addDays(p.registeredDate, 30),
      counsellor: 'Đặng Thu Hà',
    }));
    const employerCounselling = employers.rows.slice(0, 5).map((e, i) => ({
      code: `TVDN-${today.slice(0, 4)}-${String(i + 1).padStart(4, '0')}`,
      kind: 'employer',
      counselledOn: addDays(today, -rng.int(5, 60)),
      fullName: e.name,
      employerId: e.code,
      adminUnitId: e.ward ?? rng.pick(wards.rows).id,
      topic: rng.pick(['recruitment', 'labourLaw'] as const),
      channel: 'inPerson',
      outcome: rng.pick(['vacancyPosted', 'informed'] as const),
      counsellor: 'Đặng Thu Hà',
    }));

    await db.transaction().execute(async (trx) => {
      const ctx = system(trx);
      const seekerIds = await storeSeedRows(ctx, 'jobSeeker', seekers);
      const vacancyIds = await storeSeedRows(ctx, 'vacancy', vacancies);
      await storeSeedRows(ctx, 'jobCounselling', [...counselling, ...employerCounselling]);
      await storeSeedRows(ctx, 'labourSupplySurvey', supply);
      await storeSeedRows(ctx, 'recruitmentDemandSurvey', demand);
      await storeSeedRows(ctx, 'employmentPlan', [
        {
          code: `KH-${year}`,
          title: `Kế hoạch hoạt động dịch vụ việc làm năm ${year}`,
          unitId: 'TTDVVL',
          year,
          targetSeekers: 400,
          targetCounselled: 600,
          targetPlacements: 250,
          targetSessions: 12,
        },
        {
          code: `KH-${year}-Q${quarter}`,
          title: `Kế hoạch quý ${quarter}/${year}`,
          unitId: 'TTDVVL',
          year,
          quarter,
          targetSeekers: 100,
          targetCounselled: 150,
          targetPlacements: 60,
          targetSessions: 3,
        },
      ]);
      await seedReferrals(trx, today, seekers, seekerIds, vacancies, vacancyIds);
      await trx
        .insertInto('app_setting')
        .values({
          key: MARKER,
          value: JSON.stringify({ seekers: seekers.length, vacancies: vacancies.length }),
          updated_at: new Date(),
        })
        .execute();
    });
    log.info({ seekers: seekers.length, vacancies: vacancies.length }, 'demo job seekers and vacancies seeded');
  },
};
