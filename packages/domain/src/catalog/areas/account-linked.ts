import { defineCatalog, field } from '../define.ts';

/**
 * Linked accounts ("tài khoản khai thác", spec: AccountLinked): the accounts through which an affiliated unit's
 * system (social insurance, the national job exchange, the ministry's databases) reads the portal's data, each
 * with the affiliated unit it acts for and the user type whose features it holds.
 */
export default defineCatalog({
  key: 'accountLinked',
  area: 'AccountLinked',
  plural: 'accountLinkeds',
  table: 'account_linked',
  scope: 'global',
  fields: {
    userName: field.code({ max: 100 }),
    fullName: field.name({ max: 200 }),
    affiliatedUnitId: field.reference({ target: 'affiliatedUnit', required: true, width: 30 }),
    userTypeId: field.reference({ target: 'userType', required: true, width: 24 }),
    email: field.text({ max: 255 }),
    phone: field.text({ max: 30 }),
    active: field.boolean(),
    description: field.longText(),
  },
  titleField: 'fullName',
  codeField: 'userName',
  unique: { userName: ['userName'] },
  list: {
    columns: ['userName', 'fullName', 'affiliatedUnitId', 'userTypeId', 'email', 'active'],
    defaultSort: { field: 'userName', order: 'asc' },
  },
  // Not by user type: its drop-down needs User.read, which a reader of these accounts may lack.
  filters: ['affiliatedUnitId', 'active'],
  search: ['userName', 'fullName', 'email'],
  paths: { delete: 'delete-account-linked', import: 'import-account-linked-json' },
  routes: { base: '/tai-khoan-khai-thac', import: 'them-tu-tep' },
  menu: { group: 'links', order: 20 },
});
