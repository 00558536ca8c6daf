import { sql } from 'kysely';
import { emptyFigures, sectionTotal, type StatisticsFigures } from '@portal/domain/accidents/statistics/index';
import { formatNumber } from '@portal/domain/format';
import { translate } from '@portal/domain/i18n';
import type { OpContext } from '../../../catalog/context.ts';
import { renderDocument } from '../../../platform/documents/index.ts';
import { clock } from '../../../platform/clock/index.ts';
import { documentSignature, getPortalConfig } from '../../configuration/index.ts';
import { figureRows, loadReport } from './service.ts';
import { linesOf, loadSpecializeReport } from './specialize.ts';

/**
 * The two printed reports, through the product's one document renderer: the employer's Appendix XII report
 * (header facts, then sections 1 to 3 with the breakdowns of section 1 by cause, injury factor and occupation) and
 * the department's specialised summary report (its lines grouped by facility-type classification, with subtotals
 * and the total). Costs are printed in thousands of dong, as the form has them. Every word from the locale files.
 */

const dmy = (date: string) => date.split('-').reverse().join('/');
// The portal's one number format (Vietnamese thousands separator), not the server's ICU data.
const count = (n: number) => formatNumber(Math.round(n), 'vi');
const thousands = (n: number) => formatNumber(Math.round(n / 1000), 'vi');

function placeLine(ctx: OpContext, province: string): string {
  const [y, m, d] = clock.today().split('-');
  return translate(ctx.lang, 'accidents:statistics.pdf.place', {
    province: province || translate(ctx.lang, 'accidents:statistics.pdf.placeFallback'),
    day: d!,
    month: m!,
    year: y!,
  });
}

const appendixColumns = [
  'row',
  'accidents',
  'fatalAccidents',
  'multiVictimAccidents',
  'victims',
  'femaleVictims',
  'deaths',
  'seriousInjuries',
  'daysOff',
  'totalCost',
  'propertyDamage',
] as const;

function appendixCells(label: string, f: StatisticsFigures): string[] {
  return [
    label,
    count(f.accidents),
    count(f.fatalAccidents),
    count(f.multiVictimAccidents),
    count(f.victims),
    count(f.femaleVictims),
    count(f.deaths),
    count(f.seriousInjuries),
    count(f.daysOff),
    thousands(f.totalCost),
    thousands(f.propertyDamage),
  ];
}

/** The employer's accident statistics report of a period (Decree 39/2016, Appendix XII) as a PDF. */
export async function statisticsPdf(ctx: OpContext, id: string): Promise<{ pdf: Buffer; fileName: string }> {
  const report = await loadReport(ctx, id);
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(ctx.lang, `accidents:statistics.pdf.${key}`, vars);
  const business = await sql<{ name: string; code: string | null; address: string | null }>`
    select name, code, address from business where id = ${report.businessId as string}::uuid`.execute(ctx.db);
  const b = business.rows[0];
  const province = (await getPortalConfig(ctx.db, ctx.lang)).provinceName.trim();
  const rows = await figureRows(ctx.db, id);
  const period = translate(
    ctx.lang,
    `accidents:statistics.areas.accidentStatistical.options.period.${String(report.period)}`,
  );
  const table: string[][] = [];
  const totalOf = (section: 1 | 2) => rows.find((r) => r.section === section && r.dimension === 'total');
  // A section without accidents prints its row of zeros (a "no accidents" report is a normal one).
  const line = (label: string, f: StatisticsFigures | undefined) =>
    table.push(appendixCells(label, f ?? emptyFigures()));
  line(t('section1'), totalOf(1));
  for (const [dimension, heading] of [
    ['cause', 'byCause'],
    ['factor', 'byFactor'],
    ['occupation', 'byOccupation'],
  ] as const) {
    table.push([t(heading)]);
    for (const r of rows.filter((x) => x.section === 1 && x.dimension === dimension))
      line(`   ${r.keyCode ? `${r.keyCode} – ` : ''}${r.keyName ?? t('unspecified')}`, r);
  }
  line(t('section2'), totalOf(2));
  line(t('section3'), sectionTotal(rows, 'total').get(null));
  const outside = rows.filter((r) => r.dimension === 'total');
  const sum = (k: keyof StatisticsFigures) => outside.reduce((n, r) => n + r[k], 0);
  const title = t('statisticsTitle', { period, year: Number(report.year) });
  const pdf = await renderDocument({
    lang: ctx.lang,
    issuer: [b?.name?.toLocaleUpperCase('vi') ?? ''],
    motto: [t('motto'), t('mottoSub')],
    number: t('code', { code: String(report.code ?? '') }),
    place: placeLine(ctx, province),
    title,
    paragraphs: [t('statisticsBasis'), t('costUnit')],
    fields: [
      { label: t('fields.employer'), value: b?.name ?? '' },
      { label: t('fields.taxCode'), value: b?.code ?? '' },
      { label: t('fields.address'), value: b?.address ?? '' },
      { label: t('fields.period'), value: `${period} ${String(report.year)}` },
      { label: t('fields.totalWorkers'), value: count(Number(report.totalWorkers ?? 0)) },
      { label: t('fields.femaleWorkers'), value: count(Number(report.femaleWorkers ?? 0)) },
      { label: t('fields.wageFund'), value: thousands(Number(report.wageFund ?? 0)) },
      {
        label: t('fields.outside'),
        value: t('outsideValue', {
          victims: count(sum('outsideVictims')),
          female: count(sum('outsideFemale')),
          deaths: count(sum('outsideDeaths')),
          serious: count(sum('outsideSerious')),
        }),
      },
      {
        label: t('fields.costs'),
        value: t('costsValue', {
          medical: thousands(sum('medicalCost')),
          wage: thousands(sum('wageCost')),
          compensation: thousands(sum('compensationCost')),
          other: thousands(sum('otherCost')),
        }),
      },
      ...(report.submittedOn ? [{ label: t('fields.submittedOn'), value: dmy(String(report.submittedOn)) }] : []),
    ],
    table: { columns: appendixColumns.map((c) => t(`columns.${c}`)), rows: table },
    signature: { title: t('employerSignature') },
    footer: t('footer', { code: String(report.code ?? '') }),
    metadata: { title, subject: String(report.code ?? '') },
  });
  return { pdf, fileName: `${t('statisticsFile')}_${String(report.code ?? id)}` };
}

