import { describe, expect, it } from 'vitest';
import { translate } from '../i18n.ts';
import {
  FILING_PATHS,
  FILING_VIEWS,
  filingClosed,
  filingViewOf,
  periodText,
  periodWords,
  receiptNumber,
  submissionActions,
  submissionBlock,
  submissionPath,
  submissionWorkflow,
  type SubmissionFacts,
} from './workflow.ts';

const facts = (status: SubmissionFacts['status'], extra: Partial<SubmissionFacts> = {}): SubmissionFacts => ({
  status,
  locked: false,
  closesOn: null,
  ...extra,
});
const TODAY = '2027-01-05';

describe('the report.submission workflow', () => {
  it('lets the filer edit, file and withdraw a draft, and correct and file again a returned report', () => {
    expect(submissionActions(facts('draft'), 'filer', TODAY)).toEqual(['edit', 'submit', 'delete']);
    expect(submissionActions(facts('returned'), 'filer', TODAY)).toEqual(['edit', 'resubmit']);
    expect(submissionActions(facts('submitted'), 'filer', TODAY)).toEqual([]);
    expect(submissionActions(facts('accepted'), 'filer', TODAY)).toEqual([]);
    expect(submissionWorkflow.check('returned', 'delete', 'filer')).toEqual({ ok: false, reason: 'state' });
  });

  it('lets the department return (with a reason and comments) or accept a filed report', () => {
    expect(submissionActions(facts('submitted'), 'reviewer', TODAY)).toEqual(['return', 'accept']);
    expect(submissionActions(facts('draft'), 'reviewer', TODAY)).toEqual([]);
    expect(submissionWorkflow.needsOf('return')).toEqual({ reason: true, fields: ['comments'] });
    expect(submissionWorkflow.needsOf('accept')).toEqual({ confirm: true });
    expect(submissionWorkflow.check('submitted', 'accept', 'filer')).toEqual({ ok: false, reason: 'actor' });
    expect(submissionWorkflow.check('draft', 'accept', 'reviewer')).toEqual({ ok: false, reason: 'state' });
  });

  it('sends an accepted report back only while it is not locked', () => {
    expect(submissionActions(facts('accepted'), 'reviewer', TODAY)).toEqual(['return']);
    expect(submissionActions(facts('accepted', { locked: true }), 'reviewer', TODAY)).toEqual([]);
    expect(submissionBlock(facts('accepted', { locked: true }), 'reviewer', TODAY)).toBe('locked');
  });

  it('closes the period to the filer on its closing day, never to the department', () => {
    expect(filingClosed(null, TODAY)).toBe(false);
    expect(filingClosed('2027-01-06', TODAY)).toBe(false);
    expect(filingClosed('2027-01-05', TODAY)).toBe(true);
    const closed = facts('returned', { closesOn: '2027-01-01' });
    expect(submissionActions(closed, 'filer', TODAY)).toEqual([]);
    expect(submissionBlock(closed, 'filer', TODAY)).toBe('closed');
    expect(submissionActions(facts('submitted', { closesOn: '2027-01-01' }), 'reviewer', TODAY)).toEqual([
      'return',
      'accept',
    ]);
  });

  it('names the notifications of the moves', () => {
    expect(submissionWorkflow.notificationOf('submit')).toBe('reportSubmitted');
    expect(submissionWorkflow.notificationOf('resubmit')).toBe('reportSubmitted');
    expect(submissionWorkflow.notificationOf('return')).toBe('reportReturned');
    expect(submissionWorkflow.notificationOf('accept')).toBe('reportAccepted');
  });
});

describe('receipts and pages', () => {
  it('numbers receipts by year', () => {
    expect(receiptNumber(7, 2027)).toBe('0007/2027/TNBC');
    expect(receiptNumber(12345, 2027)).toBe('12345/2027/TNBC');
  });

  it('declares one list and its views filtered by report type, each on its own path', () => {
    expect(new Set(FILING_VIEWS.map((v) => v.path)).size).toBe(FILING_VIEWS.length);
    expect(filingViewOf(FILING_PATHS.list).typeCodes).toEqual([]);
    expect(filingViewOf('/an-toan-ve-sinh-lao-dong/bao-cao-an-toan-ve-sinh-lao-dong/danh-sach').typeCodes).toEqual([
      'annual-osh',
    ]);
    expect(filingViewOf('/an-toan-ve-sinh-lao-dong/bao-cao-don-vi-cap-huyen/danh-sach').typeCodes).toEqual([
      'commune-osh',
    ]);
    expect(filingViewOf('/nowhere').key).toBe('all');
    expect(submissionPath('abc')).toBe('/nop-bao-cao/chi-tiet/abc');
  });
});

describe('periods in words', () => {
  it('names each kind of period through the translation', () => {
    const t = (key: string, vars: Record<string, string | number>) => `${key}|${JSON.stringify(vars)}`;
    expect(periodText('2026', t)).toBe('reportFiling:periods.year|{"year":"2026"}');
    expect(periodText('2026-H2', t)).toBe('reportFiling:periods.half2|{"year":"2026"}');
    expect(periodText('2026-Q3', t)).toBe('reportFiling:periods.quarter|{"year":"2026","quarter":"3"}');
    expect(periodText('2026-07', t)).toBe('reportFiling:periods.month|{"year":"2026","month":"07"}');
    expect(periodText('x', t)).toBe('x');
  });

  it('says them in Vietnamese and English from the locale files', () => {
    const said = (lang: 'vi' | 'en', key: string) => periodText(key, (k, vars) => translate(lang, k, vars));
    expect(said('vi', '2026')).toBe('năm 2026');
    expect(said('vi', '2026-H1')).toBe('6 tháng đầu năm 2026');
    expect(said('vi', '2026-H2')).toBe('6 tháng cuối năm 2026');
    expect(said('vi', '2026-Q3')).toBe('quý 3 năm 2026');
    expect(said('vi', '2026-07')).toBe('tháng 07/2026');
    expect(said('en', '2026-H1')).toBe('first half of 2026');
  });

  it('gives a text key and its values to say later (a notification’s param)', () => {
    expect(periodWords('2026-Q1')).toEqual({
      key: 'reportFiling:periods.quarter',
      vars: { year: '2026', quarter: '1' },
    });
    expect(periodWords('su-viec-12')).toBeNull();
  });
});
