import { translate, type Language } from '@portal/domain/i18n';
import { EQUIPMENT_PATHS } from '@portal/domain/equipment/features';
import { todayInVietnam } from '@portal/domain/permits/rules';
import { renderDocument } from '../../../platform/documents/index.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { documentSignature, getPortalConfig } from '../../configuration/index.ts';
import { deadlineInForce } from '../../../platform/deadlines/index.ts';
import type { DeclarationCtx } from './service.ts';
import { findDeclaration, itemsOf } from './queries.ts';

/** d/m/yyyy → dd/mm/yyyy as Vietnamese documents write dates. */
const dmy = (date: string | null): string => (date ? date.split('-').reverse().join('/') : '');

/**
 * The confirmation of a declaration (giấy xác nhận khai báo máy, thiết bị có yêu cầu nghiêm ngặt): issuer and
 * national motto, number, place and date of the decision, the employer, the table of machines, the legal basis,
 * the signature and a QR to the public look-up page of the confirmation's code. Every word from the locale files.
 */
export async function confirmationPdf(
  ctx: DeclarationCtx,
  id: string,
  publicUrl: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await findDeclaration(ctx.db, ctx.caller, id);
  if (!row || row.status !== 'confirmed' || !row.number || !row.public_code) throw new AppError(404, 'NOT_FOUND');
  const lang: Language = ctx.lang;
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(lang, `equipment:pdf.${key}`, vars);
  const config = await getPortalConfig(ctx.db, lang);
  const province = config.provinceName.trim();
  const items = await itemsOf(ctx.db, row.id);
  const decidedOn = todayInVietnam(row.decided_at ?? new Date());
  const [y, m, d] = decidedOn.split('-');
  const window = await deadlineInForce(ctx.db, 'EQUIPMENT_DECLARATION_WINDOW', row.declared_on ?? decidedOn).catch(
    () => null,
  );
  // Who signs is the department's setting, never the officer who confirmed it.
  const signature = await documentSignature(ctx.db, lang, 'equipmentConfirmation', t('signatureTitle'));
  const base = publicUrl.replace(/\/+$/, '');
  const url = `${base}${EQUIPMENT_PATHS.publicLookup}/${encodeURIComponent(row.public_code)}`;

  const pdf = await renderDocument({
    lang,
    issuer: [
      ...(province ? [t('issuerProvince', { province: province.toLocaleUpperCase('vi') })] : []),
      t('issuerDepartment'),
    ],
    motto: [t('motto'), t('mottoSub')],
    number: t('number', { number: row.number }),
    place: t('place', { province: province || t('placeFallback'), day: d!, month: m!, year: y! }),
    title: t('title'),
    paragraphs: [
      t('legalBasis', { basis: window?.legalBasis ?? t('legalBasisDefault') }),
      t('body', {
        business: row.business_name,
        count: items.length,
        declaredOn: dmy(row.declared_on),
      }),
    ],
    fields: [
      { label: t('fields.business'), value: row.business_name },
      { label: t('fields.address'), value: row.business_address ?? '' },
      { label: t('fields.taxCode'), value: row.business_code ?? '' },
      { label: t('fields.declaredOn'), value: dmy(row.declared_on) },
    ],
    table: {
      columns: [
        t('columns.index'),
        t('columns.type'),
        t('columns.serial'),
        t('columns.capacity'),
        t('columns.certificate'),
        t('columns.validUntil'),
      ],
      rows: items.map((item, i) => [
        String(i + 1),
        [item.typeName ?? '', item.name && item.name !== item.typeName ? `(${item.name})` : '']
          .filter(Boolean)
          .join(' '),
        item.serialNumber ?? '',
        item.capacity ?? '',
        [item.certificateNumber ?? '', item.inspectionDate ? dmy(item.inspectionDate) : ''].filter(Boolean).join(' – '),
        dmy(item.dueDate),
      ]),
    },
    signature,
    qr: { url, caption: t('qrCaption', { code: row.public_code }) },
    footer: t('footer', { number: row.number }),
    metadata: { title: t('title'), subject: row.number },
  });
  const fileName = `${t('fileName', { number: row.number.replace(/\//g, '-') })}.pdf`;
  return { pdf, fileName };
}
