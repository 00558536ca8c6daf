import { defineReportForm } from '../definition.ts';
import { computed, decimal, integer, notAbove, text, yesNo } from './build.ts';

/**
 * Annual OSH work report, Circular 07/2016/TT-BLĐTBXH Art 10, Appendix II (reference §5), due before 10 January
 * to the provincial labour and health authorities. The reference gives the form's number and deadline but not
 * its content: the items below follow the form as commonly published and are all marked unverified.
 */

const L = {
  total: text('Tổng số lao động', 'Total workers'),
  female: text('Số lao động nữ', 'Female workers'),
  hazardous: text(
    'Số người làm nghề, công việc nặng nhọc, độc hại, nguy hiểm',
    'Workers in heavy, hazardous or dangerous jobs',
  ),
  minors: text('Số lao động chưa thành niên', 'Minor workers'),
  elderly: text('Số người lao động cao tuổi', 'Elderly workers'),
  disabled: text('Số lao động là người khuyết tật', 'Workers with disabilities'),
  accidents: text('Số vụ tai nạn lao động', 'Occupational accidents'),
  fatal: text('Số vụ có người chết', 'Fatal accidents'),
  victims: text('Số người bị tai nạn lao động', 'Accident victims'),
  deaths: text('Số người chết vì tai nạn lao động', 'Deaths from accidents'),
  inspected: text('Số máy, thiết bị đã được kiểm định', 'Machines and equipment inspected'),
  equipment: text(
    'Tổng số máy, thiết bị có yêu cầu nghiêm ngặt về ATVSLĐ',
    'Machines and equipment with strict OSH requirements',
  ),
  samples: text('Tổng số mẫu quan trắc', 'Monitoring samples'),
  failed: text('Số mẫu không đạt tiêu chuẩn', 'Samples above the limits'),
};
const MONEY = text('triệu đồng', 'million VND');
const PEOPLE = text('người', 'people');

