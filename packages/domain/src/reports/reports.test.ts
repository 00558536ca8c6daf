import { describe, expect, it } from 'vitest';
import { periodByKey, periodContaining, periodsEndingBetween, previousPeriod, scheduleOf } from './periods.ts';
import { countFiling, emptyCounts, filedOnTime, filingRates, filingStatus } from './filing.ts';

describe('reporting periods', () => {
  it('names and bounds the periods of each type', () => {
    expect(periodByKey('year', '2026')).toEqual({ key: '2026', type: 'year', start: '2026-01-01', end: '2026-12-31' });
    expect(periodByKey('halfYear', '2026-H2')).toMatchObject({ start: '2026-07-01', end: '2026-12-31' });
    expect(periodByKey('quarter', '2024-Q1')).toMatchObject({ start: '2024-01-01', end: '2024-03-31' });
    expect(periodByKey('month', '2024-02')).toMatchObject({ start: '2024-02-01', end: '2024-02-29' });
  });

  it('refuses keys of another type or out of range', () => {
    expect(periodByKey('year', '2026-H1')).toBeNull();
    expect(periodByKey('halfYear', '2026')).toBeNull();
    expect(periodByKey('quarter', '2026-H1')).toBeNull();
    expect(periodByKey('month', '2026-13')).toBeNull();
    expect(periodByKey('month', '2026-00')).toBeNull();
    expect(periodByKey('month', 'x')).toBeNull();
  });

  it('shifts periods by whole months (labour-use change: half-years ending in May and November)', () => {
    const h1 = periodByKey('halfYear', '2026-H1', -1)!;
    expect(h1).toMatchObject({ start: '2025-12-01', end: '2026-05-31' });
    expect(periodContaining('halfYear', '2025-12-15', -1).key).toBe('2026-H1');
    expect(periodContaining('halfYear', '2026-06-01', -1).key).toBe('2026-H2');
    expect(previousPeriod(h1, -1)).toMatchObject({ key: '2025-H2', start: '2025-06-01', end: '2025-11-30' });
  });

  it('finds the period containing a date and the one before it', () => {
    expect(periodContaining('quarter', '2026-05-20').key).toBe('2026-Q2');
    expect(previousPeriod(periodContaining('quarter', '2026-01-02')).key).toBe('2025-Q4');
    expect(periodContaining('month', '2026-12-31').key).toBe('2026-12');
  });

  it('lists the periods that ended in a span, oldest first', () => {
    expect(periodsEndingBetween('halfYear', '2025-01-01', '2026-07-01').map((p) => p.key)).toEqual([
      '2025-H1',
      '2025-H2',
      '2026-H1',
    ]);
    expect(periodsEndingBetween('year', '2026-01-01', '2026-12-30')).toEqual([]);
  });

  it('opens, is due and closes as the rule counts from the period end', () => {
    const h1 = periodByKey('halfYear', '2026-H1')!;
    expect(scheduleOf(h1, { due: { amount: 5, unit: 'days' }, opensBeforeEnd: 15, closesAfterDue: 30 })).toEqual({
      opensOn: '2026-06-16',
      dueOn: '2026-07-05',
      closesOn: '2026-08-05',
    });
    expect(scheduleOf(h1, { due: { amount: 1, unit: 'months' }, opensBeforeEnd: 0, closesAfterDue: null })).toEqual({
      opensOn: '2026-07-01',
      dueOn: '2026-07-30',
      closesOn: null,
    });
  });
});

describe('filing status and rates', () => {
  const schedule = { opensOn: '2026-06-16', dueOn: '2026-07-05', closesOn: null };
  const none = { state: null, firstSubmittedOn: null };

  it('moves from not open to open to overdue when nothing is filed', () => {
    expect(filingStatus(none, schedule, '2026-06-15')).toBe('notOpen');
    expect(filingStatus(none, schedule, '2026-06-16')).toBe('open');
    expect(filingStatus({ state: 'draft', firstSubmittedOn: null }, schedule, '2026-07-05')).toBe('draft');
    expect(filingStatus({ state: 'draft', firstSubmittedOn: null }, schedule, '2026-07-06')).toBe('overdue');
  });

  it('keeps a filing as it stands and judges timeliness by its first filing', () => {
    const late = { state: 'accepted' as const, firstSubmittedOn: '2026-07-06' };
    expect(filingStatus(late, schedule, '2026-09-01')).toBe('accepted');
    expect(filedOnTime(late, schedule)).toBe(false);
    expect(filedOnTime({ state: 'returned', firstSubmittedOn: '2026-07-05' }, schedule)).toBe(true);
    expect(filedOnTime(none, schedule)).toBeNull();
  });

  it('counts completeness and timeliness over the expected reporters', () => {
    const today = '2026-07-20';
    const counts = emptyCounts();
    countFiling(counts, { state: 'accepted', firstSubmittedOn: '2026-07-01' }, schedule, today);
    countFiling(counts, { state: 'submitted', firstSubmittedOn: '2026-07-10' }, schedule, today);
    countFiling(counts, { state: 'returned', firstSubmittedOn: '2026-07-02' }, schedule, today);
    countFiling(counts, none, schedule, today);
    expect(counts).toEqual({ expected: 4, complete: 2, onTime: 2, late: 1, returned: 1, missing: 1 });
    expect(filingRates(counts)).toEqual({ completeness: 0.5, timeliness: 0.5 });
    expect(filingRates(emptyCounts())).toEqual({ completeness: null, timeliness: null });
  });
});
