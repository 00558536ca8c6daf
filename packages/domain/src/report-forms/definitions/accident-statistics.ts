import vi from '../../locales/vi/accidents.json' with { type: 'json' };
import en from '../../locales/en/accidents.json' with { type: 'json' };
import { FIGURE_KEYS } from '../../accidents/statistics/index.ts';
import { defineReportForm } from '../definition.ts';
import type { CheckDefinition, FieldDefinition, SectionDefinition, TableDefinition } from '../schema.ts';
import { computed, decimal, equals, integer, notAbove, shortText, text } from './build.ts';

/**
 * Accident statistics, Decree 39/2016 Appendix XII (reference §1.4–1.7). The columns are the figures the
 * portal's accident statistics already compute (accidents/statistics: FIGURE_KEYS, with their labels); the rows
 * are the breakdowns 1.1 by cause, 1.2 by injury factor and 1.3 by occupation, for section 1 (occupational
 * accidents) and section 2 (allowance cases, Law Art 39.2); section 3 is their total. Prefill keys name the
 * figures the accident register gives: `accidentStatistics.s1.cause.{row}.victims`.
 */

const label = (k: (typeof FIGURE_KEYS)[number]) => text(vi.statistics.figures[k], en.statistics.figures[k]);

const MONEY = text('đồng', 'VND');
const COSTS = new Set(['medicalCost', 'wageCost', 'compensationCost', 'otherCost', 'totalCost', 'propertyDamage']);

function figureColumns(prefix: string): FieldDefinition[] {
  return FIGURE_KEYS.map((k) => {
    if (k === 'totalCost')
      return computed(k, label(k), 'medicalCost + wageCost + compensationCost + otherCost', { unit: MONEY });
    const prefill = `${prefix}.{row}.${k}`;
    return COSTS.has(k)
      ? decimal(k, label(k), { unit: MONEY, prefill, decimals: 0 })
      : integer(k, label(k), { prefill, ...(k === 'daysOff' ? { unit: text('ngày', 'days') } : {}) });
  });
}

/** What every row must satisfy: parts never above their whole. */
const ROW_CHECKS: CheckDefinition[] = [
  notAbove('fatalWithinAccidents', 'fatalAccidents', 'accidents', label('fatalAccidents'), label('accidents')),
  notAbove(
    'multiWithinAccidents',
    'multiVictimAccidents',
    'accidents',
    label('multiVictimAccidents'),
    label('accidents'),
  ),
  notAbove('accidentsWithinVictims', 'accidents', 'victims', label('accidents'), label('victims')),
  notAbove('fatalWithinDeaths', 'fatalAccidents', 'deaths', label('fatalAccidents'), label('deaths')),
  notAbove('femaleWithinVictims', 'femaleVictims', 'victims', label('femaleVictims'), label('victims')),
  notAbove(
    'harmWithinVictims',
    'deaths + seriousInjuries',
    'victims',
    text('Số người chết và bị thương nặng', 'Deaths and seriously injured'),
    label('victims'),
  ),
  notAbove('outsideWithinVictims', 'outsideVictims', 'victims', label('outsideVictims'), label('victims')),
  notAbove('outsideFemaleWithin', 'outsideFemale', 'outsideVictims', label('outsideFemale'), label('outsideVictims')),
  notAbove('outsideFemaleFemale', 'outsideFemale', 'femaleVictims', label('outsideFemale'), label('femaleVictims')),
  notAbove('outsideDeathsWithin', 'outsideDeaths', 'deaths', label('outsideDeaths'), label('deaths')),
  notAbove(
    'outsideSeriousWithin',
    'outsideSerious',
    'seriousInjuries',
    label('outsideSerious'),
    label('seriousInjuries'),
  ),
];

/** Reference §1.6: consistent across public implementations, not confirmed against the official appendix. */
const CAUSES = [
  ['1', 'Không có thiết bị an toàn hoặc thiết bị không đảm bảo an toàn', 'No safety device, or an unsafe one'],
  ['2', 'Không có phương tiện bảo vệ cá nhân hoặc PTBVCN không tốt', 'No personal protective equipment, or poor PPE'],
  ['3', 'Tổ chức lao động không hợp lý', 'Unsuitable organisation of work'],
  ['4', 'Chưa huấn luyện hoặc huấn luyện ATVSLĐ chưa đầy đủ', 'No or incomplete OSH training'],
  ['5', 'Không có quy trình an toàn hoặc biện pháp làm việc an toàn', 'No safe procedure or safe working method'],
  ['6', 'Điều kiện làm việc không tốt', 'Poor working conditions'],
  [
    '7',
    'Vi phạm nội quy, quy trình, quy chuẩn, biện pháp làm việc an toàn',
    'Breach of rules, procedures, standards or safe methods',
  ],
  ['8', 'Không sử dụng phương tiện bảo vệ cá nhân', 'Personal protective equipment not used'],
  ['9', 'Khách quan khó tránh / Nguyên nhân chưa kể đến', 'Hard to avoid / other causes'],
] as const;

/** Reference §1.7: the official list was not found and is longer; "other" keeps the rows' sum whole. */
const FACTORS = [
  ['1', 'Điện', 'Electricity'],
  ['2', 'Phóng xạ', 'Radiation'],
  ['3', 'Thiết bị áp lực', 'Pressure equipment'],
  ['4', 'Thiết bị nâng', 'Lifting equipment'],
  ['5', 'Bộ phận truyền động, chuyển động của máy, thiết bị', 'Moving parts of machines and equipment'],
  ['6', 'Vật văng bắn', 'Flying objects'],
  ['7', 'Vật rơi, đổ, sập', 'Falling or collapsing objects'],
  ['8', 'Sập đổ công trình, giàn giáo', 'Collapse of structures or scaffolding'],
  ['9', 'Sập lò, sập đất đá', 'Collapse of mines, earth or rock'],
  ['other', 'Yếu tố khác', 'Other factors'],
] as const;

