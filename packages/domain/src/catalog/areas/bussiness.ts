import type { z } from 'zod';
import { defineCatalog, field } from '../define.ts';
import { exampleTaxCode, TAX_CODE_PATTERN } from '../../businesses/tax-code.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Employers ("doanh nghiệp", `Bussiness` in the API): the portal's `business` table, which identity (accounts,
 * units) and the registry sync also write. The tax code is the employer's identity (10 digits, or 10-3 for a
 * branch; the check digit is enforced on new codes by the employers module's hook). An employer user sees and
 * edits only its own record, a commune the employers located in it, the department all. Sectors (many per
 * employer), accounts, documents and the other records live in the employers module.
 */
export default defineCatalog({
  key: 'bussiness',
  area: 'Bussiness',
  plural: 'bussinesses',
  table: 'business',
  existingTable: true,
  scope: 'self',
  // Training bodies name the employer a course is for (modules/training).
  pickableBy: ['training_body'],
  scopeField: 'wardCode',
  texts: 'businesses:areas.bussiness',
  fields: {
    code: field.text({
      required: true,
      max: 14,
      width: 16,
      // The pattern says it all, length included: one message, not a length and a format error.
      refine: (_s, zod) => zod.string().regex(TAX_CODE_PATTERN, { error: 'businesses:validation.taxCode' }),
      sample: (tag, n) => exampleTaxCode(`${tag}-${n}`),
    }),
    name: field.name({ max: 500, width: 48 }),
    shortName: field.text({ max: 200 }),
    englishName: field.text({ max: 500, width: 36 }),
    businessTypeId: field.reference({ target: 'bussinessType', width: 30 }),
    registeredOn: field.date(),
    representativeName: field.text({ max: 200, width: 26 }),
    representativeTitle: field.text({ max: 200 }),
    address: field.text({ max: 500, width: 48 }),
    wardCode: field.adminUnit({ level: 'ward', required: true, width: 30 }),
    phone: field.text({ max: 50 }),
    email: field.text({
      max: 255,
      width: 30,
      refine: (s) => (s as z.ZodString).regex(EMAIL_PATTERN, { error: 'businesses:validation.email' }),
      sample: (tag, n) => `lienhe.${tag.toLowerCase()}.${n}@example.com`,
    }),
    website: field.text({ max: 255 }),
    employeeCount: field.number({ integer: true, min: 0, max: 1_000_000 }),
    femaleCount: field.number({ integer: true, min: 0, max: 1_000_000 }),
    hazardousCount: field.number({ integer: true, min: 0, max: 1_000_000 }),
    oshOfficerName: field.text({ max: 200, width: 26 }),
    oshOfficerPhone: field.text({ max: 50 }),
    status: field.enum({ options: ['active', 'pending', 'inactive'], required: true }),
    // What the business registry says; the registry sync writes them.
    legalForm: field.text({ max: 200, readOnly: true }),
    industryCode: field.text({ max: 20, readOnly: true }),
    industryName: field.text({ max: 500, readOnly: true }),
    registryStatus: field.text({ max: 20, readOnly: true }),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  existChecks: { email: ['email'] },
  list: {
    columns: ['code', 'name', 'businessTypeId', 'wardCode', 'representativeName', 'employeeCount', 'status'],
    defaultSort: { field: 'name', order: 'asc' },
  },
  filters: ['businessTypeId', 'wardCode', 'status'],
  search: ['code', 'name', 'shortName'],
  paths: {
    create: 'add-bussiness',
    update: 'update-bussiness/{id}',
    delete: 'delete-bussinesses',
    exist: { code: 'existCode', email: 'existCode' },
  },
  routes: {
    base: '/doanh-nghiep',
    // The spec's pages under /doanh-nghiep; the root spellings of earlier releases still open them.
    create: 'them-doanh-nghiep',
    edit: 'cap-nhat-doanh-nghiep/{id}',
    detail: false,
    import: 'them-tu-file-danh-sach-doanh-nghiẹp',
    aliases: {
      create: '/them-doanh-nghiep',
      edit: '/cap-nhat-doanh-nghiep/{id}',
      import: '/them-tu-file-danh-sach-doanh-nghiẹp',
    },
    // The list adds the registry sync, the employer's sectors and accounts (modules/businesses in the web app).
    own: ['list'],
  },
  menu: { group: 'businesses', order: 5 },
});
