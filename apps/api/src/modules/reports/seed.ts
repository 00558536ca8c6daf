import { sql } from 'kysely';
import { translate } from '@portal/domain/i18n';
import { periodContaining, previousPeriod } from '@portal/domain/reports/periods';
import { seedCatalogRows } from '../../catalog/seed.ts';
import type { Db } from '../../db/database.ts';
import { clock } from '../../platform/clock/index.ts';
import type { SeedStep } from '../../seed/step.ts';
import { openPeriod } from './expected.ts';
import { listReportTypes } from './types.ts';

/**
 * Start-up data of the periodic reports.
 * - reference (every start, each list once: the department's edits are never overwritten): the seven report types
 *   of reference §5 with their legal basis, recipient and period; the legal deadlines that date them (unverified
 *   where the reference marks them so); the reminder schedule (7 and 1 days before the due day, 1 and 15 after).
 * - demo: who must report in the demo province (annual OSH: manufacturing and construction; accident statistics:
 *   every employer; labour-use changes: 10 employees or more; the commune report: every commune; …, one addition
 *   and one exemption with its reason), and the current and previous periods of every type opened.
 */

const T = (code: string) => translate('vi', `reports:seed.types.${code}`);
const D = (key: string) => translate('vi', `reports:seed.deadlines.${key}`);
const DEPARTMENT = 'Sở Nội vụ tỉnh (cơ quan quản lý nhà nước về lao động cấp tỉnh)';

/**
 * Due days are counted in days from the period's last day, to the last day a report is on time: "before 5 July"
 * after a half-year ending 30 June is 4 days; "before 10 January" after 31 December is 9.
 */
const legalDeadline = [
  {
    code: 'BC-TNLD-6T',
    rule: 'REPORT_ACCIDENT_STATISTICS',
    name: D('accident-statistics-half-year'),
    amount: 4,
    unit: 'days',
    legalBasis: 'Nghị định 39/2016/NĐ-CP, Điều 24 khoản 1; Phụ lục XII',
    validFrom: '2016-07-01',
    verified: true,
  },
  {
    code: 'BC-TNLD-NAM',
    // The second half-year's report is the yearly one (the period's own rule, see report-type.ts).
    rule: 'REPORT_ACCIDENT_STATISTICS.H2',
    name: D('accident-statistics-year'),
    amount: 9,
    unit: 'days',
    legalBasis: 'Nghị định 39/2016/NĐ-CP, Điều 24 khoản 1; Phụ lục XII',
    validFrom: '2016-07-01',
    verified: true,
  },
  {
    code: 'BC-ATVSLD-NAM',
    rule: 'REPORT_ANNUAL_OSH',
    name: D('annual-osh'),
    amount: 9,
    unit: 'days',
    legalBasis: 'Luật An toàn, vệ sinh lao động 2015, Điều 81; Thông tư 07/2016/TT-BLĐTBXH, Điều 10, Phụ lục II',
    validFrom: '2016-07-01',
    verified: false,
    note: 'Thời hạn trước ngày 10/01 năm sau chỉ thấy ở nguồn thứ cấp; cần đối chiếu Điều 10 Thông tư 07/2016.',
  },
  {
    code: 'BC-ATVSLD-XA',
    rule: 'REPORT_COMMUNE_OSH',
    name: D('commune-osh'),
    amount: 14,
    unit: 'days',
    legalBasis: 'Luật An toàn, vệ sinh lao động 2015, Điều 36 khoản 2; Nghị định 129/2025/NĐ-CP, Điều 44 và 47',
    validFrom: '2025-07-01',
    verified: false,
    note: 'Văn bản không nêu ngày cụ thể: tạm lấy trước ngày 15/01 năm sau, để Sở tổng hợp báo cáo Bộ trước 25/01.',
  },
  {
    code: 'BC-THD-DN',
    rule: 'REPORT_SAFETY_MONTH_BUSINESS',
    name: D('safety-month-business'),
    amount: 15,
    unit: 'days',
    legalBasis: 'Quyết định 87/QĐ-TTg năm 2017; kế hoạch Tháng hành động về ATVSLĐ hằng năm',
    validFrom: '2017-01-18',
    verified: false,
    note: 'Tháng hành động là tháng 5; hạn nộp theo kế hoạch hằng năm của tỉnh (tạm lấy ngày 15/6).',
  },
  {
    code: 'BC-THD-SO',
    rule: 'REPORT_SAFETY_MONTH_DEPARTMENT',
    name: D('safety-month-department'),
    amount: 30,
    unit: 'days',
    legalBasis: 'Quyết định 87/QĐ-TTg năm 2017; kế hoạch Tháng hành động về ATVSLĐ hằng năm của Bộ',
    validFrom: '2017-01-18',
    verified: false,
    note: 'Hạn theo kế hoạch hằng năm của Bộ (tạm lấy ngày 30/6).',
  },
  {
    code: 'BC-BDLD',
    rule: 'REPORT_LABOUR_CHANGE',
    name: D('labour-change'),
    amount: 4,
    unit: 'days',
    legalBasis: 'Nghị định 145/2020/NĐ-CP, Điều 4; Mẫu số 01/PLI',
    validFrom: '2021-02-01',
    verified: true,
  },
  {
    code: 'BC-TTDVVL',
    rule: 'REPORT_EMPLOYMENT_CENTRE',
    name: D('employment-centre'),
    amount: 19,
    unit: 'days',
    legalBasis: 'Nghị định 23/2021/NĐ-CP, Điều 13; Mẫu số 05 Phụ lục I',
    validFrom: '2021-05-01',
    verified: false,
    note: 'Hạn trước 20/6 và 20/12 đã đối chiếu; kỳ số liệu (đến 31/5 và 30/11) là giả định. Nghị định 352/2025/NĐ-CP thay thế từ 01/01/2026: cần đối chiếu.',
  },
];

