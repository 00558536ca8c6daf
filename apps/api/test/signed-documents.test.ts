import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { makeTestAuthority } from '../src/platform/signing/identity.ts';
import { readSignatures } from '../src/platform/signing/pdf.ts';
import { adminUser, signIn, type Session } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { readPdf } from './support/pdf.ts';

/**
 * Signed documents on the demo province (which signs with a test certificate made at seed): an issued
 * confirmation verifies with poppler's pdfsig and a one-byte change does not; the upload check, the public
 * verification page, the registry and the certificate settings.
 */
let t: TestApp;
let dir: string;
let department: Session;
let employer: Session;
let admin: Session;
let signed: Buffer;

function pdfsig(file: string): string {
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  if (run.error) throw new Error(`pdfsig (Debian package poppler-utils) must be installed: ${run.error.message}`);
  return `${run.stdout}\n${run.stderr}`;
}

/** A copy of `pdf` with one byte changed inside the signed ranges (a byte of a stream's data, not its syntax). */
function alterOneByte(pdf: Buffer): Buffer {
  const [sig] = readSignatures(pdf);
  const copy = Buffer.from(pdf);
  const at = copy.indexOf('stream\n', sig!.byteRange[2]) + 'stream\n'.length + 3;
  expect(at).toBeGreaterThan(sig!.byteRange[2]);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
}

const check = (session: Session | null, payload: Buffer | string, contentType = 'application/pdf') =>
  t.request({
    method: 'POST',
    url: '/api/SignedDocument/check',
    headers: { ...(session?.headers ?? {}), 'content-type': contentType },
    payload,
  });

