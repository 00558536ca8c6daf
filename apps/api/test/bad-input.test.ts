import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { signIn, type Session } from './support/accounts.ts';
import { multipart, SMALL_PDF } from './support/sweep.ts';

/**
 * The causes the contract sweep found, each proven on its own: text PostgreSQL cannot store is refused as a
 * 400 naming the field, every PostgreSQL data error is a 400, a bad URL answers with the error body, a
 * passport-only worker fits the drop-down's shape, and a work permit's impossible dates end the validation
 * before any period rule runs.
 */

/** Statements that fail in the database with a data error (class 22), as a handler's query could. */
const probe: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/__probe/data-error',
    { config: { permission: 'Auth.read' }, schema: { querystring: z.object({ kind: z.string() }) } },
    async (request) => {
      const statements: Record<string, () => Promise<unknown>> = {
        nul: () => sql`select ${'a\u0000b'}::text as v`.execute(app.db),
        jsonEscape: () => sql`select ${'"\\u0000"'}::jsonb as v`.execute(app.db),
        number: () => sql`select ${'99999999999'}::int as v`.execute(app.db),
        date: () => sql`select ${'2025-02-30'}::date as v`.execute(app.db),
      };
      await statements[request.query.kind]!();
      return { ok: true };
    },
  );
};

let t: TestApp;
let officer: Session;
let administrator: Session;
let employer: Session;
beforeAll(async () => {
  t = await createTestApp({}, { plugins: [probe] }, { demo: true });
  officer = await signIn(t, { userName: 'canbo.so', password: DEMO_PASSWORD });
  administrator = await signIn(t, { userName: 'quantri', password: DEMO_PASSWORD });
  employer = await signIn(t, { userName: 'dn.caudatxanh', password: DEMO_PASSWORD });
}, 120_000);
afterAll(async () => t?.close());

const fieldsOf = (body: { error: { details: Array<{ field?: string }> } }) => body.error.details.map((d) => d.field);

