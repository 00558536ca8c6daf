/**
 * npm run bench [-- options]: generates (or reuses) a bench province, starts the real app and runs every
 * measurement of measurements/index.ts on each database, then prints one table and writes
 * bench/results/latest.json. Options: see `usage` below.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { applyHeapSettings } from '../../apps/api/src/config.ts';
import { createPool, defaultPoolSize } from '../../apps/api/src/db/database.ts';
import {
  defaultServerUrl,
  openBenchDatabase,
  postgresReachable,
  resetBenchDatabase,
  type DatabaseKind,
} from './databases.ts';
import { defaultEmployers, generateProvince, provinceSize, type GenerateResult } from './generate.ts';
import type { BenchContext, ResultRow } from './harness.ts';
import { LoadClient } from './load/client.ts';
import { measurements } from './measurements/index.ts';
import { formatTable } from './table.ts';

const usage = `npm run bench -- [options]   (flags win over the environment variables in brackets)
  --db pglite|postgres|both   [BENCH_DB]           both (default): PostgreSQL when it answers, and PGlite
  --workers N                 [BENCH_WORKERS]      200000 (quick run)
  --employers N                                    workers / 20
  --full                                           1 000 000 workers, 50 000 employers
  --seed N                                         1
  --duration S                [BENCH_DURATION]     seconds per measured run: 5
  --warmup S                                       seconds of warm-up per side before it: 1
  --connections N             [BENCH_CONNECTIONS]  10
  --url URL                   [BENCH_DATABASE_URL] PostgreSQL server; the bench uses its database portal_bench
                                                   (a URL naming another database is used as is)
  --data-dir DIR              [BENCH_DATA_DIR]     PGlite files: bench/.data
  --only NAME[,NAME]                               some measurements (names: --list)
  --fresh                                          drop the bench databases first (after migrations changed)`;

const env = process.env;
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: env.BENCH_DB ?? 'both' },
    workers: { type: 'string', default: env.BENCH_WORKERS },
    employers: { type: 'string' },
    full: { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
    duration: { type: 'string', default: env.BENCH_DURATION ?? '5' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: env.BENCH_CONNECTIONS ?? '10' },
    url: { type: 'string', default: env.BENCH_DATABASE_URL ?? defaultServerUrl },
    'data-dir': { type: 'string', default: env.BENCH_DATA_DIR },
    only: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

function positive(name: string, text: string | undefined, fallback: number, allowZero = false): number {
  const n = text === undefined ? fallback : Number(text);
  if (!Number.isFinite(n) || n < 0 || (n === 0 && !allowZero))
    throw new Error(`--${name} must be a positive number, not ${text}`);
  return n;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

/** The app's pool size (openDatabase's default), and so the bare side's on PostgreSQL. */
const poolSize = defaultPoolSize();

interface DatabaseReport {
  kind: DatabaseKind;
  where: string;
  version: string | undefined;
  province: { workers: number; employers: number };
  generation: GenerateResult;
}

