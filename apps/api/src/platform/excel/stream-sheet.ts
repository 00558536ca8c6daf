import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { drained, XLSX_MIME } from '../../catalog/excel.ts';
import type { Executor } from '../../catalog/context.ts';
import { contentDisposition } from '../files/index.ts';

/**
 * A domain's own list as a streamed xlsx file (the catalogue's export does the same for catalogue areas): the
 * statement is read through a cursor in batches and each batch written as it comes, so memory stays flat
 * whatever the length of the list, and a slow download holds the next fetch back.
 */

export interface SheetColumn<Row> {
  header: string;
  width: number;
  /** Dates as 'YYYY-MM-DD' text are written as dates (dd/mm/yyyy). */
  date?: boolean;
  value: (row: Row) => string | number | null;
}

/** The rows of `query`, `size` at a time, inside a read-only transaction of their own (a cursor needs one). */
export async function readInBatches<Row>(
  db: Executor,
  query: RawBuilder<Row>,
  onBatch: (rows: Row[]) => Promise<void>,
  size = 2000,
): Promise<number> {
  let total = 0;
  const read = async (trx: Executor) => {
    if (!db.isTransaction) await sql`set transaction read only`.execute(trx);
    await sql`declare sheet_cursor no scroll cursor for ${query}`.execute(trx);
    for (;;) {
      const batch = (await sql.raw(`fetch forward ${size} from sheet_cursor`).execute(trx)).rows as Row[];
      if (!batch.length) break;
      total += batch.length;
      await onBatch(batch);
      if (batch.length < size) break;
    }
    await sql`close sheet_cursor`.execute(trx);
  };
  if (db.isTransaction) await read(db);
  else await db.transaction().execute(read);
  return total;
}

const utcDate = (text: string) => new Date(`${text.slice(0, 10)}T00:00:00Z`);

/** Writes the rows `fill` hands over into one sheet of a streamed workbook on `out`. */
export async function writeSheet<Row>(
  out: Writable,
  o: { sheet: string; creator: string; columns: SheetColumn<Row>[] },
  fill: (write: (rows: Row[]) => Promise<void>) => Promise<unknown>,
): Promise<void> {
  const ExcelJS = (await import('exceljs')).default;
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = o.creator;
  const ws = book.addWorksheet(o.sheet.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  ws.columns = o.columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width,
    ...(c.date ? { style: { numFmt: 'dd/mm/yyyy' } } : {}),
  }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE6F1' } };
  header.commit();
  await fill(async (rows) => {
    for (const row of rows)
      ws.addRow(
        o.columns.map((c) => {
          const v = c.value(row);
          return c.date && typeof v === 'string' && v ? utcDate(v) : v;
        }),
      ).commit();
    // ExcelJS buffers without pushing back: wait for the download here (a cancelled one stops the export).
    await drained(out);
  });
  ws.commit();
  await book.commit();
}

/** Answers the request with the sheet, streamed as it is written; a failure half-way ends the download. */
export function sendSheet(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  write: (out: Writable) => Promise<unknown>,
): FastifyReply {
  const stream = new PassThrough();
  reply.header('content-type', XLSX_MIME).header('content-disposition', contentDisposition(fileName));
  write(stream).catch((err: unknown) => {
    request.log.error({ err }, 'export failed while streaming');
    stream.destroy(err as Error);
  });
  return reply.send(stream);
}
