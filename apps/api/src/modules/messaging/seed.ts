import { sql } from 'kysely';
import type { MessageLabel } from '@portal/domain/messaging/index';
import type { Db } from '../../db/database.ts';
import type { SeedStep } from '../../seed/step.ts';

/**
 * Demo mail between the demo accounts, each within what its writer may reach (an employer to the department and
 * its commune, the commune to its employers, the department to anyone): a few threads with replies, read and
 * unread ones, labels. Written once (a marker remembers it), so what users read, label or delete is never undone.
 */

const MARKER = 'messaging.seeded.demo';

interface DemoMail {
  from: string;
  to: string[];
  subject: string;
  body: string;
  /** Hours ago. */
  hoursAgo: number;
  /** Recipients who have read it. */
  readBy?: string[];
  /** Labels per owner (sender or recipient). */
  labels?: Record<string, MessageLabel>;
  /** The message (by index in this list) it answers. */
  replyTo?: number;
}

export const DEMO_MAILS: DemoMail[] = [
  {
    from: 'canbo.so',
    to: ['dn.caudatxanh', 'dn.rauhoa'],
    subject: 'Nhắc nộp báo cáo công tác an toàn, vệ sinh lao động năm 2026',
    body:
      'Kính gửi Quý doanh nghiệp,\n\nSở Nội vụ đề nghị Quý doanh nghiệp hoàn thành báo cáo công tác an toàn, vệ sinh ' +
      'lao động năm 2026 trên Cổng thông tin trước ngày 10/01/2027 theo Thông tư 07/2016/TT-BLĐTBXH.\n\n' +
      'Trân trọng,\nNguyễn Thị Lan\nPhòng Lao động - Việc làm',
    hoursAgo: 26,
    readBy: ['dn.caudatxanh'],
    labels: { 'canbo.so': 'company', 'dn.caudatxanh': 'important' },
  },
  {
    from: 'dn.caudatxanh',
    to: ['canbo.so'],
    subject: 'Trả lời: Nhắc nộp báo cáo công tác an toàn, vệ sinh lao động năm 2026',
    body:
      'Kính gửi chị Lan,\n\nCông ty TNHH Cà phê Cầu Đất Xanh đã nhận được thông báo và sẽ nộp báo cáo trước hạn. ' +
      'Xin hỏi mẫu báo cáo năm nay có thay đổi so với năm trước không ạ?\n\nTrân trọng,\nLê Thị Hồng',
    hoursAgo: 20,
    replyTo: 0,
  },
  {
    from: 'canbo.xuanhuong',
    to: ['dn.caudatxanh'],
    subject: 'Lịch kiểm tra an toàn lao động tại xưởng rang xay tháng 12',
    body:
      'Kính gửi Công ty,\n\nUBND phường Xuân Hương dự kiến phối hợp kiểm tra an toàn lao động tại xưởng rang xay ' +
      'của Công ty vào sáng thứ Năm tuần đầu tháng 12. Đề nghị Công ty chuẩn bị hồ sơ kiểm định thiết bị có yêu ' +
      'cầu nghiêm ngặt và sổ theo dõi huấn luyện.\n\nTrân trọng,\nTrần Văn Minh',
    hoursAgo: 50,
    readBy: ['dn.caudatxanh'],
    labels: { 'dn.caudatxanh': 'company' },
  },
  {
    from: 'dn.rauhoa',
    to: ['canbo.so'],
    subject: 'Đề nghị hướng dẫn khai báo tai nạn lao động nhẹ',
    body:
      'Kính gửi Sở Nội vụ,\n\nCông ty Cổ phần Rau hoa Langbiang có một trường hợp người lao động bị thương nhẹ khi ' +
      'vận hành máy cắt cành trong nhà kính. Đề nghị Sở hướng dẫn thủ tục khai báo và điều tra theo quy định.\n\n' +
      'Trân trọng,\nVõ Đức Thịnh',
    hoursAgo: 5,
  },
  {
    from: 'thanhtra',
    to: ['canbo.so'],
    subject: 'Kết quả kiểm tra đột xuất quý IV',
    body:
      'Chị Lan,\n\nĐoàn thanh tra đã hoàn thành kiểm tra đột xuất tại 6 doanh nghiệp trên địa bàn Đà Lạt. Biên bản ' +
      'chi tiết sẽ gửi kèm trong tuần.\n\nLê Quốc Hùng',
    hoursAgo: 72,
    readBy: ['canbo.so'],
    labels: { 'canbo.so': 'private' },
  },
];

async function usersByName(db: Db, names: string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('app_user')
    .select(['id', 'user_name'])
    .where(
      sql`lower(user_name)`,
      'in',
      names.map((n) => n.toLowerCase()),
    )
    .execute();
  return new Map(rows.map((r) => [r.user_name.toLowerCase(), r.id]));
}

export const messagingDemoStep: SeedStep = {
  name: 'messaging: demo mail between the demo accounts',
  kind: 'demo',
  order: 270,
  run: async ({ db, log }) => {
    const done = await db.selectFrom('app_setting').select('key').where('key', '=', MARKER).executeTakeFirst();
    if (done) return;
    const names = [...new Set(DEMO_MAILS.flatMap((m) => [m.from, ...m.to]))];
    const ids = await usersByName(db, names);
    if (names.some((n) => !ids.has(n))) {
      log.warn({ step: 'messaging demo' }, 'demo accounts missing: no demo mail');
      return;
    }
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      const messageIds: string[] = [];
      for (const m of DEMO_MAILS) {
        const sentAt = new Date(now - m.hoursAgo * 3_600_000);
        const message = await trx
          .insertInto('message')
          .values({
            sender_id: ids.get(m.from)!,
            subject: m.subject,
            body: m.body,
            sent_at: sentAt,
            reply_to_id: m.replyTo === undefined ? null : (messageIds[m.replyTo] ?? null),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        messageIds.push(message.id);
        const readAt = new Date(sentAt.getTime() + 3_600_000);
        await trx
          .insertInto('message_entry')
          .values([
            {
              message_id: message.id,
              owner_id: ids.get(m.from)!,
              box: 'sent',
              label: m.labels?.[m.from] ?? null,
              read_at: sentAt,
              created_at: sentAt,
            },
            ...m.to.map((to) => ({
              message_id: message.id,
              owner_id: ids.get(to)!,
              box: 'inbox' as const,
              label: m.labels?.[to] ?? null,
              read_at: m.readBy?.includes(to) ? readAt : null,
              created_at: sentAt,
            })),
          ])
          .execute();
      }
      await trx
        .insertInto('app_setting')
        .values({ key: MARKER, value: JSON.stringify({ messages: messageIds.length }) })
        .execute();
    });
    log.info({ messages: DEMO_MAILS.length }, 'demo mail seeded');
  },
};
