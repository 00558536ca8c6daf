import { sql, type RawBuilder } from 'kysely';
import type { LegalDocumentStatus } from '@portal/domain/library/index';

/**
 * The status of legal documents on `today`, in SQL, for lists and filters: the same rule as
 * `legalDocumentStatus` (packages/domain/src/library). `d` is the document, `r` its live replacement (left join).
 */
export function statusSql(today: string): RawBuilder<LegalDocumentStatus> {
  return sql<LegalDocumentStatus>`case
    when r.id is not null and (r.in_force_date is null or r.in_force_date <= ${today}::date) then 'replaced'
    when d.expiry_date is not null and d.expiry_date <= ${today}::date then 'expired'
    when d.in_force_date is not null and d.in_force_date > ${today}::date then 'notYetInForce'
    else 'inForce' end`;
}

/** The documents with their live replacement: `legal_document d left join legal_document r`. */
export const documentsWithReplacement = sql`legal_document d
  left join legal_document r on r.id = d.replaced_by and r.deleted_at is null`;
