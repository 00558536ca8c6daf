import type { z } from 'zod';
import { defineCatalog, field } from '../define.ts';

const USER_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,49}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+() .-]{6,20}$/;

/**
 * Users ("người dùng", `OfficalProfile` in the API): the accounts' `app_user` table. A user belongs to a unit and
 * is seen through it (unit scope). The accounts module adds what is particular to accounts as hooks: the
 * assignment rule (a user type only from someone holding all it grants, to a unit in scope and of its kind), the
 * initial password or the invitation mail, ended sessions and the last administrator on delete. Sign-in state
 * (status, two-factor, last sign-in) is written by the account actions, never by these forms.
 */
export default defineCatalog({
  key: 'user',
  area: 'OfficalProfile',
  subject: 'User',
  plural: 'users',
  table: 'app_user',
  existingTable: true,
  // The accounts module registers the `User` node (with its account actions) in the permission tree.
  permissionNode: false,
  scope: 'unit',
  scopeField: 'unitId',
  texts: 'accounts:areas.user',
  fields: {
    userName: field.text({
      required: true,
      max: 50,
      width: 20,
      refine: (s) => (s as z.ZodString).regex(USER_NAME, { error: 'accounts:import.userNameFormat' }),
      sample: (tag, n) => `${tag.toLowerCase().replace(/[^a-z0-9]/g, '')}_${n}`,
    }),
    fullName: field.text({
      required: true,
      max: 150,
      width: 30,
      refine: (s) => (s as z.ZodString).min(2),
    }),
    email: field.text({
      max: 200,
      width: 30,
      refine: (s) => (s as z.ZodString).regex(EMAIL, { error: 'accounts:import.emailFormat' }),
      sample: (tag, n) => `${tag.toLowerCase().replace(/[^a-z0-9]/g, '')}.${n}@example.com`,
    }),
    phone: field.text({
      max: 20,
      width: 16,
      refine: (s) => (s as z.ZodString).regex(PHONE, { error: 'accounts:import.phoneFormat' }),
      sample: (_tag, n) => `0912 ${String(100000 + n).slice(-6)}`,
    }),
    gender: field.enum({ options: ['male', 'female', 'other'], optionLabels: 'accounts:gender' }),
    birthday: field.date(),
    address: field.text({ max: 500, width: 40 }),
    jobTitle: field.text({ max: 150, width: 24 }),
    unitId: field.reference({ target: 'unit', required: true }),
    userTypeId: field.reference({ target: 'userType', required: true }),
    status: field.enum({
      options: ['inactive', 'active', 'disabled', 'locked'],
      optionLabels: 'accounts:status',
      readOnly: true,
    }),
    // Hashed by the accounts hook; without one, the user is mailed an invitation to choose it.
    password: field.text({
      max: 200,
      writeOnly: true,
      width: 20,
      // Long and unguessable enough for the password policy (12 characters, a strength estimate).
      sample: (tag, n) => `Đồi thông ${tag} mùa ${n} sương`,
    }),
  },
  titleField: 'fullName',
  codeField: 'userName',
  unique: { userName: ['userName'], email: ['email'] },
  // A user name or email stays one account's, in the trash bin too (the access history names accounts by them).
  uniqueIncludesDeleted: true,
  list: {
    columns: ['fullName', 'userName', 'unitId', 'userTypeId', 'email', 'status'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  filters: ['unitId', 'userTypeId', 'status'],
  search: ['fullName', 'userName', 'email', 'phone'],
  excel: ['userName', 'fullName', 'email', 'phone', 'jobTitle', 'unitId', 'userTypeId', 'password'],
  // An administrator's export also says which accounts can sign in.
  exportOnly: ['status'],
  paths: {
    delete: 'delete-users',
    import: 'import-user-from-json',
    // Pick lists offer the accounts that can act: active ones.
    combobox: [
      { path: 'combobox', fixed: { status: 'active' } },
      { path: 'get-combobox-offical-profile', fixed: { status: 'active' } },
    ],
  },
  routes: {
    base: '/nguoi-dung',
    detail: false,
    // The list (account actions), the form and the account page are the accounts module's own.
    own: ['list', 'create', 'edit'],
  },
  menu: false,
});
