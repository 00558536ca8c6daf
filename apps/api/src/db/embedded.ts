import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import type { EmbeddedMessage, EmbeddedRequest, EmbeddedWorkerData } from './embedded-worker.ts';

/** The embedded database's thread, seen from the API's. */
export interface EmbeddedServer {
  /** How `pg` reaches it. */
  connection: Pick<pg.PoolConfig, 'host' | 'port' | 'user' | 'database'>;
  /** A data dir snapshot (tar), taken between two statements. */
  dumpDataDir(): Promise<Blob>;
  /** PGlite closes in its thread (its files written), then the thread ends. */
  close(): Promise<void>;
}

/** Unix socket paths longer than this do not fit in sockaddr_un (108 bytes on Linux, 104 on others). */
const maxSocketPath = 100;

function freeSocketPort(dir: string): number {
  for (;;) {
    const port = 10_000 + randomInt(50_000);
    if (!existsSync(path.join(dir, `.s.PGSQL.${port}`))) return port;
  }
}

export async function startEmbedded(options: {
  /** Where the socket goes (and the files, unless in memory). */
  dataDir: string;
  inMemory: boolean;
  snapshot?: Blob | undefined;
}): Promise<EmbeddedServer> {
  mkdirSync(options.dataDir, { recursive: true });
  const filesDir = options.inMemory ? undefined : path.join(options.dataDir, 'pglite');
  if (filesDir) mkdirSync(filesDir, { recursive: true });
  // A Unix socket in the data dir reaches only this machine's users who may read the data dir; when its path
  // is too long, 127.0.0.1 on a free port.
  // pg names the socket `.s.PGSQL.<port>`: in memory, a number of its own, since a test may open a second
  // database beside the first in the same folder.
  const socketPort = options.inMemory ? freeSocketPort(options.dataDir) : 5432;
  const socketPath = path.join(path.resolve(options.dataDir), `.s.PGSQL.${socketPort}`);
  const listen: EmbeddedWorkerData['listen'] =
    Buffer.byteLength(socketPath) <= maxSocketPath ? { path: socketPath } : { host: '127.0.0.1' };
  const snapshot = options.snapshot ? await options.snapshot.arrayBuffer() : undefined;
  const data: EmbeddedWorkerData = {
    ...(filesDir ? { dataDir: filesDir } : {}),
    ...(snapshot ? { snapshot } : {}),
    listen,
  };
  const worker = new Worker(new URL('./embedded-worker.ts', import.meta.url), {
    workerData: data,
    ...(snapshot ? { transferList: [snapshot] } : {}),
  });

  let nextId = 1;
  const pending = new Map<number, { resolve: (m: EmbeddedMessage) => void; reject: (e: Error) => void }>();
  let exited = false;
  const exit = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('exit', () => {
    exited = true;
    failAll(new Error('the embedded database stopped'));
  });

  const ready = await new Promise<Extract<EmbeddedMessage, { kind: 'ready' }>>((resolve, reject) => {
    worker.on('message', (message: EmbeddedMessage) => {
      if (message.kind === 'ready') resolve(message);
      else if (message.kind === 'failed') reject(new Error(`embedded database: ${message.message}`));
      else if ('id' in message) {
        const p = pending.get(message.id);
        pending.delete(message.id);
        if (message.kind === 'error') p?.reject(new Error(message.message));
        else p?.resolve(message);
      }
    });
    worker.on('error', (err) => {
      reject(err);
      failAll(err);
    });
    worker.once('exit', () => reject(new Error('the embedded database stopped while starting')));
  }).catch(async (err: unknown) => {
    await worker.terminate();
    throw err;
  });
  // The thread does not keep the process alive by itself; close() ends it.
  worker.unref();

  const ask = (kind: EmbeddedRequest['kind']): Promise<EmbeddedMessage> => {
    if (exited) return Promise.reject(new Error('the embedded database is closed'));
    const id = nextId++;
    // Kept alive while the thread has an answer to give (a snapshot, the close).
    worker.ref();
    return new Promise<EmbeddedMessage>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, kind } satisfies EmbeddedRequest);
    }).finally(() => {
      if (pending.size === 0 && !exited && !closing) worker.unref();
    });
  };

  let closing: Promise<void> | undefined;
  const address = ready.address;
  return {
    connection: {
      // pg finds a Unix socket by its folder and port (`<folder>/.s.PGSQL.<port>`).
      ...('path' in address
        ? { host: path.dirname(address.path), port: socketPort }
        : { host: address.host, port: address.port }),
      user: 'postgres',
      database: 'postgres',
    },
    async dumpDataDir() {
      const answer = await ask('dump');
      if (answer.kind !== 'dumped') throw new Error('unexpected answer from the embedded database');
      return new Blob([answer.tar]);
    },
    close() {
      closing ??= (async () => {
        worker.ref();
        if (!exited) await ask('close');
        await exit;
      })();
      return closing;
    },
  };
}
