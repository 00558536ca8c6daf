import { z } from 'zod';
import { optionalText } from '../inputs.ts';
import { defineWorkflow } from '../workflow/index.ts';
import { TAX_CODE_PATTERN } from './tax-code.ts';

/**
 * The employers domain beyond the employer record itself (which is the `Bussiness` catalogue area): official
 * documents exchanged between the authority and an employer, overtime notifications and violating organisations.
 * Shared by the API (request schemas, rules) and the web (forms, labels).
 *
 * Sides: an employer user acts for its own employer; everyone else (department, commune/district units) is the
 * authority side, limited by its data scope.
 */

/** Blank text is absent: '' and whitespace become null. */
const requiredText = (max: number) => z.string().trim().min(1).max(max);
const optionalDate = z
  .union([z.iso.date(), z.literal('')])
  .nullish()
  .transform((v) => (v ? v : null));

// ------------------------------------------------------------------------------------------------ documents

/** Who a document goes to: the authority (an employer's report or letter) or an employer (a department letter). */
export const DOCUMENT_DIRECTIONS = ['toAuthority', 'toEmployer'] as const;
export type DocumentDirection = (typeof DOCUMENT_DIRECTIONS)[number];
/** Boxes are relative to the caller: an employer's incoming box holds the documents sent to employers. */
export const DOCUMENT_BOXES = ['incoming', 'outgoing'] as const;
export type DocumentBox = (typeof DOCUMENT_BOXES)[number];
export const DOCUMENT_TYPES = ['officialLetter', 'decision', 'notice', 'report', 'plan', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export function directionOfBox(box: DocumentBox, side: 'employer' | 'authority'): DocumentDirection {
  const incoming: DocumentDirection = side === 'employer' ? 'toEmployer' : 'toAuthority';
  return box === 'incoming' ? incoming : incoming === 'toEmployer' ? 'toAuthority' : 'toEmployer';
}

export const documentInput = z.object({
  /** The employer the document is from or for; an employer user always writes for its own. */
  businessId: z.uuid().nullish(),
  number: requiredText(100),
  documentType: z.enum(DOCUMENT_TYPES),
  issuedOn: z.iso.date(),
  subject: requiredText(1000),
  signer: optionalText(200),
  dueDate: optionalDate,
  note: optionalText(2000),
});
export type DocumentInput = z.infer<typeof documentInput>;

export interface OfficialDocument {
  id: string;
  direction: DocumentDirection;
  businessId: string;
  businessName: string;
  businessCode: string;
  number: string;
  documentType: DocumentType;
  issuedOn: string;
  subject: string;
  signer: string | null;
  dueDate: string | null;
  note: string | null;
  /** When the receiving side first opened it. */
  seenAt: string | null;
  fileCount: number;
  createdAt: string;
  updatedAt: string;
  createdByName: string | null;
  /** May the caller edit or delete it (the side that wrote it)? */
  editable: boolean;
}

// ------------------------------------------------------------------------------------------------ overtime

/**
 * Overtime notification (Labour Code 2019 art. 107, Decree 145/2020 art. 62): an employer organising overtime
 * above 200 hours a year notifies the provincial labour authority. States and who moves them (`overtimeWorkflow`):
 *   submitted → accepted            (authority)
 *   submitted → returned, reason    (authority)
 *   returned  → submitted           (employer, after correcting)
 * Accepted is final. The employer corrects the content only while it is returned.
 */
export const OVERTIME_STATUSES = ['submitted', 'accepted', 'returned'] as const;
export type OvertimeStatus = (typeof OVERTIME_STATUSES)[number];

export const OVERTIME_ACTIONS = ['accept', 'return', 'resubmit'] as const;
export type OvertimeTransition = (typeof OVERTIME_ACTIONS)[number];

/** The sides that move a notification (`Side` in the API: an employer user, or anyone of the authority). */
export const OVERTIME_ACTORS = ['employer', 'authority'] as const;
export type OvertimeActor = (typeof OVERTIME_ACTORS)[number];

export const overtimeWorkflow = defineWorkflow({
  name: 'businesses.overtime',
  statuses: OVERTIME_STATUSES,
  actions: OVERTIME_ACTIONS,
  actors: OVERTIME_ACTORS,
  transitions: [
    {
      from: 'submitted',
      action: 'accept',
      to: 'accepted',
      actor: 'authority',
      needs: { confirm: true },
      notify: 'overtimeAccepted',
    },
    {
      from: 'submitted',
      action: 'return',
      to: 'returned',
      actor: 'authority',
      needs: { reason: true },
      notify: 'overtimeReturned',
    },
    { from: 'returned', action: 'resubmit', to: 'submitted', actor: 'employer', notify: 'overtimeSubmitted' },
  ],
});

export const OVERTIME_EDITABLE: readonly OvertimeStatus[] = ['returned'];

/** Yearly overtime cap per worker in the sectors allowed to exceed 200 hours (Labour Code 2019 art. 107). */
export const MAX_OVERTIME_HOURS_PER_YEAR = 300;

export const overtimeInput = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  fromDate: z.iso.date(),
  toDate: z.iso.date(),
  workerCount: z.coerce.number().int().min(1).max(1_000_000),
  maxHoursPerWorker: z.coerce.number().int().min(1).max(MAX_OVERTIME_HOURS_PER_YEAR),
  jobs: requiredText(2000),
  reason: requiredText(2000),
  note: optionalText(2000),
});
export type OvertimeInput = z.infer<typeof overtimeInput>;

