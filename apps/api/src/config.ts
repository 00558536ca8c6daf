import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/domain/accounts';

/** Environment → typed configuration. The only place that reads process.env. */
const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/**
 * TRUST_PROXY: which proxies may tell the portal the client's address (X-Forwarded-For). Off by default: the
 * address is the connection's. A hop count (`1`: the one reverse proxy in front) or a comma-separated list of
 * proxy addresses or CIDR ranges. `true` (believe any sender) is refused: anyone could then choose the address
 * every per-address limit and the access history go by.
 */
function isProxyAddress(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    if (['', '0', 'false', 'no', 'off'].includes(v.toLowerCase())) return false;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = list.filter((s) => !isProxyAddress(s));
    if (!list.length || bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `a hop count or a comma-separated list of proxy addresses/CIDR ranges (not ${bad.join(', ') || v})`,
      });
      return z.NEVER;
    }
    return list;
  });

/** A comma-separated list of addresses or CIDR ranges (METRICS_ALLOW); empty → none. */
const addressList = z
  .string()
  .trim()
  .transform((v, ctx): string[] => {
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = list.filter((s) => !isProxyAddress(s));
    if (bad.length) {
      ctx.addIssue({ code: 'custom', message: `addresses or CIDR ranges, comma-separated (not ${bad.join(', ')})` });
      return z.NEVER;
    }
    return list;
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  // The password policy (length, strength) is checked at first start, where the user name is known.
  ADMIN_PASSWORD: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH).optional(),
  DEMO_DATA: boolish.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SYNC_SOURCE_URL: z.string().url().optional(),
  TRUST_PROXY: trustProxy.optional(),
  TEST_CLOCK: boolish.optional(),
  // How many API instances share the database (behind a reverse proxy); 1 unless several are run.
  INSTANCES: z.coerce.number().int().min(1).max(64).default(1),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  // Several instances (issue #28): a read replica for public look-ups, and who may read /metrics.
  DATABASE_REPLICA_URL: z.string().url().optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_ALLOW: addressList.optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** undefined → embedded PGlite under dataDir; 'memory://' → in-memory PGlite (tests) */
  databaseUrl: string | undefined;
  embedded: boolean;
  /** PostgreSQL connections; undefined → defaultPoolSize() (db/database.ts). */
  databasePoolSize: number | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  adminPassword: string | undefined;
  demoData: boolean;
  logLevel: string;
  webDist: string;
  jwtSecret: string;
  syncSourceUrl: string | undefined;
  bodyLimit: number;
  /** Fastify's trustProxy: false (the connection's address), a hop count, or the proxies' addresses/ranges. */
  trustProxy: false | number | string[];
  /** Lets an administrator move the portal's clock (browser tests walking a due date): never in production. */
  testClock: boolean;
  /**
   * API instances sharing the database. With one (always on the embedded database), work left running when the
   * process stopped is no one else's and is taken over at start; with several it may be another instance's and
   * is taken over only once its lease lapses.
   */
  instances: number;
  /** PostgreSQL replica for read-only public look-ups; undefined → they read the primary. */
  databaseReplicaUrl: string | undefined;
  /** /metrics: a bearer token that opens it, and client addresses/ranges that may read it without one. */
  metricsToken: string | undefined;
  metricsAllow: string[];
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A secret given in the environment wins; otherwise one is generated once and kept in DATA_DIR. */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const databaseUrl = overrides.databaseUrl ?? e.DATABASE_URL;
  const embedded = !databaseUrl || databaseUrl.startsWith('memory://');
  const port = overrides.port ?? e.PORT;
  const base: AppConfig = {
    port,
    host: e.HOST,
    dataDir,
    databaseUrl,
    embedded,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${port}`,
    smtpUrl: e.SMTP_URL || undefined,
    adminPassword: e.ADMIN_PASSWORD,
    // The demo province is seeded by default on the embedded database only; production (PostgreSQL) opts in.
    demoData: e.DEMO_DATA ?? embedded,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    jwtSecret: e.JWT_SECRET ?? '',
    syncSourceUrl: e.SYNC_SOURCE_URL,
    bodyLimit: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY ?? false,
    testClock: e.TEST_CLOCK ?? false,
    instances: embedded ? 1 : e.INSTANCES,
    databaseReplicaUrl: embedded ? undefined : e.DATABASE_REPLICA_URL,
    metricsToken: e.METRICS_TOKEN,
    metricsAllow: e.METRICS_ALLOW ?? [],
  };
  const config = { ...base, ...overrides };
  if (!config.jwtSecret) config.jwtSecret = persistentSecret(config.dataDir, 'jwt-secret');
  return config;
}

/**
 * Heap settings of the API process: main.ts applies them first thing, and the bench's servers do too, so they
 * measure the process as it runs. By default V8 grows the young generation to 32 MB at the first burst of
 * allocation (an export, a busy minute), and lets the old one reach up to several times its live size before a
 * full collection; after one export of 100 000 rows the server stayed at over 300 MB, mostly garbage not yet
 * collected. Here the young generation keeps its first size and the old one is collected once it has grown by
 * 30 %: ≈ 230 MB after the same export, with no cost per request the bench could tell from its noise. V8 reads
 * both flags whenever it sizes the heap, so setting them after start-up takes effect.
 */
export function applyHeapSettings(): void {
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  v8.setFlagsFromString('--heap-growing-percent=30');
}
