import { defineCatalog, field } from '../define.ts';
import {
  COUNSELLING_CHANNELS,
  COUNSELLING_KINDS,
  COUNSELLING_OUTCOMES,
  COUNSELLING_TOPICS,
} from '../../employment/constants.ts';

/**
 * Job counselling by the employment service centre ("tư vấn việc làm", Decree 23/2021 Art 13): a worker or an
 * employer, the topic, how, the outcome and the follow-up date. One list, a page for workers and one for employers
 * (each with its import). Kept where the person or employer is, like the job seekers.
 */
export default defineCatalog({
  key: 'jobCounselling',
  area: 'JobCounselling',
  plural: 'jobCounsellings',
  table: 'job_counselling',
  scope: 'district',
  scopeField: 'adminUnitId',
  texts: 'employment:areas.jobCounselling',
  fields: {
    code: field.code(),
    kind: field.enum({ options: COUNSELLING_KINDS, required: true, optionLabels: 'employment:counsellingKinds' }),
    counselledOn: field.date({ required: true }),
    fullName: field.name({ max: 300, width: 30 }),
    employerId: field.reference({ target: 'bussiness', width: 32 }),
    phone: field.text({ max: 20 }),
    adminUnitId: field.adminUnit({ level: 'ward', required: true, width: 30 }),
    topic: field.enum({ options: COUNSELLING_TOPICS, required: true, optionLabels: 'employment:counsellingTopics' }),
    channel: field.enum({ options: COUNSELLING_CHANNELS, default: 'inPerson', optionLabels: 'employment:channels' }),
    outcome: field.enum({ options: COUNSELLING_OUTCOMES, required: true, optionLabels: 'employment:outcomes' }),
    followUpOn: field.date(),
    counsellor: field.text({ max: 200 }),
    content: field.longText(),
  },
  titleField: 'fullName',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'counselledOn', 'fullName', 'adminUnitId', 'topic', 'channel', 'outcome', 'followUpOn'],
    defaultSort: { field: 'counselledOn', order: 'desc' },
  },
  filters: ['kind', 'adminUnitId', 'topic', 'outcome', 'counselledOn'],
  search: ['code', 'fullName', 'phone'],
  importPresets: ['kind'],
  paths: { combobox: ['combobox'] },
  routes: { base: '/dich-vu-viec-lam/tu-van-viec-lam', detail: false },
  views: [
    {
      key: 'worker',
      routes: { base: '/dich-vu-viec-lam/tu-van-viec-lam/nguoi-lao-dong' },
      fixed: { kind: 'worker' },
      menu: { order: 10 },
    },
    {
      key: 'employer',
      routes: { base: '/dich-vu-viec-lam/tu-van-viec-lam/doanh-nghiep' },
      fixed: { kind: 'employer' },
      menu: { order: 20 },
    },
  ],
  menu: { group: 'employment', order: 30 },
});
