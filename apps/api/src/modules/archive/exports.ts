import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { ARCHIVE_EXPORT_KEEP_DAYS, ARCHIVE_EXPORT_MAX, type ArchiveExportStatus } from '@portal/domain/archive/index';
import { toLanguage, translate, type Language } from '@portal/domain/i18n';
import type { Principal } from '../../platform/access/index.ts';
import { loadPrincipal } from '../../platform/auth/principal.ts';
import { clock } from '../../platform/clock/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { languageOf } from '../../platform/errors/handler.ts';
import { contentDisposition } from '../../platform/files/index.ts';
import { retentionText, summaryPdf } from './pdf.ts';
import { archiveScope, recordColumns, recordFrom, toRow, type RecordRow } from './queries.ts';
import type { ExportBody, ExportRun } from './schemas.ts';
import { sourceDefinition } from './sources.ts';
import { archiveDb } from './tables.ts';

/**
 * Exports: a ZIP of archived records' PDFs with a manifest (manifest.csv for people, manifest.json for machines:
 * number, title, closing date, retention and the SHA-256 of each PDF). The set of records is fixed when asked, in
 * the caller's scope; the file is made on the job queue, one record at a time, written to disk as it is made (a
 * big set is never held in memory), its progress kept on the run; the owner polls the run and downloads the file,
 * streamed from disk. A record's PDF is its own module's where there is one (a periodic report's receipt, the
 * accident's receipt, the equipment confirmation, the inspection's PDF conclusion), else the archive's one-page
 * summary.
 *
 * A run left by a stopped process is made again from the start (the set is fixed, the file is rebuilt).
 */
export const EXPORT_QUEUE = 'archive-export';
export const EXPORT_PURGE_QUEUE = 'archive-export-purge';
/** Every day at 03:25, Vietnam time. */
const PURGE_CRON = '25 3 * * *';
const LEASE_SECONDS = 300;
const LEASE_RENEW_MS = 30_000;
/** Progress is written at most this often (and at the end). */
const PROGRESS_MS = 1000;
/** Records read per statement while the file is made. */
const READ_SLICE = 50;
/** A ZIP without ZIP64 stops at 4 GiB: stop well before. */
export const MAX_ZIP_BYTES = 3.5 * 1024 ** 3;
const workerId = randomUUID();

export const exportDirOf = (app: FastifyInstance) => path.join(app.config.dataDir, 'archive-exports');
const zipPathOf = (app: FastifyInstance, id: string) => path.join(exportDirOf(app), `${id}.zip`);

const busy = () => new AppError(429, 'ARCHIVE_EXPORT_BUSY', { messageKey: 'archive:errors.exportBusy' });

/** A ZIP written to a file as it is made: each entry's bytes go to disk before the next entry is taken. */
class ZipFileWriter {
  private readonly out: WriteStream;
  private readonly zip: Zip;
  private pending: Uint8Array[] = [];
  private failure: Error | null = null;
  private readonly hash = createHash('sha256');
  bytes = 0;

  constructor(file: string) {
    this.out = createWriteStream(file);
    this.out.on('error', (err) => {
      this.failure ??= err;
    });
    // fflate answers each entry's bytes synchronously while it is pushed.
    this.zip = new Zip((err, chunk) => {
      if (err) this.failure ??= err;
      else this.pending.push(chunk);
    });
  }

  async add(name: string, data: Uint8Array, compress: boolean): Promise<void> {
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    entry.mtime = clock.now();
    this.zip.add(entry);
    entry.push(data, true);
    await this.flush();
  }

  private async flush(): Promise<void> {
    while (this.pending.length) {
      const chunk = this.pending.shift()!;
      this.bytes += chunk.length;
      if (this.bytes > MAX_ZIP_BYTES)
        throw new AppError(413, 'ARCHIVE_EXPORT_TOO_BIG', { messageKey: 'archive:errors.exportFileTooBig' });
      this.hash.update(chunk);
      if (!this.out.write(chunk)) await once(this.out, 'drain');
    }
    if (this.failure) throw this.failure;
  }

