import { translate, type Language } from '@portal/domain/i18n';
import type { StatisticAnswer } from '@portal/domain/statistics/index';
import type { StatisticDeclaration } from './declare.ts';

/**
 * A statistic's answer as an xlsx workbook: the figures (with the year before and the change, and the cross-table's
 * second key), then a methodology sheet — what is counted, the source, the scope and filters, when it was read, how
 * complete the reports behind it are, and the disclosure rule — as official statistics pages state them.
 */

/** 'dd/MM/yyyy HH:mm', Vietnam time. */
const vnDateTime = (iso: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Ho_Chi_Minh',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
};

export async function statisticWorkbook(
  lang: Language,
  d: StatisticDeclaration,
  a: StatisticAnswer,
  filters: { label: string; value: string }[],
): Promise<Buffer> {
  // ExcelJS is loaded on the first spreadsheet, not with the server.
  const ExcelJS = (await import('exceljs')).default;
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(lang, `statistics:${key}`, vars);
  const value = (dimension: string, key: string | null, label: string | null) =>
    label ?? (key === null ? t('export.unknown') : translate(lang, `statistics:values.${dimension}.${key}`));
  const book = new ExcelJS.Workbook();
  const title = t(`items.${d.info.key}.title`);
  const sheet = book.addWorksheet(t('export.figures'));
  sheet.addRow([title]).font = { bold: true, size: 13 };
  sheet.addRow([t('export.year', { year: a.year }), t(`measures.${a.measure}`)]);
  sheet.addRow([]);
  const comparable = d.time !== 'stock';
  const headers = [
    t(`dimensions.${a.by}`),
    ...(a.by2 ? [t(`dimensions.${a.by2}`)] : []),
    t(`measures.${a.measure}`),
    ...(comparable ? [t('export.previous', { year: a.year - 1 }), t('export.change')] : []),
  ];
  sheet.addRow(headers).font = { bold: true };
  const change = (now: number | null, before: number | null) =>
    now === null || before === null || before === 0 ? '' : Math.round(((now - before) / before) * 1000) / 10;
  for (const r of a.rows) {
    sheet.addRow([
      value(a.by, r.key, r.label),
      ...(a.by2 ? [value(a.by2, r.key2, r.label2)] : []),
      r.value ?? `< 5`,
      ...(comparable ? [r.previous ?? '', change(r.value, r.previous)] : []),
    ]);
  }
  sheet.addRow([
    t('export.total'),
    ...(a.by2 ? [''] : []),
    a.total ?? '',
    ...(comparable ? [a.previousTotal ?? '', change(a.total, a.previousTotal)] : []),
  ]).font = { bold: true };
  sheet.columns = headers.map((_, i) => ({ width: i === 0 ? 40 : 18 }));

  const method = book.addWorksheet(t('export.methodology'));
  const line = (label: string, text: string) => {
    const row = method.addRow([label, text]);
    row.getCell(1).font = { bold: true };
    row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
  };
  method.addRow([title]).font = { bold: true, size: 13 };
  line(t('export.definition'), t(`items.${d.info.key}.description`));
  line(t('export.source'), t(`methodology.sources.${d.source}`));
  line(t('export.time'), t(`methodology.time.${d.time}`, { year: a.year }));
  line(t('export.asOf'), vnDateTime(a.asOf));
  line(
    t('export.completeness'),
    a.completeness
      ? t('methodology.completeness', {
          share: a.completeness.share,
          received: a.completeness.received,
          expected: a.completeness.expected,
        })
      : t('methodology.notFromReports'),
  );
  line(t('export.filters'), filters.length ? filters.map((f) => `${f.label}: ${f.value}`).join('; ') : '—');
  line(t('export.disclosure'), t('methodology.disclosure'));
  method.columns = [{ width: 28 }, { width: 90 }];
  return Buffer.from(await book.xlsx.writeBuffer());
}
