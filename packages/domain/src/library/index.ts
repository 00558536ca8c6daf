/**
 * Legal documents and open data, shared by the API and the web: the kinds of text, the status derived on the day,
 * the public pages and the open-data sets.
 */

export const LEGAL_DOCUMENT_TYPES = ['law', 'decree', 'circular', 'decision', 'standard', 'other'] as const;
export type LegalDocumentType = (typeof LEGAL_DOCUMENT_TYPES)[number];

/** A document's number: letters (Vietnamese too), digits and . _ - / : — no spaces (`84/2015/QH13`). */
export const LEGAL_NUMBER_PATTERN = /^[\p{L}\p{N}._\-/:]+$/u;

export const LEGAL_DOCUMENT_STATUSES = ['inForce', 'notYetInForce', 'expired', 'replaced'] as const;
export type LegalDocumentStatus = (typeof LEGAL_DOCUMENT_STATUSES)[number];

export interface StatusFacts {
  inForceDate: string | null;
  /** The first day the text no longer applies. */
  expiryDate: string | null;
  /** The replacing text's own in-force date, when there is a replacing text (null date: in force already). */
  replacement: { inForceDate: string | null } | null;
}

/**
 * The status of a text on `today` ('YYYY-MM-DD'): replaced once its replacement is in force; otherwise expired
 * from its expiry date; not yet in force before its in-force date; else in force (a text without dates is taken
 * as in force). The API's SQL (`statusSql` in apps/api/src/modules/library) says the same.
 */
export function legalDocumentStatus(doc: StatusFacts, today: string): LegalDocumentStatus {
  if (doc.replacement && (!doc.replacement.inForceDate || doc.replacement.inForceDate <= today)) return 'replaced';
  if (doc.expiryDate && doc.expiryDate <= today) return 'expired';
  if (doc.inForceDate && doc.inForceDate > today) return 'notYetInForce';
  return 'inForce';
}

export const LIBRARY_PAGES = {
  legalDocuments: '/tai-lieu',
  openData: '/du-lieu-mo',
} as const;

export const OPEN_DATA_SETS = [
  'violating-employers',
  'inspectors',
  'inspection-organizations',
  'legal-documents',
] as const;
export type OpenDataSet = (typeof OPEN_DATA_SETS)[number];

export const OPEN_DATA_LICENCE = {
  name: 'Giấy phép dữ liệu mở (CC BY 4.0)',
  url: 'https://creativecommons.org/licenses/by/4.0/deed.vi',
} as const;
