/**
 * The embedded database in a thread of its own: PGlite (PostgreSQL compiled to WASM) runs every statement
 * synchronously on the thread that owns it, so on the API's thread a long statement stopped every other
 * request. Here it serves the PostgreSQL wire protocol on a local socket, and the API talks to it with the same
 * `pg` pool as to a PostgreSQL server. The API thread asks for snapshots and the clean close by message.
 *
 * Started by db/embedded.ts; kept free of the app's own modules so the thread loads only PGlite.
 */
import { unlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedWorkerData {
  /** PGlite's files; absent → in memory. */
  dataDir?: string;
  /** A data dir snapshot (tar) to start from. */
  snapshot?: ArrayBuffer;
  /** Where to listen: a Unix socket path, or 127.0.0.1 on a free port. */
  listen: { path: string } | { host: '127.0.0.1' };
}

/** Requests from the API thread; each answer carries the same id. */
export type EmbeddedRequest = { id: number; kind: 'dump' } | { id: number; kind: 'close' };

export type EmbeddedMessage =
  | { kind: 'ready'; address: { path: string } | { host: string; port: number } }
  | { kind: 'failed'; message: string }
  | { id: number; kind: 'dumped'; tar: ArrayBuffer }
  | { id: number; kind: 'closed' }
  | { id: number; kind: 'error'; message: string };

const port = parentPort;
if (!port) throw new Error('embedded-worker runs as a worker thread');
const options = workerData as EmbeddedWorkerData;

async function start(): Promise<{ pglite: PGlite; server: PGLiteSocketServer }> {
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    extensions: { unaccent, pg_trgm },
    ...(options.snapshot ? { loadDataDir: new Blob([options.snapshot]) } : {}),
  });
  // The API's pool keeps one connection: PGlite has one session, and the server's queue interleaves the
  // messages of several connections (one's unnamed statement could be replaced between its Parse and its
  // Execute by another's). Two are accepted so that a replacement is not refused while the server has not yet
  // seen the closed one go.
  const listen = options.listen;
  if ('path' in listen) {
    // A socket left by a process that did not close (the data dir is this process's alone while it runs).
    try {
      unlinkSync(listen.path);
    } catch {
      // none
    }
  }
  const server = new PGLiteSocketServer({
    db: pglite,
    maxConnections: 2,
    ...('path' in listen ? { path: listen.path } : { host: listen.host, port: 0 }),
  });
  await server.start();
  return { pglite, server };
}

try {
  const { pglite, server } = await start();
  const listen = options.listen;
  const conn = server.getServerConn();
  port.postMessage({
    kind: 'ready',
    address: 'path' in listen ? { path: listen.path } : { host: listen.host, port: Number(conn.split(':').pop()) },
  } satisfies EmbeddedMessage);

  let closing: Promise<void> | undefined;
  port.on('message', (request: EmbeddedRequest) => {
    void (async () => {
      try {
        if (request.kind === 'dump') {
          // Between two statements of the connection (runExclusive), never inside one.
          const blob = await pglite.dumpDataDir('none');
          const tar = await blob.arrayBuffer();
          port.postMessage({ id: request.id, kind: 'dumped', tar } satisfies EmbeddedMessage, [tar]);
        } else {
          // Stop accepting, roll back what a dropped connection left open, then let PGlite write its files.
          closing ??= (async () => {
            await server.stop();
            await pglite.close();
          })();
          await closing;
          port.postMessage({ id: request.id, kind: 'closed' } satisfies EmbeddedMessage);
          port.close();
        }
      } catch (err) {
        port.postMessage({ id: request.id, kind: 'error', message: (err as Error).message } satisfies EmbeddedMessage);
      }
    })();
  });
} catch (err) {
  port.postMessage({ kind: 'failed', message: (err as Error).message } satisfies EmbeddedMessage);
}
