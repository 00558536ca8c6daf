import { sql } from 'kysely';
import type { OpContext } from '../../catalog/context.ts';
import { storeSeedRows } from '../../catalog/seed.ts';
import type { Db } from '../../db/database.ts';
import { clock } from '../../platform/clock/index.ts';
import { createRandom } from '../../seed/demo/names.ts';
import type { SeedStep } from '../../seed/step.ts';

/**
 * The demo province's job exchange sessions: one held three weeks ago with its results (stalls, people who came,
 * interviews, hires), one next week taking registrations (one demo employer has its stall, the other may still
 * take one), and an online one next month in preparation. Dated from the day the demo is installed.
 */

const MARKER = 'employment.fairs.demo.v1';
const system = (db: Db): OpContext => ({ db, principal: null, lang: 'vi', request: null, system: true });
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const employmentFairsDemoStep: SeedStep = {
  name: 'employment: demo job exchange sessions',
  kind: 'demo',
  order: 194,
  async run({ db, log }) {
    const done = await db.selectFrom('app_setting').select('key').where('key', '=', MARKER).executeTakeFirst();
    if (done) return;
    const today = clock.today();
    const rng = createRandom('employment-fairs-demo');
    // The employers with open vacancies, the two with demo accounts first.
    const employers = await sql<{ id: string; vacancies: string[] }>`select v.business_id as id,
        array_agg(v.id order by v.code) as vacancies
      from vacancy v join business b on b.id = v.business_id
      where v.deleted_at is null and v.status = 'open' and v.closing_date >= ${today}::date
      group by v.business_id, b.code order by b.code limit 6`.execute(db);
    const seekers = await sql<{ id: string; full_name: string; phone: string | null; citizen_id: string }>`
      select id, full_name, phone, citizen_id from job_seeker where deleted_at is null and status = 'seeking'
      order by code limit 24`.execute(db);
    if (employers.rows.length < 2 || seekers.rows.length < 12) return;
    const centre = await sql<{ id: string }>`select u.id from app_user u join unit un on un.id = u.unit_id
      where un.kind = 'service_centre' order by u.created_at limit 1`.execute(db);
    const by = centre.rows[0]?.id ?? null;
    const ticket = () => Array.from({ length: 8 }, () => ALPHABET[rng.int(0, ALPHABET.length - 1)]).join('');

    await db.transaction().execute(async (trx) => {
      const [held, next] = await storeSeedRows(system(trx), 'jobFair', [
        {
          code: `PGD-${addDays(today, -21).slice(0, 4)}-D01`,
          title: 'Phiên giao dịch việc làm định kỳ tại Đà Lạt',
          kind: 'inPerson',
          heldOn: addDays(today, -21),
          startTime: '07:30',
          endTime: '11:30',
          place: 'Sàn giao dịch việc làm, 40 Nguyễn Văn Cừ, Đà Lạt',
          adminUnitId: '2025:24781',
          registrationCloses: addDays(today, -22),
          stallCapacity: 30,
          status: 'open',
          organiser: 'Trung tâm Dịch vụ việc làm tỉnh Lâm Đồng',
          description: 'Tuyển lao động thời vụ thu hoạch cà phê và lao động trồng rau, hoa công nghệ cao.',
        },
        {
          code: `PGD-${addDays(today, 7).slice(0, 4)}-D02`,
          title: 'Phiên giao dịch việc làm lưu động — nông nghiệp công nghệ cao',
          kind: 'inPerson',
          heldOn: addDays(today, 7),
          startTime: '08:00',
          endTime: '11:00',
          place: 'Nhà văn hóa phường Lâm Viên - Đà Lạt',
          adminUnitId: '2025:24778',
          registrationCloses: addDays(today, 6),
          stallCapacity: 20,
          status: 'open',
          organiser: 'Trung tâm Dịch vụ việc làm tỉnh Lâm Đồng',
          description: 'Doanh nghiệp rau, hoa, cà phê tuyển lao động phổ thông và kỹ thuật viên nhà kính.',
        },
        {
          code: `PGD-${addDays(today, 35).slice(0, 4)}-D03`,
          title: 'Phiên giao dịch việc làm trực tuyến kết nối các tỉnh Tây Nguyên',
          kind: 'online',
          heldOn: addDays(today, 35),
          startTime: '08:30',
          endTime: '11:30',
          onlineLink: 'https://vieclam.lamdong.gov.vn/phien-truc-tuyen',
          status: 'planned',
          organiser: 'Trung tâm Dịch vụ việc làm tỉnh Lâm Đồng',
        },
      ]);

      const stall = async (fair: string, no: number, employer: { id: string; vacancies: string[] }) =>
        (
          await trx
            .insertInto('job_fair_stall')
            .values({
              fair_id: fair,
              business_id: employer.id,
              stall_no: no,
              vacancy_ids: employer.vacancies.slice(0, 3),
              contact_name: 'Bộ phận nhân sự',
              registered_by: by,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const attend = async (fair: string, s: (typeof seekers.rows)[number], came: boolean, via: 'public' | 'centre') =>
        (
          await trx
            .insertInto('job_fair_attendee')
            .values({
              fair_id: fair,
              ticket: ticket(),
              full_name: s.full_name,
              phone: s.phone,
              citizen_id: s.citizen_id,
              seeker_id: s.id,
              via,
              registered_by: via === 'centre' ? by : null,
              checked_in_at: came ? new Date(`${addDays(today, -21)}T07:45:00+07:00`) : null,
              checked_in_by: came ? by : null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;

      // The session held: four stalls, sixteen registered, thirteen came, interviews at the stalls.
      const stalls: { id: string; vacancies: string[] }[] = [];
      for (const [i, e] of employers.rows.slice(0, 4).entries())
        stalls.push({ id: await stall(held!, i + 1, e), vacancies: e.vacancies });
      const outcomes = ['hired', 'hired', 'shortlisted', 'interviewed', 'notSelected', 'shortlisted', 'interviewed'];
      for (const [i, s] of seekers.rows.slice(0, 16).entries()) {
        const came = i < 13;
        const id = await attend(held!, s, came, i % 3 === 0 ? 'centre' : 'public');
        if (!came || i >= 10) continue;
        const at = stalls[i % stalls.length]!;
        await trx
          .insertInto('job_fair_interview')
          .values({
            fair_id: held!,
            stall_id: at.id,
            attendee_id: id,
            vacancy_id: at.vacancies[0] ?? null,
            outcome: outcomes[i % outcomes.length] as 'hired',
            recorded_by: by,
            recorded_at: new Date(`${addDays(today, -21)}T09:${String(10 + i).padStart(2, '0')}:00+07:00`),
          })
          .execute();
      }
      // Next week's: the second demo employer has its stall; five people registered so far.
      await stall(next!, 1, employers.rows[1]!);
      if (employers.rows[2]) await stall(next!, 2, employers.rows[2]);
      for (const [i, s] of seekers.rows.slice(16, 21).entries())
        await attend(next!, s, false, i % 2 ? 'centre' : 'public');

      await trx
        .insertInto('app_setting')
        .values({ key: MARKER, value: JSON.stringify({ sessions: 3 }), updated_at: new Date() })
        .execute();
    });
    log.info({ sessions: 3 }, 'demo job exchange sessions seeded');
  },
};
