import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installCertificate } from '../../src/modules/signed-documents/index.ts';
import { clock } from '../../src/platform/clock/index.ts';
import { makeTestAuthority } from '../../src/platform/signing/identity.ts';
import { readSignatures } from '../../src/platform/signing/pdf.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { caller } from '../support/calls.ts';
import { readPdf } from '../support/pdf.ts';
import { expectedRow, filingFixture, reportType, type FilingFixture } from './filing.fixtures.ts';

/**
 * The numbered receipt of a periodic report: issued once the report is filed (and the acceptance once accepted),
 * signed by the department's certificate with its verification QR; pdfsig finds the signature valid and a copy
 * changed by one byte not.
 */
let t: TestApp;
let f: FilingFixture;
let call: ReturnType<typeof caller>;
let dir: string;
let id: string;
const R = '/api/Report';

function pdfsig(file: string): string {
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  if (run.error) throw new Error(`pdfsig (Debian package poppler-utils) must be installed: ${run.error.message}`);
  return `${run.stdout}\n${run.stderr}`;
}

/** A copy with one byte changed inside the signed ranges (a byte of a stream's data). */
function alterOneByte(pdf: Buffer): Buffer {
  const [sig] = readSignatures(pdf);
  const copy = Buffer.from(pdf);
  const at = copy.indexOf('stream\n', sig!.byteRange[2]) + 'stream\n'.length + 3;
  copy[at] = copy[at]! ^ 0x01;
  return copy;
}

async function receipt(query = ''): Promise<Buffer> {
  const res = await t.request({ url: `${R}/submissions/${id}/receipt${query}`, headers: f.employerA.headers });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

beforeAll(async () => {
  try {
    execFileSync('pdfsig', ['-v'], { stdio: 'pipe' });
  } catch (e) {
    throw new Error(`pdfsig (Debian package poppler-utils) must be installed for this test: ${String(e)}`, {
      cause: e,
    });
  }
  dir = mkdtempSync(path.join(os.tmpdir(), 'report-receipt-'));
  t = await createTestApp();
  f = await filingFixture(t);
  call = caller(t);
  const authority = makeTestAuthority({
    agency: 'CHỨNG THƯ THỬ NGHIỆM — Sở Nội vụ tỉnh Thử Nghiệm',
    caName: 'CA THỬ NGHIỆM',
    testLabel: 'THỬ NGHIỆM',
  });
  await installCertificate(t.database.db, t.config.jwtSecret, authority.pkcs12, authority.password, { isTest: true });
  const type = await reportType(t, { form: 'annual-osh' });
  await expectedRow(t, {
    typeId: type.id,
    kind: 'business',
    key: f.businessA.id,
    businessId: f.businessA.id,
    wardCode: f.wards[0],
    name: 'Công ty Cà phê A',
  });
  const opened = await call(f.employerA, 'POST', `${R}/open-submission`, { reportTypeId: type.id, periodKey: '2025' });
  expect(opened.statusCode, opened.body).toBe(201);
  id = opened.json().id;
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the receipt of a report', () => {
  it('does not exist before the report is filed', async () => {
    const res = await t.request({ url: `${R}/submissions/${id}/receipt`, headers: f.employerA.headers });
    expect(res.statusCode).toBe(404);
  });

  it('is numbered, signed by the department and verifies with pdfsig; one changed byte does not', async () => {
    const d = (await call(f.employerA, 'GET', `${R}/submissions/${id}`)).json();
    const filed = await call(f.employerA, 'POST', `${R}/submit-submission/${id}`, {
      version: d.version,
      values: { ...d.values, totalWorkers: 25 },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const number = filed.json().number as string;

    const pdf = await receipt();
    const file = path.join(dir, 'receipt.pdf');
    writeFileSync(file, pdf);
    const out = pdfsig(file);
    expect(out).toContain('Signature is Valid');
    expect(out).toContain('Total document signed');
    expect(out).toContain('CHỨNG THƯ THỬ NGHIỆM');
    const altered = path.join(dir, 'altered.pdf');
    writeFileSync(altered, alterOneByte(pdf));
    const bad = pdfsig(altered);
    expect(bad).not.toContain('Signature is Valid');

    const read = await readPdf(pdf);
    const text = read.text.replace(/\s+/g, ' ');
    expect(text).toContain('PHIẾU TIẾP NHẬN BÁO CÁO ĐỊNH KỲ');
    expect(text).toContain(`Số: ${number}`);
    expect(text).toContain('Công ty Cà phê A');
    expect(text).toContain('năm 2025');
    expect(text).toContain(clock.today().split('-').reverse().join('/'));
    // Its QR opens the public verification page of the file.
    const code = /Mã xác minh: ([A-Z0-9]{10})/.exec(text)?.[1];
    expect(code).toBeDefined();
    expect(read.qrCodes).toContain(`${t.config.publicUrl.replace(/\/+$/, '')}/xac-minh-tai-lieu/${code}`);
    expect(read.metadata.Subject).toBe(number);

    // Only those who see the report download it; there is no acceptance yet.
    expect((await t.request({ url: `${R}/submissions/${id}/receipt`, headers: f.employerB.headers })).statusCode).toBe(
      404,
    );
    expect(
      (await t.request({ url: `${R}/submissions/${id}/receipt?kind=acceptance`, headers: f.employerA.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ url: `${R}/submissions/${id}/receipt?kind=other`, headers: f.employerA.headers })).statusCode,
    ).toBe(400);
  });

  it('becomes the acceptance once accepted, and the filing receipt is still there', async () => {
    const d = (await call(f.reviewer, 'GET', `${R}/submissions/${id}`)).json();
    const accepted = await call(f.reviewer, 'POST', `${R}/accept-submission/${id}`, { version: d.version });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const acceptance = await readPdf(await receipt());
    expect(acceptance.text.replace(/\s+/g, ' ')).toContain('GIẤY XÁC NHẬN CHẤP NHẬN BÁO CÁO ĐỊNH KỲ');
    const filing = await readPdf(await receipt('?kind=filing'));
    expect(filing.text.replace(/\s+/g, ' ')).toContain('PHIẾU TIẾP NHẬN BÁO CÁO ĐỊNH KỲ');
  });
});
