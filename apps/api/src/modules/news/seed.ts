import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OpContext } from '../../catalog/context.ts';
import { importRows } from '../../catalog/import.ts';
import { catalogOperations } from '../../catalog/operations.ts';
import type { SeedStep } from '../../seed/step.ts';
import type { NewsState } from '@portal/domain/news/index';
import { createArticle } from './service.ts';

/**
 * Demo news: three topics and a few articles of the kind a provincial department publishes, all published but
 * one draft. Written once (a marker remembers it), so what editors change or delete is never brought back.
 */
const MARKER = 'news.seeded.demo';

export const DEMO_TOPICS = [
  {
    code: 'HOAT-DONG',
    name: 'Tin hoạt động',
    description: 'Hoạt động của Sở và các ngành về an toàn, vệ sinh lao động.',
  },
  { code: 'HUONG-DAN', name: 'Hướng dẫn nghiệp vụ', description: 'Hướng dẫn thủ tục, khai báo và báo cáo.' },
  { code: 'THONG-BAO', name: 'Thông báo', description: 'Thông báo của cơ quan quản lý.' },
];

interface DemoArticle {
  topic: string;
  title: string;
  summary: string;
  body: string;
  author: string;
  state: NewsState;
  featured?: boolean;
  daysAgo: number;
}

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    topic: 'HOAT-DONG',
    title: 'Tháng hành động về an toàn, vệ sinh lao động năm 2026',
    summary:
      'Sở Nội vụ phát động Tháng hành động về an toàn, vệ sinh lao động năm 2026 với chủ đề “Tăng cường chuyển đổi số, cải thiện điều kiện làm việc tại doanh nghiệp”.',
    body:
      '<p>Thực hiện chỉ đạo của Bộ Nội vụ, Sở Nội vụ tỉnh Lâm Đồng phát động <strong>Tháng hành động về an toàn, vệ sinh lao động năm 2026</strong> từ ngày 01/5 đến ngày 31/5/2026.</p>' +
      '<h2>Mục đích</h2><ul><li>Nâng cao nhận thức của người sử dụng lao động và người lao động về phòng ngừa tai nạn lao động, bệnh nghề nghiệp.</li>' +
      '<li>Đẩy mạnh khai báo trực tuyến thiết bị có yêu cầu nghiêm ngặt về an toàn lao động trên Cổng thông tin.</li></ul>' +
      '<h2>Hoạt động chính</h2><ol><li>Lễ phát động cấp tỉnh tại Đà Lạt.</li><li>Kiểm tra, tự kiểm tra tại doanh nghiệp.</li><li>Huấn luyện an toàn cho người lao động làm công việc có yêu cầu nghiêm ngặt.</li></ol>' +
      '<blockquote><p>Đề nghị các doanh nghiệp báo cáo kết quả hưởng ứng trước ngày 15/6/2026.</p></blockquote>',
    author: 'Phòng Lao động - Việc làm',
    state: 'published',
    featured: true,
    daysAgo: 3,
  },
  {
    topic: 'HUONG-DAN',
    title: 'Hướng dẫn khai báo thiết bị có yêu cầu nghiêm ngặt về an toàn lao động',
    summary:
      'Các bước khai báo trực tuyến máy, thiết bị có yêu cầu nghiêm ngặt về an toàn lao động trong thời hạn 30 ngày kể từ khi đưa vào sử dụng.',
    body:
      '<p>Theo Nghị định 44/2016/NĐ-CP, người sử dụng lao động phải khai báo với cơ quan quản lý nhà nước về lao động cấp tỉnh trong thời hạn <strong>30 ngày</strong> kể từ ngày đưa thiết bị vào sử dụng.</p>' +
      '<h3>Các bước thực hiện</h3><ol><li>Đăng nhập Cổng thông tin bằng tài khoản doanh nghiệp.</li><li>Chọn <em>An toàn vệ sinh lao động → Khai báo thiết bị</em>.</li>' +
      '<li>Nhập thông tin thiết bị, kết quả kiểm định và tải lên biên bản kiểm định.</li><li>Gửi hồ sơ và theo dõi trạng thái xác nhận.</li></ol>' +
      '<h3>Hồ sơ kèm theo</h3><ul><li>Biên bản kiểm định (bản scan PDF).</li><li>Giấy chứng nhận kết quả kiểm định (bản scan PDF).</li></ul>' +
      '<p>Xem thêm văn bản tại <a href="https://vanban.chinhphu.vn">Cổng văn bản Chính phủ</a>.</p>',
    author: 'Phòng Lao động - Việc làm',
    state: 'published',
    daysAgo: 10,
  },
  {
    topic: 'THONG-BAO',
    title: 'Thông báo thời hạn nộp báo cáo công tác an toàn, vệ sinh lao động năm 2026',
    summary:
      'Doanh nghiệp nộp báo cáo công tác an toàn, vệ sinh lao động năm 2026 trên Cổng thông tin trước ngày 10/01/2027.',
    body:
      '<p>Sở Nội vụ thông báo các doanh nghiệp trên địa bàn tỉnh nộp báo cáo công tác an toàn, vệ sinh lao động năm 2026 trực tuyến trên Cổng thông tin trước ngày <strong>10/01/2027</strong>.</p>' +
      '<p>Mọi vướng mắc xin liên hệ <a href="mailto:sonoivu@lamdong.gov.vn">sonoivu@lamdong.gov.vn</a>.</p>',
    author: 'Văn phòng Sở',
    state: 'published',
    daysAgo: 20,
  },
  {
    topic: 'HOAT-DONG',
    title: 'Huấn luyện an toàn lao động cho người lao động ngành chế biến cà phê',
    summary: 'Hơn 200 người lao động tại các cơ sở rang xay cà phê ở Đà Lạt, Bảo Lộc tham gia lớp huấn luyện an toàn.',
    body:
      '<p>Trong tháng 10, Trung tâm Dịch vụ việc làm phối hợp tổ chức 4 lớp huấn luyện an toàn, vệ sinh lao động cho người lao động ngành chế biến cà phê.</p>' +
      '<p>Nội dung tập trung vào vận hành an toàn máy rang, lò sấy và phòng chống cháy nổ bụi.</p>',
    author: 'Trung tâm Dịch vụ việc làm',
    state: 'published',
    daysAgo: 35,
  },
  {
    topic: 'HUONG-DAN',
    title: 'Dự thảo: Hướng dẫn điều tra tai nạn lao động nhẹ tại cơ sở',
    summary: 'Bản nháp, chưa đăng.',
    body: '<p>Nội dung đang được Phòng Lao động - Việc làm hoàn thiện.</p>',
    author: 'Phòng Lao động - Việc làm',
    state: 'draft',
    daysAgo: 1,
  },
];

