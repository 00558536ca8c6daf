import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { sql } from 'kysely';
import {
  areaText,
  codeKeyOf,
  displayKeyOf,
  columnOf,
  excelHeader,
  hasSoftDelete,
  optionLabelKey,
  type FieldDef,
  type ResolvedCatalog,
} from '@portal/domain/catalog/index';
import { translator, type OpContext } from './context.ts';
import type { CatalogRecord } from './hooks.ts';
import type { CatalogOperations } from './operations.ts';
import type { Filters } from './query.ts';
import { catalogRegistry } from './registry.ts';
import { rowScope } from './scope.ts';
import { scopeCondition } from '../platform/access/scope.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Template rows that carry drop-down validation. */
const TEMPLATE_ROWS = 2000;
/** A reference list longer than this gets no drop-down (the instructions say: type the code). */
const MAX_LIST_ITEMS = 2000;

/**
 * ExcelJS (and the zip and stream libraries under it) is loaded on the first template, import or export, not
 * with the server: most processes never write a spreadsheet, and it is the largest part of the code loaded.
 */
async function excelJs(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

const headerFill: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE6F1' } };
const thin: Partial<ExcelJS.Borders> = {
  top: { style: 'thin', color: { argb: 'FFB7C3D0' } },
  bottom: { style: 'thin', color: { argb: 'FFB7C3D0' } },
  left: { style: 'thin', color: { argb: 'FFB7C3D0' } },
  right: { style: 'thin', color: { argb: 'FFB7C3D0' } },
};

/** ExcelJS supports range validations ('B2:B2001') but its typings omit them. */
function validations(ws: ExcelJS.Worksheet): { add(range: string, validation: ExcelJS.DataValidation): void } {
  return (ws as unknown as { dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void } })
    .dataValidations;
}

/** Excel sheet names: at most 31 characters, none of []:*?/\ */
function sheetName(text: string): string {
  return text.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
}

