/**
 * OSH training (Decree 44/2016 as amended by Decree 140/2018): the classes of training organisations, the
 * credentials a course leads to and who issues them. Which groups a class may train, the minimum hours, and how
 * long a credential stays valid are reference data with their legal basis and validity dates
 * (TrainingClassRule, TrainingGroupRule), never constants here.
 */
export const TRAINING_CLASSES = ['A', 'B', 'C'] as const;
export type TrainingClass = (typeof TRAINING_CLASSES)[number];

/** Giấy chứng nhận (groups 1, 2, 5, 6), thẻ an toàn (group 3), sổ theo dõi huấn luyện (group 4). */
export const TRAINING_CREDENTIALS = ['certificate', 'card', 'logbook'] as const;
export type TrainingCredential = (typeof TRAINING_CREDENTIALS)[number];

/** Who issues the credential: the training organisation, or the employer (the safety card, the logbook). */
export const CREDENTIAL_ISSUERS = ['organization', 'employer'] as const;
export type CredentialIssuer = (typeof CREDENTIAL_ISSUERS)[number];

/** A credential in force is `current` (the worker's newest of its group), replaced ones `superseded`. */
export const CERTIFICATE_STATUSES = ['current', 'superseded', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** A first course, or a refresher (huấn luyện định kỳ). Absent: a first course. */
export const COURSE_KINDS = ['initial', 'periodic'] as const;
export type CourseKind = (typeof COURSE_KINDS)[number];

/** The rule rows in force on a date: `validFrom <= date` and no `validTo` before it. */
export function inForce<T extends { validFrom: string; validTo?: string | null }>(
  rows: readonly T[],
  date: string,
): T[] {
  return rows.filter((r) => r.validFrom <= date && (!r.validTo || r.validTo >= date));
}
