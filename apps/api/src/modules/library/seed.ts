import { sql } from 'kysely';
import { catalogOperations } from '../../catalog/operations.ts';
import type { OpContext } from '../../catalog/context.ts';
import type { SeedStep } from '../../seed/step.ts';

/**
 * The texts the portal rests on, as the reference file (shared/reference/osh-vietnam.md) names them. Dates are
 * given only where the reference gives them; the others stay empty for the department to fill in. A replacing
 * text is listed before the one it replaces. Written once (a marker remembers it), so the department's edits stay.
 */
const MARKER = 'library.seeded.legal-documents';

const NA_QH = 'Quốc hội';
const CP = 'Chính phủ';
const BLD = 'Bộ Lao động - Thương binh và Xã hội';

interface SeedDocument {
  number: string;
  type: 'law' | 'decree' | 'circular' | 'decision' | 'standard' | 'other';
  title: string;
  issuer: string;
  signedDate?: string;
  inForceDate?: string;
  expiryDate?: string;
  replacedBy?: string;
  note?: string;
}

export const LEGAL_DOCUMENTS: SeedDocument[] = [
  { number: '84/2015/QH13', type: 'law', title: 'Luật An toàn, vệ sinh lao động', issuer: NA_QH },
  { number: '45/2019/QH14', type: 'law', title: 'Bộ luật Lao động', issuer: NA_QH },
  {
    number: '74/2025/QH15',
    type: 'law',
    title: 'Luật Việc làm',
    issuer: NA_QH,
    inForceDate: '2026-01-01',
  },
  { number: '38/2013/QH13', type: 'law', title: 'Luật Việc làm', issuer: NA_QH, replacedBy: '74/2025/QH15' },
  {
    number: '39/2016/NĐ-CP',
    type: 'decree',
    title: 'Quy định chi tiết thi hành một số điều của Luật An toàn, vệ sinh lao động',
    issuer: CP,
  },
  {
    number: '44/2016/NĐ-CP',
    type: 'decree',
    title:
      'Quy định chi tiết một số điều của Luật An toàn, vệ sinh lao động về hoạt động kiểm định kỹ thuật an toàn lao động, huấn luyện an toàn, vệ sinh lao động và quan trắc môi trường lao động',
    issuer: CP,
  },
  {
    number: '140/2018/NĐ-CP',
    type: 'decree',
    title:
      'Sửa đổi, bổ sung các nghị định liên quan đến điều kiện đầu tư kinh doanh và thủ tục hành chính thuộc phạm vi quản lý nhà nước của Bộ Lao động - Thương binh và Xã hội',
    issuer: CP,
    note: 'Sửa đổi Nghị định 44/2016/NĐ-CP (nhóm huấn luyện, tổ chức huấn luyện).',
  },
  {
    number: '145/2020/NĐ-CP',
    type: 'decree',
    title:
      'Quy định chi tiết và hướng dẫn thi hành một số điều của Bộ luật Lao động về điều kiện lao động và quan hệ lao động',
    issuer: CP,
  },
  {
    number: '219/2025/NĐ-CP',
    type: 'decree',
    title: 'Quy định về người lao động nước ngoài làm việc tại Việt Nam',
    issuer: CP,
    inForceDate: '2025-08-07',
  },
  {
    number: '152/2020/NĐ-CP',
    type: 'decree',
    title:
      'Quy định về người lao động nước ngoài làm việc tại Việt Nam và tuyển dụng, quản lý người lao động Việt Nam làm việc cho tổ chức, cá nhân nước ngoài tại Việt Nam',
    issuer: CP,
    expiryDate: '2025-08-07',
    replacedBy: '219/2025/NĐ-CP',
    note: 'Đã được sửa đổi, bổ sung bởi Nghị định 70/2023/NĐ-CP.',
  },
  {
    number: '129/2025/NĐ-CP',
    type: 'decree',
    title:
      'Quy định phân định thẩm quyền của chính quyền địa phương 2 cấp trong lĩnh vực quản lý nhà nước của Bộ Nội vụ',
    issuer: CP,
    signedDate: '2025-06-11',
    inForceDate: '2025-07-01',
    note: 'Điều 42, 45: công an cấp xã và Sở Nội vụ nhận thông báo tai nạn lao động; Điều 44, 47: thống kê tai nạn lao động cấp xã.',
  },
  {
    number: '36/2019/TT-BLĐTBXH',
    type: 'circular',
    title: 'Ban hành Danh mục các loại máy, thiết bị, vật tư, chất có yêu cầu nghiêm ngặt về an toàn, vệ sinh lao động',
    issuer: BLD,
    signedDate: '2019-12-30',
    inForceDate: '2020-03-01',
  },
  {
    number: '05/2014/TT-BLĐTBXH',
    type: 'circular',
    title: 'Ban hành Danh mục máy, thiết bị, vật tư, chất có yêu cầu nghiêm ngặt về an toàn lao động',
    issuer: BLD,
    replacedBy: '36/2019/TT-BLĐTBXH',
  },
  {
    number: '54/2016/TT-BLĐTBXH',
    type: 'circular',
    title:
      'Ban hành 30 quy trình kiểm định kỹ thuật an toàn lao động đối với máy, thiết bị có yêu cầu nghiêm ngặt về an toàn lao động',
    issuer: BLD,
  },
  {
    number: '12/2021/TT-BLĐTBXH',
    type: 'circular',
    title: 'Ban hành quy trình kiểm định kỹ thuật an toàn lao động (QTKĐ 02-2021: thang máy)',
    issuer: BLD,
  },
  {
    number: '16/2017/TT-BLĐTBXH',
    type: 'circular',
    title:
      'Quy định chi tiết một số nội dung về hoạt động kiểm định kỹ thuật an toàn lao động đối với máy, thiết bị, vật tư, chất có yêu cầu nghiêm ngặt về an toàn lao động',
    issuer: BLD,
  },
  {
    number: '31/2018/TT-BLĐTBXH',
    type: 'circular',
    title: 'Quy định chi tiết về hoạt động huấn luyện an toàn, vệ sinh lao động',
    issuer: BLD,
    inForceDate: '2019-02-11',
  },
  {
    number: '13/2020/TT-BLĐTBXH',
    type: 'circular',
    title:
      'Hướng dẫn thu thập, lưu trữ, tổng hợp, cung cấp, công bố, đánh giá về tình hình tai nạn lao động và sự cố kỹ thuật gây mất an toàn, vệ sinh lao động nghiêm trọng',
    issuer: BLD,
    inForceDate: '2021-01-15',
  },
  {
    number: '08/2016/TT-BLĐTBXH',
    type: 'circular',
    title:
      'Hướng dẫn việc thu thập, lưu trữ, tổng hợp, cung cấp, công bố, đánh giá về tình hình tai nạn lao động và sự cố kỹ thuật gây mất an toàn, vệ sinh lao động nghiêm trọng',
    issuer: BLD,
    replacedBy: '13/2020/TT-BLĐTBXH',
  },
];