function columnLetter(n: number): string {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

function widthOf(f: FieldDef): number {
  if (f.width) return f.width;
  switch (f.kind) {
    case 'longText':
      return 50;
    case 'date':
    case 'number':
    case 'boolean':
      return 14;
    case 'reference':
    case 'treeReference':
    case 'employer':
      return 30;
    default:
      return 24;
  }
}

/** Columns of a template or export: the declared Excel columns minus what the page fixes (a view's type). */
export function excelColumns(c: ResolvedCatalog, fixed: Record<string, unknown> = {}): string[] {
  return c.excel.filter((name) => !(name in fixed));
}

function optionLabel(ctx: OpContext, c: ResolvedCatalog, name: string, option: string): string {
  return translator(ctx)(optionLabelKey(c.declaration, name, option));
}

export function fileNames(ctx: OpContext, c: ResolvedCatalog): { template: string; export: string } {
  const t = translator(ctx);
  const noun = t(areaText(c.declaration, 'noun'));
  const clean = (s: string) =>
    s
      .replace(/[\\/:*?"<>|]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return {
    template: `${clean(t('catalog:excel.templateFile', { noun }))}.xlsx`,
    export: `${clean(t('catalog:excel.exportFile', { noun }))}.xlsx`,
  };
}

function describeKind(ctx: OpContext, c: ResolvedCatalog, name: string): string {
  const t = translator(ctx);
  const f = c.declaration.fields[name]!;
  switch (f.kind) {
    case 'text':
      return t(f.code ? 'catalog:excel.kinds.code' : 'catalog:excel.kinds.text', { max: f.max });
    case 'longText':
      return t('catalog:excel.kinds.longText', { max: f.max });
    case 'number': {
      const base = t(f.integer ? 'catalog:excel.kinds.integer' : 'catalog:excel.kinds.number');
      const range = [f.min !== undefined ? `≥ ${f.min}` : '', f.max !== undefined ? `≤ ${f.max}` : '']
        .filter(Boolean)
        .join(', ');
      return range ? `${base} (${range})` : base;
    }
    case 'enum':
      return t('catalog:excel.kinds.enum', { values: f.options.map((o) => optionLabel(ctx, c, name, o)).join('; ') });
    case 'reference':
      return t('catalog:excel.kinds.reference', {
        catalog: t(areaText(catalogRegistry.get(f.target).declaration, 'noun')),
      });
    case 'treeReference':
      return t('catalog:excel.kinds.treeReference', {
        catalog: t(areaText((f.target ? catalogRegistry.get(f.target) : c).declaration, 'noun')),
      });
    default:
      return t(`catalog:excel.kinds.${f.kind}`);
  }
}

/** Names offered in a reference column's drop-down (live, in the caller's scope), or null when too many. */
async function referenceChoices(ctx: OpContext, target: ResolvedCatalog): Promise<string[] | null> {
  const scope = ctx.system ? null : rowScope(target, ctx.principal);
  const title = sql.ref(`t.${columnOf(target.declaration.titleField)}`);
  const found = await sql<{ label: string }>`select ${title} as label from ${sql.table(target.table)} as t
      where ${hasSoftDelete(target.declaration) ? sql`t.deleted_at is null` : sql`true`} ${scope ? sql`and ${scope}` : sql``}
      order by ${title} limit ${MAX_LIST_ITEMS + 1}`.execute(ctx.db);
  if (found.rows.length > MAX_LIST_ITEMS) return null;
  return [...new Set(found.rows.map((r) => r.label))];
}

/** Employers offered in the employer column's drop-down (those the caller may file for), or null when too many. */
async function employerChoices(ctx: OpContext): Promise<string[] | null> {
  const scope = ctx.system ? null : scopeCondition(ctx.principal, { businessColumn: 'b.id' });
  const found = await sql<{
    code: string;
  }>`select b.code from business b where b.deleted_at is null ${scope ? sql`and ${scope}` : sql``}
      order by b.code limit ${MAX_LIST_ITEMS + 1}`.execute(ctx.db);
  return found.rows.length > MAX_LIST_ITEMS ? null : found.rows.map((r) => r.code);
}

/**
 * The import template: a data sheet with the Vietnamese headers (required ones marked * in red), text format
 * for codes so leading zeros survive, drop-down lists for enums, yes/no and references, and an instructions
 * sheet describing every column.
 */
export async function buildTemplate(
  ops: Pick<CatalogOperations, 'c'>,
  ctx: OpContext,
  fixed: Record<string, unknown> = {},
): Promise<Buffer> {
  const c = ops.c;
  const d = c.declaration;
  const t = translator(ctx);
  const noun = t(areaText(d, 'noun'));
  const names = excelColumns(c, fixed);
  const wb = new (await excelJs()).Workbook();
  wb.creator = t('common:appShortName');
  wb.created = new Date();
  const dataName = sheetName(t('catalog:excel.dataSheet'));
  const data = wb.addWorksheet(dataName, { views: [{ state: 'frozen', ySplit: 1 }] });
  const guide = wb.addWorksheet(sheetName(t('catalog:excel.instructionsSheet')));
  const lists = wb.addWorksheet(sheetName(t('catalog:excel.listsSheet')), { state: 'hidden' });
  const listsRef = `'${lists.name.replace(/'/g, "''")}'`;

  data.columns = names.map((name) => {
    const f = d.fields[name]!;
    const style: Partial<ExcelJS.Style> = {};
    if (f.kind === 'text' || f.kind === 'adminUnit') style.numFmt = '@';
    if (f.kind === 'date') style.numFmt = 'dd/mm/yyyy';
    return { header: excelHeader(d, name, t), key: name, width: widthOf(f), style };
  });
  const header = data.getRow(1);
  header.height = 22;
  header.eachCell((cell, colNumber) => {
    const f = d.fields[names[colNumber - 1]!]!;
    cell.font = { bold: true, color: { argb: f.required ? 'FFC00000' : 'FF1F3864' } };
    cell.fill = headerFill;
    cell.border = thin;
    cell.alignment = { vertical: 'middle', wrapText: true };
    cell.numFmt = 'General';
  });

  let listColumn = 0;
  for (const [i, name] of names.entries()) {
    const f = d.fields[name]!;
    const letter = columnLetter(i + 1);
    const range = `${letter}2:${letter}${TEMPLATE_ROWS + 1}`;
    const label = excelHeader(d, name, t);
    let choices: string[] | null = null;
    if (f.kind === 'enum') choices = f.options.map((o) => optionLabel(ctx, c, name, o));
    else if (f.kind === 'boolean') choices = [t('catalog:excel.yes'), t('catalog:excel.no')];
    else if (f.kind === 'reference') choices = await referenceChoices(ctx, catalogRegistry.get(f.target));
    else if (f.kind === 'treeReference')
      choices = await referenceChoices(ctx, f.target ? catalogRegistry.get(f.target) : c);
    else if (f.kind === 'employer') choices = await employerChoices(ctx);
    if (f.kind === 'date') {
      validations(data).add(range, {
        type: 'date',
        operator: 'greaterThan',
        allowBlank: !f.required,
        formulae: [new Date(Date.UTC(1900, 0, 1))],
        showErrorMessage: true,
        errorTitle: label,
        error: t('catalog:validation.date'),
      });
    }
    if (!choices || choices.length === 0) continue;
    listColumn += 1;
    const listLetter = columnLetter(listColumn);
    lists.getCell(`${listLetter}1`).value = label;
    choices.forEach((choice, j) => {
      lists.getCell(`${listLetter}${j + 2}`).value = choice;
    });
    validations(data).add(range, {
      type: 'list',
      allowBlank: !f.required,
      formulae: [`${listsRef}!$${listLetter}$2:$${listLetter}$${choices.length + 1}`],
      // References may also be typed as codes: warn, do not refuse.
      showErrorMessage: f.kind === 'enum' || f.kind === 'boolean',
      errorStyle: f.kind === 'enum' || f.kind === 'boolean' ? 'stop' : 'warning',
      errorTitle: label,
      error: describeKind(ctx, c, name),
    });
  }

  guide.columns = [{ width: 34 }, { width: 12 }, { width: 90 }];
  guide.getCell('A1').value = t('catalog:excel.instructionsTitle', { noun });
  guide.getCell('A1').font = { bold: true, size: 14, color: { argb: 'FF1F3864' } };
  guide.getCell('A2').value = t('catalog:excel.instructionsIntro', { noun, sheet: dataName });
  guide.getCell('A3').value = t('catalog:excel.instructionsReupload');
  for (const ref of ['A2', 'A3']) guide.mergeCells(`${ref}:C${ref.slice(1)}`);
  for (const r of [2, 3]) {
    guide.getRow(r).alignment = { wrapText: true, vertical: 'top' };
    guide.getRow(r).height = 32;
  }
  const head = guide.getRow(5);
  head.values = [t('catalog:excel.column'), t('catalog:excel.required'), t('catalog:excel.format')];
  head.eachCell((cell) => {
    cell.font = { bold: true };
    cell.fill = headerFill;
    cell.border = thin;
  });
  names.forEach((name, i) => {
    const row = guide.getRow(6 + i);
    row.values = [
      excelHeader(d, name, t),
      d.fields[name]!.required ? t('catalog:excel.yes') : '',
      describeKind(ctx, c, name),
    ];
    row.eachCell((cell) => {
      cell.border = thin;
      cell.alignment = { wrapText: true, vertical: 'top' };
    });
  });

  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * A record's value as an export cell: codes for references (they import back), labels for enums and yes/no.
 * Labels are looked up once per field and value, not once per cell.
 */
function cellWriter(ctx: OpContext, c: ResolvedCatalog, name: string): (record: CatalogRecord) => ExcelJS.CellValue {
  const f = c.declaration.fields[name]!;
  switch (f.kind) {
    case 'enum': {
      const labels = new Map(f.options.map((o) => [o, optionLabel(ctx, c, name, o)]));
      return (record) => (record[name] == null ? null : (labels.get(String(record[name])) ?? String(record[name])));
    }
    case 'boolean': {
      const [yes, no] = [translator(ctx)('catalog:excel.yes'), translator(ctx)('catalog:excel.no')];
      return (record) => (record[name] ? yes : no);
    }
    case 'date':
      return (record) => (record[name] == null ? null : new Date(`${String(record[name])}T00:00:00Z`));
    case 'reference':
    case 'treeReference': {
      const target =
        f.kind === 'reference' ? catalogRegistry.get(f.target) : f.target ? catalogRegistry.get(f.target) : c;
      const key = target.declaration.codeField ? codeKeyOf(name) : displayKeyOf(name);
      return (record) => (record[name] == null ? null : ((record[key] as string | null) ?? null));
    }
    case 'employer':
      // The employer's tax code: it imports back.
      return (record) => (record[name] == null ? null : ((record[codeKeyOf(name)] as string | null) ?? null));
    case 'number':
      return (record) => (record[name] == null ? null : Number(record[name]));
    default:
      return (record) => (record[name] == null ? null : String(record[name]));
  }
}

/** Text for XML, as ExcelJS writes it: markup escaped, characters XML cannot carry dropped. */
function xmlText(text: string): string {
  // eslint-disable-next-line no-control-regex -- exactly the control characters XML 1.0 forbids
  return text.replace(/[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/g, (ch) => xmlEntities[ch] ?? '');
}
const xmlEntities: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };

/** Spreadsheet column letters: 0 → A, 25 → Z, 26 → AA. */
function columnLetters(index: number): string {
  let out = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

/**
 * One data row as sheet XML, the cells ExcelJS would write for the same values (text, numbers, dates as serial
 * days with the column's date style) without building its row and cell models: an export of 100 000 rows made
 * millions of short-lived objects that way, half its time and most of the garbage the server had to collect.
 */
function rowXml(rowNumber: number, values: ExcelJS.CellValue[], letters: string[], dateStyle: number): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v == null) continue;
    const ref = `${letters[i]}${rowNumber}`;
    if (typeof v === 'number') xml += `<c r="${ref}"><v>${v}</v></c>`;
    else if (v instanceof Date) xml += `<c r="${ref}" s="${dateStyle}"><v>${25569 + v.getTime() / 86_400_000}</v></c>`;
    else xml += `<c r="${ref}" t="str"><v>${xmlText(String(v))}</v></c>`;
  }
  return `${xml}</row>`;
}

/** Once `out` takes more; rejects when it closes first (the download was cancelled: the export stops). */
export async function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain) return;
  await new Promise<void>((resolve, reject) => {
    const drain = () => {
      out.off('close', close);
      resolve();
    };
    const close = () => {
      out.off('drain', drain);
      reject(new Error('export stream closed before the end'));
    };
    out.once('drain', drain);
    out.once('close', close);
  });
}

