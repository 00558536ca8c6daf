import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './support/ports.ts';

const root = path.resolve(import.meta.dirname, '../../..');

async function waitForHealth(url: string, child: ChildProcess, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('portal did not become healthy');
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Only the PGlite lane starts the real process (the PostgreSQL lane covers the same code through inject).
describe.runIf(process.env.PORTAL_TEST_DB !== 'postgres')('main.ts start-up and shutdown', () => {
  it('migrates, serves, and drains then closes on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(path.join(root, 'node_modules/.bin/node'), ['apps/api/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: '0',
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'Start-Test-2026',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, child);
    // The engine is shown to the administrator only (ADMIN_PASSWORD met the password policy at first start).
    const signedIn = await fetch(`${url}/api/Account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: 'Start-Test-2026' }),
    });
    const { accessToken } = (await signedIn.json()) as { accessToken: string };
    const health = (await (
      await fetch(`${url}/api/health`, { headers: { authorization: `Bearer ${accessToken}` } })
    ).json()) as { database: { kind: string } };
    expect(health.database.kind).toBe('pglite');

    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/"level":50/);

    // The data survives a restart: the second start applies no migrations and is healthy again.
    const again = spawn(path.join(root, 'node_modules/.bin/node'), ['apps/api/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let second = '';
    again.stdout?.on('data', (d: Buffer) => (second += d.toString()));
    await waitForHealth(url, again);
    const closed = new Promise<number | null>((resolve) => again.on('exit', (code) => resolve(code)));
    again.kill('SIGINT');
    expect(await closed).toBe(0);
    expect(second).not.toContain('migrations applied');
  }, 120_000);
});
