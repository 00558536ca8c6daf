import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import './provided.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The first administrator's password on every test portal (user `admin`). */
export const E2E_ADMIN_PASSWORD = 'Quan-tri#E2e2026';

export interface Portal {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  dataDir: string;
  /** The portal's output so far (stdout and stderr), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The built web app to serve; tests default to the run's snapshot (see global-setup.ts). */
  webDist?: string;
  /** How long to wait for /api/health. */
  timeoutMs?: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function defaultWebDist(): Promise<string | undefined> {
  try {
    // Inside a test worker the run's web snapshot is provided by the global setup.
    const { inject } = await import('vitest');
    return inject('webDist');
  } catch {
    return undefined;
  }
}

/**
 * Starts the real portal (`node apps/api/src/main.ts`) as a child process: a fresh temporary DATA_DIR (embedded
 * database), a free port, the demo province, warnings-only logs, administrator `admin` with E2E_ADMIN_PASSWORD. `env` adds or overrides variables — e.g.
 * `{ SMTP_URL: 'smtp://127.0.0.1:2525' }`. Resolves once /api/health answers; `stop()` ends it and removes
 * its data.
 */
export async function startPortal(env: Record<string, string> = {}, options: StartOptions = {}): Promise<Portal> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const webDist = options.webDist ?? (await defaultWebDist());
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    ...(webDist ? { WEB_DIST: webDist } : {}),
    ...env,
  };
  // Always the embedded database, unless the caller asks for another one.
  if (!('DATABASE_URL' in env)) delete childEnv.DATABASE_URL;

  const child: ChildProcess = spawn(process.execPath, ['apps/api/src/main.ts'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exited === undefined) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`The portal exited with code ${exited} before it was ready:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return { baseUrl, dataDir, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`The portal did not answer /api/health in time:\n${output}`);
}
