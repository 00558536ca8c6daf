import { sql } from 'kysely';
import { addDays } from '@portal/domain/equipment/rules';
import { NOTICE_DEADLINE_RULE } from '@portal/domain/training/organizations';
import type { OpContext } from '../../catalog/context.ts';
import { seedCatalogRows, storeSeedRows } from '../../catalog/seed.ts';
import { clock } from '../../platform/clock/index.ts';
import type { SeedStep } from '../../seed/step.ts';
import { acknowledgeNotice } from './notices.ts';
import { moveSelfDeclaration } from './self-declaration.ts';

/**
 * The time limit of course notices, as data with its legal basis: the reference file names no number for it, so
 * the usual five days is seeded unverified, for the department to check against Decree 44/2016 and correct.
 */
export const NOTICE_DEADLINE_ROWS = [
  {
    code: 'TBHL-5N-2016',
    rule: NOTICE_DEADLINE_RULE,
    name: 'Thông báo tổ chức huấn luyện đến Sở trước ngày bắt đầu khóa huấn luyện',
    amount: 5,
    unit: 'days',
    legalBasis: 'Nghị định 44/2016/NĐ-CP, Điều 27 (chưa đối chiếu)',
    validFrom: '2016-07-01',
    verified: false,
    note: 'Số ngày chưa đối chiếu với văn bản gốc; Sở kiểm tra và điều chỉnh.',
  },
];

export const trainingNoticeReferenceStep: SeedStep = {
  name: 'training-notices-reference',
  kind: 'reference',
  order: 110,
  run: ({ db, log }) =>
    seedCatalogRows(db, log, 'training.seeded.notices-reference', { legalDeadline: NOTICE_DEADLINE_ROWS }),
};

const MARKER = 'training.seeded.organizations-demo';

const store = storeSeedRows;

/**
 * The demo province's dealings of training organisations, dated from today: two course notices by the demo
 * training body (one acknowledged, one waiting), the coffee company's acknowledged class A self-declaration (its
 * unit trains as class A from today) and the flower company's, waiting for the department.
 */
export const trainingOrganizationsDealingsDemoStep: SeedStep = {
  name: 'training-organizations-dealings-demo',
  kind: 'demo',
  order: 210,
  run: async ({ db, log }) => {
    const done = await sql<{ key: string }>`select key from app_setting where key = ${MARKER}`.execute(db);
    if (done.rows.length) return;
    const today = clock.today();
    await db.transaction().execute(async (trx) => {
      const ctx: OpContext = { db: trx, principal: null, lang: 'vi', request: null, system: true };
      const contact = { contactName: 'Hoàng Văn Phúc', contactPhone: '0263 3822 456' };
      const [first] = await store(ctx, 'trainingNotice', [
        {
          code: 'TB-TTHL-DEMO-01',
          name: 'Huấn luyện an toàn, vệ sinh lao động cho người quản lý (nhóm 1)',
          unitId: 'TTHL_ATLD',
          targetTrainingId: 'NHOM-1',
          kind: 'initial',
          startDate: addDays(today, 10),
          endDate: addDays(today, 11),
          location: 'Hội trường Trung tâm, 12 Trần Phú, phường Xuân Hương - Đà Lạt',
          expectedParticipants: 35,
          employersServed: 'Công ty TNHH Cà phê Cầu Đất Xanh; Công ty Cổ phần Rau hoa Langbiang',
          ...contact,
        },
        {
          code: 'TB-TTHL-DEMO-02',
          name: 'Huấn luyện định kỳ an toàn, vệ sinh lao động cho người lao động (nhóm 4)',
          unitId: 'TTHL_ATLD',
          targetTrainingId: 'NHOM-4',
          kind: 'periodic',
          startDate: addDays(today, 18),
          endDate: addDays(today, 18),
          location: 'Nhà văn hóa phường Lâm Viên - Đà Lạt',
          expectedParticipants: 60,
          employersServed: 'Công ty Cổ phần Rau hoa Langbiang',
          ...contact,
        },
      ]);
      await acknowledgeNotice(ctx, first!, 'Đề nghị gửi danh sách học viên và kết quả sau khi kết thúc khóa.');

      const facts = {
        materials:
          'Tài liệu huấn luyện nhóm 4 và nhóm 6 biên soạn theo chương trình khung (Phụ lục I Nghị định 44/2016/NĐ-CP); bài giảng, đề kiểm tra, sổ theo dõi huấn luyện.',
      };
      const [coffee, flowers] = await store(ctx, 'trainingSelfDeclaration', [
        {
          code: 'TCB-CAUDATXANH-01',
          businessId: '5801234577',
          classroomArea: 48,
          trainerNames: 'Nguyễn Văn An (kỹ sư an toàn lao động)\nTrần Thị Bích (cán bộ pháp chế)',
          firstAidTrainer: 'Bác sĩ Lê Minh Châu (y tế cơ quan)',
          contactName: 'Lê Thị Hồng',
          contactPhone: '0263 3821 456',
          ...facts,
        },
        {
          code: 'TCB-RAUHOA-01',
          businessId: '5807654320',
          classroomArea: 36,
          trainerNames: 'Phạm Quốc Dũng (trưởng phòng an toàn)\nĐỗ Thị Mai (kỹ sư nông nghiệp)\nVõ Đức Thịnh',
          firstAidTrainer: 'Y sĩ Nguyễn Thị Lan Anh',
          contactName: 'Võ Đức Thịnh',
          contactPhone: '0263 3822 789',
          ...facts,
        },
      ]);
      await moveSelfDeclaration(ctx, coffee!, 'submit');
      await moveSelfDeclaration(ctx, coffee!, 'acknowledge');
      await moveSelfDeclaration(ctx, flowers!, 'submit');
      await sql`insert into app_setting (key, value) values (${MARKER}, ${JSON.stringify({ notices: 2, declarations: 2 })}::jsonb)`.execute(
        trx,
      );
    });
    log.info({ step: MARKER }, 'demo training notices and self-declarations seeded');
  },
};
