import type { SuggestionStatus, SuggestionTopic } from '@portal/domain/suggestions/index';
import type { SeedStep } from '../../seed/step.ts';

interface DemoSuggestion {
  code: string;
  topic: SuggestionTopic;
  name: string;
  contact: string | null;
  title: string;
  content: string;
  status: SuggestionStatus;
  daysAgo: number;
  answer?: string;
  /** The question as published, when the department edited it. */
  publishedContent?: string;
  assignTo?: string;
}

/** A few realistic questions: some answered and published, some waiting, one closed. */
export const DEMO_SUGGESTIONS: DemoSuggestion[] = [
  {
    code: 'K7Q3MXTA',
    topic: 'equipment',
    name: 'Trần Văn Phúc',
    contact: '0912 345 678',
    title: 'Thời hạn kiểm định định kỳ xe nâng hàng',
    content:
      'Công ty tôi có 3 xe nâng hàng chạy dầu, tải trọng 3 tấn. Xin hỏi bao lâu phải kiểm định lại một lần và nếu quá hạn thì bị xử phạt thế nào? Số điện thoại của tôi là 0912 345 678.',
    publishedContent:
      'Công ty có xe nâng hàng chạy dầu, tải trọng 3 tấn. Bao lâu phải kiểm định lại một lần và nếu quá hạn thì bị xử phạt thế nào?',
    status: 'published',
    daysAgo: 20,
    answer:
      'Xe nâng hàng có tải trọng từ 1 tấn trở lên thuộc Danh mục máy, thiết bị có yêu cầu nghiêm ngặt về an toàn lao động (Thông tư 36/2019/TT-BLĐTBXH), thời hạn kiểm định định kỳ là 2 năm một lần (thiết bị đã sử dụng trên 12 năm: 1 năm một lần). Sử dụng thiết bị chưa được kiểm định hoặc quá hạn kiểm định có thể bị phạt theo Nghị định 12/2022/NĐ-CP. Doanh nghiệp cần khai báo với Sở trong 30 ngày kể từ ngày đưa vào sử dụng.',
  },
  {
    code: 'M4HWC9RD',
    topic: 'safety',
    name: 'Lê Thị Mai',
    contact: 'mai.le@example.vn',
    title: 'Khám sức khỏe cho người làm nghề nặng nhọc, độc hại',
    content:
      'Tôi làm công nhân hàn tại một xưởng cơ khí. Công ty chỉ cho khám sức khỏe một lần mỗi năm. Theo quy định thì người làm nghề hàn được khám bao lâu một lần?',
    status: 'published',
    daysAgo: 12,
    answer:
      'Theo Điều 21 Luật An toàn, vệ sinh lao động 2015, người lao động làm nghề, công việc nặng nhọc, độc hại, nguy hiểm được khám sức khỏe ít nhất 6 tháng một lần. Nghề hàn điện, hàn hơi thuộc danh mục nghề nặng nhọc, độc hại (Thông tư 11/2020/TT-BLĐTBXH). Bạn có thể đề nghị công ty thực hiện đúng quy định hoặc phản ánh với Thanh tra Sở.',
  },
  {
    code: 'T6PNGA7E',
    topic: 'workPermit',
    name: 'Phạm Quốc Huy',
    contact: null,
    title: 'Gia hạn giấy phép lao động cho chuyên gia nước ngoài',
    content:
      'Giấy phép lao động của chuyên gia nước ngoài tại công ty chúng tôi hết hạn vào tháng sau. Xin hỏi hồ sơ gia hạn gồm những gì và nộp trước bao lâu?',
    status: 'published',
    daysAgo: 8,
    answer:
      'Theo Nghị định 152/2020/NĐ-CP (sửa đổi bởi Nghị định 70/2023/NĐ-CP), hồ sơ gia hạn nộp trước ít nhất 5 ngày và không quá 45 ngày trước ngày giấy phép hết hạn, gồm: văn bản đề nghị, giấy chứng nhận sức khỏe, giấy phép lao động còn hạn, hộ chiếu và văn bản chấp thuận nhu cầu sử dụng người lao động nước ngoài. Doanh nghiệp có thể nộp trực tuyến trên cổng này.',
  },
  {
    code: 'A9VXJ3KF',
    topic: 'accident',
    name: 'Đỗ Minh Tuấn',
    contact: 'tuan.do@example.vn',
    title: 'Thời hạn khai báo tai nạn lao động',
    content:
      'Công nhân công ty tôi bị thương nhẹ khi vận hành máy dập, nghỉ 2 ngày. Trường hợp này có phải khai báo tai nạn lao động với Sở không?',
    status: 'answered',
    daysAgo: 4,
    answer:
      'Tai nạn làm người lao động nghỉ việc từ 1 ngày trở lên phải được ghi vào sổ thống kê và báo cáo định kỳ; chỉ tai nạn chết người hoặc bị thương nặng phải khai báo ngay với Sở (Điều 34 Luật An toàn, vệ sinh lao động 2015).',
    assignTo: 'canbo.so',
  },
  {
    code: 'H3RUE7WN',
    topic: 'training',
    name: 'Nguyễn Hữu Nghĩa',
    contact: '0987 654 321',
    title: 'Huấn luyện an toàn cho người lao động mới tuyển',
    content:
      'Công ty vừa tuyển 20 lao động phổ thông. Chúng tôi có thể tự huấn luyện an toàn, vệ sinh lao động cho họ hay phải thuê tổ chức huấn luyện?',
    status: 'assigned',
    daysAgo: 2,
    assignTo: 'canbo.so',
  },
  {
    code: 'P7DYC4QM',
    topic: 'portal',
    name: 'Vũ Thị Lan',
    contact: null,
    title: 'Quên mật khẩu tài khoản doanh nghiệp',
    content: 'Tôi quên mật khẩu đăng nhập tài khoản doanh nghiệp trên cổng, làm thế nào để lấy lại?',
    status: 'new',
    daysAgo: 1,
  },
  {
    code: 'W4FKT6XC',
    topic: 'other',
    name: 'Khách',
    contact: null,
    title: 'Quảng cáo',
    content: 'Dịch vụ làm báo cáo giá rẻ, liên hệ ngay.',
    status: 'closed',
    daysAgo: 6,
  },
];

