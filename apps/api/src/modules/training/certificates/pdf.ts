import { sql } from 'kysely';
import { translate } from '@portal/domain/i18n';
import { verifyPath } from '@portal/domain/training/certificates';
import type { TrainingCredential } from '@portal/domain/training/rules';
import type { OpContext } from '../../../catalog/context.ts';
import { catalogOperations } from '../../../catalog/operations.ts';
import { renderDocuments, type DocumentSpec } from '../../../platform/documents/index.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { getPortalConfig } from '../../configuration/index.ts';
import { groupRuleInForce } from '../reference.ts';

/** dd/mm/yyyy, as Vietnamese documents write dates. */
const dmy = (date: string | null): string => (date ? date.split('-').reverse().join('/') : '');

interface PrintedRow {
  id: string;
  number: string;
  credential: TrainingCredential;
  issuedOn: string;
  validUntil: string | null;
  fullName: string;
  birthDate: string | null;
  businessName: string | null;
  groupId: string;
  groupName: string | null;
  courseName: string | null;
  startDate: string | null;
  endDate: string | null;
  issuerName: string | null;
  issuerKind: string | null;
}

/** The credentials the caller may see among `ids`, in the order given. */
async function printedRows(ctx: OpContext, ids: readonly string[]): Promise<PrintedRow[]> {
  const scope = catalogOperations('trainingCertificate').scope(ctx, 'c');
  const rows = await sql<PrintedRow>`select c.id, c.certificate_number as number, c.credential,
      c.issued_on::text as "issuedOn", c.valid_until::text as "validUntil", w.full_name as "fullName",
      w.birth_date::text as "birthDate", b.name as "businessName", c.target_training_id as "groupId",
      g.name as "groupName", tr.name as "courseName", tr.start_date::text as "startDate", tr.end_date::text as "endDate",
      u.name as "issuerName", u.kind as "issuerKind"
    from training_certificate c
    join worker w on w.id = c.worker_id
    left join business b on b.id = c.business_id
    left join target_training g on g.id = c.target_training_id
    left join training tr on tr.id = c.training_id
    left join unit u on u.id = c.issuer_unit_id
    where c.id = any(${[...ids]}::uuid[]) and c.deleted_at is null ${scope ? sql`and ${scope}` : sql``}`.execute(
    ctx.db,
  );
  const byId = new Map(rows.rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is PrintedRow => !!r);
}

/**
 * One credential's page (giấy chứng nhận huấn luyện, Form 08 of Decree 44/2016 in spirit; the safety card and the
 * logbook entry alike): portal, province and issuer, national motto, number, place and date, title, legal basis,
 * the person, the course, issue and expiry dates, the issuer's signature and a QR to the public verification page,
 * which shows no personal data. Every word from the locale files.
 */
async function specOf(ctx: OpContext, row: PrintedRow, province: string, publicUrl: string): Promise<DocumentSpec> {
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(ctx.lang, `training:certificates.pdf.${key}`, vars);
  const rule = await groupRuleInForce(ctx.db, row.groupId, row.issuedOn);
  const [y, m, d] = row.issuedOn.split('-');
  const issuerName = row.issuerName ?? '';
  const signer =
    row.issuerKind === 'training_body' ? 'organization' : row.issuerKind === 'employer' ? 'employer' : 'none';
  const title = t(`titles.${row.credential}`);
  return {
    lang: ctx.lang,
    issuer: [
      t('portal'),
      ...(province ? [t('province', { province: province.toLocaleUpperCase('vi') })] : []),
      ...(issuerName ? [issuerName.toLocaleUpperCase('vi')] : []),
    ],
    motto: [t('motto'), t('mottoSub')],
    number: t('number', { number: row.number }),
    place: t('place', { province: province || t('placeFallback'), day: d!, month: m!, year: y! }),
    title,
    paragraphs: [
      t('legalBasis', { basis: rule?.legalBasis ?? t('legalBasisDefault') }),
      t('body', {
        issuer: issuerName || translate(ctx.lang, 'training:areas.trainingCertificate.fields.issuerUnitId'),
      }),
    ],
    fields: [
      { label: t('fields.fullName'), value: row.fullName },
      { label: t('fields.birthDate'), value: dmy(row.birthDate) },
      { label: t('fields.employer'), value: row.businessName ?? '' },
      { label: t('fields.group'), value: row.groupName ?? '' },
      ...(row.courseName ? [{ label: t('fields.course'), value: row.courseName }] : []),
      ...(row.startDate
        ? [
            {
              label: t('fields.courseDates'),
              value: t('courseDates', { from: dmy(row.startDate), to: dmy(row.endDate ?? row.startDate) }),
            },
          ]
        : []),
      { label: t('fields.issuedOn'), value: dmy(row.issuedOn) },
      { label: t('fields.validUntil'), value: row.validUntil ? dmy(row.validUntil) : t('noLimit') },
    ],
    signature: { title: t(`signature.${signer}`) },
    qr: { url: `${publicUrl.replace(/\/+$/, '')}${verifyPath(row.id)}`, caption: t('qrCaption') },
    footer: t('footer', { number: row.number }),
    metadata: { title, subject: row.number },
  };
}

/** The credentials as one PDF, one per page (404 when the caller sees none of them). */
export async function credentialsPdf(
  ctx: OpContext,
  ids: readonly string[],
  publicUrl: string,
): Promise<{ pdf: Buffer; numbers: string[] }> {
  const rows = await printedRows(ctx, ids);
  if (!rows.length) throw new AppError(404, 'NOT_FOUND');
  const province = (await getPortalConfig(ctx.db, ctx.lang)).provinceName.trim();
  const specs: DocumentSpec[] = [];
  for (const row of rows) specs.push(await specOf(ctx, row, province, publicUrl));
  return { pdf: await renderDocuments(specs), numbers: rows.map((r) => r.number) };
}

/** A file name without the number's slashes (TTHL_ATLD-0001-2026-GCN-HL). */
export const fileNamePart = (value: string): string => value.replace(/[\\/]+/g, '-');