export const legalDocumentsReferenceStep: SeedStep = {
  name: 'legal-documents-reference',
  kind: 'reference',
  order: 70,
  async run({ db, log }) {
    const done = await sql<{ key: string }>`select key from app_setting where key = ${MARKER}`.execute(db);
    if (done.rows.length) return;
    await db.transaction().execute(async (trx) => {
      const ctx: OpContext = { db: trx, principal: null, lang: 'vi', request: null, system: true };
      const ops = catalogOperations('legalDocument');
      const ids = new Map<string, string>();
      // Replacing texts first, so the texts they replace can name them.
      const ordered = [...LEGAL_DOCUMENTS].sort((a, b) => Number(!!a.replacedBy) - Number(!!b.replacedBy));
      for (const { replacedBy, ...doc } of ordered) {
        const existing = await sql<{ id: string }>`select id from legal_document
          where lower(number) = lower(${doc.number}) and deleted_at is null`.execute(trx);
        if (existing.rows[0]) {
          ids.set(doc.number, existing.rows[0].id);
          continue;
        }
        const created = await ops.create(ctx, {
          ...doc,
          replacedBy: replacedBy ? (ids.get(replacedBy) ?? null) : null,
        });
        ids.set(doc.number, created.id);
      }
      await sql`insert into app_setting (key, value) values (${MARKER}, ${JSON.stringify({ rows: ids.size })}::jsonb)`.execute(
        trx,
      );
      log.info({ rows: ids.size }, 'legal documents seeded');
    });
  },
};
