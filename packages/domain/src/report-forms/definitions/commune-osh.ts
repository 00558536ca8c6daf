import { defineReportForm } from '../definition.ts';
import { integer, longText, notAbove, shortText, text } from './build.ts';

/**
 * The commune's OSH report to the Department of Home Affairs: accidents and serious incidents among workers
 * without a labour contract (OSH Law Art 36.2; Decree 129/2025 Arts 44 and 47), six-monthly and yearly
 * (reference §0, §1.4). No official form was found: the content is the minimum those articles name.
 */

const L = {
  accidents: text('Số vụ tai nạn lao động', 'Accidents'),
  fatal: text('Số vụ có người chết', 'Fatal accidents'),
  victims: text('Số người bị nạn', 'Victims'),
  female: text('Số người bị nạn là nữ', 'Female victims'),
  deaths: text('Số người chết', 'Deaths'),
  serious: text('Số người bị thương nặng', 'Seriously injured'),
};

export const communeOsh = defineReportForm({
  code: 'commune-osh',
  version: 1,
  title: text(
    'Báo cáo tình hình tai nạn lao động, sự cố kỹ thuật gây mất an toàn, vệ sinh lao động nghiêm trọng cấp xã',
    'Commune report on occupational accidents and serious OSH incidents',
  ),
  legalBasis: text(
    'Luật An toàn, vệ sinh lao động 2015, Điều 36 khoản 2; Nghị định 129/2025/NĐ-CP, Điều 44 và 47',
    'OSH Law 2015, Article 36.2; Decree 129/2025/ND-CP, Articles 44 and 47',
  ),
  verified: false,
  sourceNote: text(
    'Chưa tìm thấy biểu mẫu chính thức; các chỉ tiêu là nội dung tối thiểu theo các điều luật nêu trên.',
    'No official form was found; the items are the minimum the cited articles require.',
  ),
  sections: [
    {
      id: 'accidents',
      title: text(
        '1. Tai nạn lao động của người lao động không theo hợp đồng lao động',
        '1. Accidents of workers without a labour contract',
      ),
      items: [
        integer('accidents', L.accidents, { required: true, prefill: 'accidents.noContract.accidents' }),
        integer('fatalAccidents', L.fatal, { prefill: 'accidents.noContract.fatalAccidents' }),
        integer('victims', L.victims, { prefill: 'accidents.noContract.victims' }),
        integer('femaleVictims', L.female, { prefill: 'accidents.noContract.femaleVictims' }),
        integer('deaths', L.deaths, { prefill: 'accidents.noContract.deaths' }),
        integer('seriousInjuries', L.serious, { prefill: 'accidents.noContract.seriousInjuries' }),
        {
          kind: 'table',
          id: 'byActivity',
          label: text('Theo lĩnh vực, công việc', 'By activity'),
          columns: [
            shortText('activity', text('Lĩnh vực, công việc', 'Activity'), { required: true, maxLength: 300 }),
            integer('accidents', L.accidents),
            integer('victims', L.victims),
            integer('deaths', L.deaths),
          ],
          maxRows: 100,
          totals: true,
          rowChecks: [notAbove('deathsWithin', 'deaths', 'victims', L.deaths, L.victims)],
        },
      ],
    },
    {
      id: 'incidents',
      title: text(
        '2. Sự cố kỹ thuật gây mất an toàn, vệ sinh lao động nghiêm trọng',
        '2. Serious technical OSH incidents',
      ),
      items: [
        integer('incidents', text('Số sự cố', 'Incidents'), { required: true }),
        integer('incidentDeaths', text('Số người chết do sự cố', 'Deaths in incidents')),
        longText('incidentSummary', text('Tóm tắt diễn biến, nguyên nhân', 'Summary and causes'), { maxLength: 8000 }),
      ],
    },
    {
      id: 'notes',
      title: text('3. Đánh giá, kiến nghị', '3. Assessment and proposals'),
      items: [
        longText('assessment', text('Đánh giá chung và kiến nghị', 'Assessment and proposals'), { maxLength: 8000 }),
      ],
    },
  ],
  checks: [
    notAbove('fatalWithin', 'fatalAccidents', 'accidents', L.fatal, L.accidents),
    notAbove('accidentsWithinVictims', 'accidents', 'victims', L.accidents, L.victims),
    notAbove('femaleWithin', 'femaleVictims', 'victims', L.female, L.victims),
    notAbove(
      'harmWithin',
      'deaths + seriousInjuries',
      'victims',
      text('Số người chết và bị thương nặng', 'Deaths and seriously injured'),
      L.victims,
    ),
    notAbove('fatalWithinDeaths', 'fatalAccidents', 'deaths', L.fatal, L.deaths),
    notAbove(
      'activityWithin',
      'sum(byActivity.victims)',
      'victims',
      text('Số người bị nạn theo lĩnh vực', 'Victims by activity'),
      L.victims,
    ),
  ],
});
