import { sql } from 'kysely';
import { addDays, addMonths } from '@portal/domain/equipment/rules';
import type { OpContext } from '../../../catalog/context.ts';
import { catalogOperations } from '../../../catalog/operations.ts';
import type { Db } from '../../../db/database.ts';
import { clock } from '../../../platform/clock/index.ts';
import type { SeedStep } from '../../../seed/step.ts';
import { addParticipants } from '../../workers/index.ts';
import { issueCredentials } from './issue.ts';
import { submitRequest } from './requests.ts';

/**
 * Demo credentials, through the same operations as the portal's users: the logbook entries (group 4) of the demo
 * courses' passed participants, entered by each employer; a group-1 course by the demo training body for a few
 * managers of each demo employer, its certificates issued long enough ago that the coffee company's expire within
 * the month and the flower company's have expired (dates from the seeding day); the flower company's refresher
 * course since, with its request for certificates waiting for the training body. Written once (a marker).
 */
const MARKER = 'training.certificates.demo.v1';
const EMPLOYERS = ['5801234577', '5807654320'] as const;
const TRAINING_BODY = 'TTHL_ATLD';

const system = (db: Db): OpContext => ({ db, principal: null, lang: 'vi', request: null, system: true });

async function idOf(db: Db, table: 'business' | 'unit' | 'target_training', code: string): Promise<string | null> {
  const rows = await sql<{ id: string }>`select id from ${sql.table(table)}
    where lower(code) = lower(${code}) and deleted_at is null limit 1`.execute(db);
  return rows.rows[0]?.id ?? null;
}

/** The employer's managers: its group-1 and group-2 workers first, then by name. */
async function managersOf(db: Db, businessId: string, group1: string, count: number): Promise<string[]> {
  const rows = await sql<{ id: string }>`select w.id from worker w
    left join target_training g on g.id = w.target_training_id
    where w.business_id = ${businessId}::uuid and w.deleted_at is null
    order by (w.target_training_id = ${group1}::uuid) desc, g.code, w.full_name, w.id limit ${count}`.execute(db);
  return rows.rows.map((r) => r.id);
}

export const trainingCertificatesDemoStep: SeedStep = {
  name: 'training certificates: logbook entries, group-1 certificates and a request waiting for the training body',
  kind: 'demo',
  order: 200,
  async run({ db, log }) {
    const done = await db.selectFrom('app_setting').select('key').where('key', '=', MARKER).executeTakeFirst();
    if (done) return;
    const [coffee, flowers] = await Promise.all(EMPLOYERS.map((code) => idOf(db, 'business', code)));
    const trainer = await idOf(db, 'unit', TRAINING_BODY);
    const group1 = await idOf(db, 'target_training', 'NHOM-1');
    if (!coffee || !flowers || !trainer || !group1) return;
    const today = clock.today();
    const counts = await db.transaction().execute(async (trx) => {
      const ctx = system(trx);
      let issued = 0;

      // Each employer enters its group-4 workers' results in the training logbook, on the course's last day.
      const courses = await sql<{
        id: string;
        endDate: string;
      }>`select t.id, coalesce(t.end_date, t.start_date)::text as "endDate"
        from training t join target_training g on g.id = t.target_training_id
        where t.deleted_at is null and g.code = 'NHOM-4' and t.business_id = any(${[coffee, flowers]}::uuid[])
        order by t.start_date, t.id`.execute(trx);
      for (const course of courses.rows) {
        issued += (await issueCredentials(ctx, { trainingId: course.id, issuedOn: course.endDate })).ids.length;
      }

      // Group-1 courses by the training body: two years ago (certificates valid 24 months), and a refresher now.
      const twoYearsAgo = addMonths(today, -24);
      const plans = [
        { business: flowers, code: EMPLOYERS[1], issuedOn: addDays(twoYearsAgo, -45), kind: 'initial', hours: 16 },
        { business: coffee, code: EMPLOYERS[0], issuedOn: addDays(twoYearsAgo, 20), kind: 'initial', hours: 16 },
        { business: flowers, code: EMPLOYERS[1], issuedOn: null, kind: 'periodic', hours: 8 },
      ] as const;
      let request = 0;
      for (const [n, plan] of plans.entries()) {
        const start = plan.issuedOn ? addDays(plan.issuedOn, -3) : addDays(today, -12);
        const course = await catalogOperations('training').create(ctx, {
          code: `HL-NHOM1-${plan.code}-${start.slice(0, 4)}-${n + 1}`,
          name:
            plan.kind === 'initial'
              ? 'Huấn luyện an toàn, vệ sinh lao động cho người quản lý (nhóm 1)'
              : 'Huấn luyện định kỳ an toàn, vệ sinh lao động cho người quản lý (nhóm 1)',
          businessId: plan.business,
          targetTrainingId: group1,
          kind: plan.kind,
          trainerUnitId: trainer,
          startDate: start,
          endDate: addDays(start, 1),
          hours: plan.hours,
          location: 'Trung tâm Huấn luyện an toàn lao động Lâm Đồng, 12 Trần Phú, phường Xuân Hương - Đà Lạt',
          trainer: 'ThS. Nguyễn Hữu Phước',
        });
        const managers = await managersOf(trx, plan.business, group1, 3);
        await addParticipants(ctx, { trainingId: course.id, workerIds: managers, result: 'passed' });
        if (plan.issuedOn) {
          const done = await issueCredentials(ctx, { trainingId: course.id, issuedOn: plan.issuedOn });
          issued += done.ids.length;
        } else {
          const created = await catalogOperations('trainingCertificateRequest').create(ctx, {
            code: `DN-${plan.code}-${today.slice(0, 4)}-01`,
            trainingId: course.id,
            businessId: plan.business,
            note: 'Đề nghị cấp giấy chứng nhận huấn luyện định kỳ cho người quản lý đã hoàn thành khóa học.',
          });
          await submitRequest(ctx, created.id);
          request += 1;
        }
      }
      await trx
        .insertInto('app_setting')
        .values({ key: MARKER, value: JSON.stringify({ issued, request }), updated_at: new Date() })
        .execute();
      return { issued, request };
    });
    log.info(counts, 'demo training credentials seeded');
  },
};
