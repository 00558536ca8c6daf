import { defineCatalog, field } from '../define.ts';
import { NOTICE_STATUSES } from '../../training/organizations.ts';
import { COURSE_KINDS } from '../../training/rules.ts';

/**
 * Notices of OSH training courses (thông báo tổ chức huấn luyện): before a course starts, the unit that runs it — a
 * training body, or an employer training its own workers — tells the department, at least the days the LegalDeadline
 * row `training.noticeBeforeCourse` in force on the notice's date sets, and only for a group its class allows on
 * the start date. The department acknowledges it (acknowledge/{id}). A notice names the course by its code in the
 * portal (its group, dates and place are then taken from it) or gives those details itself.
 * Owned by the running unit: a training body sees its own, an employer its units', the department all.
 */
export default defineCatalog({
  key: 'trainingNotice',
  area: 'TrainingNotice',
  plural: 'trainingNotices',
  table: 'training_notice',
  scope: 'unit',
  scopeField: 'unitId',
  texts: 'training:areas.trainingNotice',
  fields: {
    // Given by the portal when left empty (TB-…).
    code: field.code({ required: false }),
    name: field.name({ max: 500 }),
    unitId: field.reference({ target: 'unit', required: true, width: 36 }),
    // A course of the unit's in the portal, by its code: what the notice leaves empty is taken from it.
    courseCode: field.text({ max: 50, code: true, width: 18 }),
    // Only the groups the unit's class allows on the start date.
    targetTrainingId: field.reference({
      target: 'targetTraining',
      width: 28,
      dependsOn: { trainedBy: 'unitId', on: 'startDate' },
    }),
    kind: field.enum({ options: COURSE_KINDS, optionLabels: 'training:courseKinds' }),
    startDate: field.date(),
    endDate: field.date(),
    location: field.text({ max: 500, width: 32 }),
    expectedParticipants: field.number({ integer: true, min: 1, max: 100_000 }),
    employersServed: field.longText({ max: 2000 }),
    contactName: field.text({ max: 255, width: 24 }),
    contactPhone: field.text({ max: 30, width: 16 }),
    note: field.longText(),
    notifiedOn: field.date({ readOnly: true }),
    status: field.enum({ options: NOTICE_STATUSES, readOnly: true, optionLabels: 'training:notices.statuses' }),
    acknowledgedOn: field.date({ readOnly: true }),
    acknowledgedBy: field.text({ max: 255, readOnly: true }),
    acknowledgementNote: field.longText({ max: 2000, readOnly: true }),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'name', 'unitId', 'targetTrainingId', 'startDate', 'endDate', 'notifiedOn', 'status'],
    defaultSort: { field: 'startDate', order: 'desc' },
  },
  filters: ['unitId', 'targetTrainingId', 'startDate', 'notifiedOn', 'status'],
  search: ['code', 'name', 'location'],
  exportOnly: ['notifiedOn', 'status', 'acknowledgedOn'],
  // A notice's page shows its acknowledgement (and the department acknowledges there); the department's list has a
  // month calendar: the training module's pages (apps/web/src/modules/training/organizations).
  routes: {
    base: '/an-toan-ve-sinh-lao-dong/thong-bao-to-chuc-huan-luyen',
    detail: false,
    import: false,
    own: ['list', 'edit'],
  },
  views: [
    {
      key: 'unit',
      routes: { base: '/an-toan-ve-sinh-lao-dong/thong-bao-to-chuc-huan-luyen', detail: false, import: false },
      fixed: {},
      menu: { order: 10 },
    },
    {
      key: 'department',
      routes: {
        base: '/an-toan-ve-sinh-lao-dong/thong-bao-to-chuc-huan-luyen-so',
        create: false,
        detail: false,
        import: false,
      },
      fixed: {},
      menu: { order: 20 },
    },
  ],
  menu: { group: 'training', order: 40 },
});
