import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, chmodSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_MAIL_EVENT } from '@portal/domain/messaging/index';
import { HUB_PATH } from '../src/platform/realtime/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { adminUser, bearer, createUser, type TestUser } from './support/accounts.ts';
import { freePort } from './support/ports.ts';

/**
 * The deployment the README describes for several machines (issue #28): two API processes (INSTANCES=2,
 * TRUST_PROXY=1) on one PostgreSQL database and one shared data folder, behind nginx running the repository's
 * own configuration (deploy/nginx/portal.conf). Through nginx: requests reach both instances, each logged under
 * the proxy's request id; a file stored by one instance is served by the other; a hub event caused on one
 * instance reaches WebSockets held by both; the portal sees the client's address, not the proxy's; /metrics
 * answers its series with the token and is refused without it. The PostgreSQL lane only: the embedded database
 * serves one instance.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const METRICS_TOKEN = randomBytes(24).toString('hex');
/** The client's own loopback address, distinct from the proxy's (127.0.0.1) as the instances see it. */
const CLIENT_ADDRESS = '127.0.0.2';

/** nginx from PATH or Debian's sbin, where a non-root PATH may not look. */
function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    const candidate = path.join(dir, 'nginx');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* not here */
    }
  }
  return undefined;
}

const nginxBinary = findNginx();
const onPostgres = process.env.PORTAL_TEST_DB === 'postgres';

/**
 * Polls `check` until it answers something other than undefined; a check that throws is tried again, unless
 * `failed` says the wait is over (a process that exited).
 */
