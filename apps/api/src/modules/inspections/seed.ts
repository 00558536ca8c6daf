import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { addDays } from '@portal/domain/equipment/rules';
import { formatDate } from '@portal/domain/format';
import type { NewInspectionBody } from '@portal/domain/inspections/schemas';
import type { Db } from '../../db/database.ts';
import type { Principal } from '../../platform/access/index.ts';
import { loadPrincipal } from '../../platform/auth/principal.ts';
import { clock } from '../../platform/clock/index.ts';
import type { SeedStep } from '../../seed/step.ts';
import { DEMO_BUSINESSES } from '../accounts/index.ts';
import { callerOf } from './access.ts';
import {
  answerRequirement,
  cancelInspection,
  concludeInspection,
  createInspection,
  reviewRequirement,
  startInspection,
  type InspectionCtx,
} from './service.ts';

/**
 * The demo province's inspections: the inspector `thanhtra` (team leader) with the officer `canbo.so`, at the two
 * demo employers and two others — concluded ones with sanctioned violations (entered on the published list of
 * violating organisations through its module), requirements accepted, answered, returned and overdue, one closed,
 * one planned for next month, one under way (a surprise inspection), one cancelled. Written through the module's
 * own operations, so every record passes the same rules as a user's; dates are relative to the seeding day. Written
 * once (a marker remembers it).
 */
const MARKER = 'inspections.seeded.demo';

/** An operation's context as a signed-in user: no HTTP request, so nothing is delivered (seeding is silent). */
function seedCtx(db: Db, principal: Principal, today: string): InspectionCtx {
  // The violating organisations' module takes the request for its scope checks and audit: a minimal stand-in.
  const request = { principal, headers: {}, query: {}, ip: null, server: {} } as unknown as FastifyRequest;
  return { db, request, caller: callerOf(principal), lang: 'vi', today };
}

async function userId(db: Db, userName: string): Promise<string | null> {
  const row = await db.selectFrom('app_user').select('id').where('user_name', '=', userName).executeTakeFirst();
  return row?.id ?? null;
}

async function version(db: Db, id: string): Promise<number> {
  const rows = await sql<{ version: number }>`select version from labour_inspection where id = ${id}`.execute(db);
  return Number(rows.rows[0]!.version);
}

/**
 * The operations stamp their history with the seeding moment; the demo's inspections happened on their own dates,
 * so the moves just recorded for an inspection (those after `since`) are dated on `date`, in office hours.
 */
async function dateMoves(db: Db, id: string, since: Date, date: string): Promise<void> {
  await sql`update labour_inspection_event
    set at = (${date}::date + time '09:00') at time zone 'Asia/Ho_Chi_Minh'
    where inspection_id = ${id} and at >= ${since}`.execute(db);
}

async function requirementIds(db: Db, id: string): Promise<string[]> {
  const rows = await sql<{ id: string }>`select id from labour_inspection_requirement where inspection_id = ${id}
    order by position`.execute(db);
  return rows.rows.map((r) => r.id);
}

