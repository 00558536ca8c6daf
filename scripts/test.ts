/**
 * The whole test suite: unit, API on PGlite, API on PostgreSQL (when TEST_DATABASE_URL is set), browser.
 * Installs the Debian packages of the tools the tests run when absent (Chromium, pdfsig, nginx: see `tools`),
 * then runs every Vitest project and ends with one summary line ("N passed, N failed").
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

/**
 * The Debian packages behind the tools some tests run, installed when absent (as root, or through sudo):
 * Chromium for the browser tests; pdfsig (poppler-utils), which checks the signed PDFs the portal issues, for
 * both API lanes; nginx in front of two API instances, for the PostgreSQL lane.
 */
const tools: { name: string; paths: string[]; packages: string[]; lanes: string[]; required: boolean }[] = [
  { name: 'Chromium', paths: [chromium], packages: ['chromium', 'fonts-noto-core'], lanes: ['e2e'], required: true },
  { name: 'pdfsig', paths: ['/usr/bin/pdfsig'], packages: ['poppler-utils'], lanes: ['api', 'api-pg'], required: true },
  // Not required: without nginx the two-instance test says it was skipped and why.
  {
    name: 'nginx',
    paths: ['/usr/sbin/nginx', '/usr/bin/nginx'],
    packages: ['nginx-light'],
    lanes: ['api-pg'],
    required: false,
  },
];

function ensureTools(lanes: string[]): void {
  const missing = tools.filter((t) => t.lanes.some((l) => lanes.includes(l)) && !t.paths.some((p) => existsSync(p)));
  if (!missing.length) return;
  const packages = missing.flatMap((t) => t.packages);
  console.log(`Installing Debian packages for the tests: ${packages.join(' ')}…`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (a: string[]) =>
    run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...a] : a, {
      ...process.env,
      DEBIAN_FRONTEND: 'noninteractive',
    });
  if (apt(['update']) === 0 && apt(['install', '-y', '--no-install-recommends', ...packages]) === 0) return;
  console.error(`Could not install ${packages.join(' ')}; install them with apt-get and run again.`);
  if (missing.some((t) => t.required)) process.exit(1);
}

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'portal-report-'));
const serverProjects = ['unit', 'api', ...(process.env.TEST_DATABASE_URL ? ['api-pg'] : [])];
ensureTools(only ? [only] : [...serverProjects, 'e2e']);
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
    // Vitest runs one file at a time on two cores (cores − 1). The PostgreSQL lane's files wait on the server much
    // of their time, so two at once keep both cores busy: the server lanes take about two thirds as long.
    ...(projects.includes('api-pg') ? ['--maxWorkers=2'] : []),
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
