import { readSheet } from 'read-excel-file/web-worker';

/**
 * Parses an uploaded workbook off the main thread (a large file must not freeze the page): the first sheet,
 * as rows of cells. Dates become 'YYYY-MM-DD' from their UTC parts, as the library builds them, so no time
 * zone can move a day; everything else is sent as it is and the server reads it.
 */
export type WorkerCell = string | number | boolean | null;
export type WorkerResult = { ok: true; rows: WorkerCell[][] } | { ok: false; message: string };

const pad = (n: number) => String(n).padStart(2, '0');

self.onmessage = async (event: MessageEvent<{ file: Blob }>) => {
  try {
    const rows = await readSheet(event.data.file);
    const plain = rows.map((row) =>
      row.map((cell): WorkerCell => {
        if (cell instanceof Date)
          return `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
        if (cell === null || typeof cell === 'string' || typeof cell === 'number' || typeof cell === 'boolean')
          return cell;
        return String(cell);
      }),
    );
    postMessage({ ok: true, rows: plain } satisfies WorkerResult);
  } catch (err) {
    postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) } satisfies WorkerResult);
  }
};
