import { describe, expect, it } from 'vitest';
import { periodText, periodWords } from './period-text.ts';

describe('period keys as words', () => {
  it('says each kind of period in Vietnamese and English', () => {
    expect(periodWords('vi', '2026')).toBe('năm 2026');
    expect(periodWords('vi', '2026-H1')).toBe('6 tháng đầu năm 2026');
    expect(periodWords('vi', '2026-H2')).toBe('6 tháng cuối năm 2026');
    expect(periodWords('vi', '2026-Q3')).toBe('quý 3 năm 2026');
    expect(periodWords('vi', '2026-07')).toBe('tháng 07/2026');
    expect(periodWords('en', '2026-H1')).toBe('first half of 2026');
    expect(periodWords('vi', 'su-viec-12')).toBe('kỳ su-viec-12');
  });

  it('gives a notification a text key and its values, said later in the reader’s language', () => {
    expect(periodText('2026-Q1')).toEqual({ periodKey: 'reportReminders:periods.quarter', year: 2026, part: '1' });
  });
});
