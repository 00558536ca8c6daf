import { z } from 'zod';
import { optionalText } from '../inputs.ts';
import { DECLARATION_ACTIONS, DECLARATION_STATUSES } from './state.ts';
import { pageOf } from '../paging.ts';
import { workflowEvent } from '../workflow/schemas.ts';

/**
 * Request and response shapes of the equipment declaration calls (`/api/Equipment/…declaration…`), shared by the
 * API (validation, OpenAPI) and the web (forms validate with the same schemas). Field errors carry message keys
 * `equipment:declarations.validation.*` or zod's own localised messages.
 */

/** The most machines one declaration lists (one form, one confirmation). */
export const MAX_DECLARATION_ITEMS = 200;

/** Optimistic concurrency: the version the client last read; a newer one answers 409. */
const version = z.number().int().min(1);

// -------------------------------------------------------------------------------------------------- bodies

export const declarationItemInput = z.object({
  equipmentId: z.uuid(),
  /** The machine's inspection certificate (required by the time the declaration is submitted). */
  certificateId: z.uuid().nullish(),
});
export type DeclarationItemInput = z.infer<typeof declarationItemInput>;

const items = z
  .array(declarationItemInput)
  .min(1, { error: 'equipment:declarations.validation.itemsRequired' })
  .max(MAX_DECLARATION_ITEMS, { error: 'equipment:declarations.validation.tooManyItems' })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      if (seen.has(item.equipmentId))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'equipmentId'],
          message: 'equipment:declarations.validation.duplicate',
        });
      seen.add(item.equipmentId);
    });
  });

const declarationFields = {
  contactName: optionalText(255),
  contactPhone: optionalText(30),
  note: optionalText(2000),
  /** A stored file (the declaration form signed and scanned, optional). */
  fileId: z.uuid().nullish(),
};

/** add-declaration: a draft listing the employer's machines (an authority user names the employer). */
export const newDeclarationBody = z.object({
  /** Authority users only (the department or a commune filing for an employer in its scope); employers: their own. */
  businessId: z.uuid().optional(),
  items,
  ...declarationFields,
});
export type NewDeclarationBody = z.infer<typeof newDeclarationBody>;

/** update-declaration/{id}: the declarant changes a draft or refused declaration; absent fields stay as they are. */
export const updateDeclarationBody = z.object({
  version,
  items: items.optional(),
  contactName: optionalText(255).optional(),
  contactPhone: optionalText(30).optional(),
  note: optionalText(2000).optional(),
  fileId: z.uuid().nullish(),
});
export type UpdateDeclarationBody = z.infer<typeof updateDeclarationBody>;

/** submit-declaration/{id}, confirm-declaration/{id}: the version the caller read (optional). */
export const declarationActionBody = z.object({ version: version.optional() });
export type DeclarationActionBody = z.infer<typeof declarationActionBody>;

/** refuse-declaration/{id}: the department says why (what to correct). */
export const refuseDeclarationBody = z.object({
  version: version.optional(),
  reason: z.string().trim().min(5, { error: 'equipment:declarations.validation.reasonTooShort' }).max(2000),
});
export type RefuseDeclarationBody = z.infer<typeof refuseDeclarationBody>;

// -------------------------------------------------------------------------------------------------- lists

export const DECLARATION_SORTS = ['updatedAt', 'createdAt', 'declaredOn', 'dueBy', 'number', 'businessName'] as const;

export const declarationListQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
  /** On the confirmation number and the employer's name or tax code. */
  keyWord: z.string().trim().max(200).optional(),
  status: z.enum(DECLARATION_STATUSES).optional(),
  late: z.enum(['true', 'false']).optional(),
  businessId: z.uuid().optional(),
  sortField: z.enum(DECLARATION_SORTS).optional(),
  sortOrder: z.enum(['asc', 'desc', 'ascend', 'descend']).optional(),
});
export type DeclarationListQuery = z.infer<typeof declarationListQuery>;

// -------------------------------------------------------------------------------------------------- answers

export const declarationSummary = z.object({
  id: z.string(),
  status: z.enum(DECLARATION_STATUSES),
  businessId: z.string(),
  businessName: z.string(),
  number: z.string().nullable(),
  publicCode: z.string().nullable(),
  declaredOn: z.string().nullable(),
  dueBy: z.string().nullable(),
  late: z.boolean(),
  itemCount: z.number(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type DeclarationSummary = z.infer<typeof declarationSummary>;

export const declarationItem = z.object({
  position: z.number(),
  equipmentId: z.string(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  typeCode: z.string().nullable(),
  typeName: z.string().nullable(),
  serialNumber: z.string().nullable(),
  capacity: z.string().nullable(),
  firstUseDate: z.string().nullable(),
  certificateId: z.string().nullable(),
  certificateNumber: z.string().nullable(),
  inspectionDate: z.string().nullable(),
  result: z.string().nullable(),
  dueDate: z.string().nullable(),
});
export type DeclarationItem = z.infer<typeof declarationItem>;

export const declarationEvent = workflowEvent;
export type DeclarationEvent = z.infer<typeof declarationEvent>;

export const declarationDetail = declarationSummary.extend({
  businessCode: z.string().nullable(),
  businessAddress: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  note: z.string().nullable(),
  fileId: z.string().nullable(),
  refuseReason: z.string().nullable(),
  decidedByName: z.string().nullable(),
  items: z.array(declarationItem),
  history: z.array(declarationEvent),
  /** What the caller may do now (the state machine's answer for this user). */
  actions: z.array(z.enum(DECLARATION_ACTIONS)),
});
export type DeclarationDetail = z.infer<typeof declarationDetail>;

export const declarationPage = pageOf(declarationSummary);
export type DeclarationPage = z.infer<typeof declarationPage>;

/** machine-history/{id}: the machine's events (newest first) and the declarations it was listed in. */
export const machineHistoryAnswer = z.object({
  events: z.array(
    z.object({
      at: z.string(),
      action: z.string(),
      details: z.record(z.string(), z.unknown()).nullable(),
      actorName: z.string().nullable(),
    }),
  ),
  declarations: z.array(
    z.object({
      id: z.string(),
      status: z.enum(DECLARATION_STATUSES),
      number: z.string().nullable(),
      declaredOn: z.string().nullable(),
      decidedAt: z.string().nullable(),
      late: z.boolean(),
      certificateNumber: z.string().nullable(),
    }),
  ),
});
export type MachineHistoryAnswer = z.infer<typeof machineHistoryAnswer>;
