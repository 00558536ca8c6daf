/**
 * The whole test suite: unit, API on PGlite, API on PostgreSQL (when TEST_DATABASE_URL is set), browser.
 * Installs Debian's Chromium for the browser tests when it is absent, then runs every Vitest project and
 * ends with one summary line ("N passed, N failed").
 *   node scripts/test.ts                 everything
 *   node scripts/test.ts --only e2e      one project (unit | api | api-pg | e2e)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(cmd: string, cmdArgs: string[], env: NodeJS.ProcessEnv = process.env): number {
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', cwd: root, env });
  return r.status ?? 1;
}

function ensureChromium(): void {
  if (existsSync(chromium)) return;
  console.log('Chromium is not installed: installing Debian packages chromium (browser tests)…');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (a: string[]) =>
    run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...a] : a, {
      ...process.env,
      DEBIAN_FRONTEND: 'noninteractive',
    });
  if (apt(['update']) !== 0 || apt(['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-core']) !== 0) {
    console.error('Could not install Chromium; install the Debian package "chromium" and run again.');
    process.exit(1);
  }
}

const wantsE2e = !only || only === 'e2e';
if (wantsE2e) ensureChromium();

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'portal-report-'));
const serverProjects = ['unit', 'api', ...(process.env.TEST_DATABASE_URL ? ['api-pg'] : [])];
// Browser tests run after the others, not beside them: on a small machine the API suites would starve the
// browser and its portal, and timing-sensitive checks (a 3-second toast) would flake.
const batches = only ? [[only]] : [serverProjects, ['e2e']];
let status = 0;
const totals = { passed: 0, failed: 0, skipped: 0 };
let reported = false;
batches.forEach((projects, i) => {
  const report = path.join(reportDir, `report-${i}.json`);
  const code = run(path.join(root, 'node_modules/.bin/vitest'), [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (code !== 0) status = code;
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    reported = true;
  }
});

const summary = reported ? `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped` : '';
rmSync(reportDir, { recursive: true, force: true });
console.log(`\ntests: ${summary || 'no report'}`);
process.exit(status);