async function waitFor<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
  options: { ms?: number; failed?: () => string | undefined } = {},
): Promise<T> {
  const until = Date.now() + (options.ms ?? 30_000);
  let last: unknown;
  while (Date.now() < until) {
    const failure = options.failed?.();
    if (failure) throw new Error(`${what}: ${failure}`);
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  log: () => string;
}

const children: ChildProcess[] = [];
const sockets: Socket[] = [];
let t: TestApp;
let sharedDir: string;
let nginxDir: string;
let viaProxy: string;
let a: Instance;
let b: Instance;
let admin: TestUser;
let recipient: TestUser;

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(path.join(root, 'node_modules/.bin/node'), ['apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: t.config.databaseUrl,
      DATABASE_POOL_SIZE: '3',
      // Files on storage both instances share; the same signing secret, so a token from one works on the other.
      DATA_DIR: sharedDir,
      JWT_SECRET: t.config.jwtSecret,
      WEB_DIST: path.join(sharedDir, 'no-web'),
      DEMO_DATA: '0',
      LOG_LEVEL: 'info',
      INSTANCES: '2',
      TRUST_PROXY: '1',
      METRICS_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/api/health`)).ok || undefined, `instance ${name}`, {
    ms: 60_000,
    failed: () => (child.exitCode === null ? undefined : `exited with ${child.exitCode}: ${output.slice(-2000)}`),
  });
  return { name, url, child, log: () => output };
}

/** The repository's nginx file with this test's ports, in a wrapper that keeps every nginx file in a temp folder. */
async function startNginx(nginx: string, upstreams: Instance[]): Promise<string> {
  const port = await freePort();
  nginxDir = mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
  // Workers may run as another user (nginx started by root): they must reach their temp folders.
  chmodSync(nginxDir, 0o755);
  const portal = readFileSync(path.join(root, 'deploy/nginx/portal.conf'), 'utf8')
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`)
    .replace(
      /^(\s*)server 127\.0\.0\.1:\d+ (.*)\n(?:\s*server 127\.0\.0\.1:\d+ .*\n)*/m,
      (_m, indent: string, rest: string) =>
        upstreams.map((u) => `${indent}server ${new URL(u.url).host} ${rest}\n`).join(''),
    );
  expect(portal).toContain(`listen 127.0.0.1:${port};`);
  for (const u of upstreams) expect(portal).toContain(`server ${new URL(u.url).host} `);
  writeFileSync(path.join(nginxDir, 'portal.conf'), portal);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${path.join(nginxDir, kind)};`)
    .join('\n');
  writeFileSync(
    path.join(nginxDir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${path.join(nginxDir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 256; }
http {
  access_log ${path.join(nginxDir, 'access.log')};
${temp}
  include ${path.join(nginxDir, 'portal.conf')};
}
`,
  );
  const child = spawn(nginx, ['-p', `${nginxDir}/`, '-c', path.join(nginxDir, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/api/health`)).ok || undefined, 'nginx', {
    failed: () => (child.exitCode === null ? undefined : `exited with ${child.exitCode}: ${output}`),
  });
  return url;
}

/** A request from CLIENT_ADDRESS (fetch cannot choose its local address). */
function requestFrom(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(url, { method, headers, localAddress: CLIENT_ADDRESS }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function signInVia(base: string, user: TestUser): Promise<string> {
  const res = await fetch(`${base}/api/Account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: user.userName, password: user.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function metricsOf(base: string): Promise<string> {
  const res = await fetch(`${base}/metrics`, { headers: bearer(METRICS_TOKEN) });
  expect(res.status).toBe(200);
  return res.text();
}

/** One sample's value from the text format, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const title = !onPostgres
  ? 'two API instances behind nginx (PostgreSQL lane only)'
  : nginxBinary
    ? 'two API instances behind nginx'
    : 'two API instances behind nginx (skipped: nginx is not installed; the PostgreSQL lane of npm test installs it)';

describe.runIf(onPostgres && nginxBinary !== undefined)(title, () => {
  beforeAll(async () => {
    t = await createTestApp();
    sharedDir = mkdtempSync(path.join(os.tmpdir(), 'portal-shared-'));
    admin = await adminUser(t);
    recipient = await createUser(t);
    // One after the other: the first start creates the job queues' schema.
    a = await startInstance('A', {});
    // B reads public look-ups from a "replica" (here the same database: what is tested is which pool serves them).
    b = await startInstance('B', { DATABASE_REPLICA_URL: t.config.databaseUrl ?? '' });
    viaProxy = await startNginx(nginxBinary!, [a, b]);
  }, 150_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await t?.close();
    if (sharedDir) rmSync(sharedDir, { recursive: true, force: true });
    if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
  }, 30_000);

  it('spreads requests over both instances, each logged under the id nginx gave it', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      // A client's own id is replaced by the proxy's: no one outside chooses what the logs are keyed by.
      const res = await fetch(`${viaProxy}/api/health`, { headers: { 'x-request-id': 'client-chosen-id' } });
      expect(res.status).toBe(200);
      const id = res.headers.get('x-request-id') ?? '';
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      ids.push(id);
    }
    const where = await waitFor(() => {
      const found = ids.map((id) => [a, b].find((inst) => inst.log().includes(`"reqId":"${id}"`))?.name);
      return found.every(Boolean) ? found : undefined;
    }, 'every request id in an instance log');
    expect(new Set(where)).toEqual(new Set(['A', 'B']));
    expect(a.log() + b.log()).not.toContain('client-chosen-id');
  });

  it('a file stored through one instance is served by the other (shared storage)', async () => {
    const token = await signInVia(a.url, admin);
    const data = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const form = new FormData();
    form.append('IsSecure', 'false');
    form.append('formFile', new Blob([data], { type: 'application/pdf' }), 'Biên bản.pdf');
    const up = await fetch(`${a.url}/api/File/upload`, { method: 'POST', headers: bearer(token), body: form });
    expect(up.status, await up.clone().text()).toBe(201);
    const { id } = (await up.json()) as { id: string };
    const down = await fetch(`${b.url}/api/File/download/${id}`, { headers: bearer(token) });
    expect(down.status).toBe(200);
    expect(Buffer.from(await down.arrayBuffer()).equals(data)).toBe(true);
  });

  it('a hub event caused on instance A reaches WebSockets held through nginx by both instances', async () => {
    const token = await signInVia(viaProxy, recipient);
    const held = async () =>
      Promise.all([a, b].map(async (inst) => sample(await metricsOf(inst.url), 'portal_hub_sockets') ?? 0));
    // nginx sends each new WebSocket to the instance holding fewer connections: a few reach both.
    while (sockets.length < 6 && (await held()).some((n) => n === 0)) {
      const socket = connect(viaProxy, {
        path: HUB_PATH,
        query: { uid: recipient.id, mid: `tab-${sockets.length}` },
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    }
    const [onA = 0, onB = 0] = await held();
    expect(onA).toBeGreaterThan(0);
    expect(onB).toBeGreaterThan(0);

    const received = sockets.map(
      (socket) =>
        new Promise<unknown>((resolve) => socket.once(NEW_MAIL_EVENT, (payload: unknown) => resolve(payload))),
    );
    const adminToken = await signInVia(a.url, admin);
    const sent = await fetch(`${a.url}/api/Message/send-email`, {
      method: 'POST',
      headers: { ...bearer(adminToken), 'content-type': 'application/json' },
      body: JSON.stringify({ recipientIds: [recipient.id], subject: 'Hai máy chủ', body: 'Nội dung' }),
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const payloads = await Promise.all(received);
    expect(payloads).toHaveLength(sockets.length);
  });

  it('the portal sees the client address nginx forwards, not the proxy nor one the client makes up', async () => {
    const res = await requestFrom(
      `${viaProxy}/api/Account/login`,
      'POST',
      { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      JSON.stringify({ userName: recipient.userName, password: recipient.password }),
    );
    expect(res.status).toBe(200);
    const { sessionId } = JSON.parse(res.body) as { sessionId?: string };
    const rows = await t.database.db
      .selectFrom('auth_session')
      .select(['id', 'ip'])
      .where('user_id', '=', recipient.id)
      .orderBy('created_at', 'desc')
      .execute();
    const latest = sessionId ? rows.find((r) => r.id === sessionId) : rows[0];
    expect(latest?.ip).toBe(CLIENT_ADDRESS);
  });

  it('/metrics answers its series with the token and is refused through nginx without it', async () => {
    const refused = await fetch(`${viaProxy}/metrics`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    expect((await fetch(`${viaProxy}/metrics`, { headers: bearer('wrong-token-wrong-token') })).status).toBe(403);

    const text = await metricsOf(viaProxy);
    expect(text).toContain('# TYPE portal_http_requests_total counter');
    expect(text).toMatch(/^portal_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+$/m);
    expect(text).toMatch(
      /^portal_http_request_duration_seconds_bucket\{method="GET",route="\/api\/health",status="200",le="\+Inf"\} \d+$/m,
    );
    expect(sample(text, 'portal_db_pool_connections{pool="main",state="total"}')).toBeGreaterThan(0);
    expect(text).toMatch(/^portal_db_pool_waiting\{pool="main"\} \d+$/m);
    expect(text).toMatch(/^portal_job_queue_depth\{queue="[^"]+",state="created"\} \d+$/m);
    expect(text).toMatch(/^portal_hub_sockets \d+$/m);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('public look-ups read from the replica when DATABASE_REPLICA_URL is set', async () => {
    const before = await metricsOf(a.url);
    expect(before).not.toContain('pool="replica"');
    const lookup = await fetch(`${b.url}/api/Worker/public-lookup?passportNumber=B7654321&birthDate=1990-01-01`);
    expect(lookup.status).toBe(404);
    expect(sample(await metricsOf(b.url), 'portal_db_pool_connections{pool="replica",state="total"}')).toBeGreaterThan(
      0,
    );
  });
});