const reportType = [
  {
    code: 'accident-statistics',
    name: T('accident-statistics'),
    legalBasis: 'Nghị định 39/2016/NĐ-CP, Điều 24 khoản 1; Phụ lục XII',
    filer: 'business',
    recipient: DEPARTMENT,
    periodType: 'halfYear',
    shiftMonths: 0,
    deadlineRule: 'REPORT_ACCIDENT_STATISTICS',
    // The Hồ Chí Minh City department took them from 15 June (reference §1.4).
    opensBeforeEnd: 15,
    closesAfterDue: 90,
    lockOnAccept: true,
    formCode: 'accident-statistics',
    prefillSource: 'accidents',
    verified: true,
    active: true,
    note: 'Báo cáo 6 tháng cuối năm là báo cáo cả năm (trước ngày 10/01). Doanh nghiệp không có tai nạn vẫn phải báo cáo.',
  },
  {
    code: 'annual-osh',
    name: T('annual-osh'),
    legalBasis: 'Luật An toàn, vệ sinh lao động 2015, Điều 81; Thông tư 07/2016/TT-BLĐTBXH, Điều 10, Phụ lục II',
    filer: 'business',
    recipient: 'Sở Nội vụ và Sở Y tế tỉnh',
    periodType: 'year',
    shiftMonths: 0,
    deadlineRule: 'REPORT_ANNUAL_OSH',
    opensBeforeEnd: 15,
    closesAfterDue: 90,
    lockOnAccept: true,
    formCode: 'annual-osh',
    prefillSource: 'workers',
    verified: false,
    active: true,
  },
  {
    code: 'commune-osh',
    name: T('commune-osh'),
    legalBasis: 'Luật An toàn, vệ sinh lao động 2015, Điều 36 khoản 2; Nghị định 129/2025/NĐ-CP, Điều 44 và 47',
    filer: 'commune',
    recipient: DEPARTMENT,
    periodType: 'year',
    shiftMonths: 0,
    deadlineRule: 'REPORT_COMMUNE_OSH',
    opensBeforeEnd: 15,
    closesAfterDue: 90,
    lockOnAccept: true,
    formCode: 'commune-osh',
    verified: false,
    active: true,
    note: 'Tai nạn lao động của người lao động không theo hợp đồng lao động trên địa bàn xã.',
  },
  {
    code: 'safety-month-business',
    name: T('safety-month-business'),
    legalBasis: 'Quyết định 87/QĐ-TTg năm 2017; kế hoạch Tháng hành động về ATVSLĐ hằng năm',
    filer: 'business',
    recipient: DEPARTMENT,
    // The year of the report ends with May, the action month: shifted back 7 months (June to May).
    periodType: 'year',
    shiftMonths: -7,
    deadlineRule: 'REPORT_SAFETY_MONTH_BUSINESS',
    opensBeforeEnd: 31,
    closesAfterDue: 60,
    lockOnAccept: true,
    formCode: 'safety-month-employer',
    verified: false,
    active: true,
    note: 'Kỳ báo cáo năm kết thúc ngày 31/5, sau Tháng hành động (tháng 5); mở nộp từ ngày 01/5.',
  },
  {
    code: 'safety-month-department',
    name: T('safety-month-department'),
    legalBasis: 'Quyết định 87/QĐ-TTg năm 2017; kế hoạch Tháng hành động về ATVSLĐ hằng năm của Bộ',
    filer: 'department',
    recipient: 'Bộ Nội vụ',
    periodType: 'year',
    shiftMonths: -7,
    deadlineRule: 'REPORT_SAFETY_MONTH_DEPARTMENT',
    opensBeforeEnd: 31,
    closesAfterDue: 60,
    lockOnAccept: true,
    formCode: 'safety-month-department',
    verified: false,
    active: true,
  },
  {
    code: 'labour-change',
    name: T('labour-change'),
    legalBasis: 'Nghị định 145/2020/NĐ-CP, Điều 4; Mẫu số 01/PLI',
    filer: 'business',
    recipient: `${DEPARTMENT}; thông báo cơ quan bảo hiểm xã hội`,
    // Half-years end on 31 May and 30 November, before the deadlines of 5 June and 5 December.
    periodType: 'halfYear',
    shiftMonths: -1,
    deadlineRule: 'REPORT_LABOUR_CHANGE',
    opensBeforeEnd: 15,
    closesAfterDue: 90,
    lockOnAccept: true,
    formCode: 'labour-change',
    prefillSource: 'workers',
    verified: true,
    active: true,
  },
  {
    code: 'employment-centre',
    name: T('employment-centre'),
    legalBasis: 'Nghị định 23/2021/NĐ-CP, Điều 13; Mẫu số 05 Phụ lục I',
    filer: 'serviceCentre',
    recipient: DEPARTMENT,
    periodType: 'halfYear',
    shiftMonths: -1,
    deadlineRule: 'REPORT_EMPLOYMENT_CENTRE',
    opensBeforeEnd: 15,
    closesAfterDue: 90,
    lockOnAccept: true,
    formCode: 'employment-centre',
    verified: false,
    active: true,
    note: 'Kỳ số liệu chưa đối chiếu (Nghị định 09/2019/NĐ-CP tính kỳ 6 tháng đến ngày 14/6): tạm lấy kỳ kết thúc 31/5 và 30/11.',
  },
];

