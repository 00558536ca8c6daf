import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './portal.ts';

const webDir = path.join(repoRoot, 'apps/web');
const distIndex = path.join(webDir, 'dist/index.html');
const sources = [
  path.join(webDir, 'index.html'),
  path.join(webDir, 'vite.config.ts'),
  path.join(webDir, 'package.json'),
  path.join(webDir, 'public'),
  path.join(webDir, 'src'),
  path.join(repoRoot, 'packages/domain/src'),
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(target) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

export function webBuildIsStale(): boolean {
  if (!existsSync(distIndex)) return true;
  const built = statSync(distIndex).mtimeMs;
  return sources.some((s) => newestMtime(s) > built);
}

const lockDir = path.join(os.tmpdir(), 'portal-web-build.lock');

/** A directory lock, so parallel test runs in one tree never build over each other. Stale after 5 minutes. */
async function withLock<T>(fn: () => T): Promise<T> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
      break;
    } catch {
      let stale: boolean;
      try {
        const pid = Number(readFileSync(path.join(lockDir, 'pid'), 'utf8'));
        if (pid) process.kill(pid, 0); // throws when the holder is gone
        stale = Date.now() - statSync(lockDir).mtimeMs > 5 * 60_000;
      } catch {
        stale = true;
      }
      if (stale) rmSync(lockDir, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`Timed out waiting for the web build lock ${lockDir}`);
      else await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * Builds the web app when apps/web/dist is missing or older than its sources, then copies it to a private
 * snapshot the test portals serve: a rebuild by someone else during the run cannot change the pages under test.
 */
export async function prepareWebSnapshot(): Promise<string> {
  return withLock(() => {
    if (webBuildIsStale()) {
      const vite = path.join(repoRoot, 'node_modules/vite/bin/vite.js');
      const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
        cwd: webDir,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
      if (result.status !== 0) throw new Error('The web build failed (see the output above).');
    }
    const snapshot = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    cpSync(path.join(webDir, 'dist'), snapshot, { recursive: true });
    return snapshot;
  });
}
