import { fork } from 'node:child_process';
import type { CallClass, Role } from './mixed-plan.ts';

export interface MixedJob {
  baseUrl: string;
  users: number;
  durationSeconds: number;
  /** Users start evenly over this many seconds (sign-ins are argon2id: a crowd at one instant is no one's day). */
  rampSeconds: number;
  /** Think time between two pages, uniform in [min, max] ms. */
  thinkMs: [number, number];
  /** Share of page visits that end in a write (a message sent). */
  writeShare: number;
  seed: number;
  /** Numbers the public looks up (training credentials that exist). */
  lookupNumbers: string[];
}

export interface CallStats {
  class: CallClass;
  count: number;
  /** Answers that are neither 2xx nor an expected status (a look-up's 404). */
  errors: number;
  latencies: Float64Array;
}

export interface MixedResult {
  /** From the first user's start to the last answer. */
  seconds: number;
  /** Per class: every answer's latency (ms), and how many were errors. */
  classes: Record<CallClass, { latencies: Float64Array; errors: number }>;
  /** Per call (method and path with {id}). */
  calls: Record<string, CallStats>;
  users: Record<Role, number>;
  /** The first few errors: status, call, a piece of the body. */
  errorSamples: string[];
}

/** Runs one mixed-traffic job in a child process (mixed-runner.ts), off the measured server's event loop. */
export function runMixed(job: MixedJob, onProgress?: (line: string) => void): Promise<MixedResult> {
  const child = fork(new URL('./mixed-runner.ts', import.meta.url), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    child.on(
      'message',
      (reply: { progress: string } | { ok: true; result: MixedResult } | { ok: false; error: string }) => {
        if ('progress' in reply) return onProgress?.(reply.progress);
        settled = true;
        child.disconnect();
        if (reply.ok) resolve(reply.result);
        else reject(new Error(`mixed load failed: ${reply.error}`));
      },
    );
    child.on('exit', (code) => {
      if (!settled) reject(new Error(`mixed load runner exited (${code})`));
    });
    child.send(job);
  });
}
