import { defineReportForm } from '../definition.ts';
import { integer, longText, notAbove, text } from './build.ts';

/**
 * Activity report of a public employment-service centre, Decree 23/2021 Art 13, Form 05 of Appendix I
 * (reference §5, §6): before 20 June and 20 December, to the department. The reference confirms the form's
 * number and deadlines; the items below are the centre's tasks under Art 13 (counselling, placement, supply of
 * workers, job exchanges, labour-market information) and are unverified.
 */

const PEOPLE = text('lượt người', 'people');
const female = (id: string, prefill?: string) =>
  integer(id, text('Trong đó nữ', 'Of whom women'), { unit: PEOPLE, ...(prefill ? { prefill } : {}) });

export const employmentCentre = defineReportForm({
  code: 'employment-centre',
  version: 1,
  title: text(
    'Báo cáo tình hình hoạt động của trung tâm dịch vụ việc làm',
    'Employment-service centre activity report',
  ),
  legalBasis: text(
    'Nghị định 23/2021/NĐ-CP, Điều 13, Mẫu số 05 Phụ lục I',
    'Decree 23/2021/ND-CP, Article 13, Form 05 of Appendix I',
  ),
  verified: false,
  sourceNote: text(
    'Số hiệu mẫu và thời hạn đã đối chiếu; các chỉ tiêu chưa đối chiếu với Mẫu số 05.',
    'Form number and deadlines checked; the items are not checked against Form 05.',
  ),
  sections: [
    {
      id: 'counselling',
      title: text('1. Tư vấn', '1. Counselling'),
      items: [
        integer('counselled', text('Số lượt người được tư vấn', 'People counselled'), {
          unit: PEOPLE,
          required: true,
          prefill: 'employment.counselled',
        }),
        female('counselledFemale'),
        integer('counselledJobs', text('Tư vấn việc làm', 'Job counselling'), {
          unit: PEOPLE,
          prefill: 'employment.counselledJobs',
        }),
        integer('counselledTraining', text('Tư vấn học nghề', 'Vocational training counselling'), {
          unit: PEOPLE,
          prefill: 'employment.counselledTraining',
        }),
        integer('counselledPolicy', text('Tư vấn chính sách lao động, việc làm', 'Labour and employment policy'), {
          unit: PEOPLE,
          prefill: 'employment.counselledPolicy',
        }),
      ],
    },
    {
      id: 'placement',
      title: text('2. Giới thiệu việc làm và cung ứng lao động', '2. Placement and supply of workers'),
      items: [
        integer('referred', text('Số lượt người được giới thiệu việc làm', 'People referred to jobs'), {
          unit: PEOPLE,
          required: true,
          prefill: 'employment.referred',
        }),
        female('referredFemale', 'employment.referredFemale'),
        integer('placed', text('Số người nhận được việc làm', 'People who found a job'), {
          unit: PEOPLE,
          prefill: 'employment.placed',
        }),
        female('placedFemale', 'employment.placedFemale'),
        integer(
          'employersSupplied',
          text('Số lượt doanh nghiệp được cung ứng lao động', 'Employers supplied with workers'),
          { prefill: 'employment.employersSupplied' },
        ),
        integer('workersSupplied', text('Số lao động được cung ứng', 'Workers supplied'), {
          unit: PEOPLE,
          prefill: 'employment.workersSupplied',
        }),
      ],
    },
    {
      id: 'exchanges',
      title: text('3. Phiên giao dịch việc làm', '3. Job exchange sessions'),
      items: [
        integer('sessions', text('Số phiên giao dịch việc làm', 'Sessions held'), { prefill: 'employment.sessions' }),
        integer('onlineSessions', text('Trong đó trực tuyến', 'Of which online')),
        integer('sessionEmployers', text('Số lượt doanh nghiệp tham gia', 'Employers taking part')),
        integer('sessionVacancies', text('Số vị trí việc làm cần tuyển', 'Vacancies offered')),
        integer('sessionJobSeekers', text('Số lượt người lao động tham gia', 'Job seekers taking part'), {
          unit: PEOPLE,
        }),
        integer('sessionHired', text('Số người được tuyển dụng tại phiên', 'People hired at sessions'), {
          unit: PEOPLE,
        }),
      ],
    },
    {
      id: 'information',
      title: text('4. Thông tin thị trường lao động', '4. Labour-market information'),
      items: [
        integer('jobSeekersRegistered', text('Số người tìm việc đăng ký', 'Job seekers registered'), {
          unit: PEOPLE,
          prefill: 'employment.jobSeekersRegistered',
        }),
        integer('vacanciesCollected', text('Số chỗ làm việc trống thu thập được', 'Vacancies collected'), {
          prefill: 'employment.vacanciesCollected',
        }),
      ],
    },
    {
      id: 'assessment',
      title: text('5. Đánh giá, kiến nghị', '5. Assessment and proposals'),
      items: [
        longText('assessment', text('Đánh giá chung và kiến nghị', 'Assessment and proposals'), { maxLength: 8000 }),
      ],
    },
  ],
  checks: [
    notAbove(
      'counselledFemaleWithin',
      'counselledFemale',
      'counselled',
      text('Số nữ được tư vấn', 'Women counselled'),
      text('số được tư vấn', 'people counselled'),
    ),
    notAbove(
      'counselledParts',
      'counselledJobs + counselledTraining + counselledPolicy',
      'counselled',
      text('Tổng các nội dung tư vấn', 'Counselling by topic'),
      text('số lượt được tư vấn', 'people counselled'),
    ),
    notAbove(
      'referredFemaleWithin',
      'referredFemale',
      'referred',
      text('Số nữ được giới thiệu', 'Women referred'),
      text('số được giới thiệu', 'people referred'),
    ),
    notAbove(
      'placedWithin',
      'placed',
      'referred',
      text('Số người nhận được việc làm', 'People who found a job'),
      text('số được giới thiệu', 'people referred'),
    ),
    notAbove(
      'placedFemaleWithin',
      'placedFemale',
      'placed',
      text('Số nữ nhận được việc làm', 'Women who found a job'),
      text('số nhận được việc làm', 'people who found a job'),
    ),
    notAbove(
      'onlineWithin',
      'onlineSessions',
      'sessions',
      text('Số phiên trực tuyến', 'Online sessions'),
      text('số phiên', 'sessions'),
    ),
    notAbove(
      'hiredWithin',
      'sessionHired',
      'sessionJobSeekers',
      text('Số người được tuyển', 'People hired'),
      text('số người tham gia', 'job seekers taking part'),
    ),
  ],
});
