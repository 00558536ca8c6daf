import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogOperations } from '../src/catalog/operations.ts';
import type { OpContext } from '../src/catalog/context.ts';
import { listPublicLegalDocuments } from '../src/modules/library/legal-documents.ts';
import { saveUpload } from '../src/platform/files/index.ts';
import { clock } from '../src/platform/clock/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * Legal documents: the status derived on the day from the dates and the replacement (the public list's SQL and
 * the back office's afterRead agree), the public list's search and filters, the seeded reference texts, and the
 * public download of a document's file only when it is not secure.
 */
let t: TestApp;
let system: OpContext;
const ops = () => catalogOperations('legalDocument');

async function file(secure: boolean, name: string): Promise<string> {
  const stored = await saveUpload(
    t.database.db,
    t.app.files,
    {
      isSecure: secure,
      isBackground: false,
      fileType: null,
      fileName: name,
      data: Buffer.from('%PDF-1.4\n% văn bản\n%%EOF\n'),
      type: { kind: 'pdf', mime: 'application/pdf', ext: 'pdf' },
    },
    { uploadedBy: null },
  );
  return stored.id;
}

const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  system = { db: t.database.db, principal: null, lang: 'vi', request: null, system: true };
  const create = async (key: string, input: Record<string, unknown>) => {
    ids[key] = (await ops().create(system, { type: 'decree', issuer: 'Chính phủ', ...input })).id;
  };
  await create('new', {
    number: 'T-900/2030/NĐ-CP',
    title: 'Nghị định thử nghiệm mới về an toàn',
    inForceDate: '2030-07-01',
  });
  await create('old', {
    number: 'T-100/2020/NĐ-CP',
    title: 'Nghị định thử nghiệm cũ về an toàn',
    inForceDate: '2020-01-01',
    replacedBy: ids.new,
    file: await file(false, 'Nghị định cũ.pdf'),
  });
  await create('ending', {
    number: 'T-200/2021/TT-BLĐTBXH',
    type: 'circular',
    title: 'Thông tư thử nghiệm hết hạn',
    inForceDate: '2021-01-01',
    expiryDate: '2029-01-01',
    file: await file(true, 'mật.pdf'),
  });
});
afterAll(async () => t?.close());

const statusOn = async (today: string, number: string) => {
  const page = await listPublicLegalDocuments(t.database.db, { pageNumber: 1, pageSize: 100, keyWord: number }, today);
  return page.pageLists.find((d) => d.number === number)?.status;
};