describe('text the database cannot store', () => {
  it('a NUL in a query parameter is a 400 naming it, for the public too', async () => {
    for (const url of [
      '/api/Account/exist-user-name?userName=ab%00c',
      '/api/OfficalProfile/countries?keyWord=vi%00t',
      '/api/OfficalProfile/provinces?keyWord=%00',
      '/api/ViolatingOrganization/public-list?keyWord=a%00',
    ]) {
      const res = await t.request({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CHARACTERS');
      expect(fieldsOf(res.json())[0]).toMatch(/^query\.(userName|keyWord)$/);
    }
  });

  it('a NUL or a lone surrogate in a JSON body is a 400 naming the field, also inside lists', async () => {
    const login = await t.request({
      method: 'POST',
      url: '/api/Account/login',
      payload: { userName: 'canbo.so\u0000', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(400);
    expect(fieldsOf(login.json())).toEqual(['body.userName']);

    const surrogate = await t.request({
      method: 'POST',
      url: '/api/Position/import-position-from-json?dryRun=true',
      headers: { ...administrator.headers, 'content-type': 'application/json' },
      // A lone surrogate only travels as a JSON escape.
      payload: '[{"code":"CV1","name":"Chuy\\ud800n vi\\u00ean"}]',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().error.code).toBe('INVALID_CHARACTERS');
    expect(fieldsOf(surrogate.json())).toEqual(['body.0.name']);
  });

  it('a NUL in an uploaded file name is a 400 on the file field, nothing stored', async () => {
    const before = await t.database.db
      .selectFrom('stored_file')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const form = multipart({}, SMALL_PDF, 'ho\u0000so.pdf');
    const res = await t.request({
      method: 'POST',
      url: '/api/File/upload',
      payload: form.payload,
      headers: { ...officer.headers, ...form.headers },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toEqual(['formFile']);
    const after = await t.database.db
      .selectFrom('stored_file')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('large JSON bodies, parsed in turns', () => {
  const big = (rows: string) => `[${rows}${',{"fullName":"Nguyễn Văn An","sex":"male"}'.repeat(30_000)}]`;
  const post = (payload: string) =>
    t.request({
      method: 'POST',
      url: '/api/Worker/import-worker-from-json?dryRun=true',
      headers: { ...employer.headers, 'content-type': 'application/json' },
      payload,
    });

  it('are read as the usual parser reads them', async () => {
    const res = await post(big('{"fullName":"Trần Thị [Bích], \\"Hoa\\"","sex":"female"}'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const data = res.json().data as { fullName: string }[];
    expect(data).toHaveLength(30_001);
    expect(data[0]!.fullName).toBe('Trần Thị [Bích], "Hoa"');
  });

  it('answer broken JSON and __proto__ keys with the error body, as small bodies are', async () => {
    for (const payload of [big('{"fullName":"x",}'), big('{"__proto__":{"x":1}}'), `${big('{}')}]`]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBeTypeOf('string');
    }
  });
});

describe('errors before and below the routes', () => {
  it('every PostgreSQL data error is a 400 with the error body, never a 500', async () => {
    for (const [kind, sqlState] of [
      ['nul', '22021'],
      ['jsonEscape', '22P05'],
      ['number', '22003'],
      ['date', '22008'],
    ] as const) {
      const res = await t.request({ url: `/api/__probe/data-error?kind=${kind}` });
      expect(res.statusCode, kind).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(res.json().error.details[0].code).toBe(sqlState);
    }
  });

  it('a path that is not valid UTF-8 answers with the error body', async () => {
    const res = await t.request({ url: '/api/Unit/units/%ED%A0%80', headers: officer.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'BAD_URL', details: [] });
    const long = await t.request({ url: `/api/Unit/units/${'x'.repeat(600)}`, headers: officer.headers });
    expect(long.statusCode).toBe(414);
    expect(long.json().error.code).toBe('URI_TOO_LONG');
  });
});

describe('filters bounded by what the columns hold', () => {
  it('a whole-number filter beyond any record is refused before an export starts streaming', async () => {
    for (const url of [
      '/api/CollectWorker/export-excel?yearFrom=1e308',
      '/api/CollectWorker/export-excel?yearTo=-99999999999999999999',
      '/api/CollectWorker/collectWorkers?yearFrom=-1e308',
      // Within what a column holds, but outside the field's own range (a report year from 2000 to 2100).
      '/api/CollectWorker/collectWorkers?yearTo=-99999999999',
      '/api/CollectWorker/export-excel?yearFrom=2101',
    ]) {
      const res = await t.request({ url, headers: administrator.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    const inRange = await t.request({
      url: '/api/CollectWorker/collectWorkers?yearFrom=2000&yearTo=2100',
      headers: administrator.headers,
    });
    expect(inRange.statusCode).toBe(200);
  });
});

describe('answers that fit the data', () => {
  it('drop-downs of workers list a foreign worker known by passport only', async () => {
    // Worker records are a catalogue area (their table is not in the static schema types).
    const passportOnly = (
      await sql<{ id: string; business_id: string }>`select id, business_id from worker
        where citizen_id is null and deleted_at is null order by id limit 1`.execute(t.database.db)
    ).rows[0]!;
    for (const route of ['get-combobox-worker', 'get-combobox-worker-not-register']) {
      const res = await t.request({
        url: `/api/Worker/${route}?bussinessId=${passportOnly.business_id}&ids=${passportOnly.id}`,
        headers: officer.headers,
      });
      expect(res.statusCode, route).toBe(200);
      expect(res.json().find((o: { value: string }) => o.value === passportOnly.id)).toMatchObject({ code: null });
    }
  });
});

describe('validation ends the request before any rule runs', () => {
  it('work permit requests with impossible dates are a 400 on the dates, not a rule that throws', async () => {
    const worker = (
      await sql<{ id: string }>`select w.id from worker w join business b on b.id = w.business_id
        where b.code = '5801234577' and w.passport_number is not null order by w.id limit 1`.execute(t.database.db)
    ).rows[0]!;
    const common = { workerId: worker.id, passportNumber: 'B1234567', jobTitle: 'Kỹ sư', workplace: 'Đà Lạt' };
    const calls = [
      ['add-require-license', { ...common, position: 'expert', workForm: 'contract' }],
      ['add-require-confirm', { ...common, exemptionGround: 'other', exemptionDetail: 'Lý do' }],
    ] as const;
    for (const [route, body] of calls) {
      const res = await t.request({
        method: 'POST',
        url: `/api/WorkerLicense/${route}`,
        headers: employer.headers,
        payload: { ...body, requestedFrom: 'a', requestedTo: 'b' },
      });
      expect(res.statusCode, route).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(fieldsOf(res.json())).toEqual(expect.arrayContaining(['body.requestedFrom', 'body.requestedTo']));
    }
  });
});