const reportReminderStep = [
  ['BC-NHAC-T7', 'before-7', -7],
  ['BC-NHAC-T1', 'before-1', -1],
  ['BC-NHAC-S1', 'after-1', 1],
  ['BC-NHAC-S15', 'after-15', 15],
].map(([code, key, offsetDays]) => ({
  code,
  name: translate('vi', `reports:seed.steps.${String(key)}`),
  offsetDays,
  active: true,
}));

export const reportsReferenceStep: SeedStep = {
  name: 'reports-reference',
  kind: 'reference',
  // After the catalogue's reference lists; before any step that reads the types.
  order: 155,
  run: ({ db, log }) => seedCatalogRows(db, log, 'reports.seeded', { legalDeadline, reportType, reportReminderStep }),
};

// ---------------------------------------------------------------------------------------------------------------
// Demo

/** An active demo employer of a sector (or below it), other than the ones with demo accounts. */
async function employerIn(db: Db, sectorCode: string, notIn: readonly string[]): Promise<string | null> {
  const { rows } = await sql<{ code: string }>`
    with recursive under (id) as (
      select id from bussiness_sector where code = ${sectorCode} and deleted_at is null
      union all select s.id from bussiness_sector s join under u on s.parent_id = u.id where s.deleted_at is null)
    select b.code from business b
    where b.deleted_at is null and b.status = 'active' and not (b.code = any(${[...notIn]}::text[]))
      and exists (select 1 from business_sector_link l where l.business_id = b.id and l.sector_id in (select id from under))
    order by b.code limit 1`.execute(db);
  return rows[0]?.code ?? null;
}

