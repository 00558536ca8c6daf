import type { z } from 'zod';
import { defineCatalog, field } from '../define.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a part of the centre is: its board, a division, a branch, a job-exchange floor or a service point. */
const CENTRE_UNIT_KINDS = ['board', 'division', 'branch', 'jobExchange', 'servicePoint'] as const;

/**
 * The employment service centre's organisation structure ("cơ cấu tổ chức"): its board, divisions, branches,
 * job-exchange floors and service points as a tree, each with the person in charge, how to reach it, the commune
 * it sits in and what it does. Each row belongs to an organisational unit (`unitId`, the centre's); the centre
 * keeps it, the department reads it (both see the province's rows: their data scope is the province).
 */
export default defineCatalog({
  key: 'employmentCentreUnit',
  area: 'EmploymentCentreUnit',
  plural: 'employmentCentreUnits',
  table: 'employment_centre_unit',
  tree: true,
  scope: 'unit',
  scopeField: 'unitId',
  texts: 'employment:areas.employmentCentreUnit',
  fields: {
    code: field.code(),
    name: field.name({ max: 300 }),
    parentId: field.treeReference(),
    unitId: field.reference({ target: 'unit', required: true, width: 36 }),
    kind: field.enum({ options: CENTRE_UNIT_KINDS, default: 'division' }),
    head: field.text({ max: 200, width: 24 }),
    position: field.text({ max: 200, width: 24 }),
    phone: field.text({ max: 30 }),
    email: field.text({
      max: 255,
      width: 30,
      refine: (s) => (s as z.ZodString).regex(EMAIL_PATTERN, { error: 'accounts:import.emailFormat' }),
      sample: (tag, n) => `dvvl.${tag.toLowerCase().replace(/[^a-z0-9]/g, '')}.${n}@example.com`,
    }),
    address: field.text({ max: 500, width: 40 }),
    adminUnitId: field.adminUnit({ level: 'ward', width: 30 }),
    services: field.longText(),
    staffCount: field.number({ integer: true, min: 0, max: 10_000 }),
  },
  titleField: 'name',
  codeField: 'code',
  optionOrder: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'name', 'kind', 'head', 'phone', 'adminUnitId', 'staffCount'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  filters: ['unitId', 'parentId', 'kind', 'adminUnitId'],
  search: ['code', 'name', 'head'],
  // The spec opens a part of the centre at /dich-vu-viec-lam/co-cau-to-chuc/{id}; the tree is the list page.
  routes: { base: '/dich-vu-viec-lam/co-cau-to-chuc', edit: '{id}', detail: false },
  // First of the centre's own lists (catalogue entries count from 1000 plus their order; job seekers are 10).
  menu: { group: 'employment', order: 5 },
});
