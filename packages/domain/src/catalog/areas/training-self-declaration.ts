import { defineCatalog, field } from '../define.ts';
import { SELF_DECLARATION_STATUSES } from '../../training/self-declaration.ts';

/**
 * Employers' self-declarations of class A (tự công bố đủ điều kiện huấn luyện hạng A, Decree 44/2016 Art 26 as
 * amended by Decree 140/2018): the facts of the conditions — classroom area, in-house trainers, the first-aid
 * trainer, materials, the evidence — sent to the department, which acknowledges or refuses them (the state machine
 * in packages/domain/src/training/self-declaration.ts; transitions are the training module's routes). Once
 * acknowledged, the employer's unit holds a class A certificate of eligibility (TrainingOrganization) and may run
 * group 4 and 6 courses itself; the acknowledged employers are a public list.
 */
export default defineCatalog({
  key: 'trainingSelfDeclaration',
  area: 'TrainingSelfDeclaration',
  plural: 'trainingSelfDeclarations',
  table: 'training_self_declaration',
  scope: 'employer',
  texts: 'training:areas.trainingSelfDeclaration',
  fields: {
    code: field.code(),
    // Forced to an employer user's own; the department and communes choose it.
    businessId: field.employer(),
    classroomArea: field.number({ min: 0, max: 100_000 }),
    // One name a line: the in-house trainers of the law and professional content.
    trainerNames: field.longText({ max: 2000 }),
    trainerCount: field.number({ integer: true, min: 0, readOnly: true }),
    firstAidTrainer: field.text({ max: 255, width: 28 }),
    materials: field.longText({ max: 2000 }),
    file: field.file({ accept: '.pdf,.jpg,.jpeg,.png' }),
    contactName: field.text({ max: 255, width: 24 }),
    contactPhone: field.text({ max: 30, width: 16 }),
    note: field.longText(),
    status: field.enum({
      options: SELF_DECLARATION_STATUSES,
      readOnly: true,
      optionLabels: 'training:selfDeclaration.statuses',
    }),
    submittedOn: field.date({ readOnly: true }),
    number: field.text({ max: 50, readOnly: true, width: 20 }),
    acknowledgedOn: field.date({ readOnly: true }),
    decidedBy: field.text({ max: 255, readOnly: true }),
    refusedReason: field.longText({ max: 2000, readOnly: true }),
  },
  titleField: 'code',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: [
      'code',
      'businessId',
      'classroomArea',
      'trainerCount',
      'status',
      'submittedOn',
      'number',
      'acknowledgedOn',
    ],
    defaultSort: { field: 'submittedOn', order: 'desc' },
  },
  filters: ['businessId', 'status', 'submittedOn', 'acknowledgedOn'],
  search: ['code', 'number'],
  exportOnly: ['trainerCount', 'status', 'submittedOn', 'number', 'acknowledgedOn'],
  // A file's page adds its handling (send, acknowledge, refuse): the training module's page.
  routes: {
    base: '/an-toan-ve-sinh-lao-dong/tu-cong-bo-huan-luyen-hang-A',
    detail: false,
    import: false,
    own: ['edit'],
  },
  views: [
    {
      key: 'employer',
      routes: {
        base: '/an-toan-ve-sinh-lao-dong/tu-cong-bo-huan-luyen-hang-A',
        detail: false,
        import: false,
      },
      fixed: {},
      menu: { order: 10 },
    },
    {
      key: 'department',
      routes: {
        base: '/an-toan-ve-sinh-lao-dong/tu-cong-bo-huan-luyen-hang-A-so',
        create: false,
        detail: false,
        import: false,
      },
      fixed: {},
      menu: { order: 20 },
    },
  ],
  menu: { group: 'training', order: 50 },
});
