import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'portal-cfg-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('loadConfig', () => {
  it('defaults to the embedded database with demo data', () => {
    const c = loadConfig({ DATA_DIR: tmp() });
    expect(c.embedded).toBe(true);
    expect(c.demoData).toBe(true);
    expect(c.port).toBe(3000);
  });

  it('PostgreSQL start seeds no demo data unless asked', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h:5432/db' }).demoData).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h:5432/db', DEMO_DATA: '1' }).demoData).toBe(true);
  });

  it('generates a secret once and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.jwtSecret).toBe(a.jwtSecret);
    expect(readFileSync(path.join(dir, 'secrets', 'jwt-secret'), 'utf8')).toBe(a.jwtSecret);
  });

  it('rejects invalid values with a readable message', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: tmp(), DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA/);
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('trusts no proxy unless TRUST_PROXY names them by hop count or address; never everyone', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '10.0.0.2, 172.16.0.0/12,::1' }).trustProxy).toEqual([
      '10.0.0.2',
      '172.16.0.0/12',
      '::1',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'proxy.local', '10.0.0.1,,x'])
      expect(() => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('ADMIN_PASSWORD is at least 12 characters', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ADMIN_PASSWORD: 'Demo@2026' })).toThrow(/ADMIN_PASSWORD/);
    expect(loadConfig({ DATA_DIR: tmp(), ADMIN_PASSWORD: 'Quan-tri#Lam-Dong' }).adminPassword).toBe(
      'Quan-tri#Lam-Dong',
    );
  });

  it('sizes the PostgreSQL pool from the cores unless told', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  });
});
