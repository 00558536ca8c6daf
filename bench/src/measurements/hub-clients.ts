import { parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';

/**
 * The hub fan-out's clients, in a thread of their own: their sockets neither share the servers' event loop nor
 * their heap, so the main thread's heap growth is the servers' cost per socket and its clock the servers' delay.
 * Times are `performance.timeOrigin + performance.now()`, comparable across threads.
 */
interface Input {
  urls: string[];
  path: string;
  event: string;
  clients: Array<{ uid: string; token: string }>;
}

const input = workerData as Input;
const now = () => performance.timeOrigin + performance.now();
const sockets: Socket[] = [];
let received = 0;
let last = 0;
/** The last arrival per instance (sockets alternate between them). */
const lastBy: number[] = [];
const BATCH = 250;

async function connectAll(): Promise<void> {
  for (let i = 0; i < input.clients.length; i += BATCH) {
    await Promise.all(
      input.clients.slice(i, i + BATCH).map(
        (c, j) =>
          new Promise<void>((resolve, reject) => {
            const socket = io(input.urls[(i + j) % input.urls.length]!, {
              path: input.path,
              query: { uid: c.uid, mid: String(i + j) },
              auth: { token: c.token },
              transports: ['websocket'],
              reconnection: false,
              forceNew: true,
            });
            const instance = (i + j) % input.urls.length;
            socket.on(input.event, () => {
              received++;
              last = now();
              lastBy[instance] = last;
              if (received === input.clients.length) parentPort!.postMessage({ type: 'done', received, last, lastBy });
            });
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
            sockets.push(socket);
          }),
      ),
    );
  }
}

parentPort!.on('message', (message: { type: string }) => {
  if (message.type === 'report') parentPort!.postMessage({ type: 'done', received, last, lastBy });
  if (message.type === 'close') {
    for (const s of sockets) s.disconnect();
    parentPort!.postMessage({ type: 'closed' });
  }
});

connectAll().then(
  () => parentPort!.postMessage({ type: 'connected', count: sockets.length }),
  (err: unknown) => parentPort!.postMessage({ type: 'error', message: String((err as Error).message ?? err) }),
);