async function main(): Promise<number> {
  if (args.help) {
    console.log(usage);
    return 0;
  }
  if (args.list) {
    for (const m of measurements) console.log(`${m.name.padEnd(16)} ${m.description}`);
    return 0;
  }

  const workers = Math.trunc(positive('workers', args.workers, args.full ? 1_000_000 : 200_000));
  const employers = Math.trunc(positive('employers', args.employers, args.full ? 50_000 : defaultEmployers(workers)));
  const seed = Math.trunc(positive('seed', args.seed, 1, true));
  const options = {
    durationSeconds: positive('duration', args.duration, 5),
    warmupSeconds: positive('warmup', args.warmup, 1, true),
    connections: Math.trunc(positive('connections', args.connections, 10)),
  };
  const dataDir = args['data-dir'];
  const selected = args.only
    ? args.only.split(',').map((name) => {
        const found = measurements.find((m) => m.name === name.trim());
        if (!found) throw new Error(`unknown measurement "${name}" (see --list)`);
        return found;
      })
    : measurements;

  const kinds: DatabaseKind[] = [];
  if (args.db === 'postgres' || args.db === 'both') {
    if (await postgresReachable(args.url)) kinds.push('postgres');
    else if (args.db === 'postgres') throw new Error(`PostgreSQL does not answer at ${args.url}`);
    else log(`PostgreSQL does not answer at ${args.url}: PGlite only`);
  }
  if (args.db === 'pglite' || args.db === 'both') kinds.push('pglite');
  if (kinds.length === 0) throw new Error(`--db must be pglite, postgres or both, not ${args.db}`);

  const startedAt = new Date();
  // Other work on the machine skews every figure: printed so a reader can tell a quiet run from a busy one.
  const loadAtStart = os.loadavg();
  // The app under test runs in this process: with the heap settings the API's main.ts applies.
  applyHeapSettings();
  const rows: ResultRow[] = [];
  const databases: DatabaseReport[] = [];
  const load = new LoadClient();
  try {
    for (const kind of kinds) {
      const prefix = `[${kind}]`;
      if (args.fresh) await resetBenchDatabase(kind, { url: args.url, ...(dataDir ? { dataDir } : {}) });
      const bench = await openBenchDatabase(kind, {
        url: args.url,
        poolSize,
        ...(dataDir ? { dataDir } : {}),
        log: (line) => log(`${prefix} ${line}`),
      }).catch((err: unknown) => {
        throw new Error(`${prefix} cannot open the bench database: ${(err as Error).message}`, { cause: err });
      });
      const { database } = bench;
      log(`${prefix} ${bench.where}`);
      let barePool: pg.Pool | undefined;
      try {
        const generation = await generateProvince(database.db, {
          workers,
          employers,
          seed,
          log: (line) => log(`${prefix} ${line}`),
        });
        const province = await provinceSize(database.db);
        const version = (await database.ping()).version;
        databases.push({ kind, where: bench.where, version, province, generation });

        const app = await buildApp({
          config: bench.config,
          database,
          logger: false,
          plugins: selected.flatMap((m) => m.plugins ?? []),
        });
        await app.listen({ host: '127.0.0.1', port: 0 });
        const { port } = app.server.address() as AddressInfo;
        // PGlite lives in this process behind one connection: the bare side shares the app's pool.
        barePool = bench.url ? createPool(bench.url, poolSize) : database.pool;
        barePool.on('error', () => {});
        const ctx: BenchContext = {
          kind,
          firstDatabase: kind === kinds[0],
          database,
          barePool,
          apiBaseUrl: `http://127.0.0.1:${port}`,
          province,
          options,
          load,
          log: (line) => log(`${prefix}${line}`),
        };
        try {
          for (const m of selected) {
            log(`${prefix} ${m.name}`);
            try {
              rows.push(...(await m.run(ctx)));
            } catch (err) {
              log(`${prefix} ${m.name} failed: ${(err as Error).stack ?? String(err)}`);
              rows.push({
                measurement: m.name,
                database: kind,
                status: 'error',
                detail: { error: (err as Error).message },
              });
            }
          }
        } finally {
          await app.close();
        }
      } finally {
        if (barePool && barePool !== database.pool) await barePool.end();
        await database.close();
      }
    }
  } finally {
    load.close();
  }

  const finishedAt = new Date();
  const generated = databases
    .map(({ kind, province: p, generation: g, version }) => {
      const size = `${p.workers.toLocaleString('en-US')} workers, ${p.employers.toLocaleString('en-US')} employers`;
      return `${kind}: ${size}, ${g.skipped ? 'reused' : `generated in ${g.seconds.toFixed(1)} s`} (${version})`;
    })
    .join('; ');
  console.log(
    `\nBench ${startedAt.toISOString()} · Node ${process.version} · ${os.cpus().length} CPUs · ` +
      `${options.connections} connections (PostgreSQL pool ${poolSize}), ${options.durationSeconds} s per run after ${options.warmupSeconds} s warm-up · ` +
      `load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}`,
  );
  console.log(`Data: ${generated}\n`);
  console.log(formatTable(rows));

  const results = {
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    seconds: (finishedAt.getTime() - startedAt.getTime()) / 1000,
    environment: {
      node: process.version,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      totalMemoryMb: Math.round(os.totalmem() / 2 ** 20),
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: os.loadavg(),
    },
    options: { ...options, workers, employers, seed, databases: kinds, measurements: selected.map((m) => m.name) },
    databases,
    processMaxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    rows,
  };
  const out = path.resolve(import.meta.dirname, '../results/latest.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  log(`\nresults: ${path.relative(process.cwd(), out)}`);
  return rows.some((r) => r.status === 'error') ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