export const inspectionsDemoStep: SeedStep = {
  name: 'inspections: demo inspections, violations and requirements',
  kind: 'demo',
  order: 300,
  run: async ({ db, log }) => {
    const done = await db.selectFrom('app_setting').select('key').where('key', '=', MARKER).executeTakeFirst();
    if (done) return;
    // A run cut short leaves its inspections: they are the demo (decision numbers are unique), so stop there.
    const started = await sql<{ n: string }>`select count(*) as n from labour_inspection`.execute(db);
    if (Number(started.rows[0]?.n ?? 0) > 0) {
      await sql`insert into app_setting (key, value) values (${MARKER}, '{}'::jsonb) on conflict do nothing`.execute(
        db,
      );
      return;
    }
    const [inspectorId, officerId] = await Promise.all([userId(db, 'thanhtra'), userId(db, 'canbo.so')]);
    const inspector = inspectorId ? await loadPrincipal(db, inspectorId) : null;
    if (!inspector || !officerId) {
      log.warn({}, 'inspections demo skipped: the demo inspector is missing');
      return;
    }
    const demo = await Promise.all(
      DEMO_BUSINESSES.map((b) =>
        db
          .selectFrom('business')
          .select('id')
          .where(sql`lower(code)`, '=', b.code)
          .executeTakeFirst(),
      ),
    );
    const others = await sql<{ id: string }>`select id from business where deleted_at is null and status = 'active'
      and code not in (${sql.join(DEMO_BUSINESSES.map((b) => b.code))}) order by code limit 2`.execute(db);
    const [caudat, rauhoa] = demo.map((b) => b?.id ?? null);
    if (!caudat || !rauhoa) {
      log.warn({}, 'inspections demo skipped: the demo employers are missing');
      return;
    }
    const today = clock.today();
    const year = Number(today.slice(0, 4));
    // Moves recorded from here on are the demo's: each is then dated on the day it stands for.
    let since = new Date(Date.now() - 1000);
    const dated = async (id: string, date: string) => {
      await dateMoves(db, id, since, date);
      since = new Date();
    };
    const ctx = seedCtx(db, inspector, today);
    const team = [
      { userId: inspectorId!, role: 'leader' as const },
      { userId: officerId, role: 'member' as const },
    ];
    const employerCtx = async (businessId: string) => {
      const user = await sql<{ id: string }>`select u.id from app_user u join unit un on un.id = u.unit_id
        where un.business_id = ${businessId} and u.deleted_at is null order by u.created_at limit 1`.execute(db);
      const principal = user.rows[0] ? await loadPrincipal(db, user.rows[0].id) : null;
      return principal ? seedCtx(db, principal, today) : null;
    };
    const base = (over: Partial<NewInspectionBody> & Pick<NewInspectionBody, 'businessId'>): NewInspectionBody => ({
      kind: 'planned',
      topic: 'osh',
      legalBasis:
        'Luật An toàn, vệ sinh lao động 2015; Nghị định số 43/2023/NĐ-CP; Kế hoạch thanh tra năm ' +
        year +
        ' của Sở Nội vụ tỉnh Lâm Đồng',
      decisionNumber: null,
      decisionDate: null,
      decisionSigner: 'Chánh Thanh tra Sở',
      plannedFrom: today,
      plannedTo: null,
      actualDate: null,
      findings: null,
      team,
      violations: [],
      requirements: [],
      ...over,
    });

    let count = 0;
    // 1. Cầu Đất Xanh: an OSH inspection concluded two months ago; a fine; requirements in every state.
    {
      const id = await createInspection(
        ctx,
        base({
          businessId: caudat,
          decisionNumber: `21/QĐ-TTr-${year}`,
          decisionDate: addDays(today, -75),
          plannedFrom: addDays(today, -65),
          plannedTo: addDays(today, -63),
          findings:
            'Doanh nghiệp đã xây dựng kế hoạch an toàn, vệ sinh lao động năm; chưa tổ chức huấn luyện cho người làm công việc có yêu cầu nghiêm ngặt (vận hành nồi hơi); chưa quan trắc môi trường lao động năm nay tại xưởng rang.',
          violations: [
            {
              description:
                'Không tổ chức huấn luyện an toàn, vệ sinh lao động cho 04 người lao động nhóm 3 vận hành nồi hơi',
              legalProvision:
                'Khoản 2 Điều 14 Luật An toàn, vệ sinh lao động 2015; điểm a khoản 3 Điều 23 Nghị định 12/2022/NĐ-CP',
              fineAmount: 25_000_000,
              penaltyDecisionNumber: `35/QĐ-XPHC-${year}`,
              penaltyDecisionDate: addDays(today, -58),
            },
            {
              description: 'Chưa thực hiện quan trắc môi trường lao động định kỳ tại xưởng rang cà phê',
              legalProvision: 'Khoản 2 Điều 18 Luật An toàn, vệ sinh lao động 2015',
              fineAmount: null,
              penaltyDecisionNumber: null,
              penaltyDecisionDate: null,
            },
          ],
          requirements: [
            {
              content: 'Tổ chức huấn luyện nhóm 3 cho người vận hành nồi hơi, nộp bản sao giấy chứng nhận',
              deadline: addDays(today, -30),
            },
            {
              content: 'Thực hiện quan trắc môi trường lao động tại xưởng rang, gửi báo cáo kết quả',
              deadline: addDays(today, -10),
            },
            { content: 'Bổ sung nội quy an toàn vận hành nồi hơi tại vị trí làm việc', deadline: addDays(today, -5) },
          ],
        }),
      );
      await dated(id, addDays(today, -75));
      await startInspection(ctx, id, { version: await version(db, id), actualDate: addDays(today, -65) });
      await dated(id, addDays(today, -65));
      await concludeInspection(ctx, id, {
        version: await version(db, id),
        conclusionNumber: `40/KL-TTr-${year}`,
        conclusionDate: addDays(today, -58),
        conclusionSummary:
          'Doanh nghiệp cơ bản chấp hành quy định về an toàn, vệ sinh lao động; vi phạm về huấn luyện người lao động làm công việc có yêu cầu nghiêm ngặt đã bị xử phạt. Yêu cầu khắc phục các tồn tại trong thời hạn nêu tại kết luận.',
        conclusionFileId: null,
      });
      await dated(id, addDays(today, -58));
      const [training, monitoring] = await requirementIds(db, id);
      const employer = await employerCtx(caudat);
      if (employer && training && monitoring) {
        await answerRequirement(employer, training, {
          text:
            'Đã tổ chức huấn luyện nhóm 3 cho 04 người vận hành nồi hơi ngày ' +
            formatDate(addDays(today, -40)) +
            ', giấy chứng nhận đã cấp.',
          fileIds: [],
        });
        await dated(id, addDays(today, -39));
        await reviewRequirement(ctx, training, 'accept', null);
        await dated(id, addDays(today, -37));
        await answerRequirement(employer, monitoring, {
          text: 'Đã ký hợp đồng quan trắc với Trung tâm Y tế dự phòng; kết quả quan trắc gửi kèm.',
          fileIds: [],
        });
        await dated(id, addDays(today, -12));
      }
      count += 1;
    }
    // 2. Rau hoa Langbiang: a labour-law check, its one requirement met: closed.
    {
      const id = await createInspection(
        ctx,
        base({
          businessId: rauhoa,
          kind: 'check',
          topic: 'labourLaw',
          decisionNumber: `09/QĐ-TTr-${year}`,
          decisionDate: addDays(today, -130),
          plannedFrom: addDays(today, -120),
          findings: 'Hợp đồng lao động thời vụ thu hoạch hoa chưa ghi đủ nội dung về thời giờ làm việc, nghỉ ngơi.',
          violations: [
            {
              description: 'Hợp đồng lao động thời vụ thiếu nội dung thời giờ làm việc, thời giờ nghỉ ngơi',
              legalProvision: 'Khoản 1 Điều 21 Bộ luật Lao động 2019',
              fineAmount: null,
              penaltyDecisionNumber: null,
              penaltyDecisionDate: null,
            },
          ],
          requirements: [
            {
              content: 'Ký phụ lục bổ sung hợp đồng lao động thời vụ cho người lao động',
              deadline: addDays(today, -90),
            },
          ],
        }),
      );
      await dated(id, addDays(today, -130));
      await concludeInspection(ctx, id, {
        version: await version(db, id),
        conclusionNumber: `15/KL-TTr-${year}`,
        conclusionDate: addDays(today, -115),
        conclusionSummary:
          'Doanh nghiệp chấp hành tốt pháp luật lao động; còn thiếu sót nhỏ về nội dung hợp đồng lao động thời vụ.',
        conclusionFileId: null,
      });
      await dated(id, addDays(today, -115));
      const [contracts] = await requirementIds(db, id);
      const employer = await employerCtx(rauhoa);
      if (employer && contracts) {
        await answerRequirement(employer, contracts, {
          text: 'Đã ký phụ lục hợp đồng cho 120 người lao động thời vụ.',
          fileIds: [],
        });
        await dated(id, addDays(today, -95));
        await reviewRequirement(ctx, contracts, 'accept', null);
        await dated(id, addDays(today, -93));
      }
      count += 1;
    }
    // 3. Rau hoa Langbiang: an OSH inspection planned for next month, its decision issued.
    {
      const id = await createInspection(
        ctx,
        base({
          businessId: rauhoa,
          decisionNumber: `52/QĐ-TTr-${year}`,
          decisionDate: addDays(today, -3),
          plannedFrom: addDays(today, 25),
          plannedTo: addDays(today, 26),
        }),
      );
      await dated(id, addDays(today, -3));
      count += 1;
    }
    const [first, second] = others.rows.map((r) => r.id);
    // 4. A surprise inspection under way.
    if (first) {
      const id = await createInspection(
        ctx,
        base({
          businessId: first,
          kind: 'surprise',
          topic: 'equipment',
          decisionNumber: `55/QĐ-TTr-${year}`,
          decisionDate: addDays(today, -4),
          plannedFrom: addDays(today, -3),
          findings: 'Đang kiểm tra hồ sơ kiểm định xe nâng, cầu trục tại kho hàng.',
        }),
      );
      await dated(id, addDays(today, -4));
      await startInspection(ctx, id, { version: await version(db, id), actualDate: addDays(today, -3) });
      await dated(id, addDays(today, -3));
      count += 1;
    }
    // 5. Rau hoa Langbiang: a follow-up check concluded a month ago: the answer returned, the deadline ahead; a fine.
    {
      const id = await createInspection(
        ctx,
        base({
          businessId: rauhoa,
          kind: 'followUp',
          decisionNumber: `44/QĐ-TTr-${year}`,
          decisionDate: addDays(today, -40),
          plannedFrom: addDays(today, -35),
          violations: [
            {
              description: 'Không trang bị đủ phương tiện bảo vệ cá nhân cho người lao động làm việc trên cao',
              legalProvision:
                'Khoản 1 Điều 23 Luật An toàn, vệ sinh lao động 2015; khoản 3 Điều 22 Nghị định 12/2022/NĐ-CP',
              fineAmount: 15_000_000,
              penaltyDecisionNumber: `48/QĐ-XPHC-${year}`,
              penaltyDecisionDate: addDays(today, -30),
            },
          ],
          requirements: [
            {
              content: 'Trang bị dây an toàn toàn thân cho tổ thi công trên cao, nộp biên bản cấp phát',
              deadline: addDays(today, 20),
            },
          ],
        }),
      );
      await dated(id, addDays(today, -40));
      await concludeInspection(ctx, id, {
        version: await version(db, id),
        conclusionNumber: `46/KL-TTr-${year}`,
        conclusionDate: addDays(today, -30),
        conclusionSummary:
          'Doanh nghiệp chưa khắc phục đầy đủ kiến nghị của lần thanh tra trước về phương tiện bảo vệ cá nhân.',
        conclusionFileId: null,
      });
      await dated(id, addDays(today, -30));
      const [ppe] = await requirementIds(db, id);
      const employer = await employerCtx(rauhoa);
      if (employer && ppe) {
        await answerRequirement(employer, ppe, { text: 'Đã mua bổ sung 10 bộ dây an toàn.', fileIds: [] });
        await dated(id, addDays(today, -10));
        await reviewRequirement(
          ctx,
          ppe,
          'return',
          'Chưa có biên bản cấp phát có chữ ký của người lao động; đề nghị bổ sung.',
        );
        await dated(id, addDays(today, -8));
      }
      count += 1;
    }
    // 6. A planned check cancelled (the employer had stopped operating the site).
    if (second) {
      const id = await createInspection(
        ctx,
        base({ businessId: second, kind: 'check', plannedFrom: addDays(today, 10), decisionSigner: null }),
      );
      await dated(id, addDays(today, -6));
      await cancelInspection(ctx, id, {
        version: await version(db, id),
        reason: 'Doanh nghiệp tạm ngừng hoạt động công trường; chuyển sang kế hoạch quý sau.',
      });
      await dated(id, addDays(today, -2));
      count += 1;
    }
    await sql`insert into app_setting (key, value) values (${MARKER}, ${JSON.stringify({ inspections: count })}::jsonb)`.execute(
      db,
    );
    log.info({ inspections: count }, 'demo inspections seeded');
  },
};