export const suggestionsDemoStep: SeedStep = {
  name: 'suggestions: demo questions, some answered and published',
  kind: 'demo',
  order: 290,
  run: async ({ db }) => {
    const done = await db
      .selectFrom('suggestion')
      .select('id')
      .where('code', '=', DEMO_SUGGESTIONS[0]!.code)
      .executeTakeFirst();
    if (done) return;
    const names = [...new Set(DEMO_SUGGESTIONS.flatMap((s) => (s.assignTo ? [s.assignTo] : [])))];
    const users = names.length
      ? await db
          .selectFrom('app_user')
          .select(['id', 'user_name', 'full_name'])
          .where('user_name', 'in', names)
          .execute()
      : [];
    const userOf = (name?: string) => users.find((u) => u.user_name === name);
    const answerer = userOf('canbo.so');
    const now = Date.now();
    const day = 86_400_000;
    await db
      .insertInto('suggestion')
      .values(
        DEMO_SUGGESTIONS.map((s) => {
          const created = new Date(now - s.daysAgo * day);
          const later = new Date(created.getTime() + day);
          const assigned = userOf(s.assignTo);
          const answered = !!s.answer;
          return {
            code: s.code,
            topic: s.topic,
            sender_name: s.name,
            sender_contact: s.contact,
            title: s.title,
            content: s.content,
            status: s.status === 'assigned' && !assigned ? 'new' : s.status,
            published_content: s.publishedContent ?? null,
            answer: s.answer ?? null,
            assigned_to: assigned?.id ?? null,
            assigned_at: assigned ? created : null,
            answered_at: answered ? later : null,
            answered_by: answered ? (answerer?.id ?? null) : null,
            answered_by_name: answered ? (answerer?.full_name ?? 'Sở Lao động') : null,
            published_at: s.status === 'published' ? later : null,
            closed_at: s.status === 'closed' ? later : null,
            created_at: created,
            updated_at: s.status === 'new' ? created : later,
          };
        }),
      )
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  },
};
