import type { PermitKind } from './state.ts';

/**
 * The documents each kind of request needs (Decree 152/2020/NĐ-CP art. 9, 17, 19 and 8, as amended; the
 * dossier of Decree 219/2025/NĐ-CP keeps the same papers). Each requirement is one slot holding one file: a
 * multi-page paper is one PDF; uploading again replaces it. A request cannot be submitted while a required slot
 * is empty. Labels and hints: `permits:requirements.{code}.label|hint`.
 */

/** File kinds as the platform sniffs them from the content (never from the name). */
export type RequirementFileKind = 'pdf' | 'image';

export interface FileRequirement {
  code: string;
  required: boolean;
  kinds: readonly RequirementFileKind[];
  /** Largest accepted file, in megabytes. */
  maxMb: number;
}

export const PERMIT_MAX_FILE_MB = 10;
const PHOTO_MAX_MB = 5;

const paper = (code: string, required: boolean): FileRequirement => ({
  code,
  required,
  kinds: ['pdf', 'image'],
  maxMb: PERMIT_MAX_FILE_MB,
});
const photo = (required: boolean): FileRequirement => ({
  code: 'photos',
  required,
  kinds: ['image'],
  maxMb: PHOTO_MAX_MB,
});

export const REQUIREMENTS: Readonly<Record<PermitKind, readonly FileRequirement[]>> = {
  new: [
    paper('applicationForm', true),
    paper('demandApproval', true),
    paper('healthCertificate', true),
    paper('criminalRecord', true),
    paper('qualificationProof', true),
    paper('passportCopy', true),
    photo(true),
    paper('workEvidence', false),
  ],
  extend: [
    paper('applicationForm', true),
    paper('demandApproval', true),
    paper('currentPermit', true),
    paper('healthCertificate', true),
    paper('passportCopy', true),
    photo(true),
    paper('workEvidence', false),
  ],
  renew: [
    paper('applicationForm', true),
    paper('passportCopy', true),
    photo(true),
    // Absent when the permit was lost.
    paper('currentPermit', false),
    paper('changeEvidence', false),
  ],
  confirm: [
    paper('applicationForm', true),
    paper('passportCopy', true),
    paper('exemptionProof', true),
    paper('workEvidence', false),
  ],
};

export const REQUIREMENT_CODES = [...new Set(Object.values(REQUIREMENTS).flatMap((list) => list.map((r) => r.code)))];

export function requirementOf(kind: PermitKind, code: string): FileRequirement | undefined {
  return REQUIREMENTS[kind].find((r) => r.code === code);
}

/** Codes of required slots still empty. */
export function missingRequirements(kind: PermitKind, filled: Iterable<string>): string[] {
  const have = new Set(filled);
  return REQUIREMENTS[kind].filter((r) => r.required && !have.has(r.code)).map((r) => r.code);
}

/**
 * The request's own fields a submission needs, by kind, in the order the form shows them. A draft may leave
 * any of them empty (only the worker is needed to create it); submit-require refuses the request until each is
 * filled. Messages: `permits:validation.missing.{field}`.
 */
export const SUBMIT_FIELDS: Readonly<Record<PermitKind, readonly string[]>> = {
  new: ['passportNumber', 'position', 'workForm', 'jobTitle', 'workplace', 'requestedFrom', 'requestedTo'],
  extend: ['passportNumber', 'position', 'workForm', 'jobTitle', 'workplace', 'requestedTo'],
  renew: ['renewReason'],
  confirm: [
    'passportNumber',
    'exemptionGround',
    'exemptionDetail',
    'jobTitle',
    'workplace',
    'requestedFrom',
    'requestedTo',
  ],
};

/** Fields still empty that a submission of `kind` needs (the exemption detail only for the "other" ground). */
export function missingFields(kind: PermitKind, values: Readonly<Record<string, string | null | undefined>>): string[] {
  return SUBMIT_FIELDS[kind].filter((field) => {
    if (field === 'exemptionDetail' && values.exemptionGround !== 'other') return false;
    return !values[field]?.trim();
  });
}

/** Other attachments (not in the checklist): any number, by either side. */
export const ATTACHMENT_KINDS: readonly RequirementFileKind[] = ['pdf', 'image'];
export const MAX_ATTACHMENTS = 20;
