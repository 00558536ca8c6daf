import { defineCatalog, field } from '../define.ts';
import { NATIONALITIES, SEXES } from '../../workers/constants.ts';

/**
 * Foreign workers collected for the labour market information ("thu thập thông tin người lao động nước ngoài"):
 * who works where, on which permit, for how long. Employers declare their own; the employment service centre and
 * the department see the province.
 */
export default defineCatalog({
  key: 'collectForeigner',
  area: 'CollectForeigner',
  plural: 'collectForeigners',
  table: 'collect_foreigner',
  scope: 'employer',
  texts: 'workers:areas.collectForeigner',
  fields: {
    passportNumber: field.code({ max: 20 }),
    fullName: field.name({ max: 200 }),
    nationality: field.enum({ options: NATIONALITIES, required: true, optionLabels: 'workers:countries' }),
    birthDate: field.date(),
    sex: field.enum({ options: SEXES, optionLabels: 'workers:sexes' }),
    businessId: field.employer({ required: true }),
    jobTitle: field.text({ max: 255, width: 28 }),
    qualification: field.text({ max: 255, width: 28 }),
    workPermitNumber: field.text({ max: 50, width: 18 }),
    permitFrom: field.date(),
    permitTo: field.date(),
    workplace: field.text({ max: 500, width: 32 }),
    note: field.longText(),
  },
  titleField: 'fullName',
  codeField: 'passportNumber',
  unique: { passport: ['passportNumber'] },
  list: {
    columns: ['fullName', 'passportNumber', 'nationality', 'businessId', 'jobTitle', 'workPermitNumber', 'permitTo'],
    defaultSort: { field: 'fullName', order: 'asc' },
  },
  filters: ['businessId', 'nationality', 'permitTo'],
  search: ['fullName', 'passportNumber', 'workPermitNumber'],
  paths: { delete: 'delete-collect-foreigners', combobox: ['combobox'] },
  routes: { base: '/thu-thap-du-lieu/nguoi-lao-dong-nuoc-ngoai', detail: false },
  menu: { group: 'employment', order: 30 },
});
