import type { Writable } from 'node:stream';
import type { Worksheet } from 'exceljs';
import { formatNumber } from '@portal/domain/format';
import { translate, type Language } from '@portal/domain/i18n';
import type { Period } from '@portal/domain/reports/periods';
import type { Executor } from '../../../catalog/context.ts';
import type { Db } from '../../../db/database.ts';
import { readInBatches, writeSheet, type SheetColumn } from '../../../platform/excel/stream-sheet.ts';
import { renderDocument } from '../../../platform/documents/index.ts';
import { getPortalConfig } from '../../configuration/index.ts';
import { COUNT_KEYS } from './counts.ts';
import type { ConsolidatedReport } from './consolidated.ts';
import { reporterRow, type ReporterRow, type ReporterSqlRow, type StatusAnswer } from './status.ts';

/**
 * What the status pages hand out: the status as a workbook (the totals, by commune, by sector), the reporters of
 * a drill-down streamed as a sheet, and the consolidated report as a workbook and as a PDF through the product's one
 * document renderer (signed with the department's certificate when one is set, as every issued document is).
 * Every word from the `reportStatus` locale files.
 */

const dmy = (date: string) => date.slice(0, 10).split('-').reverse().join('/');
const count = (lang: Language, n: number | null) => (n === null ? '' : formatNumber(n, lang, { maxDecimals: 2 }));
const percent = (lang: Language, rate: number | null) =>
  rate === null ? '—' : `${formatNumber(rate * 100, lang, { maxDecimals: 1 })} %`;

/** Vietnam's wall time of an instant, dd/mm/yyyy hh:mm. */
export function vietnamTime(iso: string): string {
  const local = new Date(new Date(iso).getTime() + 7 * 3600 * 1000).toISOString();
  return `${dmy(local)} ${local.slice(11, 16)}`;
}

export const periodLabel = (lang: Language, period: Period) =>
  translate(lang, 'reportStatus:period', { key: period.key, start: dmy(period.start), end: dmy(period.end) });

const RATE_KEYS = ['completeness', 'timeliness'] as const;