export const annualOsh = defineReportForm({
  code: 'annual-osh',
  version: 1,
  title: text('Báo cáo công tác an toàn, vệ sinh lao động năm', 'Annual occupational safety and health report'),
  legalBasis: text(
    'Luật An toàn, vệ sinh lao động 2015, Điều 81; Thông tư 07/2016/TT-BLĐTBXH, Điều 10 và Phụ lục II',
    'OSH Law 2015, Article 81; Circular 07/2016/TT-BLDTBXH, Article 10 and Appendix II',
  ),
  verified: false,
  sourceNote: text(
    'Tài liệu tham chiếu chỉ xác nhận số hiệu biểu mẫu và thời hạn; nội dung các chỉ tiêu cần đối chiếu với Phụ lục II.',
    "The reference confirms only the form's number and deadline; the items must be checked against Appendix II.",
  ),
  sections: [
    {
      id: 'labour',
      title: text('1. Lao động', '1. Workers'),
      verified: false,
      items: [
        integer('totalWorkers', L.total, { required: true, unit: PEOPLE, prefill: 'workers.total' }),
        integer('femaleWorkers', L.female, { unit: PEOPLE, prefill: 'workers.female' }),
        integer('hazardousWorkers', L.hazardous, { unit: PEOPLE, prefill: 'workers.hazardous' }),
        integer('minorWorkers', L.minors, { unit: PEOPLE }),
        integer('elderlyWorkers', L.elderly, { unit: PEOPLE }),
        integer('disabledWorkers', L.disabled, { unit: PEOPLE }),
      ],
    },
    {
      id: 'accidents',
      title: text('2. Tai nạn lao động', '2. Occupational accidents'),
      verified: false,
      items: [
        integer('accidents', L.accidents, { prefill: 'accidents.year.accidents' }),
        integer('fatalAccidents', L.fatal, { prefill: 'accidents.year.fatalAccidents' }),
        integer('victims', L.victims, { unit: PEOPLE, prefill: 'accidents.year.victims' }),
        integer('deaths', L.deaths, { unit: PEOPLE, prefill: 'accidents.year.deaths' }),
        integer('accidentDaysOff', text('Tổng số ngày nghỉ vì tai nạn lao động', 'Days off after accidents'), {
          prefill: 'accidents.year.daysOff',
        }),
        decimal('accidentCost', text('Chi phí do tai nạn lao động', 'Cost of accidents'), { unit: MONEY }),
      ],
    },
    {
      id: 'diseases',
      title: text('3. Bệnh nghề nghiệp', '3. Occupational diseases'),
      verified: false,
      items: [
        integer(
          'diseaseCumulative',
          text('Tổng số người bị bệnh nghề nghiệp cộng dồn', 'People with an occupational disease (cumulative)'),
        ),
        integer('diseaseNew', text('Số người mắc mới bệnh nghề nghiệp', 'New cases')),
        integer(
          'diseaseRetired',
          text('Số người phải nghỉ trước tuổi hưu vì bệnh nghề nghiệp', 'Early retirements due to disease'),
        ),
        decimal('diseaseCost', text('Chi phí do bệnh nghề nghiệp', 'Cost of occupational diseases'), { unit: MONEY }),
      ],
    },
    {
      id: 'health',
      title: text('4. Phân loại sức khỏe người lao động', '4. Workers by health class'),
      verified: false,
      items: [
        {
          kind: 'table',
          id: 'healthClasses',
          label: text('Số người theo loại sức khỏe', 'Workers by health class'),
          rowHeader: text('Loại sức khỏe', 'Health class'),
          fixedRows: ['I', 'II', 'III', 'IV', 'V'].map((k) => ({ key: k, label: text(`Loại ${k}`, `Class ${k}`) })),
          columns: [
            integer('workers', text('Số người', 'Workers')),
            integer('female', text('Trong đó nữ', 'Of whom female')),
          ],
          totals: true,
          rowChecks: [
            notAbove('femaleWithin', 'female', 'workers', text('Số nữ', 'Women'), text('số người', 'workers')),
          ],
        },
      ],
    },
    {
      id: 'training',
      title: text('5. Huấn luyện an toàn, vệ sinh lao động', '5. OSH training'),
      verified: false,
      items: [
        {
          kind: 'table',
          id: 'trainingGroups',
          label: text('Huấn luyện theo nhóm (Nghị định 44/2016)', 'Training by group (Decree 44/2016)'),
          rowHeader: text('Nhóm', 'Group'),
          fixedRows: ['1', '2', '3', '4', '5', '6'].map((k) => ({
            key: `g${k}`,
            label: text(`Nhóm ${k}`, `Group ${k}`),
          })),
          columns: [
            integer('people', text('Số người thuộc nhóm', 'People in the group'), { prefill: 'training.{row}.people' }),
            integer('trained', text('Số người đã được huấn luyện', 'People trained'), {
              prefill: 'training.{row}.trained',
            }),
          ],
          totals: true,
          rowChecks: [
            notAbove(
              'trainedWithin',
              'trained',
              'people',
              text('Số người được huấn luyện', 'People trained'),
              text('số người thuộc nhóm', 'people in the group'),
            ),
          ],
        },
        decimal('trainingCost', text('Chi phí huấn luyện', 'Training cost'), { unit: MONEY }),
      ],
    },
    {
      id: 'equipment',
      title: text('6. Máy, thiết bị có yêu cầu nghiêm ngặt về ATVSLĐ', '6. Equipment with strict OSH requirements'),
      verified: false,
      items: [
        integer('equipmentTotal', L.equipment, { prefill: 'equipment.total' }),
        integer('equipmentInspected', L.inspected, { prefill: 'equipment.inspected' }),
        integer('equipmentDeclared', text('Số máy, thiết bị đã khai báo', 'Equipment declared'), {
          prefill: 'equipment.declared',
        }),
      ],
    },
    {
      id: 'hours',
      title: text('7. Thời giờ làm việc, thời giờ nghỉ ngơi', '7. Working and rest hours'),
      verified: false,
      items: [
        integer('overtimeWorkers', text('Tổng số người làm thêm giờ trong năm', 'Workers who worked overtime'), {
          unit: PEOPLE,
        }),
        integer('overtimeHours', text('Tổng số giờ làm thêm trong năm', 'Overtime hours in the year'), {
          unit: text('giờ', 'hours'),
        }),
        integer(
          'overtimeMaxMonth',
          text('Số giờ làm thêm cao nhất trong 1 tháng', 'Most overtime hours in one month'),
          {
            unit: text('giờ', 'hours'),
          },
        ),
      ],
    },
    {
      id: 'allowance',
      title: text('8. Bồi dưỡng bằng hiện vật', '8. Allowances in kind'),
      verified: false,
      items: [
        integer('inKindWorkers', text('Tổng số người được bồi dưỡng', 'Workers receiving allowances in kind'), {
          unit: PEOPLE,
        }),
        decimal('inKindCost', text('Tổng chi phí bồi dưỡng', 'Cost of allowances in kind'), { unit: MONEY }),
      ],
    },
    {
      id: 'monitoring',
      title: text('9. Quan trắc môi trường lao động', '9. Working-environment monitoring'),
      verified: false,
      items: [
        integer('monitoringSamples', L.samples, { prefill: 'monitoring.samples' }),
        integer('monitoringFailed', L.failed, { prefill: 'monitoring.failed' }),
      ],
    },
    {
      id: 'costs',
      title: text('10. Chi phí thực hiện kế hoạch ATVSLĐ', '10. Spending on the OSH plan'),
      verified: false,
      items: [
        decimal('costTechnical', text('Các biện pháp kỹ thuật an toàn', 'Technical safety measures'), { unit: MONEY }),
        decimal('costHygiene', text('Các biện pháp kỹ thuật vệ sinh', 'Technical hygiene measures'), { unit: MONEY }),
        decimal('costPpe', text('Trang bị phương tiện bảo vệ cá nhân', 'Personal protective equipment'), {
          unit: MONEY,
        }),
        decimal('costHealth', text('Chăm sóc sức khỏe người lao động', 'Health care'), { unit: MONEY }),
        decimal('costOther', text('Chi khác', 'Other'), { unit: MONEY }),
        computed(
          'costTotal',
          text('Tổng chi phí', 'Total spending'),
          'costTechnical + costHygiene + costPpe + costHealth + trainingCost + costOther',
          {
            unit: MONEY,
          },
        ),
      ],
    },
    {
      id: 'organisation',
      title: text('11. Tổ chức bộ phận an toàn, vệ sinh lao động và y tế', '11. OSH and health staff'),
      verified: false,
      items: [
        integer('oshStaff', text('Số người làm công tác ATVSLĐ', 'OSH staff'), { unit: PEOPLE }),
        integer('healthStaff', text('Số người làm công tác y tế', 'Health staff'), { unit: PEOPLE }),
        yesNo('oshCouncil', text('Có Hội đồng ATVSLĐ cơ sở', 'Has an OSH council')),
        yesNo(
          'outsourcedService',
          text('Thuê tổ chức cung cấp dịch vụ ATVSLĐ, y tế', 'Uses an outside OSH or health service'),
        ),
      ],
    },
  ],
  checks: [
    notAbove('femaleWithin', 'femaleWorkers', 'totalWorkers', L.female, L.total),
    notAbove('hazardousWithin', 'hazardousWorkers', 'totalWorkers', L.hazardous, L.total),
    notAbove('minorsWithin', 'minorWorkers', 'totalWorkers', L.minors, L.total),
    notAbove('elderlyWithin', 'elderlyWorkers', 'totalWorkers', L.elderly, L.total),
    notAbove('disabledWithin', 'disabledWorkers', 'totalWorkers', L.disabled, L.total),
    notAbove('fatalWithinAccidents', 'fatalAccidents', 'accidents', L.fatal, L.accidents),
    notAbove('accidentsWithinVictims', 'accidents', 'victims', L.accidents, L.victims),
    notAbove('deathsWithinVictims', 'deaths', 'victims', L.deaths, L.victims),
    notAbove('fatalWithinDeaths', 'fatalAccidents', 'deaths', L.fatal, L.deaths),
    notAbove(
      'newWithinCumulative',
      'diseaseNew',
      'diseaseCumulative',
      text('Số mắc mới', 'New cases'),
      text('số cộng dồn', 'the cumulative number'),
    ),
    notAbove('inspectedWithin', 'equipmentInspected', 'equipmentTotal', L.inspected, L.equipment),
    notAbove('failedWithin', 'monitoringFailed', 'monitoringSamples', L.failed, L.samples),
    notAbove(
      'healthClassesWithin',
      'sum(healthClasses.workers)',
      'totalWorkers',
      text('Tổng số người theo loại sức khỏe', 'Workers by health class'),
      L.total,
    ),
  ],
});
