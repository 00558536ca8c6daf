import { todayInVietnam } from '@portal/domain/dates';
import { translate, type Language } from '@portal/domain/i18n';
import type { Db } from '../../db/database.ts';
import { clock } from '../../platform/clock/index.ts';
import { renderDocument } from '../../platform/documents/index.ts';
import { getPortalConfig } from '../configuration/index.ts';
import type { ArchiveRow } from './schemas.ts';

/** How a record's retention reads: "10 năm", "Vĩnh viễn". */
export const retentionText = (lang: Language, years: number | null): string =>
  years === null
    ? translate(lang, 'archive:retention.permanent')
    : translate(lang, 'archive:retention.years', { count: years });

/**
 * The one-page summary of an archived record that has no PDF of its own (an inspection closed without a PDF
 * conclusion): the department's header, what the record is, where it is filed and until when.
 * Every word from the locale files; dates as the portal writes them.
 */
export async function summaryPdf(db: Db, lang: Language, row: ArchiveRow): Promise<Buffer> {
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(lang, `archive:pdf.${key}`, vars);
  // A calendar day as the portal writes dates (translate formats one).
  const date = (day: string) => t('date', { date: day });
  const config = await getPortalConfig(db, lang);
  const province = config.provinceName.trim();
  const [y, m, d] = clock.today().split('-');
  const fields: { label: string; value: string }[] = [
    { label: t('fields.title'), value: row.title },
    { label: t('fields.number'), value: row.number ?? '' },
    { label: t('fields.source'), value: translate(lang, `archive:sources.${row.source}`) },
    ...(row.businessName ? [{ label: t('fields.business'), value: row.businessName }] : []),
    {
      label: t('fields.indexFile'),
      value: [row.indexFileCode, row.indexFileName].filter(Boolean).join(' – '),
    },
    { label: t('fields.closedOn'), value: date(row.closedOn) },
    { label: t('fields.retention'), value: retentionText(lang, row.retentionYears) },
    ...(row.disposeOn ? [{ label: t('fields.disposeOn'), value: date(row.disposeOn) }] : []),
    { label: t('fields.filedAt'), value: date(todayInVietnam(new Date(row.filedAt))) },
  ];
  return renderDocument({
    lang,
    issuer: [
      ...(province ? [t('issuerProvince', { province: province.toLocaleUpperCase('vi') })] : []),
      t('issuerDepartment'),
    ],
    motto: [t('motto'), t('mottoSub')],
    place: t('place', { province: province || t('placeFallback'), day: d!, month: m!, year: y! }),
    title: t('title'),
    paragraphs: [t('intro')],
    fields: fields.filter((f) => f.value),
    signature: { title: t('signatureTitle') },
    footer: t('footer', { number: row.number ?? row.id }),
    metadata: { subject: row.title },
  });
}