/** The status as a workbook: a sheet of totals and one per grouping. */
export async function statusWorkbook(lang: Language, byCommune: StatusAnswer, bySector: StatusAnswer): Promise<Buffer> {
  // ExcelJS is loaded on the first spreadsheet, not with the server (see catalog/excel.ts).
  const ExcelJS = (await import('exceljs')).default;
  const t = (key: string, vars: Record<string, string> = {}) => translate(lang, `reportStatus:${key}`, vars);
  const book = new ExcelJS.Workbook();
  book.creator = translate(lang, 'common:appShortName');
  const heading = (sheet: Worksheet) => {
    sheet.addRow([t('sheet.title', { name: byCommune.reportType.name })]).font = { bold: true, size: 13 };
    sheet.addRow([periodLabel(lang, byCommune.period)]);
    if (byCommune.schedule)
      sheet.addRow([
        t('sheet.schedule', { opens: dmy(byCommune.schedule.opensOn), due: dmy(byCommune.schedule.dueOn) }),
      ]);
    sheet.addRow([t('sheet.asOf', { time: vietnamTime(byCommune.asOf) })]);
    sheet.addRow([]);
  };
  const headers = [...COUNT_KEYS.map((k) => t(`counts.${k}`)), ...RATE_KEYS.map((k) => t(`counts.${k}`))];
  const figures = (s: StatusAnswer['totals']) => [
    ...COUNT_KEYS.map((k) => s[k]),
    ...RATE_KEYS.map((k) => (s[k] === null ? null : Math.round(s[k] * 1000) / 10)),
  ];

  const totals = book.addWorksheet(t('sheet.totals'));
  heading(totals);
  totals.addRow(headers).font = { bold: true };
  totals.addRow(figures(byCommune.totals));
  totals.columns = headers.map(() => ({ width: 16 }));

  for (const answer of [byCommune, bySector]) {
    const sheet = book.addWorksheet(t(`groupBy.${answer.groupBy}`));
    heading(sheet);
    sheet.addRow([t(`groupBy.${answer.groupBy}`), ...headers]).font = { bold: true };
    for (const r of answer.rows) sheet.addRow([r.name ?? t('unspecified'), ...figures(r)]);
    sheet.addRow([t('sheet.total'), ...figures(answer.totals)]).font = { bold: true };
    sheet.columns = [{ width: 40 }, ...headers.map(() => ({ width: 14 }))];
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The drill-down's reporters as a streamed sheet (every row the filters keep, in the page's order). */
export async function writeReporters(
  out: Writable,
  db: Executor,
  lang: Language,
  statement: Parameters<typeof readInBatches<ReporterSqlRow>>[1],
  today: string,
): Promise<void> {
  const t = (key: string) => translate(lang, `reportStatus:${key}`);
  const columns: SheetColumn<ReporterRow>[] = [
    { header: t('columns.reporterName'), width: 44, value: (r) => r.reporterName },
    {
      header: t('columns.taxCode'),
      width: 16,
      value: (r) => r.taxCode ?? (r.reporterKind === 'business' ? '' : r.reporterKey),
    },
    { header: t('columns.wardName'), width: 32, value: (r) => r.wardName },
    { header: t('columns.sectorName'), width: 32, value: (r) => r.sectorName },
    { header: t('columns.dueOn'), width: 14, date: true, value: (r) => r.dueOn },
    { header: t('columns.status'), width: 18, value: (r) => t(`statuses.${r.status}`) },
    { header: t('columns.firstSubmittedOn'), width: 14, date: true, value: (r) => r.firstSubmittedOn },
    {
      header: t('columns.onTime'),
      width: 14,
      value: (r) => (r.onTime === null ? '' : t(r.onTime ? 'filed.onTime' : 'filed.late')),
    },
  ];
  await writeSheet(
    out,
    { sheet: t('sheet.reporters'), creator: translate(lang, 'common:appShortName'), columns },
    (write) => readInBatches(db, statement, (rows) => write(rows.map((r) => reporterRow(r, today)))),
  );
}

/** The consolidated report as a workbook: its facts, then one line per consolidated figure. */
export async function consolidatedWorkbook(lang: Language, report: ConsolidatedReport): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const t = (key: string, vars: Record<string, string> = {}) => translate(lang, `reportStatus:${key}`, vars);
  const book = new ExcelJS.Workbook();
  book.creator = translate(lang, 'common:appShortName');
  const sheet = book.addWorksheet(t('consolidated.sheet'));
  sheet.addRow([t('consolidated.title', { name: report.reportType.name })]).font = { bold: true, size: 13 };
  sheet.addRow([periodLabel(lang, report.period)]);
  sheet.addRow([report.form.legalBasis]);
  sheet.addRow([basisText(lang, report)]);
  sheet.addRow([t('sheet.asOf', { time: vietnamTime(report.asOf) })]);
  sheet.addRow([]);
  sheet.addRow([t('consolidated.columns.item'), t('consolidated.columns.unit'), t('consolidated.columns.value')]).font =
    {
      bold: true,
    };
  for (const line of report.lines) {
    const row = sheet.addRow([line.label, line.unit ?? '', line.value]);
    if (line.kind !== 'value') row.font = { bold: true };
  }
  sheet.columns = [{ width: 70 }, { width: 14 }, { width: 18 }];
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** "Made from 12 of 40 expected reports (30 %), those the department accepted." */
export function basisText(lang: Language, report: ConsolidatedReport): string {
  return translate(lang, 'reportStatus:consolidated.basis', {
    accepted: formatNumber(report.basis.accepted, lang),
    expected: formatNumber(report.basis.expected, lang),
    share: percent(lang, report.basis.share),
  });
}

/** The consolidated report as the department's PDF (signed when the department has set its certificate). */
export async function consolidatedPdf(
  db: Db,
  lang: Language,
  report: ConsolidatedReport,
): Promise<{ pdf: Buffer; fileName: string }> {
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(lang, `reportStatus:consolidated.pdf.${key}`, vars);
  const province = (await getPortalConfig(db, lang)).provinceName.trim();
  const [y, m, d] = report.today.split('-');
  const title = t('title', { name: report.reportType.name.toLocaleUpperCase(lang), period: report.period.key });
  const pdf = await renderDocument({
    lang,
    issuer: [
      ...(province ? [t('issuerProvince', { province: province.toLocaleUpperCase('vi') })] : []),
      t('issuerDepartment'),
    ],
    motto: [t('motto'), t('mottoSub')],
    place: t('place', { province: province || t('placeFallback'), day: d!, month: m!, year: y! }),
    title,
    paragraphs: [
      t('intro', { form: report.form.title, basis: report.form.legalBasis }),
      basisText(lang, report),
      t('asOf', { time: vietnamTime(report.asOf) }),
      ...(report.form.verified ? [] : [t('unverified')]),
    ],
    fields: [
      { label: t('fields.reportType'), value: `${report.reportType.name} (${report.reportType.code})` },
      { label: t('fields.period'), value: periodLabel(lang, report.period) },
      ...(report.dueOn ? [{ label: t('fields.dueOn'), value: dmy(report.dueOn) }] : []),
    ],
    table: {
      columns: [t('columns.item'), t('columns.unit'), t('columns.value')],
      rows: report.lines.map((line) =>
        line.kind === 'value'
          ? [`   ${line.label}`, line.unit ?? '', count(lang, line.value) || '—']
          : [line.label.toLocaleUpperCase(lang === 'vi' ? 'vi' : 'en'), '', ''],
      ),
    },
    signature: { title: t('signature') },
    footer: t('footer', { code: report.reportType.code, period: report.period.key }),
    metadata: { title, subject: `${report.reportType.code} ${report.period.key}` },
  });
  return { pdf, fileName: t('fileName', { code: report.reportType.code, period: report.period.key }) };
}