beforeAll(async () => {
  // Fail loudly (never skip) when the verifier is missing.
  try {
    execFileSync('pdfsig', ['-v'], { stdio: 'pipe' });
  } catch (e) {
    throw new Error(`pdfsig (Debian package poppler-utils) must be installed for this test: ${String(e)}`, {
      cause: e,
    });
  }
  dir = mkdtempSync(path.join(os.tmpdir(), 'signed-docs-'));
  t = await createTestApp({}, {}, { demo: true });
  department = await signIn(t, { userName: 'canbo.so', password: DEMO_PASSWORD });
  employer = await signIn(t, { userName: 'dn.caudatxanh', password: DEMO_PASSWORD });
  admin = await signIn(t, await adminUser(t));
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('an issued confirmation', () => {
  it('is signed (PAdES, visible stamp), verifies with pdfsig, and a one-byte change does not', async () => {
    const { rows } = await sql<{ id: string }>`select id from equipment_declaration
      where status = 'confirmed' order by number limit 1`.execute(t.database.db);
    const res = await t.request({
      url: `/api/Equipment/declaration-confirmation/${rows[0]!.id}`,
      headers: department.headers,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    signed = res.rawPayload;

    const file = path.join(dir, 'confirmation.pdf');
    writeFileSync(file, signed);
    const out = pdfsig(file);
    expect(out).toContain('Signature is Valid');
    expect(out).toContain('ETSI.CAdES.detached');
    expect(out).toContain('Total document signed');
    expect(out).toContain('CHỨNG THƯ THỬ NGHIỆM');
    expect(out).toContain('Lâm Đồng');

    const altered = path.join(dir, 'altered.pdf');
    writeFileSync(altered, alterOneByte(signed));
    const bad = pdfsig(altered);
    expect(bad).not.toContain('Signature is Valid');
    expect(bad).toMatch(/Signature is Invalid|Digest Mismatch/);

    // The visible signature: agency, time and verification code, linked to the public page.
    const read = await readPdf(signed);
    const flat = read.text.replace(/\s+/g, ' ');
    expect(flat).toContain('GIẤY XÁC NHẬN KHAI BÁO MÁY, THIẾT BỊ');
    expect(flat).toMatch(/Ký bởi: CHỨNG THƯ THỬ NGHIỆM — Sở Nội vụ tỉnh Lâm Đồng/);
    expect(flat).toMatch(/Thời gian ký: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    const code = /Mã xác minh: ([A-Z0-9]{10})/.exec(flat)?.[1];
    expect(code).toBeDefined();
    expect(read.links).toContain(`${t.config.publicUrl.replace(/\/+$/, '')}/xac-minh-tai-lieu/${code}`);

    // The registry holds it, with the hash of the very bytes served.
    const list = await t.request({ url: `/api/SignedDocument/list?keyWord=${code}`, headers: department.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().totalRecord).toBe(1);
    expect(list.json().pageLists[0]).toMatchObject({
      code,
      kind: expect.stringContaining('GIẤY XÁC NHẬN KHAI BÁO MÁY, THIẾT BỊ'),
    });
    const { createHash } = await import('node:crypto');
    expect(list.json().pageLists[0].sha256).toBe(createHash('sha256').update(signed).digest('hex'));
    // The registry is the department's; an employer gets 403.
    expect((await t.request({ url: '/api/SignedDocument/list', headers: employer.headers })).statusCode).toBe(403);
  });

  it('checks an upload: intact, altered, added to after signing', async () => {
    const ok = await check(employer, signed);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'intact',
      signatureCount: 1,
      coversWholeFile: true,
      pades: true,
      trusted: true,
      signer: { commonName: 'CHỨNG THƯ THỬ NGHIỆM — Sở Nội vụ tỉnh Lâm Đồng' },
      registered: { kind: expect.stringContaining('GIẤY XÁC NHẬN KHAI BÁO MÁY, THIẾT BỊ') },
    });
    expect(ok.json().signedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const altered = await check(employer, alterOneByte(signed));
    expect(altered.statusCode).toBe(200);
    expect(altered.json()).toMatchObject({ status: 'altered', registered: null });

    const appended = await check(employer, Buffer.concat([signed, Buffer.from('\n% added later\n')]));
    expect(appended.json()).toMatchObject({ status: 'modifiedAfterSigning', coversWholeFile: false });
  });

  it('refuses bad uploads with a clear 4xx', async () => {
    const notPdf = await check(employer, Buffer.from('hello, not a pdf'));
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error.code).toBe('notPdf');
    expect(notPdf.json().error.message).toContain('PDF');

    const plain = new PDFDocument();
    const chunks: Buffer[] = [];
    plain.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => plain.on('end', resolve));
    plain.text('unsigned');
    plain.end();
    await ended;
    const unsigned = await check(employer, Buffer.concat(chunks));
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.code).toBe('notSigned');

    expect((await check(employer, Buffer.alloc(0))).statusCode).toBe(400);
    expect((await check(employer, '{"a":1}', 'application/json')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await check(employer, '{"a":1}', 'application/json')).statusCode).toBeLessThan(500);
    expect((await check(null, signed)).statusCode).toBe(401);

    // The browser's way: a form with the file.
    const form = new FormData();
    form.append('formFile', new Blob([new Uint8Array(signed)], { type: 'application/pdf' }), 'giay-xac-nhan.pdf');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const viaForm = await t.request({
      method: 'POST',
      url: '/api/SignedDocument/check',
      headers: { ...employer.headers, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(viaForm.statusCode, viaForm.body).toBe(200);
    expect(viaForm.json().status).toBe('intact');
  });

  it('shows the public verification page without personal data', async () => {
    const code = /Mã xác minh: ([A-Z0-9]{10})/.exec((await readPdf(signed)).text.replace(/\s+/g, ' '))![1]!;
    const page = await t.request({ url: `/api/SignedDocument/verify/${code}` });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(Object.keys(body).sort()).toEqual(
      ['code', 'kind', 'number', 'recordUrl', 'sha256', 'signedAt', 'signer', 'testCertificate'].sort(),
    );
    expect(body.testCertificate).toBe(true);
    // The employer, its address and tax code are on the paper, never on the public page.
    const { rows } = await sql<{ name: string; code: string | null }>`select b.name, b.code from equipment_declaration d
      join business b on b.id = d.business_id where d.status = 'confirmed' order by d.number limit 1`.execute(
      t.database.db,
    );
    expect(rows.length).toBe(1);
    expect(page.body).not.toContain(rows[0]!.name);
    if (rows[0]!.code) expect(page.body).not.toContain(rows[0]!.code);
    expect((await t.request({ url: '/api/SignedDocument/verify/ACDEFGHJKM' })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/SignedDocument/verify/not-a-code' })).statusCode).toBe(400);
  });
});

describe('the signing certificate', () => {
  const upload = (body: Record<string, string>, session: Session = admin) =>
    t.request({ method: 'POST', url: '/api/SignedDocument/certificate', headers: session.headers, payload: body });

  it('shows the test certificate and refuses a wrong password, an expired certificate or another file', async () => {
    const current = await t.request({ url: '/api/SignedDocument/certificate', headers: admin.headers });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      isTest: true,
      commonName: 'CHỨNG THƯ THỬ NGHIỆM — Sở Nội vụ tỉnh Lâm Đồng',
    });

    const fresh = makeTestAuthority({ agency: 'Sở thử nghiệm B', caName: 'CA THỬ NGHIỆM B', testLabel: 'THỬ NGHIỆM' });
    const wrong = await upload({ file: fresh.pkcs12.toString('base64'), password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('wrongPassword');

    const old = makeTestAuthority({
      agency: 'Sở cũ',
      caName: 'CA CŨ',
      testLabel: 'THỬ NGHIỆM',
      validFrom: new Date('2019-01-01T00:00:00Z'),
      years: 1,
    });
    const expired = await upload({ file: old.pkcs12.toString('base64'), password: old.password });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('expired');

    const junk = await upload({ file: Buffer.from('not a certificate').toString('base64'), password: 'x' });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().error.code).toBe('notPkcs12');
    expect((await upload({ file: '@@@', password: 'x' })).statusCode).toBe(400);
    expect(
      (await upload({ file: fresh.pkcs12.toString('base64'), password: fresh.password }, employer)).statusCode,
    ).toBe(403);

    const saved = await upload({ file: fresh.pkcs12.toString('base64'), password: fresh.password });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ commonName: 'THỬ NGHIỆM — Sở thử nghiệm B', isTest: false });
    // The key is stored sealed, never as PEM.
    const stored = await sql<{ sealed_key: string }>`select sealed_key from signing_certificate where active`.execute(
      t.database.db,
    );
    expect(stored.rows[0]!.sealed_key).not.toContain('PRIVATE KEY');

    // A document signed with an earlier certificate still checks as intact and trusted.
    const again = await check(employer, signed);
    expect(again.json()).toMatchObject({ status: 'intact', trusted: true });
  });
});