/** The specialised summary report as a PDF: lines by classification with subtotals, and the total. */
export async function specializePdf(ctx: OpContext, id: string): Promise<{ pdf: Buffer; fileName: string }> {
  const report = await loadSpecializeReport(ctx, id);
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(ctx.lang, `accidents:statistics.pdf.${key}`, vars);
  const type = await sql<{ name: string; legal_basis: string | null }>`
    select name, legal_basis from accident_specialize_type where id = ${report.typeId as string}::uuid`.execute(ctx.db);
  const config = await getPortalConfig(ctx.db, ctx.lang);
  const province = config.provinceName.trim();
  const lines = (await linesOf(ctx.db, id)).filter((l) => l.filled);
  const period = translate(
    ctx.lang,
    `accidents:statistics.areas.accidentStatistical.options.period.${String(report.period)}`,
  );
  const cells = (label: string, f: (typeof lines)[number] | Record<string, number>) => [
    label,
    count(f.accidents as number),
    count(f.fatalAccidents as number),
    count(f.victims as number),
    count(f.deaths as number),
    count(f.seriousInjuries as number),
    count(f.daysOff as number),
    thousands(f.totalCost as number),
    thousands(f.propertyDamage as number),
  ];
  const keys = [
    'accidents',
    'fatalAccidents',
    'victims',
    'deaths',
    'seriousInjuries',
    'daysOff',
    'totalCost',
    'propertyDamage',
  ] as const;
  const add = (a: Record<string, number>, b: Record<string, number>) =>
    Object.fromEntries(keys.map((k) => [k, (a[k] ?? 0) + (b[k] ?? 0)]));
  const rows: string[][] = [];
  let total: Record<string, number> = {};
  const groups = [...new Set(lines.map((l) => l.facilityTypeId))];
  groups.forEach((g, i) => {
    const its = lines.filter((l) => l.facilityTypeId === g);
    let sub: Record<string, number> = {};
    for (const l of its) sub = add(sub, l as unknown as Record<string, number>);
    total = add(total, sub);
    rows.push(cells(`${roman(i + 1)}. ${its[0]!.facilityTypeName}`, sub));
    its.forEach((l, j) => rows.push(cells(`   ${j + 1}. ${l.titleName}`, l)));
  });
  rows.push(cells(t('total'), add(total, {})));
  const title = t('specializeTitle', { name: String(report.name), period, year: Number(report.year) });
  const pdf = await renderDocument({
    lang: ctx.lang,
    issuer: [t('portal'), ...(province ? [t('province', { province: province.toLocaleUpperCase('vi') })] : [])],
    motto: [t('motto'), t('mottoSub')],
    number: t('code', { code: String(report.code) }),
    place: placeLine(ctx, province),
    title,
    paragraphs: [t('specializeBasis', { basis: type.rows[0]?.legal_basis ?? '' }), t('costUnit')],
    fields: [
      { label: t('fields.type'), value: type.rows[0]?.name ?? '' },
      { label: t('fields.period'), value: `${period} ${String(report.year)}` },
      ...(report.source ? [{ label: t('fields.source'), value: String(report.source) }] : []),
      ...(report.reportedOn ? [{ label: t('fields.reportedOn'), value: dmy(String(report.reportedOn)) }] : []),
    ],
    table: {
      columns: [
        'row',
        'accidents',
        'fatalAccidents',
        'victims',
        'deaths',
        'seriousInjuries',
        'daysOff',
        'totalCost',
        'propertyDamage',
      ].map((c) => t(`columns.${c}`)),
      rows,
    },
    signature: await documentSignature(ctx.db, ctx.lang, 'accidentSpecializeReport', t('departmentSignature')),
    footer: t('footer', { code: String(report.code) }),
    metadata: { title, subject: String(report.code) },
  });
  return { pdf, fileName: `${t('specializeFile')}_${String(report.code)}` };
}

function roman(n: number): string {
  const map: [number, string][] = [
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  for (const [v, s] of map)
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}