describe('legal documents', () => {
  it('derives the status from the dates and the replacement, on the day', async () => {
    expect(await statusOn('2019-12-31', 'T-100/2020/NĐ-CP')).toBe('notYetInForce');
    expect(await statusOn('2025-01-01', 'T-100/2020/NĐ-CP')).toBe('inForce');
    // The replacement is not yet in force: the old text still applies.
    expect(await statusOn('2030-06-30', 'T-100/2020/NĐ-CP')).toBe('inForce');
    expect(await statusOn('2030-07-01', 'T-100/2020/NĐ-CP')).toBe('replaced');
    expect(await statusOn('2025-01-01', 'T-900/2030/NĐ-CP')).toBe('notYetInForce');
    expect(await statusOn('2028-12-31', 'T-200/2021/TT-BLĐTBXH')).toBe('inForce');
    expect(await statusOn('2029-01-01', 'T-200/2021/TT-BLĐTBXH')).toBe('expired');
    // The back office reads the same status (afterRead), for today.
    const record = await ops().get(system, ids.ending!);
    expect(record?.status).toBe(clock.today() >= '2029-01-01' ? 'expired' : 'inForce');
  });

  it('lists publicly with accent-free search, number search, type and status filters', async () => {
    const byWords = await t.request({ url: '/api/LegalDocument/public-list?keyWord=nghi dinh thu nghiem' });
    expect(byWords.statusCode, byWords.body).toBe(200);
    expect(
      byWords
        .json()
        .pageLists.map((d: { number: string }) => d.number)
        .sort(),
    ).toEqual(['T-100/2020/NĐ-CP', 'T-900/2030/NĐ-CP']);
    const byNumber = await t.request({
      url: `/api/LegalDocument/public-list?keyWord=${encodeURIComponent('T-200/2021')}`,
    });
    expect(byNumber.json().pageLists).toHaveLength(1);
    const circulars = await t.request({ url: '/api/LegalDocument/public-list?type=circular&keyWord=thu nghiem' });
    expect(circulars.json().pageLists.map((d: { number: string }) => d.number)).toEqual(['T-200/2021/TT-BLĐTBXH']);
    const notYet = await t.request({ url: '/api/LegalDocument/public-list?status=notYetInForce&keyWord=thu nghiem' });
    expect(notYet.json().pageLists.map((d: { number: string }) => d.number)).toEqual(['T-900/2030/NĐ-CP']);
    const paged = await t.request({ url: '/api/LegalDocument/public-list?pageSize=1&pageNumber=2&keyWord=thu nghiem' });
    expect(paged.json().totalRecord).toBe(3);
    expect(paged.json().pageLists).toHaveLength(1);
    expect((await t.request({ url: '/api/LegalDocument/public-list?status=valid' })).statusCode).toBe(400);
  });

  it('seeds the reference texts with the dates the reference gives, and their replacements', async () => {
    const res = await t.request({ url: '/api/LegalDocument/public-list?pageSize=100' });
    const docs = res.json().pageLists as {
      number: string;
      inForceDate: string | null;
      signedDate: string | null;
      replacedBy: { number: string } | null;
      status: string;
    }[];
    const by = (n: string) => docs.find((d) => d.number === n);
    expect(by('84/2015/QH13')).toMatchObject({ inForceDate: null, status: 'inForce' });
    expect(by('36/2019/TT-BLĐTBXH')).toMatchObject({ signedDate: '2019-12-30', inForceDate: '2020-03-01' });
    expect(by('129/2025/NĐ-CP')).toMatchObject({ signedDate: '2025-06-11', inForceDate: '2025-07-01' });
    expect(by('05/2014/TT-BLĐTBXH')).toMatchObject({
      replacedBy: { number: '36/2019/TT-BLĐTBXH' },
      status: 'replaced',
    });
    expect(by('152/2020/NĐ-CP')?.replacedBy?.number).toBe('219/2025/NĐ-CP');
    for (const n of [
      '39/2016/NĐ-CP',
      '44/2016/NĐ-CP',
      '140/2018/NĐ-CP',
      '54/2016/TT-BLĐTBXH',
      '12/2021/TT-BLĐTBXH',
      '31/2018/TT-BLĐTBXH',
      '45/2019/QH14',
    ])
      expect(by(n), n).toBeDefined();
  });

  it('serves a document file publicly only when it is not secure, and only a live document', async () => {
    const list = await t.request({ url: '/api/LegalDocument/public-list?keyWord=thu nghiem' });
    const docs = list.json().pageLists as { id: string; file: { url: string; name: string } | null }[];
    const old = docs.find((d) => d.id === ids.old)!;
    expect(old.file).toMatchObject({ name: 'Nghị định cũ.pdf', url: `/api/LegalDocument/public-file/${ids.old}` });
    expect(docs.find((d) => d.id === ids.ending)!.file).toBeNull();

    const download = await t.request({ url: old.file!.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(String(download.headers['content-disposition'])).toContain("filename*=UTF-8''Ngh%E1%BB%8B");
    expect((await t.request({ url: `/api/LegalDocument/public-file/${ids.ending}` })).statusCode).toBe(404);
    expect((await t.request({ url: `/api/LegalDocument/public-file/${ids.new}` })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/LegalDocument/public-file/nope' })).statusCode).toBe(400);

    await ops().remove(system, [ids.old!]);
    expect((await t.request({ url: `/api/LegalDocument/public-file/${ids.old}` })).statusCode).toBe(404);
  });
});
