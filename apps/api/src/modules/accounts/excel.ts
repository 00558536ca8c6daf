import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../platform/files/index.ts';

/**
 * Spreadsheets of the accounts module (user template and export). Kept small and declarative — columns with
 * headers, widths and optional pick lists — so the user list can move onto the catalogue engine unchanged.
 */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetColumn<Row> {
  header: string;
  width: number;
  required?: boolean;
  value?: (row: Row) => string | number | Date | null | undefined;
  /** Name of a list sheet whose first column holds the allowed values (template drop-down). */
  list?: string;
}

export interface PickList {
  name: string;
  headers: [string, string];
  rows: Array<[string, string]>;
}

const headerFill: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE6F1' } };
const requiredFont: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFB42318' } };
const TEMPLATE_ROWS = 1000;

function columnLetter(n: number): string {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

const sheetName = (text: string) => text.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);

function headerRow(ws: ExcelJS.Worksheet, columns: Array<SheetColumn<never>>): void {
  ws.columns = columns.map((c) => ({ header: c.required ? `${c.header} (*)` : c.header, width: c.width }));
  const row = ws.getRow(1);
  row.font = { bold: true };
  row.alignment = { vertical: 'middle', wrapText: true };
  row.height = 30;
  columns.forEach((c, i) => {
    const cell = row.getCell(i + 1);
    cell.fill = headerFill;
    if (c.required) cell.font = requiredFont;
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];
}

/** An import template: the data sheet with drop-downs, the pick lists, and an instructions sheet. */
export async function templateWorkbook(
  title: string,
  columns: Array<SheetColumn<never>>,
  lists: PickList[],
  instructions: { title: string; lines: string[] },
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Cổng ATVSLĐ';
  const ws = wb.addWorksheet(sheetName(title));
  headerRow(ws, columns);
  for (const list of lists) {
    const ls = wb.addWorksheet(sheetName(list.name));
    ls.columns = [
      { header: list.headers[0], width: 24 },
      { header: list.headers[1], width: 48 },
    ];
    ls.getRow(1).font = { bold: true };
    ls.getRow(1).fill = headerFill;
    list.rows.forEach((r) => ls.addRow(r));
  }
  columns.forEach((c, i) => {
    const list = c.list ? lists.find((l) => l.name === c.list) : undefined;
    if (!list || list.rows.length === 0) return;
    const letter = columnLetter(i + 1);
    const source = `'${sheetName(list.name)}'!$A$2:$A$${list.rows.length + 1}`;
    for (let r = 2; r <= TEMPLATE_ROWS + 1; r++) {
      ws.getCell(`${letter}${r}`).dataValidation = {
        type: 'list',
        allowBlank: !c.required,
        formulae: [source],
        showErrorMessage: true,
      };
    }
  });
  const help = wb.addWorksheet(sheetName(instructions.title));
  help.getColumn(1).width = 110;
  help.addRow([instructions.title]).font = { bold: true, size: 13 };
  instructions.lines.forEach((l) => (help.addRow([l]).alignment = { wrapText: true }));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Stream rows into an xlsx download: rows are written as they are read, so memory stays flat. */
export function sendWorkbook<Row>(
  reply: FastifyReply,
  fileName: string,
  title: string,
  columns: Array<SheetColumn<Row>>,
  rows: AsyncIterable<Row>,
): FastifyReply {
  const stream = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const ws = wb.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  const head = ws.getRow(1);
  head.font = { bold: true };
  head.fill = headerFill;
  head.commit();
  void (async () => {
    try {
      for await (const row of rows) {
        ws.addRow(columns.map((c) => c.value?.(row) ?? null)).commit();
      }
      ws.commit();
      await wb.commit();
    } catch (err) {
      stream.destroy(err as Error);
    }
  })();
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .send(stream);
}
