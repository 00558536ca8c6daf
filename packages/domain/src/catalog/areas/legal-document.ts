import type { z } from 'zod';
import { defineCatalog, field } from '../define.ts';
import { LEGAL_DOCUMENT_TYPES, LEGAL_NUMBER_PATTERN } from '../../library/index.ts';

/**
 * Legal documents (văn bản pháp lý) the portal rests on — laws, decrees, circulars, decisions, national technical
 * regulations (QCVN) — with their dates and what replaced them. The status the public sees (in force, not yet in
 * force, expired, replaced) is never stored: it is derived on the day from the dates and the replacement
 * (`legalDocumentStatus` in packages/domain/src/library). `expiryDate` is the first day the text no longer applies.
 * Public list `/tai-lieu`; open-data set `legal-documents` (apps/api/src/modules/library).
 */
export default defineCatalog({
  key: 'legalDocument',
  area: 'LegalDocument',
  plural: 'legalDocuments',
  table: 'legal_document',
  scope: 'global',
  texts: 'library:areas.legalDocument',
  fields: {
    // Code-like, as printed: "84/2015/QH13", "39/2016/NĐ-CP", "QCVN02:2019/BLĐTBXH" (a colon, never a space).
    number: field.text({
      max: 100,
      required: true,
      width: 24,
      sample: (tag, n) => `${tag}-${n}/2016/NĐ-CP`,
      refine: (s) => (s as z.ZodString).regex(LEGAL_NUMBER_PATTERN, { error: 'catalog:validation.code' }),
    }),
    type: field.enum({ options: LEGAL_DOCUMENT_TYPES, required: true }),
    title: field.name({ max: 500 }),
    summary: field.longText({ max: 4000 }),
    issuer: field.text({ max: 255, width: 30 }),
    signedDate: field.date(),
    inForceDate: field.date(),
    expiryDate: field.date(),
    replacedBy: field.reference({ target: 'legalDocument' }),
    file: field.file({ accept: '.pdf,.doc,.docx' }),
    note: field.longText(),
  },
  titleField: 'title',
  codeField: 'number',
  unique: { number: ['number'] },
  list: {
    columns: ['number', 'type', 'title', 'issuer', 'signedDate', 'inForceDate', 'expiryDate', 'replacedBy'],
    defaultSort: { field: 'signedDate', order: 'desc' },
  },
  filters: ['type', 'issuer'],
  search: ['number', 'title', 'summary'],
  routes: { base: '/tin-tuc/van-ban-phap-ly' },
  menu: { group: 'news', order: 30 },
});