export const overtimeReturnInput = z.object({ reason: requiredText(2000) });

export interface OvertimeNotification extends Omit<OvertimeInput, 'note'> {
  id: string;
  businessId: string;
  businessName: string;
  businessCode: string;
  note: string | null;
  status: OvertimeStatus;
  submittedAt: string;
  reviewedAt: string | null;
  reviewedByName: string | null;
  returnReason: string | null;
  fileCount: number;
  createdAt: string;
  updatedAt: string;
  /** Transitions the caller may make now. */
  actions: OvertimeTransition[];
  editable: boolean;
}

// ------------------------------------------------------------------------------------------------ violations

/** An organisation sanctioned for breaching labour-safety law; published ones appear on the public page. */
export const violationInput = z.object({
  /** The employer, when it is in the portal (its name, tax code and address are copied when not given). */
  businessId: z.uuid().nullish(),
  organizationName: optionalText(500),
  taxCode: z
    .union([z.string().trim().regex(TAX_CODE_PATTERN), z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
  address: optionalText(500),
  wardCode: z
    .union([z.string().regex(/^(legacy|2025):\d{3,5}$/), z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
  violationContent: requiredText(4000),
  legalBasis: optionalText(2000),
  decisionNumber: optionalText(100),
  decisionDate: optionalDate,
  fineAmount: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000_000_000)
    .nullish()
    .transform((v) => v ?? null),
  issuedBy: optionalText(300),
  remedy: optionalText(2000),
  isPublished: z.boolean().default(false),
});
export type ViolationInput = z.infer<typeof violationInput>;

export interface Violation {
  id: string;
  businessId: string | null;
  organizationName: string;
  taxCode: string | null;
  address: string | null;
  wardCode: string | null;
  wardName: string | null;
  violationContent: string;
  legalBasis: string | null;
  decisionNumber: string | null;
  decisionDate: string | null;
  fineAmount: number | null;
  issuedBy: string | null;
  remedy: string | null;
  isPublished: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the public page shows of a published violation. */
export type PublicViolation = Pick<
  Violation,
  | 'id'
  | 'businessId'
  | 'organizationName'
  | 'taxCode'
  | 'address'
  | 'wardName'
  | 'violationContent'
  | 'decisionNumber'
  | 'decisionDate'
  | 'fineAmount'
  | 'issuedBy'
  | 'publishedAt'
>;

// ------------------------------------------------------------------------------------------------ sectors, accounts

export interface BusinessSectorLink {
  id: string;
  code: string;
  name: string;
  parentId: string | null;
  isMain: boolean;
}

export const addSectorsInput = z.object({
  bussinessId: z.uuid(),
  sectorIds: z.array(z.uuid()).min(1).max(500),
  /** One of the employer's sectors (new or already linked) becomes its main sector. */
  mainSectorId: z.uuid().nullish(),
});
export const deleteSectorsInput = z.object({ bussinessId: z.uuid(), ids: z.array(z.uuid()).min(1).max(500) });

/** Attachments of documents and overtime notifications: the kinds of file an office sends (checked by content). */
export const ATTACHMENT_KINDS = ['pdf', 'image', 'document', 'spreadsheet'] as const;
export const MAX_ATTACHMENTS = 20;
