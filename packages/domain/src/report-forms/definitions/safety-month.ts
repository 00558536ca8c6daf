import { defineReportForm } from '../definition.ts';
import type { FieldDefinition } from '../schema.ts';
import { date, decimal, integer, longText, notAbove, text, yesNo } from './build.ts';

/**
 * Summaries of the national OSH action month (Tháng hành động về ATVSLĐ, held each May): the employer's to the
 * department, and the department's to the ministry. The reference has no form for either: both are built from
 * the activities the yearly plans ask for and are marked unverified.
 */

const MONEY = text('triệu đồng', 'million VND');
const LEGAL = text(
  'Quyết định 87/QĐ-TTg năm 2017 về Tháng hành động về an toàn, vệ sinh lao động; kế hoạch hằng năm của Bộ và của tỉnh',
  'Decision 87/QD-TTg (2017) on the OSH action month; the yearly plans of the ministry and the province',
);
const NOTE = text(
  'Không có biểu mẫu chính thức trong tài liệu tham chiếu; căn cứ quyết định cần được xác minh.',
  'No official form in the reference; the cited decision is to be confirmed.',
);
const narrative: FieldDefinition[] = [
  longText('highlights', text('Kết quả nổi bật', 'Highlights'), { maxLength: 8000 }),
  longText('difficulties', text('Khó khăn, hạn chế', 'Difficulties'), { maxLength: 8000 }),
  longText('proposals', text('Kiến nghị, đề xuất', 'Proposals'), { maxLength: 8000 }),
];

export const safetyMonthEmployer = defineReportForm({
  code: 'safety-month-employer',
  version: 1,
  title: text(
    'Báo cáo kết quả Tháng hành động về an toàn, vệ sinh lao động (doanh nghiệp)',
    'OSH action month summary (employer)',
  ),
  legalBasis: LEGAL,
  verified: false,
  sourceNote: NOTE,
  sections: [
    {
      id: 'launch',
      title: text('1. Tổ chức hưởng ứng', '1. Launch'),
      items: [
        yesNo('launchHeld', text('Có tổ chức lễ phát động', 'A launch event was held'), { required: true }),
        date('launchDate', text('Ngày phát động', 'Launch date')),
        integer('participants', text('Số người tham gia', 'Participants')),
      ],
    },
    {
      id: 'activities',
      title: text('2. Hoạt động', '2. Activities'),
      items: [
        integer('trainingSessions', text('Số lớp huấn luyện ATVSLĐ', 'OSH training sessions')),
        integer('peopleTrained', text('Số người được huấn luyện', 'People trained'), {
          prefill: 'training.monthTrained',
        }),
        integer('selfInspections', text('Số lượt tự kiểm tra ATVSLĐ', 'Self-inspections')),
        integer('hazardsFound', text('Số nguy cơ, vi phạm phát hiện', 'Hazards and breaches found')),
        integer('hazardsFixed', text('Số nguy cơ, vi phạm đã khắc phục', 'Hazards and breaches fixed')),
        integer('communicationActivities', text('Số hoạt động tuyên truyền', 'Awareness activities')),
        integer('accidentsInMonth', text('Số vụ tai nạn lao động trong tháng', 'Accidents during the month'), {
          prefill: 'accidents.month.accidents',
        }),
        decimal('spending', text('Kinh phí thực hiện', 'Spending'), { unit: MONEY }),
      ],
    },
    { id: 'assessment', title: text('3. Đánh giá', '3. Assessment'), items: narrative },
  ],
  checks: [
    notAbove(
      'fixedWithinFound',
      'hazardsFixed',
      'hazardsFound',
      text('Số đã khắc phục', 'Fixed'),
      text('số phát hiện', 'found'),
    ),
  ],
});

export const safetyMonthDepartment = defineReportForm({
  code: 'safety-month-department',
  version: 1,
  title: text(
    'Báo cáo kết quả Tháng hành động về an toàn, vệ sinh lao động (Sở)',
    'OSH action month summary (department)',
  ),
  legalBasis: LEGAL,
  verified: false,
  sourceNote: NOTE,
  sections: [
    {
      id: 'direction',
      title: text('1. Chỉ đạo, hướng dẫn', '1. Direction'),
      items: [
        integer('documentsIssued', text('Số văn bản chỉ đạo, hướng dẫn ban hành', 'Directives issued')),
        yesNo('provincialLaunch', text('Tổ chức lễ phát động cấp tỉnh', 'Provincial launch held'), { required: true }),
        integer('employersParticipating', text('Số doanh nghiệp hưởng ứng', 'Employers taking part'), {
          prefill: 'safetyMonth.employersReporting',
        }),
      ],
    },
    {
      id: 'activities',
      title: text('2. Kết quả hoạt động', '2. Results'),
      items: [
        integer('trainingCourses', text('Số lớp tập huấn, huấn luyện', 'Training courses')),
        integer('peopleTrained', text('Số người được tập huấn, huấn luyện', 'People trained')),
        integer('inspectionsPlanned', text('Số cuộc thanh tra, kiểm tra theo kế hoạch', 'Inspections planned')),
        integer('employersInspected', text('Số doanh nghiệp được thanh tra, kiểm tra', 'Employers inspected'), {
          prefill: 'inspections.month.employers',
        }),
        integer('violationsFound', text('Số vi phạm phát hiện', 'Breaches found'), {
          prefill: 'inspections.month.violations',
        }),
        decimal('fines', text('Số tiền xử phạt', 'Fines'), { unit: MONEY }),
        integer('communicationActivities', text('Số hoạt động tuyên truyền', 'Awareness activities')),
        integer('accidentsInMonth', text('Số vụ tai nạn lao động trong tháng', 'Accidents during the month'), {
          prefill: 'accidents.month.accidents',
        }),
        integer('deathsInMonth', text('Số người chết do tai nạn lao động trong tháng', 'Deaths during the month'), {
          prefill: 'accidents.month.deaths',
        }),
      ],
    },
    { id: 'assessment', title: text('3. Đánh giá', '3. Assessment'), items: narrative },
  ],
});
