import {
  STATISTICS_DEADLINE_RULES,
  periodRange,
  type StatisticsPeriod,
} from '@portal/domain/accidents/statistics/index';
import type { Executor } from '../../../catalog/context.ts';
import { seedCatalogRows } from '../../../catalog/seed.ts';
import type { SeedStep } from '../../../seed/step.ts';
import { deadlineEnd, deadlineInForce } from '../../../platform/deadlines/index.ts';

/**
 * The report deadline of a period: the LegalDeadline row of its rule in force on the period's last day, counted in
 * days from that day (the last day the report is on time). Null when the department has removed the rule.
 */
export async function periodDueDate(db: Executor, year: number, period: StatisticsPeriod): Promise<string | null> {
  const { to } = periodRange(year, period);
  try {
    return deadlineEnd(to, await deadlineInForce(db, STATISTICS_DEADLINE_RULES[period], to));
  } catch {
    return null;
  }
}

/**
 * Reference data of accident statistics: the two report deadlines (Decree 39/2016 Art 24.1: the six-month report
 * before 5 July, the yearly one before 10 January of the next year — so the last day on time is the 4th and the
 * 9th, counted from 30 June and 31 December), the types of specialised reports (Law 84/2015 Art 34.1.c) and the
 * facility-type classifications with their line titles. Editable by the department afterwards.
 */
export const accidentStatisticsReferenceStep: SeedStep = {
  name: 'accident-statistics-reference',
  kind: 'reference',
  order: 150,
  run: ({ db, log }) =>
    seedCatalogRows(db, log, 'accidents.statistics.seeded', {
      legalDeadline: [
        {
          code: 'TNLD-TK-6T',
          rule: STATISTICS_DEADLINE_RULES.halfYear,
          name: 'Báo cáo thống kê tai nạn lao động 6 tháng đầu năm (trước ngày 05/7)',
          amount: 4,
          unit: 'days',
          legalBasis: 'Nghị định 39/2016/NĐ-CP, Điều 24 khoản 1; Phụ lục XII',
          validFrom: '2016-07-01',
          verified: true,
        },
        {
          code: 'TNLD-TK-NAM',
          rule: STATISTICS_DEADLINE_RULES.year,
          name: 'Báo cáo thống kê tai nạn lao động năm (trước ngày 10/01 năm sau)',
          amount: 9,
          unit: 'days',
          legalBasis: 'Nghị định 39/2016/NĐ-CP, Điều 24 khoản 1; Phụ lục XII',
          validFrom: '2016-07-01',
          verified: true,
        },
      ],
      accidentSpecializeType: [
        {
          code: 'BXHN',
          name: 'Bức xạ, hạt nhân',
          legalBasis: 'Luật ATVSLĐ 2015, Điều 34 khoản 1 điểm c; Luật Năng lượng nguyên tử',
        },
        {
          code: 'DAUKHI',
          name: 'Thăm dò, khai thác dầu khí',
          legalBasis: 'Luật ATVSLĐ 2015, Điều 34 khoản 1 điểm c; Luật Dầu khí',
        },
        {
          code: 'DUONGSAT',
          name: 'Giao thông đường sắt',
          legalBasis: 'Luật ATVSLĐ 2015, Điều 34 khoản 1 điểm c; Luật Đường sắt',
        },
        {
          code: 'DUONGTHUY',
          name: 'Giao thông đường thủy',
          legalBasis: 'Luật ATVSLĐ 2015, Điều 34 khoản 1 điểm c; Luật Giao thông đường thủy nội địa',
        },
        {
          code: 'DUONGBO',
          name: 'Giao thông đường bộ',
          legalBasis: 'Luật ATVSLĐ 2015, Điều 34 khoản 1 điểm c; Luật Trật tự, an toàn giao thông đường bộ',
        },
        {
          code: 'HANGKHONG',
          name: 'Hàng không',
          legalBasis: 'Luật ATVSLĐ 2015, Điều 34 khoản 1 điểm c; Luật Hàng không dân dụng Việt Nam',
        },
      ],
      facilityType: [
        { code: 'CSSX', name: 'Cơ sở sản xuất, kinh doanh', sortOrder: 1 },
        { code: 'PTVT', name: 'Phương tiện vận tải', sortOrder: 2 },
        { code: 'CTXD', name: 'Công trình, dự án', sortOrder: 3 },
      ],
      // Each title under its classification (referred to by code: imported like a user's file).
      facilityTypeTitle: [
        { code: 'CSSX-DN', name: 'Doanh nghiệp nhà nước', facilityTypeId: 'CSSX', sortOrder: 1 },
        { code: 'CSSX-TN', name: 'Doanh nghiệp ngoài nhà nước', facilityTypeId: 'CSSX', sortOrder: 2 },
        { code: 'CSSX-FDI', name: 'Doanh nghiệp có vốn đầu tư nước ngoài', facilityTypeId: 'CSSX', sortOrder: 3 },
        { code: 'PTVT-HK', name: 'Phương tiện chở hành khách', facilityTypeId: 'PTVT', sortOrder: 4 },
        { code: 'PTVT-HH', name: 'Phương tiện chở hàng hóa', facilityTypeId: 'PTVT', sortOrder: 5 },
        { code: 'CTXD-CT', name: 'Công trình đang thi công', facilityTypeId: 'CTXD', sortOrder: 6 },
      ],
    }),
};
