import { describe, expect, it } from 'vitest';
import {
  defaultYear,
  formatCount,
  formatDate,
  formatDateTime,
  formatDuration,
  formatNumber,
  formatTime,
  formatYear,
  parseNumber,
  yearOptions,
} from './format.ts';

describe('dates', () => {
  it('formats as DD/MM/YYYY, YYYY and HH:mm', () => {
    const d = new Date(2025, 6, 1, 8, 5, 9);
    expect(formatDate(d)).toBe('01/07/2025');
    expect(formatYear(d)).toBe('2025');
    expect(formatTime(d)).toBe('08:05');
    expect(formatDateTime(d)).toBe('01/07/2025 08:05');
    expect(formatDate('2024-02-29')).toBe('29/02/2024');
  });

  it('shows a dash for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate(undefined)).toBe('-');
    expect(formatDate('')).toBe('-');
    expect(formatDate('not a date')).toBe('-');
  });
});

describe('counts', () => {
  it('keeps counts up to 999 as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(-999)).toBe('-999');
  });

  it('shows counts above 999 as k with the language decimal mark', () => {
    expect(formatCount(1000)).toBe('1k');
    expect(formatCount(1500, 'vi')).toBe('1,5k');
    expect(formatCount(1500, 'en')).toBe('1.5k');
    expect(formatCount(1999, 'en')).toBe('1.9k');
    expect(formatCount(250_000, 'en')).toBe('250k');
    expect(formatCount(-1200, 'en')).toBe('-1.2k');
  });

  it('shows a dash for a missing count', () => {
    expect(formatCount(null)).toBe('-');
    expect(formatCount(Number.NaN)).toBe('-');
  });
});

describe('numbers', () => {
  it('groups thousands the Vietnamese way (money), keeps a year whole', () => {
    expect(formatNumber(4200000)).toBe('4.200.000');
    expect(formatNumber(4200000, 'en')).toBe('4,200,000');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatNumber(-15000000)).toBe('-15.000.000');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(2026, 'vi', { grouping: false })).toBe('2026');
    expect(formatNumber(null)).toBe('-');
  });

  it('reads back what it wrote', () => {
    expect(parseNumber('4.200.000')).toBe(4200000);
    expect(parseNumber('1.234,5')).toBe(1234.5);
    expect(parseNumber('4,200,000', 'en')).toBe(4200000);
    expect(parseNumber('')).toBeNull();
  });
});

describe('durations', () => {
  it('under a minute: seconds', () => {
    expect(formatDuration(0, 'en')).toBe('0s');
    expect(formatDuration(59, 'en')).toBe('59s');
    expect(formatDuration(45, 'vi')).toBe('45 giây');
  });

  it('under an hour: minutes and seconds', () => {
    expect(formatDuration(60, 'en')).toBe('1m 0s');
    expect(formatDuration(125, 'en')).toBe('2m 5s');
    expect(formatDuration(3599, 'vi')).toBe('59 phút 59 giây');
  });

  it('an hour or more: hours, minutes and seconds', () => {
    expect(formatDuration(3600, 'en')).toBe('1h 0m 0s');
    expect(formatDuration(3723, 'en')).toBe('1h 2m 3s');
    expect(formatDuration(90_061.7, 'vi')).toBe('25 giờ 1 phút 1 giây');
  });

  it('null shows a dash', () => {
    expect(formatDuration(null)).toBe('-');
    expect(formatDuration(undefined)).toBe('-');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('-');
  });
});

describe('year picker', () => {
  it('lists the current year and the nine before it, newest first', () => {
    const years = yearOptions(new Date(2025, 0, 1));
    expect(years).toHaveLength(10);
    expect(years[0]).toBe(2025);
    expect(years[9]).toBe(2016);
    expect(defaultYear(new Date(2025, 11, 31))).toBe(2025);
  });
});