  async close(): Promise<{ bytes: number; sha256: string }> {
    this.zip.end();
    await this.flush();
    this.out.end();
    await finished(this.out);
    return { bytes: this.bytes, sha256: this.hash.digest('hex') };
  }

  abort(): void {
    this.zip.terminate();
    this.out.destroy();
  }
}

/** A file name inside the ZIP: its position, then the record's number (or kind) without accents or separators. */
function entryName(index: number, row: { number: string | null; source: string }): string {
  const base = (row.number || row.source)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${String(index).padStart(4, '0')}-${base || 'record'}.pdf`;
}

/** A CSV cell: quoted when needed; a leading =, +, -, @ neutralised so a spreadsheet never runs it as a formula. */
function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

interface ManifestEntry {
  index: number;
  fileName: string;
  id: string;
  source: string;
  sourceRecordId: string;
  number: string | null;
  title: string;
  indexFile: { code: string | null; name: string | null };
  closedOn: string;
  /** Null: kept permanently. */
  retentionYears: number | null;
  permanent: boolean;
  disposeOn: string | null;
  /** The record's own PDF, or the archive's summary of it. */
  document: 'own' | 'summary';
  bytes: number;
  sha256: string;
}

function manifestCsv(lang: Language, entries: readonly ManifestEntry[]): string {
  const h = (key: string) => translate(lang, `archive:manifest.${key}`);
  const head = ['index', 'fileName', 'source', 'number', 'title', 'indexFile', 'closedOn', 'retention', 'disposeOn'];
  const lines = [[...head.map(h), h('sha256'), h('bytes')].map(csvCell).join(',')];
  for (const e of entries)
    lines.push(
      [
        e.index,
        e.fileName,
        translate(lang, `archive:sources.${e.source}`),
        e.number,
        e.title,
        [e.indexFile.code, e.indexFile.name].filter(Boolean).join(' – '),
        e.closedOn,
        retentionText(lang, e.retentionYears),
        e.disposeOn,
        e.sha256,
        e.bytes,
      ]
        .map(csvCell)
        .join(','),
    );
  // A byte-order mark, so a spreadsheet reads the Vietnamese as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type RunRow = {
  id: string;
  label: string;
  status: ArchiveExportStatus;
  total: number;
  done: number;
  file_name: string | null;
  byte_size: string | null;
  sha256: string | null;
  error_code: string | null;
  error: string | null;
  requested_at: Date;
  finished_at: Date | null;
};

function toRun(r: RunRow): ExportRun {
  return {
    id: r.id,
    label: r.label,
    status: r.status,
    total: Number(r.total),
    done: Number(r.done),
    fileName: r.file_name,
    byteSize: r.byte_size === null ? null : Number(r.byte_size),
    sha256: r.sha256,
    error: r.error_code ? { code: r.error_code, message: r.error ?? '' } : null,
    requestedAt: r.requested_at.toISOString(),
    finishedAt: iso(r.finished_at),
  };
}

const RUN_COLUMNS = [
  'id',
  'label',
  'status',
  'total',
  'done',
  'file_name',
  'byte_size',
  'sha256',
  'error_code',
  'error',
  'requested_at',
  'finished_at',
] as const;

export interface ArchiveExports {
  /** Fixes the set of records (in the caller's scope), stores the run and queues it; 202 with the run. */
  request(request: FastifyRequest, body: ExportBody): Promise<ExportRun>;
  /** The caller's run (another's is not there for them: 404). */
  get(principal: Principal, id: string): Promise<ExportRun>;
  /** The caller's latest runs. */
  recent(principal: Principal): Promise<ExportRun[]>;
  /** Streams the finished ZIP. */
  download(principal: Principal, id: string, reply: FastifyReply): Promise<FastifyReply>;
}

/** Deletes finished runs older than `keepDays` and their files. */
export async function purgeExports(app: FastifyInstance, keepDays = ARCHIVE_EXPORT_KEEP_DAYS): Promise<number> {
  const gone = await sql<{ id: string }>`delete from archive_export
    where finished_at < now() - make_interval(days => ${keepDays}) returning id`.execute(app.db);
  for (const r of gone.rows) await rm(zipPathOf(app, r.id), { force: true });
  return gone.rows.length;
}

/** The queue, the start-up resume and the daily purge; the routes use what it answers. */
export function archiveExports(app: FastifyInstance): ArchiveExports {
  const db = archiveDb(app.db);
  /** Runs made in-process (no job queue in this process: the API tests); closing waits for them. */
  const inFlight = new Set<Promise<void>>();

  const progress = (id: string, done: number) =>
    db
      .updateTable('archive_export')
      .set({ done, lease_until: sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .where('id', '=', id)
      .where('lease_owner', '=', workerId)
      .execute();

  async function make(run: { id: string; user_id: string; lang: string; label: string; record_ids: string[] }) {
    const lang = toLanguage(run.lang);
    // The user as they are now: a disabled account's export does not go on.
    const principal = await loadPrincipal(app.db, run.user_id);
    if (!principal) throw new AppError(403, 'FORBIDDEN');
    await mkdir(exportDirOf(app), { recursive: true });
    const part = `${zipPathOf(app, run.id)}.part`;
    const writer = new ZipFileWriter(part);
    const entries: ManifestEntry[] = [];
    const today = clock.today();
    const pdfContext = { db: app.db, principal, lang, publicUrl: app.config.publicUrl, files: app.files };
    let reported = Date.now();
    let renewed = Date.now();
    try {
      for (let from = 0; from < run.record_ids.length; from += READ_SLICE) {
        const slice = run.record_ids.slice(from, from + READ_SLICE);
        // Still in the caller's scope and not disposed meanwhile: a record that left it is left out.
        const found = await sql<RecordRow>`select ${recordColumns(today)} from ${recordFrom}
          where r.id = any(${slice}::uuid[]) and r.disposed_at is null and ${archiveScope(principal)}`.execute(app.db);
        const byId = new Map(found.rows.map((r) => [r.id, toRow(r)]));
        for (const id of slice) {
          const row = byId.get(id);
          if (!row) continue;
          const definition = sourceDefinition(row.source);
          const own = definition.pdf ? await definition.pdf(pdfContext, row.recordId) : null;
          const pdf = own ?? (await summaryPdf(app.db, lang, row));
          const fileName = entryName(entries.length + 1, row);
          await writer.add(fileName, pdf, false);
          entries.push({
            index: entries.length + 1,
            fileName,
            id: row.id,
            source: row.source,
            sourceRecordId: row.recordId,
            number: row.number,
            title: row.title,
            indexFile: { code: row.indexFileCode, name: row.indexFileName },
            closedOn: row.closedOn,
            retentionYears: row.retentionYears,
            permanent: row.retentionYears === null,
            disposeOn: row.disposeOn,
            document: own ? 'own' : 'summary',
            bytes: pdf.length,
            sha256: createHash('sha256').update(pdf).digest('hex'),
          });
          if (Date.now() - reported >= PROGRESS_MS) {
            reported = Date.now();
            await progress(run.id, from + slice.indexOf(id) + 1);
          }
        }
        if (Date.now() - renewed >= LEASE_RENEW_MS) {
          renewed = Date.now();
          await progress(run.id, Math.min(run.record_ids.length, from + slice.length));
        }
      }
      const manifest = {
        label: run.label,
        exportedAt: clock.now().toISOString(),
        exportedBy: principal.userName,
        count: entries.length,
        records: entries,
      };
      await writer.add('manifest.json', strToU8(JSON.stringify(manifest, null, 2)), true);
      await writer.add('manifest.csv', strToU8(manifestCsv(lang, entries)), true);
      const file = await writer.close();
      await rename(part, zipPathOf(app, run.id));
      return file;
    } catch (err) {
      writer.abort();
      await rm(part, { force: true });
      throw err;
    }
  }

  async function processRun(id: string): Promise<void> {
    const run = await db
      .updateTable('archive_export')
      .set({
        status: 'running',
        done: 0,
        lease_owner: workerId,
        lease_until: sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS})`,
        started_at: sql<Date>`coalesce(started_at, now())`,
      })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', sql<Date>`now()`)]),
        ]),
      )
      .returning(['id', 'user_id', 'lang', 'label', 'record_ids', 'total'])
      .executeTakeFirst();
    if (!run) return; // finished, or another live instance makes it
    const lang = toLanguage(run.lang);
    try {
      const file = await make(run);
      await db
        .updateTable('archive_export')
        .set({
          status: 'done',
          done: run.total,
          file_name:
            translate(lang, 'archive:export.fileName', { label: run.label }).replace(/[\\/:*?"<>|]+/g, '-') + '.zip',
          byte_size: String(file.bytes),
          sha256: file.sha256,
          finished_at: sql<Date>`now()`,
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', id)
        .where('lease_owner', '=', workerId)
        .execute();
    } catch (err) {
      const known = err instanceof AppError ? err : null;
      if (!known) app.log.error({ err, runId: id }, 'archive export failed');
      await db
        .updateTable('archive_export')
        .set({
          status: 'failed',
          error_code: known?.code ?? 'INTERNAL',
          error: translate(lang, known?.messageKey ?? 'errors:INTERNAL', known?.vars ?? { requestId: id }),
          finished_at: sql<Date>`now()`,
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', id)
        .where('lease_owner', '=', workerId)
        .execute();
    }
  }

  app.jobs.define<{ runId: string }>({
    queue: EXPORT_QUEUE,
    // The run records its own failure; a retry only covers a run that could not even record it.
    retryLimit: 1,
    expireInSeconds: 6 * 3600,
    handler: ({ runId }) => processRun(runId),
  });
  app.jobs.define<object>({
    queue: EXPORT_PURGE_QUEUE,
    cron: PURGE_CRON,
    retryLimit: 2,
    handler: async () => {
      await purgeExports(app);
    },
  });
  // After a restart: the unfinished runs again, now or once the lease of the process that had them runs out.
  app.jobs.onStarted(async () => {
    if (app.config.instances === 1)
      await db
        .updateTable('archive_export')
        .set({ lease_until: sql<Date>`now()` })
        .where('status', '=', 'running')
        .where('lease_owner', '<>', workerId)
        .execute();
    const unfinished = await db
      .selectFrom('archive_export')
      .select(['id', 'lease_until'])
      .where('status', 'in', ['queued', 'running'])
      .execute();
    for (const run of unfinished) {
      const startAfter = run.lease_until && run.lease_until > new Date() ? run.lease_until : undefined;
      await app.jobs.send(EXPORT_QUEUE, { runId: run.id }, startAfter ? { startAfter } : {});
    }
  });
  app.addHook('preClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  async function own(principal: Principal, id: string): Promise<RunRow> {
    const row = await db
      .selectFrom('archive_export')
      .select([...RUN_COLUMNS, 'user_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    // Someone else's export is not there at all for the caller.
    if (!row || (row.user_id !== principal.userId && principal.role !== 'admin')) throw new AppError(404, 'NOT_FOUND');
    return row;
  }

  return {
    async request(request, body) {
      const principal = request.principal!;
      const lang = languageOf(request);
      const scope = archiveScope(principal);
      let ids: string[];
      let label: string;
      if ('ids' in body) {
        const unique = [...new Set(body.ids)];
        const found = await sql<{ id: string }>`select r.id from archive_record r
          where r.id = any(${unique}::uuid[]) and r.disposed_at is null and ${scope}
          order by r.closed_on, r.number nulls last, r.id`.execute(app.db);
        if (found.rows.length !== unique.length) {
          const seen = new Set(found.rows.map((r) => r.id));
          throw new AppError(404, 'NOT_FOUND', {
            details: unique.filter((id) => !seen.has(id)).map((id) => ({ field: 'ids', message: id })),
          });
        }
        ids = found.rows.map((r) => r.id);
        label = translate(lang, 'archive:export.labelSelection', { count: ids.length });
      } else {
        const file = await sql<{ code: string | null; name: string | null }>`select code, name from index_file
          where id = ${body.indexFileId} and deleted_at is null`.execute(app.db);
        if (!file.rows[0])
          throw new AppError(404, 'NOT_FOUND', { details: [{ field: 'indexFileId', message: 'NOT_FOUND' }] });
        const found = await sql<{ id: string }>`select r.id from archive_record r
          where r.index_file_id = ${body.indexFileId} and r.disposed_at is null and ${scope}
            and r.closed_on >= make_date(${body.year}::int, 1, 1) and r.closed_on < make_date(${body.year}::int + 1, 1, 1)
          order by r.closed_on, r.number nulls last, r.id
          limit ${ARCHIVE_EXPORT_MAX + 1}`.execute(app.db);
        ids = found.rows.map((r) => r.id);
        label = translate(lang, 'archive:export.label', {
          code: file.rows[0].code ?? '',
          name: file.rows[0].name ?? '',
          year: body.year,
        });
      }
      if (!ids.length)
        throw new AppError(400, 'ARCHIVE_NOTHING_TO_EXPORT', { messageKey: 'archive:errors.nothingToExport' });
      if (ids.length > ARCHIVE_EXPORT_MAX)
        throw new AppError(400, 'ARCHIVE_EXPORT_TOO_LARGE', {
          messageKey: 'archive:errors.exportTooLarge',
          vars: { max: ARCHIVE_EXPORT_MAX },
        });
      const unfinished = await db
        .selectFrom('archive_export')
        .select('id')
        .where('user_id', '=', principal.userId)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (unfinished) throw busy();
      let row: RunRow;
      try {
        row = await db
          .insertInto('archive_export')
          .values({ user_id: principal.userId, lang, label, record_ids: ids, total: ids.length })
          .returning([...RUN_COLUMNS])
          .executeTakeFirstOrThrow();
      } catch (err) {
        // The same user's export started meanwhile (one unfinished export per user).
        if ((err as { code?: string }).code === '23505') throw busy();
        throw err;
      }
      if (app.jobs.started) await app.jobs.send(EXPORT_QUEUE, { runId: row.id }, { singletonKey: row.id });
      else {
        // No job queue in this process (the API tests): made here, once the answer has gone.
        const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => processRun(row.id))
          .catch((err: unknown) => app.log.error({ err, runId: row.id }, 'archive export failed'))
          .finally(() => inFlight.delete(running));
        inFlight.add(running);
      }
      return toRun(row);
    },

    async get(principal, id) {
      return toRun(await own(principal, id));
    },

    async recent(principal) {
      const rows = await db
        .selectFrom('archive_export')
        .select([...RUN_COLUMNS])
        .where('user_id', '=', principal.userId)
        .orderBy('requested_at', 'desc')
        .limit(10)
        .execute();
      return rows.map(toRun);
    },

    async download(principal, id, reply) {
      const run = await own(principal, id);
      if (run.status !== 'done')
        throw new AppError(409, 'ARCHIVE_EXPORT_NOT_READY', { messageKey: 'archive:errors.exportNotReady' });
      const file = zipPathOf(app, run.id);
      const size = await stat(file).then(
        (s) => s.size,
        () => {
          throw new AppError(404, 'ARCHIVE_EXPORT_GONE', { messageKey: 'archive:errors.exportGone' });
        },
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(size))
        .header('content-disposition', contentDisposition(run.file_name ?? `${run.id}.zip`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file));
    },
  };
}
