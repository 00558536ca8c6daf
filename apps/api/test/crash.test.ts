import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { taxCodeCheckDigit } from '@portal/domain/businesses/tax-code';
import type { ResolvedCatalog } from '@portal/domain/catalog/index';
import { IMPORT_BACKGROUND_ROWS } from '../src/catalog/import-runs.ts';
import { catalogRegistry } from '../src/catalog/registry.ts';
import { clock } from '../src/platform/clock/index.ts';
import { openDatabase } from '../src/db/database.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import { freePort } from './support/ports.ts';

/**
 * Crashes: the real server process is killed (SIGKILL, its whole process group) at random moments while it imports
 * (a synchronous employer import, a background run above the threshold) and moves numbered equipment declarations
 * (submit, confirm), then started again. Afterwards nothing is half-written: every run ends done (with exactly its
 * file's rows, none twice) or clearly failed, a synchronous import is all or nothing, every declaration's status
 * agrees with its history and its machines, and confirmation numbers are unique and gap-free. On the lane's database:
 * a fresh embedded data folder, or a freshly created PostgreSQL database dropped at the end.
 * The moments come from a seeded generator: CRASH_SEED=<printed seed> replays a failing run.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const ADMIN_PASSWORD = 'Crash-Test#2026';
const SEED = Number(process.env.CRASH_SEED ?? randomBytes(4).readUInt32LE(0));
const ROUNDS = 3;
const EMPLOYER_ROWS = 300;
const DECLARATIONS = 12;
const LARGE = IMPORT_BACKGROUND_ROWS + 1;
const WARD = '2025:24781';

/** mulberry32: small, seedable, good enough to choose moments. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Valid, distinct tax codes: 58, the round, a six-digit counter, the check digit (counters without one skipped). */
function taxCodes(round: number, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const first9 = `58${round}${String(i).padStart(6, '0')}`;
    const check = taxCodeCheckDigit(first9);
    if (check !== null) out.push(`${first9}${check}`);
  }
  return out;
}

const api = (c: ResolvedCatalog, p: string) => `/api/${c.mount}/${p}`;

interface Reply {
  status: number;
  body: unknown;
}

/** The portal as a process: started, killed outright, or stopped as an operator would. */
class Portal {
  child: ChildProcess | null = null;
  output = '';
  token = '';
  url = '';
  private readonly env: Record<string, string>;
  constructor(env: Record<string, string>) {
    this.env = env;
  }

