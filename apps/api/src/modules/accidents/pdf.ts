import { vietnamMoment } from '@portal/domain/accidents/rules';
import { renderDocument } from '../../platform/documents/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { getPortalConfig } from '../configuration/index.ts';
import { findAccident, routingsOf, t, victimsOf, type AccidentCtx } from './service.ts';

/**
 * The receipt of an accident notification (phiếu tiếp nhận), available the moment the declaration is made: the
 * receipt number and time, then the content of the notification form (Decree 129/2025 Appendix II Form 01:
 * who notifies, when and where, what happened, the class and the victims, the initial cause, the reporter) as
 * the current version holds it, and whom the portal routed it to. Every word from the locale files.
 */
export async function receiptPdf(ctx: AccidentCtx, id: string): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await findAccident(ctx.db, ctx.caller, id);
  if (!row) throw new AppError(404, 'NOT_FOUND');
  const lang = ctx.lang;
  const p = (key: string, vars: Record<string, string | number> = {}) => t(lang, `pdf.${key}`, vars);
  const config = await getPortalConfig(ctx.db, lang);
  const province = config.provinceName.trim();
  const notified = vietnamMoment(row.notified_at);
  const occurred = vietnamMoment(row.occurred_at);
  const [d, m, y] = notified.date.split('/');
  const victims = await victimsOf(ctx.db, row.id);
  const routings = await routingsOf(ctx.db, row.id);
  const declarant =
    row.declarant_kind === 'employer'
      ? (row.business_name ?? '')
      : `${row.declared_by_unit_name ?? ''} (${t(lang, 'declarantKinds.commune')})`;

  const pdf = await renderDocument({
    lang,
    issuer: [
      ...(province ? [p('issuerProvince', { province: province.toLocaleUpperCase('vi') })] : []),
      p('issuerDepartment'),
    ],
    motto: [p('motto'), p('mottoSub')],
    number: p('number', { code: row.code }),
    place: p('place', { province: province || p('placeFallback'), day: d!, month: m!, year: y! }),
    title: p('title'),
    paragraphs: [
      p('intro', { code: row.code, time: notified.time, date: notified.date }),
      p('version', { version: Number(row.version) }),
    ],
    fields: [
      { label: p('fields.declarant'), value: declarant },
      ...(row.business_id
        ? [
            { label: p('fields.address'), value: row.business_address ?? '' },
            { label: p('fields.taxCode'), value: row.business_code ?? '' },
          ]
        : []),
      { label: p('fields.occurredAt'), value: `${occurred.time} ${occurred.date}` },
      { label: p('fields.place'), value: row.place },
      { label: p('fields.ward'), value: row.ward_name ?? '' },
      { label: p('fields.description'), value: row.description },
      { label: p('fields.severity'), value: t(lang, `severities.${row.severity}`) },
      {
        label: p('fields.counts'),
        value: `${Number(row.victim_count)} / ${Number(row.death_count)} / ${Number(row.serious_count)}`,
      },
      { label: p('fields.reason'), value: row.accident_reason_name ?? '' },
      { label: p('fields.element'), value: row.injury_element_name ?? '' },
      {
        label: p('fields.reporter'),
        value: [row.reporter_name, row.reporter_phone].filter(Boolean).join(' – '),
      },
    ],
    table: {
      columns: [
        p('columns.index'),
        p('columns.name'),
        p('columns.sex'),
        p('columns.birthYear'),
        p('columns.occupation'),
        p('columns.injury'),
        p('columns.severity'),
      ],
      rows: victims.map((v, i) => [
        String(i + 1),
        v.fullName,
        v.female ? p('female') : p('male'),
        v.birthYear == null ? '' : String(v.birthYear),
        v.occupationName ?? '',
        [v.injuryTypeName, v.bodyPart].filter(Boolean).join(' – '),
        t(lang, `victimSeverities.${v.severity}`),
      ]),
    },
    signature: { title: p('signatureTitle') },
    footer: [
      routings.length ? p('routed', { list: routings.map((r) => r.recipientName).join('; ') }) : p('notRouted'),
      p('footer', { code: row.code }),
    ].join(' '),
    metadata: { title: p('title'), subject: row.code },
  });
  return { pdf, fileName: `${p('fileName', { code: row.code.replace(/\//g, '-') })}.pdf` };
}
