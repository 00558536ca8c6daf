import { addMonths } from '../equipment/rules.ts';
import type { CertificateStatus, CredentialIssuer, TrainingCredential } from './rules.ts';
import { defineWorkflow, filerMoves, type TransitionDecl } from '../workflow/index.ts';

/**
 * Credentials of OSH training (Decree 44/2016 Art 24): how a course's passed participants get them, as one explicit
 * table, and the pure rules around them (numbers, validity, what the public page says). No validation library here:
 * the web's route table imports the paths.
 *
 * A request for credentials (đề nghị cấp giấy chứng nhận huấn luyện):
 *
 *   draft ──submit──▶ submitted ──issue──▶ issued    (one numbered credential per participant)
 *     ▲                  │
 *     └──── edit ── refused ◀──refuse (reason)
 *
 * - The filer is the employer or the course's training unit (or an authority on their behalf): it names the
 *   course and the participants, submits, and may correct and resubmit a refused request.
 * - The issuer follows the group rule in force: the training organisation that ran the course (certificates of
 *   groups 1, 2, 5, 6) or the employer itself (safety card of group 3, logbook entry of group 4).
 */
export const REQUEST_STATUSES = ['draft', 'submitted', 'issued', 'refused'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_ACTIONS = ['edit', 'submit', 'issue', 'refuse', 'delete'] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

export type RequestActor = 'filer' | 'issuer';

/** Who filed a request: the employer, the course's training unit, or an authority (department, commune) for either. */
export const REQUEST_FILERS = ['employer', 'organization', 'authority'] as const;
export type RequestFiler = (typeof REQUEST_FILERS)[number];

export const certificateRequestWorkflow = defineWorkflow({
  name: 'training.certificateRequest',
  statuses: REQUEST_STATUSES,
  actions: REQUEST_ACTIONS,
  actors: ['filer', 'issuer'],
  transitions: [
    ...filerMoves('filer', [
      { status: 'draft', send: 'submit', to: 'submitted' },
      { status: 'refused', send: 'submit', to: 'submitted' },
    ]),
    { from: 'submitted', action: 'issue', to: 'issued', actor: 'issuer', needs: { confirm: true } },
    { from: 'submitted', action: 'refuse', to: 'refused', actor: 'issuer', needs: { reason: true } },
  ],
});

export type RequestTransition = TransitionDecl<RequestStatus, RequestAction, RequestActor>;
export const REQUEST_TRANSITIONS: readonly RequestTransition[] = certificateRequestWorkflow.transitions;

export function requestTransition(
  from: RequestStatus,
  action: RequestAction,
  actor: RequestActor,
): RequestTransition | null {
  return certificateRequestWorkflow.find(from, action, actor);
}

/** What an actor may do to a request in a status (buttons in the page, checks in the API). */
export function requestActions(status: RequestStatus, actor: RequestActor): RequestAction[] {
  return certificateRequestWorkflow.actionsFor(status, actor);
}

/** The series a credential's number belongs to (giấy chứng nhận, thẻ an toàn, sổ theo dõi huấn luyện). */
export const CREDENTIAL_SERIES: Record<TrainingCredential, string> = {
  certificate: 'GCN-HL',
  card: 'THE-AT',
  logbook: 'SO-HL',
};

/**
 * The issuer's part of a number: its unit's code (a training body's code, an employer's tax code), so that two
 * issuers' `0001/2026/GCN-HL` never meet in the province; a unit without a code is named by its id's first part.
 */
export function issuerPrefix(unitCode: string | null | undefined, unitId: string): string {
  const code = (unitCode ?? '')
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9_.-]+/g, '-');
  return code || unitId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

/** `TTHL_ATLD-0001/2026/GCN-HL`: the issuer, the year's sequence of the series, the year and the series. */
export function credentialNumber(
  prefix: string,
  sequence: number,
  year: number,
  credential: TrainingCredential,
): string {
  return `${prefix}-${String(sequence).padStart(4, '0')}/${year}/${CREDENTIAL_SERIES[credential]}`;
}

/** Valid until the issue date plus the months of the group rule in force on it; null when that rule sets none. */
export function validUntilOf(issuedOn: string, validityMonths: number | null | undefined): string | null {
  return validityMonths ? addMonths(issuedOn, validityMonths) : null;
}

/** Which credential a group rule leads to and who issues it, as the rule in force says. */
export interface CredentialRule {
  credential: TrainingCredential;
  issuer: CredentialIssuer;
  validityMonths: number | null;
}

/** What the public verification page says of a credential. */
export const VERIFY_STATUSES = ['valid', 'expired', 'revoked', 'replaced'] as const;
export type VerifyStatus = (typeof VERIFY_STATUSES)[number];

export function verifyStatusOf(
  status: CertificateStatus | null,
  validUntil: string | null,
  today: string,
): VerifyStatus {
  if (status === 'revoked') return 'revoked';
  if (status === 'superseded') return 'replaced';
  return validUntil && validUntil < today ? 'expired' : 'valid';
}

/** A credential expiring within this many days is listed as "expiring soon". */
export const EXPIRING_DAYS = 30;

/** Permission subjects: the credentials and the requests are catalogue areas; issuing creates credentials. */
export const TRAINING_CERTIFICATE_PERMISSIONS = {
  read: 'TrainingCertificate.read',
  issue: 'TrainingCertificate.create',
  revoke: 'TrainingCertificate.update',
  requestRead: 'TrainingCertificateRequest.read',
  requestUpdate: 'TrainingCertificateRequest.update',
} as const;

const ATVS = '/an-toan-ve-sinh-lao-dong';

/** Web paths (Vietnamese slugs). */
export const TRAINING_CERTIFICATE_PATHS = {
  list: `${ATVS}/cap-giay-chung-nhan-huan-luyen/danh-sach`,
  detail: `${ATVS}/cap-giay-chung-nhan-huan-luyen/chi-tiet/:id`,
  requests: `${ATVS}/de-nghi-cap-giay-huan-luyen/danh-sach`,
  requestDetail: `${ATVS}/de-nghi-cap-giay-huan-luyen/chi-tiet/:id`,
  publicLookup: '/tra-cuu-chung-nhan-huan-luyen',
  publicCredential: '/tra-cuu-chung-nhan-huan-luyen/:key',
} as const;

/** The public page a credential's QR opens: its id, which has no slash to encode and cannot be guessed. */
export const verifyPath = (id: string): string => `${TRAINING_CERTIFICATE_PATHS.publicLookup}/${id}`;

/** What anyone may read of a credential: no birth date, identifier, address or employer. */
export interface PublicCredential {
  number: string;
  fullName: string;
  group: string;
  credential: TrainingCredential;
  issuer: string | null;
  issuedOn: string;
  validUntil: string | null;
  status: VerifyStatus;
}

/** A participant as a request's page reads it: in the request or not, with the credential they got. */
export interface RequestParticipant {
  workerId: string;
  fullName: string;
  birthDate: string | null;
  result: string | null;
  selected: boolean;
  /** A live credential from this course (issued by this request or earlier). */
  certificateId: string | null;
  certificateNumber: string | null;
}

export interface RequestWorkflow {
  status: RequestStatus;
  actions: RequestAction[];
  /** The caller may print the credentials (an issued request). */
  canPrint: boolean;
  participants: RequestParticipant[];
}