export async function seedNewsTopics(db: Db): Promise<Map<string, string>> {
  const ctx: OpContext = { db, principal: null, lang: 'vi', request: null, system: true };
  const outcome = await importRows(catalogOperations('newsTopic'), ctx, DEMO_TOPICS, { dryRun: false });
  const failed = outcome.data.filter((r) => !r.isSuccess);
  if (failed.length) throw new Error(`Seed rows of newsTopic are invalid: ${JSON.stringify(failed.slice(0, 3))}`);
  const rows = await sql<{
    id: string;
    code: string;
  }>`select id, code from news_topic where deleted_at is null`.execute(db);
  return new Map(rows.rows.map((r) => [r.code, r.id]));
}

export const newsDemoStep: SeedStep = {
  name: 'news-demo',
  kind: 'demo',
  order: 280,
  run: async ({ db, log }) => {
    const done = await sql<{ key: string }>`select key from app_setting where key = ${MARKER}`.execute(db);
    if (done.rows.length) return;
    // Topics are upserted by code and the marker is written last: a run cut short is completed by the next one.
    {
      const topics = await seedNewsTopics(db);
      for (const a of DEMO_ARTICLES) {
        const id = await createArticle(db, null, null, {
          title: a.title,
          summary: a.summary,
          body: a.body,
          topicId: topics.get(a.topic) ?? null,
          author: a.author,
          state: a.state,
          featured: a.featured ?? false,
        });
        const at = sql<Date>`now() - make_interval(days => ${a.daysAgo})`;
        await db
          .updateTable('news_article')
          .set({ created_at: at, updated_at: at, ...(a.state === 'published' ? { published_at: at } : {}) })
          .where('id', '=', id)
          .execute();
      }
      await sql`insert into app_setting (key, value) values (${MARKER}, ${JSON.stringify({ articles: DEMO_ARTICLES.length })}::jsonb)`.execute(
        db,
      );
    }
    log.info({ articles: DEMO_ARTICLES.length }, 'demo news seeded');
  },
};