/**
 * Stream the filtered list as xlsx into `out`: rows are fetched through a cursor and written as they come, so
 * memory stays flat whatever the size. Same columns and headers as the template, so an export imports back.
 */
export async function writeExport(
  ops: CatalogOperations,
  ctx: OpContext,
  q: Filters & { sortField?: string | undefined; sortOrder?: 'asc' | 'desc' | undefined },
  out: Writable,
  fixed: Record<string, unknown> = {},
): Promise<number> {
  const c = ops.c;
  const d = c.declaration;
  const t = translator(ctx);
  // The template's columns but write-only ones (an initial password): nothing to read back.
  const names = c.exported.filter((name) => !(name in fixed));
  const excel = await excelJs();
  const wb = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = t('common:appShortName');
  const ws = wb.addWorksheet(sheetName(t('catalog:excel.dataSheet')), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = names.map((name) => {
    const f = d.fields[name]!;
    return {
      header: excelHeader(d, name, t),
      key: name,
      width: widthOf(f),
      ...(f.kind === 'date' ? { style: { numFmt: 'dd/mm/yyyy' } } : {}),
    };
  });
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.fill = headerFill;
  // The header goes through ExcelJS (styles, columns, the sheet's opening); the data rows after it as XML.
  header.commit();
  const writers = names.map((name) => cellWriter(ctx, c, name));
  const letters = names.map((_, i) => columnLetters(i));
  const internals = wb as unknown as { styles: { addStyleModel(style: object, type: number): number } };
  const dateStyle = internals.styles.addStyleModel({ numFmt: 'dd/mm/yyyy' }, excel.ValueType.Date);
  const sheet = (ws as unknown as { stream: { write(chunk: string): unknown } }).stream;
  let rowNumber = 1;
  const total = await ops.exportTo(ctx, q, async (records) => {
    let xml = '';
    for (const record of records)
      xml += rowXml(
        ++rowNumber,
        writers.map((write) => write(record)),
        letters,
        dateStyle,
      );
    void sheet.write(xml);
    // ExcelJS buffers the sheet without pushing back: a slow download holds the next fetch back here instead.
    await drained(out);
  });
  ws.commit();
  await wb.commit();
  return total;
}
