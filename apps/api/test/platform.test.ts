import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTestApp, type TestApp } from './support/app.ts';
import { sessionWith } from './support/accounts.ts';
import { registerAccess } from '../src/platform/access/index.ts';
import { matchesKeyword } from '../src/db/search.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ bodyLimit: 64 * 1024 }, { plugins: [probe] });
});

/** Probe routes that exercise the platform the way every domain route will use it. */
const probe: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/__probe/typed',
    {
      config: { permission: 'Auth.read' },
      schema: {
        querystring: z.object({ count: z.coerce.number().int() }),
        body: z.object({ name: z.string().max(300_000) }),
      },
    },
    async (req) => ({ ok: true, name: req.body.name }),
  );
  app.post(
    '/api/__probe/setting',
    { config: { permission: 'Auth.read' }, schema: { body: z.object({ key: z.string() }) } },
    async (req) => {
      await app.db
        .insertInto('app_setting')
        .values({ key: req.body.key, value: JSON.stringify({}) })
        .execute();
      return { ok: true };
    },
  );
  app.get('/api/__probe/secret', { config: { permission: 'Secret.read' } }, async () => ({ secret: 1 }));
};
afterAll(async () => t.close());

describe('health and documentation', () => {
  it('reports database status; the engine and its version only to administrators', async () => {
    const res = await t.request('/api/health');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database).toEqual({ ok: true, latencyMs: expect.any(Number) });

    const officer = await sessionWith(t, { permissions: ['Configuration.read', 'User.read'] });
    expect((await t.request({ url: '/api/health', headers: officer.headers })).json().database).not.toHaveProperty(
      'kind',
    );
    for (const admin of [
      await sessionWith(t, { permissions: ['Configuration.update'] }),
      await sessionWith(t, { role: 'admin' }),
    ]) {
      const detailed = (await t.request({ url: '/api/health', headers: admin.headers })).json().database;
      expect(['pglite', 'postgres']).toContain(detailed.kind);
      expect(detailed.version).toMatch(/\d+\.\d+/);
    }
  });

  it('serves OpenAPI generated from the route schemas', async () => {
    const res = await t.request('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health'].get.responses['200']).toBeDefined();
    const ui = await t.request('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/html/);
  });

  it('sends security headers', async () => {
    const res = await t.request('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // Scripts may talk to this portal only: no socket to any other host.
    expect(res.headers['content-security-policy']).toContain("connect-src 'self';");
  });
});

describe('bad input never yields a 5xx', () => {
  const errorShape = (res: { json(): unknown; statusCode: number }) => {
    const body = res.json() as { error: { code: string; message: string; details: unknown[] } };
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof body.error.code).toBe('string');
    expect(body.error.message.length).toBeGreaterThan(0);
    expect(Array.isArray(body.error.details)).toBe(true);
    return body.error;
  };

  it('unknown route → 404 in the request language', async () => {
    const vi = errorShape(await t.request('/api/khong-co'));
    expect(vi.code).toBe('NOT_FOUND');
    expect(vi.message).toContain('Không có địa chỉ');
    const en = errorShape(await t.request({ url: '/api/khong-co', headers: { 'accept-language': 'en-US,en' } }));
    expect(en.message).toContain('There is no route');
  });

  it('malformed JSON → 400 INVALID_JSON', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/OfficalProfile/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"a": ',
    });
    const err = errorShape(res);
    expect(['INVALID_JSON', 'NOT_FOUND']).toContain(err.code);
  });

  it('wrong types and bad query strings → 400 with field details', async () => {
    const query = await t.request({ method: 'POST', url: '/api/__probe/typed?count=abc', payload: { name: 'x' } });
    expect(query.statusCode).toBe(400);
    expect(errorShape(query).details).toMatchObject([{ field: 'querystring.count' }]);
    const res = await t.request({ method: 'POST', url: '/api/__probe/typed?count=1', payload: { name: 42 } });
    const err = errorShape(res);
    expect(res.statusCode).toBe(400);
    expect(err.code).toBe('VALIDATION');
    const fields = (err.details as Array<{ field: string; message: string }>).map((d) => d.field);
    expect(fields).toEqual(['body.name']);
    // zod's Vietnamese messages
    expect((err.details as Array<{ message: string }>)[0]!.message).toMatch(
      /[ạảãàáâậầấẩẫăắằặẳẵêệềếểễôộồốổỗơợờớởỡưựừứửữđ]/i,
    );
  });

  it('malformed JSON on a real route → 400', async () => {
    const err = errorShape(
      await t.request({
        method: 'POST',
        url: '/api/__probe/typed?count=1',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "x",',
      }),
    );
    expect(err.code).toBe('INVALID_JSON');
  });

  it('oversize body → 413', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/__probe/typed?count=1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(200 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(errorShape(res).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('unsupported content type → 415', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/__probe/typed?count=1',
      headers: { 'content-type': 'application/x-weird' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    errorShape(res);
  });

  it('a database constraint violation is a 409, not a 500', async () => {
    const first = await t.request({ method: 'POST', url: '/api/__probe/setting', payload: { key: 'dup' } });
    expect(first.statusCode).toBe(200);
    const again = await t.request({ method: 'POST', url: '/api/__probe/setting', payload: { key: 'dup' } });
    expect(again.statusCode).toBe(409);
    expect(errorShape(again).code).toBe('CONFLICT');
  });
});

describe('access: deny by default', () => {
  it('refuses to start when an /api route declares no permission', async () => {
    const app = Fastify();
    registerAccess(app, async () => null);
    expect(() => app.get('/api/unguarded', async () => 'x')).toThrow(/declares no permission/);
    await app.close();
  });

  it('anonymous callers get 401 on a route that needs a feature', async () => {
    const res = await t.request('/api/__probe/secret');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('accent-insensitive search', () => {
  it('"nguyen van a" finds "Nguyễn Văn A" and "d" matches "đ"', async () => {
    const db = t.database.db;
    const names = ['Nguyễn Văn A', 'Trần Thị Đào', 'Lê Văn Bình', 'ĐẶNG VĂN ĐỨC'];
    const rows = await sql<{ name: string }>`select name from unnest(${names}::text[]) as t(name)`.execute(db);
    expect(rows.rows).toHaveLength(4);
    const find = async (kw: string) =>
      (
        await sql<{
          name: string;
        }>`select name from unnest(${names}::text[]) as t(name) where ${matchesKeyword(['name'], kw)}`.execute(db)
      ).rows.map((r) => r.name);
    expect(await find('nguyen van a')).toEqual(['Nguyễn Văn A']);
    expect(await find('NGUYỄN')).toEqual(['Nguyễn Văn A']);
    expect(await find('dao')).toEqual(['Trần Thị Đào']);
    expect(await find('dang van duc')).toEqual(['ĐẶNG VĂN ĐỨC']);
    expect(await find('100%')).toEqual([]);
  });
});
