import { z } from 'zod';
import {
  DOCUMENT_DIRECTIONS,
  DOCUMENT_TYPES,
  OVERTIME_ACTIONS,
  OVERTIME_STATUSES,
} from '@portal/domain/businesses/index';

/** Response shapes of the employers module (OpenAPI and the serializer). */

export { errorResponses as errors } from '../../platform/http/route-schemas.ts';

const nullableString = z.string().nullable();

export const documentSchema = z.object({
  id: z.string(),
  direction: z.enum(DOCUMENT_DIRECTIONS),
  businessId: z.string(),
  businessName: z.string(),
  businessCode: z.string(),
  number: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  issuedOn: z.string(),
  subject: z.string(),
  signer: nullableString,
  dueDate: nullableString,
  note: nullableString,
  seenAt: nullableString,
  fileCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdByName: nullableString,
  editable: z.boolean(),
});

export const overtimeSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  businessName: z.string(),
  businessCode: z.string(),
  year: z.number(),
  fromDate: z.string(),
  toDate: z.string(),
  workerCount: z.number(),
  maxHoursPerWorker: z.number(),
  jobs: z.string(),
  reason: z.string(),
  note: nullableString,
  status: z.enum(OVERTIME_STATUSES),
  submittedAt: z.string(),
  reviewedAt: nullableString,
  reviewedByName: nullableString,
  returnReason: nullableString,
  fileCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  actions: z.array(z.enum(OVERTIME_ACTIONS)),
  editable: z.boolean(),
});

export const violationSchema = z.object({
  id: z.string(),
  businessId: nullableString,
  organizationName: z.string(),
  taxCode: nullableString,
  address: nullableString,
  wardCode: nullableString,
  wardName: nullableString,
  violationContent: z.string(),
  legalBasis: nullableString,
  decisionNumber: nullableString,
  decisionDate: nullableString,
  fineAmount: z.number().nullable(),
  issuedBy: nullableString,
  remedy: nullableString,
  isPublished: z.boolean(),
  publishedAt: nullableString,
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const publicViolationSchema = violationSchema.pick({
  id: true,
  organizationName: true,
  taxCode: true,
  address: true,
  wardName: true,
  violationContent: true,
  decisionNumber: true,
  decisionDate: true,
  fineAmount: true,
  issuedBy: true,
  publishedAt: true,
});

export const sectorLinkSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  parentId: nullableString,
  isMain: z.boolean(),
});

export { pageOf } from '@portal/domain/paging';

/** Query flags sent as text ('true' / 'false'). */
export const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));
export const dateQuery = z.iso.date().optional();
