import { translate } from '@portal/domain/i18n';
import { REPORT_FORMS } from '@portal/domain/report-forms/index';
import { periodText } from '@portal/domain/reports/workflow';
import { renderDocument } from '../../../platform/documents/index.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { getPortalConfig } from '../../configuration/index.ts';
import { findSubmission, versionsOf } from './queries.ts';
import type { FilingCtx } from './service.ts';

/** yyyy-mm-dd → dd/mm/yyyy as Vietnamese documents write dates. */
const dmy = (date: string | null): string => (date ? date.split('-').reverse().join('/') : '');

/** A moment as Vietnam's wall time, hh:mm dd/mm/yyyy. */
function vietnamMoment(d: Date | null): string {
  if (!d) return '';
  const local = new Date(new Date(d).getTime() + 7 * 3600 * 1000).toISOString();
  return `${local.slice(11, 16)} ${dmy(local.slice(0, 10))}`;
}

/**
 * The receipt of a periodic report (phiếu tiếp nhận báo cáo), numbered at its first filing: who filed which report
 * for which period, when it was first filed against its due day, each version filed; once accepted, the acceptance
 * (giấy xác nhận). Issued by the department: the documents renderer signs it with the department's certificate and,
 * having no record page of its own, it carries the QR of its public verification page. Every word from the locale.
 */
export async function receiptPdf(
  ctx: FilingCtx,
  id: string,
  asked?: 'filing' | 'acceptance',
): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await findSubmission(ctx.db, ctx.caller, id);
  if (!row || !row.number) throw new AppError(404, 'NOT_FOUND');
  const kind = asked ?? (row.status === 'accepted' ? 'acceptance' : 'filing');
  if (kind === 'acceptance' && row.status !== 'accepted') throw new AppError(404, 'NOT_FOUND');
  const lang = ctx.lang;
  const p = (key: string, vars: Record<string, string | number> = {}) =>
    translate(lang, `reportFiling:pdf.${key}`, vars);
  const config = await getPortalConfig(ctx.db, lang);
  const province = config.provinceName.trim();
  const issuedOn = (kind === 'acceptance' ? row.accepted_at : row.submitted_at) ?? new Date();
  const [y, m, d] = new Date(new Date(issuedOn).getTime() + 7 * 3600 * 1000).toISOString().slice(0, 10).split('-');
  const versions = await versionsOf(ctx.db, row.id);
  const period = periodText(row.period_key, (key, vars) => translate(lang, key, vars));
  const late = row.first_submitted_on && row.due_on ? row.first_submitted_on > row.due_on : false;
  const reporterKind = translate(lang, `reports:reporterKinds.${row.reporter_kind}`);
  const form = REPORT_FORMS.get(row.form_code, Number(row.form_version));

  const pdf = await renderDocument({
    lang,
    issuer: [
      ...(province ? [p('issuerProvince', { province: province.toLocaleUpperCase('vi') })] : []),
      p('issuerDepartment'),
    ],
    motto: [p('motto'), p('mottoSub')],
    number: p('number', { number: row.number }),
    place: p('place', { province: province || p('placeFallback'), day: d!, month: m!, year: y! }),
    title: p(`title.${kind}`),
    paragraphs: [
      p(`intro.${kind}`, {
        report: row.type_name,
        period,
        reporter: row.reporter_name,
        number: row.number,
        time: vietnamMoment(kind === 'acceptance' ? row.accepted_at : row.first_submitted_at),
      }),
      ...(row.legal_basis ? [p('legalBasis', { basis: row.legal_basis })] : []),
    ],
    fields: [
      { label: p('fields.report'), value: row.type_name },
      { label: p('fields.period'), value: period },
      { label: p('fields.reporter'), value: `${row.reporter_name} (${reporterKind})` },
      ...(row.tax_code ? [{ label: p('fields.taxCode'), value: row.tax_code }] : []),
      {
        label: p('fields.form'),
        value: `${form?.title[lang] ?? row.form_code} (${p('fields.formVersion', { version: row.form_version })})`,
      },
      { label: p('fields.dueOn'), value: dmy(row.due_on) },
      { label: p('fields.firstSubmittedAt'), value: vietnamMoment(row.first_submitted_at) },
      { label: p('fields.timeliness'), value: p(late ? 'late' : 'onTime') },
      ...(kind === 'acceptance' ? [{ label: p('fields.acceptedAt'), value: vietnamMoment(row.accepted_at) }] : []),
    ],
    table: {
      columns: [p('columns.version'), p('columns.submittedAt'), p('columns.submittedBy')],
      rows: versions.map((v) => [String(v.seq), vietnamMoment(v.submitted_at), v.submitted_by_name ?? '']),
    },
    signature: { title: p('signatureTitle') },
    footer: p('footer', { number: row.number }),
    metadata: { title: p(`title.${kind}`), subject: row.number },
  });
  const fileName = `${p(`fileName.${kind}`, { number: row.number.replace(/\//g, '-') })}.pdf`;
  return { pdf, fileName };
}