const DEMO_ACCOUNT_EMPLOYERS = ['5801234577', '5807654320'];

async function demoAssignments(db: Db): Promise<Record<string, unknown>[]> {
  const from = '2020-01-01';
  const rows: Record<string, unknown>[] = [
    { code: 'PL-TNLD-TATCA', reportTypeId: 'accident-statistics', kind: 'rule', validFrom: from },
    { code: 'PL-ATVSLD-CHEBIEN', reportTypeId: 'annual-osh', kind: 'rule', sectorId: 'C', validFrom: from },
    { code: 'PL-ATVSLD-XAYDUNG', reportTypeId: 'annual-osh', kind: 'rule', sectorId: 'F', validFrom: from },
    { code: 'PL-ATVSLD-XA', reportTypeId: 'commune-osh', kind: 'rule', validFrom: from },
    { code: 'PL-BDLD-10LD', reportTypeId: 'labour-change', kind: 'rule', minEmployees: 10, validFrom: from },
    {
      code: 'PL-THD-DN-200LD',
      reportTypeId: 'safety-month-business',
      kind: 'rule',
      minEmployees: 200,
      validFrom: from,
    },
    { code: 'PL-THD-SO', reportTypeId: 'safety-month-department', kind: 'rule', validFrom: from },
    { code: 'PL-TTDVVL', reportTypeId: 'employment-centre', kind: 'rule', validFrom: from },
  ];
  // A hydropower company added to the annual OSH report (strict-requirement equipment), and a manufacturer
  // exempted while it has stopped trading.
  const hydro = await employerIn(db, 'D', DEMO_ACCOUNT_EMPLOYERS);
  if (hydro)
    rows.push({
      code: 'PL-ATVSLD-BOSUNG-01',
      reportTypeId: 'annual-osh',
      kind: 'include',
      employerId: hydro,
      reason: 'Vận hành công trình thủy điện, nhiều thiết bị có yêu cầu nghiêm ngặt về an toàn lao động',
      validFrom: from,
    });
  const stopped = await employerIn(db, 'C', DEMO_ACCOUNT_EMPLOYERS);
  if (stopped)
    rows.push({
      code: 'PL-ATVSLD-MIEN-01',
      reportTypeId: 'annual-osh',
      kind: 'exempt',
      employerId: stopped,
      reason:
        'Doanh nghiệp tạm ngừng kinh doanh theo thông báo gửi Sở Tài chính; miễn báo cáo trong thời gian tạm ngừng',
      validFrom: from,
    });
  return rows;
}

export const reportsDemoStep: SeedStep = {
  name: 'reports-demo',
  kind: 'demo',
  // After the demo employers (170), their workers (190) and the units (50); the filing demo (submissions) after.
  order: 330,
  run: async ({ db, log }) => {
    await seedCatalogRows(db, log, 'reports.seeded.demo', { reportAssignment: await demoAssignments(db) });
    // The current and the previous period of every type (opening again is harmless: nothing changes).
    const today = clock.today();
    for (const type of await listReportTypes(db, { activeOnly: true })) {
      if (type.periodType === 'event') continue;
      const current = periodContaining(type.periodType, today, type.shiftMonths);
      for (const period of [previousPeriod(current, type.shiftMonths), current]) {
        const opened = await openPeriod(db, type.id, period.key, { today });
        if (opened.opened)
          log.info({ report: type.code, period: period.key, expected: opened.expected }, 'report period opened');
      }
    }
  },
};