/** A free table is filled as a whole list (the table's own prefill key), not cell by cell. */
function withoutPrefill(c: FieldDefinition): FieldDefinition {
  const copy = { ...c };
  delete copy.prefill;
  return copy;
}

function sectionTables(n: 1 | 2): TableDefinition[] {
  const prefix = `accidentStatistics.s${n}`;
  return [
    {
      kind: 'table',
      id: `s${n}ByCause`,
      label: text(vi.statistics.dimensions.cause, en.statistics.dimensions.cause),
      rowHeader: text('Nguyên nhân', 'Cause'),
      columns: figureColumns(`${prefix}.cause`),
      fixedRows: CAUSES.map(([key, v, e]) => ({ key, label: text(`${key}. ${v}`, `${key}. ${e}`) })),
      totals: true,
      rowChecks: ROW_CHECKS,
      verified: false,
    },
    {
      kind: 'table',
      id: `s${n}ByFactor`,
      label: text(vi.statistics.dimensions.factor, en.statistics.dimensions.factor),
      rowHeader: text('Yếu tố gây chấn thương', 'Injury factor'),
      columns: figureColumns(`${prefix}.factor`),
      fixedRows: FACTORS.map(([key, v, e]) => ({ key, label: text(v, e), verified: false })),
      totals: true,
      rowChecks: ROW_CHECKS,
      verified: false,
    },
    {
      kind: 'table',
      id: `s${n}ByOccupation`,
      label: text(vi.statistics.dimensions.occupation, en.statistics.dimensions.occupation),
      help: text(
        'Tên và mã nghề theo Danh mục nghề nghiệp Việt Nam',
        "Occupation name and code from Vietnam's occupation list",
      ),
      columns: [
        shortText('occupationCode', text('Mã nghề', 'Occupation code'), { maxLength: 20 }),
        shortText('occupationName', text('Tên nghề', 'Occupation'), { required: true, maxLength: 300 }),
        ...figureColumns(`${prefix}.occupation`).map(withoutPrefill),
      ],
      prefill: `${prefix}.occupations`,
      maxRows: 500,
      totals: true,
      rowChecks: ROW_CHECKS,
    },
  ];
}

const SECTION_TITLES = [vi.statistics.sections, en.statistics.sections] as const;

function breakdownChecks(n: 1 | 2): CheckDefinition[] {
  const cause = text(`Tổng theo nguyên nhân (mục ${n}.1)`, `Total by cause (${n}.1)`);
  return (['victims', 'deaths'] as const).flatMap((k) => [
    equals(
      `s${n}Factor_${k}`,
      `sum(s${n}ByFactor.${k})`,
      `sum(s${n}ByCause.${k})`,
      text(`${label(k).vi} theo yếu tố gây chấn thương`, `${label(k).en} by injury factor`),
      cause,
      `s${n}ByFactor`,
    ),
    equals(
      `s${n}Occupation_${k}`,
      `sum(s${n}ByOccupation.${k})`,
      `sum(s${n}ByCause.${k})`,
      text(`${label(k).vi} theo nghề nghiệp`, `${label(k).en} by occupation`),
      cause,
      `s${n}ByOccupation`,
    ),
  ]);
}

const header: SectionDefinition = {
  id: 'header',
  title: text('Thông tin chung', 'General information'),
  items: [
    integer('totalWorkers', text('Tổng số lao động', 'Total workers'), { required: true, prefill: 'workers.total' }),
    integer('femaleWorkers', text('Số lao động nữ', 'Female workers'), { prefill: 'workers.female' }),
    decimal('wageFund', text('Tổng quỹ lương', 'Total wage fund'), { unit: MONEY, decimals: 0 }),
  ],
};

export const accidentStatistics = defineReportForm({
  code: 'accident-statistics',
  version: 1,
  title: text('Báo cáo thống kê tai nạn lao động', 'Occupational accident statistics report'),
  legalBasis: text(
    'Nghị định 39/2016/NĐ-CP, Điều 24 và Phụ lục XII',
    'Decree 39/2016/ND-CP, Article 24 and Appendix XII',
  ),
  verified: false,
  sourceNote: text(
    'Cột số liệu theo cách tính thống kê hiện có của Cổng; danh mục nguyên nhân và yếu tố gây chấn thương chưa đối chiếu với phụ lục chính thức.',
    "Columns follow the portal's existing statistics; the cause and injury-factor lists are not confirmed against the official appendix.",
  ),
  sections: [
    header,
    ...([1, 2] as const).map((n) => ({
      id: `section${n}`,
      title: text(SECTION_TITLES[0][n], SECTION_TITLES[1][n]),
      items: sectionTables(n),
    })),
    {
      id: 'section3',
      title: text(SECTION_TITLES[0][3], SECTION_TITLES[1][3]),
      items: FIGURE_KEYS.map((k) => computed(`total_${k}`, label(k), `sum(s1ByCause.${k}) + sum(s2ByCause.${k})`)),
    },
  ],
  checks: [
    notAbove(
      'femaleWithinWorkers',
      'femaleWorkers',
      'totalWorkers',
      text('Số lao động nữ', 'Female workers'),
      text('tổng số lao động', 'total workers'),
    ),
    ...breakdownChecks(1),
    ...breakdownChecks(2),
  ],
});