  async start(): Promise<void> {
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}`;
    // One instance (a run left by the killed process is taken over at once); embedded unless told a database.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      INSTANCES: '1',
      ...this.env,
      PORT: String(port),
      HOST: '127.0.0.1',
    };
    if (!this.env.DATABASE_URL) delete env.DATABASE_URL;
    // Its own process group, so the kill reaches everything the server started.
    const child = spawn(path.join(root, 'node_modules/.bin/node'), ['apps/api/src/main.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
    const until = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`portal exited with ${child.exitCode}:\n${this.output.slice(-3000)}`);
      if (Date.now() > until) throw new Error(`portal did not become healthy:\n${this.output.slice(-3000)}`);
      const ok = await fetch(`${this.url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await pause(100);
    }
    const login = await this.call('POST', '/api/Account/login', { userName: 'admin', password: ADMIN_PASSWORD });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    this.token = (login.body as { accessToken: string }).accessToken;
  }

  async call(method: string, url: string, body?: unknown): Promise<Reply> {
    const res = await fetch(`${this.url}${url}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        'accept-language': 'vi',
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  /** A call that must answer `status`. */
  async ok<T>(method: string, url: string, body: unknown, status = 200): Promise<T> {
    const r = await this.call(method, url, body);
    expect(r.status, `${method} ${url}: ${JSON.stringify(r.body).slice(0, 400)}`).toBe(status);
    return r.body as T;
  }

  async kill(): Promise<void> {
    const child = this.child!;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    this.child = null;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    this.child = null;
  }
}

const kind = process.env.PORTAL_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let portal: Portal | null = null;

/**
 * The run's migrated and seeded template (a fresh copy: a new data folder, or a database created from the template),
 * with the administrator's password known: the first start is as quick as any restart.
 */
async function prepareDatabase(): Promise<void> {
  const provided = inject('testTemplate');
  let snapshot: Blob | undefined;
  if (provided.kind === 'postgres') {
    const name = `portal_crash_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: provided.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${provided.template}`);
    await admin.end();
    const u = new URL(provided.url);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: provided.url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else snapshot = new Blob([readFileSync(provided.file)]);
  const database = await openDatabase({ url: databaseUrl, dataDir, ...(snapshot ? { loadDataDir: snapshot } : {}) });
  await database.db
    .updateTable('app_user')
    .set({ password_hash: await hashPassword(ADMIN_PASSWORD), must_change_password: false })
    .where(sql`lower(user_name)`, '=', 'admin')
    .execute();
  await database.close();
}

afterAll(async () => {
  if (portal?.child) await portal.kill().catch(() => undefined);
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`killed at random moments (${kind})`, () => {
  it('leaves nothing half-written: imports end right, declarations agree with their history, numbers have no gaps', async () => {
    console.log(`crash test seed: ${SEED} (replay with CRASH_SEED=${SEED})`);
    const rnd = random(SEED);
    const began = Date.now();
    const mark = (what: string) => console.log(`${((Date.now() - began) / 1000).toFixed(1)} s: ${what}`);
    await prepareDatabase();
    portal = new Portal({
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const p = portal;
    await p.start();
    mark('started');

    // ------------------------------------------------------------------ fixtures, through the API as admin
    const employerArea = catalogRegistry.get('bussiness');
    const trainingArea = catalogRegistry.get('targetTraining');
    const today = clock.today();
    const dayBefore = (n: number) => new Date(Date.parse(today) - n * 86_400_000).toISOString().slice(0, 10);
    const business = await p.ok<{ id: string }>(
      'POST',
      api(employerArea, employerArea.paths.create),
      { code: taxCodes(9, 1)[0], name: 'Công ty Thử Sập', wardCode: WARD, status: 'active' },
      201,
    );
    const indexEquipment = catalogRegistry.get('indexEquipment');
    const tb11 = (
      await p.ok<{ pageLists: { id: string; code: string }[] }>(
        'GET',
        `${api(indexEquipment, indexEquipment.paths.list)}?keyWord=TB11&pageSize=50`,
        undefined,
      )
    ).pageLists.find((r) => r.code === 'TB11')!;
    const valid = { validFrom: '2020-01-01', validTo: '2099-12-31', equipmentTypes: 'TB11' };
    const orgArea = catalogRegistry.get('inspectionOrganization');
    const org = await p.ok<{ id: string }>(
      'POST',
      api(orgArea, orgArea.paths.create),
      { code: 'KD-CRASH', name: 'Trung tâm kiểm định Thử Sập', accreditationNumber: 'GCN-CRASH', ...valid },
      201,
    );
    const inspectorArea = catalogRegistry.get('inspector');
    const inspector = await p.ok<{ id: string }>(
      'POST',
      api(inspectorArea, inspectorArea.paths.create),
      {
        code: 'KDV-CRASH',
        fullName: 'Lê Văn Kiểm',
        organizationId: org.id,
        accreditationNumber: 'KĐV-CRASH',
        ...valid,
      },
      201,
    );
    const equipmentArea = catalogRegistry.get('equipment');
    const certificateArea = catalogRegistry.get('equipmentInspection');
    const declarations: string[] = [];
    for (let i = 0; i < DECLARATIONS; i++) {
      const machine = await p.ok<{ id: string }>(
        'POST',
        api(equipmentArea, equipmentArea.paths.create),
        {
          code: `XN-CRASH-${i}`,
          name: `Xe nâng ${i}`,
          businessId: business.id,
          indexEquipmentId: tb11.id,
          serialNumber: `SN-CRASH-${i}`,
          status: 'inUse',
          firstUseDate: dayBefore(10),
        },
        201,
      );
      const certificate = await p.ok<{ id: string }>(
        'POST',
        api(certificateArea, certificateArea.paths.create),
        {
          certificateNumber: `KĐ-CRASH-${i}/${today.slice(0, 4)}`,
          equipmentId: machine.id,
          organizationId: org.id,
          inspectorId: inspector.id,
          kind: 'first',
          inspectionDate: dayBefore(12),
          result: 'pass',
        },
        201,
      );
      const declaration = await p.ok<{ id: string }>(
        'POST',
        '/api/Equipment/add-declaration',
        {
          businessId: business.id,
          items: [{ equipmentId: machine.id, certificateId: certificate.id }],
          contactName: 'Nguyễn Văn An',
        },
        201,
      );
      declarations.push(declaration.id);
    }

    mark('fixtures made');
    // ------------------------------------------------------------------ rounds: load, a kill at a random moment
    /** What the server acknowledged before it died: it must survive every crash after. */
    const acked = {
      moved: new Map<string, string>(),
      employerRounds: new Set<number>(),
      runs: new Map<string, string>(),
    };
    const employerCodes = new Map<number, string[]>();
    const trainingTags: string[] = [];
    const moved = (id: string, status: string) => acked.moved.set(id, status);

    /** Moves the first `upTo` declarations on (draft → submitted → confirmed), two at a time. */
    async function moveDeclarations(upTo = declarations.length): Promise<void> {
      const queue = declarations.slice(0, upTo);
      const worker = async () => {
        for (let id = queue.shift(); id; id = queue.shift()) {
          for (;;) {
            const d = await p.call('GET', `/api/Equipment/declarations/${id}`);
            expect(d.status, JSON.stringify(d.body).slice(0, 300)).toBe(200);
            const { status, version } = d.body as { status: string; version: number };
            const action = status === 'draft' ? 'submit' : status === 'submitted' ? 'confirm' : null;
            if (!action) break;
            const r = await p.call('POST', `/api/Equipment/${action}-declaration/${id}`, { version });
            expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
            moved(id, action === 'submit' ? 'submitted' : 'confirmed');
          }
        }
      };
      await Promise.all([worker(), worker()]);
    }

    /** A synchronous employer import (one transaction): waits while a background run holds the user's slot. */
    async function importEmployers(round: number): Promise<void> {
      const codes = taxCodes(round, EMPLOYER_ROWS);
      employerCodes.set(round, codes);
      const rows = codes.map((code, i) => ({
        code,
        name: `Công ty Thử Sập ${round}-${i}`,
        wardCode: WARD,
        status: 'active',
      }));
      for (;;) {
        const r = await p.call('POST', api(employerArea, employerArea.paths.import), rows);
        if (r.status === 429) {
          if (process.env.CRASH_DEBUG)
            for (const id of acked.runs.keys())
              console.log(JSON.stringify((await p.call('GET', `/api/Import/run/${id}`)).body).slice(0, 300));
          await pause(200);
          continue;
        }
        expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
        const data = (r.body as { data: { isSuccess: boolean }[] }).data;
        expect(data.filter((d) => d.isSuccess)).toHaveLength(EMPLOYER_ROWS);
        acked.employerRounds.add(round);
        return;
      }
    }

    /** A background run of LARGE rows: 202 { runId }. */
    async function importTrainings(round: number): Promise<void> {
      const tag = `SAP${round}`;
      trainingTags.push(tag);
      const rows = Array.from({ length: LARGE }, (_, i) => ({
        code: `${tag}-${String(i).padStart(5, '0')}`,
        name: `Nhóm thử sập ${round} số ${i}`,
        trainingHours: 8,
        refresherYears: 2,
      }));
      for (;;) {
        const r = await p.call('POST', api(trainingArea, trainingArea.paths.import), rows);
        if (r.status === 429) {
          await pause(200);
          continue;
        }
        expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(202);
        acked.runs.set((r.body as { runId: string }).runId, tag);
        return;
      }
    }

    for (let round = 1; round <= ROUNDS; round++) {
      // Each round brings a share of the declarations in, with those an earlier crash left behind.
      const background = round % 2 === 1;
      const work = background ? importTrainings(round) : importEmployers(round);
      const load = [moveDeclarations(Math.ceil((round * DECLARATIONS) / ROUNDS)), work];
      // Failures of the load itself (not the connection cut by the kill) fail the test.
      const settled = Promise.allSettled(load);
      // After the first round, a background round's kill is timed from its 202, so it lands inside the run.
      if (background && round > 1) await Promise.race([work.catch(() => undefined), pause(20_000)]);
      const delay = Math.round(150 + rnd() * 2500);
      await pause(delay);
      await p.kill();
      for (const outcome of await settled) {
        if (outcome.status === 'rejected' && !(outcome.reason instanceof TypeError)) throw outcome.reason;
      }
      mark(
        `round ${round}: killed ${delay} ms after ${background && round > 1 ? 'the run was queued' : 'the load began'}`,
      );
      await p.start();
      const runNow = [...acked.runs].find(([, tag]) => tag === `SAP${round}`)?.[0];
      const seen = runNow ? (await p.call('GET', `/api/Import/run/${runNow}`)).body : null;
      mark(`restarted${seen ? `; the run it was running: ${JSON.stringify(seen).slice(0, 160)}` : ''}`);
    }

    // ------------------------------------------------------------------ after the last restart: finish, then check
    await moveDeclarations();
    mark('declarations moved');
    await importEmployers(ROUNDS + 1);
    mark('employers imported');
    const runIds = [...acked.runs.keys()];
    for (const id of runIds) {
      const until = Date.now() + 60_000;
      for (;;) {
        const r = await p.ok<{ status: string }>('GET', `/api/Import/run/${id}`, undefined);
        if (r.status === 'done' || r.status === 'failed') break;
        expect(Date.now(), `run ${id} still ${r.status}`).toBeLessThan(until);
        await pause(200);
      }
    }
    mark('runs finished');
    const health = await p.call('GET', '/api/health');
    expect(health.status).toBe(200);
    await p.stop();

    const database = await openDatabase({ url: databaseUrl, dataDir });
    try {
      const db = database.db;
      // Every run (acknowledged or not) ended: done with exactly its file's rows, or failed with a reason.
      const runs = (
        await sql<{
          id: string;
          status: string;
          total: number;
          created: number | null;
          updated: number | null;
          error_code: string | null;
          pieces: number;
        }>`select r.id, r.status, r.total, r.created, r.updated, r.error_code,
             (select count(*)::int from catalog_import_run_piece p where p.run_id = r.id and p.kind = 'rows') as pieces
           from catalog_import_run r`.execute(db)
      ).rows;
      mark(
        `runs: ${runs.map((r) => `${r.status}${r.error_code ? ` ${r.error_code}` : ''}${acked.runs.has(r.id) ? ' (202 answered)' : ''}`).join(', ')}; ` +
          `employer imports answered: ${[...acked.employerRounds].join(', ')}`,
      );
      for (const run of runs) {
        expect(['done', 'failed'], JSON.stringify(run)).toContain(run.status);
        expect(run.pieces, 'no rows left behind').toBe(0);
        if (run.status === 'done') expect((run.created ?? 0) + (run.updated ?? 0)).toBe(run.total);
        else expect(run.error_code).toBeTruthy();
      }
      for (const id of runIds) expect(runs.find((r) => r.id === id)?.status).toBe('done');
      const trainings = (
        await sql<{ tag: string; n: number; distinct: number }>`select split_part(code, '-', 1) as tag,
             count(*)::int as n, count(distinct lower(code))::int as distinct
           from target_training where code like 'SAP%' group by 1`.execute(db)
      ).rows;
      for (const tag of trainingTags) {
        const found = trainings.find((t) => t.tag === tag);
        if ([...acked.runs.values()].includes(tag)) expect(found, tag).toMatchObject({ n: LARGE, distinct: LARGE });
        // A file whose answer was lost: a run that ended done has all of it, one that failed none of it.
        else expect([0, LARGE]).toContain(found?.n ?? 0);
      }
      const doneRuns = runs.filter((r) => r.status === 'done' && r.total === LARGE).length;
      expect(trainings.filter((t) => t.n === LARGE)).toHaveLength(doneRuns);

      // A synchronous import is all or nothing; an acknowledged one is all.
      for (const [round, codes] of employerCodes) {
        const n = (
          await sql<{ n: number; distinct: number }>`select count(*)::int as n, count(distinct code)::int as distinct
             from business where code = any(${codes})`.execute(db)
        ).rows[0]!;
        expect(n.n).toBe(n.distinct);
        if (acked.employerRounds.has(round)) expect(n.n, `employers of round ${round}`).toBe(EMPLOYER_ROWS);
        else expect([0, EMPLOYER_ROWS]).toContain(n.n);
      }

      // Every declaration: its status is where its history ends, each move starts where the last one ended, and
      // its machine says the same.
      const rows = (
        await sql<{
          id: string;
          status: string;
          number: string | null;
          number_sequence: number | null;
          number_year: number | null;
          machine_status: string;
          machine_number: string | null;
          moves: { from: string | null; to: string | null }[];
        }>`select d.id, d.status, d.number, d.number_sequence, d.number_year,
             e.declaration_status as machine_status, e.declaration_number as machine_number,
             (select json_agg(json_build_object('from', v.from_status, 'to', v.to_status) order by v.id)
                from equipment_declaration_event v where v.declaration_id = d.id) as moves
           from equipment_declaration d
           join equipment_declaration_item i on i.declaration_id = d.id
           join equipment e on e.id = i.equipment_id`.execute(db)
      ).rows;
      expect(rows).toHaveLength(DECLARATIONS);
      for (const d of rows) {
        expect(d.status).toBe('confirmed');
        expect(d.moves.at(-1)?.to, d.id).toBe(d.status);
        d.moves.forEach((m, i) => expect(m.from, `${d.id} move ${i}`).toBe(i ? d.moves[i - 1]!.to : null));
        expect(d.moves.map((m) => m.to)).toEqual(['draft', 'submitted', 'confirmed']);
        expect(d.machine_status).toBe(d.status);
        expect(d.machine_number).toBe(d.number);
        expect(d.number).toMatch(/^\d{4}\/\d{4}\/XNKB$/);
      }
      for (const [id, status] of acked.moved) {
        const d = rows.find((r) => r.id === id)!;
        if (status === 'confirmed') expect(d.number).toBeTruthy();
      }
      // Numbers: unique, 1..n without a gap, and the counter at n (a number taken by a lost transaction is not lost).
      const sequences = rows.map((d) => d.number_sequence!).sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: DECLARATIONS }, (_, i) => i + 1));
      expect(new Set(rows.map((d) => d.number)).size).toBe(DECLARATIONS);
      const counter = (
        await sql<{
          last: number;
        }>`select last from equipment_declaration_counter where year = ${rows[0]!.number_year}`.execute(db)
      ).rows[0]!;
      expect(Number(counter.last)).toBe(DECLARATIONS);
    } finally {
      await database.close();
    }
  }, 480_000);
});
