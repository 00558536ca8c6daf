import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  STATISTIC_DIMENSIONS,
  STATISTICS,
  STATISTICS_PATHS,
  statisticBySlug,
  type StatisticRow,
} from '@portal/domain/statistics/index';
import { isMenuGroup, menuCatalogue } from '@portal/domain/menu';
import { PUBLIC_STATISTICS_PATH } from './paths.ts';
import {
  apiQuery,
  applyAddress,
  byChanges,
  byWard,
  changePercent,
  clickChanges,
  crossTable,
  keyOrder,
  orderCrossTable,
  periodKeys,
  readState,
  recordsLink,
  recordsPath,
  sumOf,
  swapBreakdowns,
  valueLabel,
  wardCode,
  wardId,
} from './state.ts';

const info = (slug: string) => statisticBySlug(slug)!;
const ageGender = info('co-cau-tuoi-gioi-tinh'); // workers; ageBand, sex, ward, employer
const accidents = info('tai-nan-va-su-co'); // accidents, victims, deaths; month, severity, ward, employer, year
const params = (query: string) => new URLSearchParams(query);
const EMPLOYER = '0b7c6f9e-3a52-4c1d-9e8f-2f6a1d0c4b11';

describe('the address of a statistic', () => {
  it('defaults to the first measure and the first dimension', () => {
    expect(readState(ageGender, params(''))).toEqual({ measure: 'workers', by: 'ageBand' });
  });

  it('reads every part and gives it back as the API query', () => {
    const state = readState(
      accidents,
      params(`year=2025&measure=deaths&by=severity&by2=ward&ward=2025:24778&employer=${EMPLOYER}&filter=month:3`),
    );
    expect(state).toEqual({
      year: 2025,
      measure: 'deaths',
      by: 'severity',
      by2: 'ward',
      ward: '2025:24778',
      employer: EMPLOYER,
      filter: { dimension: 'month', key: '3' },
    });
    expect(apiQuery(state)).toEqual({
      year: '2025',
      measure: 'deaths',
      by: 'severity',
      by2: 'ward',
      ward: '2025:24778',
      employer: EMPLOYER,
      filter: 'month:3',
    });
  });

  it('ignores what the statistic does not have or a hand-edited address breaks', () => {
    const state = readState(
      ageGender,
      params('year=1999&measure=deaths&by=severity&by2=ageBand&ward=abc&employer=12&filter=severity:fatal'),
    );
    expect(state).toEqual({ measure: 'workers', by: 'ageBand' });
    // A second breakdown equal to the first is dropped.
    expect(readState(ageGender, params('by=sex&by2=sex')).by2).toBeUndefined();
  });

  it('takes a commune by its 5-digit code as well as by its id', () => {
    expect(readState(ageGender, params('ward=24778')).ward).toBe('2025:24778');
    expect(wardId('2025:24778')).toBe('2025:24778');
    expect(wardId('2478')).toBeUndefined();
    expect(wardCode('2025:24778')).toBe('24778');
    expect(wardCode('24778')).toBe('24778');
  });

  it('changing the breakdown drops a second breakdown equal to it and a filter it no longer shows', () => {
    const state = readState(ageGender, params('by=ageBand&by2=sex&filter=ageBand:25-34'));
    expect(byChanges(state, 'sex')).toEqual({ by: 'sex', by2: null, filter: null });
    expect(byChanges(state, 'ward')).toEqual({ by: 'ward', filter: null });
    const kept = readState(ageGender, params('by=ageBand&by2=sex&filter=sex:female'));
    expect(byChanges(kept, 'ward')).toEqual({ by: 'ward' });
  });

  it('a click narrows the address: a commune, a year, an employer, else a filter', () => {
    expect(clickChanges('ward', '24778')).toEqual({ ward: '2025:24778' });
    expect(clickChanges('ward', '2025:24778')).toEqual({ ward: '2025:24778' });
    expect(clickChanges('year', '2024')).toEqual({ year: '2024' });
    expect(clickChanges('employer', EMPLOYER)).toEqual({ employer: EMPLOYER });
    expect(clickChanges('sex', 'female')).toEqual({ filter: 'sex:female' });
    expect(clickChanges('sex', null)).toBeNull();
    const next = applyAddress(params('by=sex&page=2'), { filter: 'sex:female', page: null });
    expect(next.toString()).toBe('by=sex&filter=sex%3Afemale');
    // The address the click makes reads back as the same filter.
    expect(readState(ageGender, next).filter).toEqual({ dimension: 'sex', key: 'female' });
  });
});

describe('the records behind the figures', () => {
  it('the workers list gets the filters it reads', () => {
    const state = readState(ageGender, params(`filter=sex:female&employer=${EMPLOYER}`));
    expect(recordsLink(ageGender, state, 2025)).toBe(`/nguoi-lao-dong/danh-sach-so?businessId=${EMPLOYER}&sex=female`);
  });

  it('the accident declarations get the year, or the month filtered on, and the severity', () => {
    expect(recordsLink(accidents, readState(accidents, params('filter=severity:fatal')), 2025)).toBe(
      '/an-toan-ve-sinh-lao-dong/khai-bao-tai-nan-lao-dong/danh-sach?severity=fatal&from=2025-01-01&to=2025-12-31',
    );
    expect(recordsLink(accidents, readState(accidents, params('filter=month:2')), 2024)).toBe(
      '/an-toan-ve-sinh-lao-dong/khai-bao-tai-nan-lao-dong/danh-sach?from=2024-02-01&to=2024-02-29',
    );
  });

  it("an employer's own workers list stands in for the department's when only it is in the user's menu", () => {
    const employerMenu = (p: string) => p === '/nguoi-lao-dong/danh-sach';
    const path = recordsPath('/nguoi-lao-dong/danh-sach-so', employerMenu);
    expect(path).toBe('/nguoi-lao-dong/danh-sach');
    expect(recordsLink(ageGender, readState(ageGender, params('filter=sex:female')), 2025, path)).toBe(
      '/nguoi-lao-dong/danh-sach?sex=female',
    );
    expect(recordsPath('/nguoi-lao-dong/danh-sach-so', () => true)).toBe('/nguoi-lao-dong/danh-sach-so');
    expect(recordsPath('/doanh-nghiep/danh-sach', () => false)).toBe('/doanh-nghiep/danh-sach');
  });

  it('the employers list gets the commune; a statistic without records has no link', () => {
    const equipment = info('doanh-nghiep-su-dung-thiet-bi');
    expect(recordsLink(equipment, readState(equipment, params('ward=24778')), 2025)).toBe(
      '/doanh-nghiep/danh-sach?wardCode=2025%3A24778',
    );
    const illness = info('benh-nghe-nghiep-moi');
    expect(recordsLink(illness, readState(illness, params('')), 2025)).toBeNull();
  });
});

describe('figures', () => {
  it('the change on the year before, in per cent', () => {
    expect(changePercent(110, 100)).toBeCloseTo(10);
    expect(changePercent(90, 100)).toBeCloseTo(-10);
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(5, null)).toBeNull();
    expect(changePercent(null, 5)).toBeNull();
  });

  it('sums skip suppressed figures and are null only when all are', () => {
    expect(sumOf([1, null, 2])).toBe(3);
    expect(sumOf([null, null])).toBeNull();
    expect(sumOf([])).toBeNull();
  });

  const row = (key: string | null, key2: string | null, value: number | null, previous: number | null = null) =>
    ({ key, label: null, key2, label2: null, value, previous }) satisfies StatisticRow;

  it('a cross-table: a row per first value, a column per second, totals both ways and the year before', () => {
    const table = crossTable(
      [
        row('25-34', 'male', 10, 8),
        row('25-34', 'female', 5, 5),
        row('15-24', 'female', 3, null),
        row(null, 'male', 1),
      ],
      (r) => r.key ?? '?',
      (r) => r.key2 ?? '?',
    );
    expect(table.columns.map((c) => c.key)).toEqual(['male', 'female']);
    expect(table.rows.map((r) => [r.key, r.cells, r.total, r.previous])).toEqual([
      ['25-34', { male: 10, female: 5 }, 15, 13],
      ['15-24', { female: 3 }, 3, null],
      ['', { male: 1 }, 1, null],
    ]);
    expect(table.totals).toEqual({ male: 11, female: 8 });
    expect(table.total).toBe(19);
    expect(table.previousTotal).toBe(13);
  });

  it('one figure per commune for the map, by code, from either breakdown', () => {
    const rows = [row('2025:24778', 'male', 4), row('2025:24778', 'female', 6), row('24781', 'male', null)];
    expect(byWard(rows, 'first')).toEqual([
      { code: '24778', label: null, value: 10 },
      { code: '24781', label: null, value: null },
    ]);
    expect(byWard([row('male', '24778', 2), row('female', '24778', 3)], 'second')).toEqual([
      { code: '24778', label: null, value: 5 },
    ]);
  });
});

describe('labels', () => {
  const t = (key: string, options?: Record<string, unknown>) => `${key}${options ? JSON.stringify(options) : ''}`;
  const exists = (key: string) => key === 'statistics:values.sex.female';

  it("the answer's own label, a period, a coded value's text, else the key", () => {
    expect(valueLabel(t, 'ward', '24778', 'Phường Xuân Hương - Đà Lạt', exists)).toBe('Phường Xuân Hương - Đà Lạt');
    expect(valueLabel(t, 'year', '2024', null, exists)).toBe('2024');
    expect(valueLabel(t, 'month', '03', null, (k) => k === 'statistics:values.month.3')).toBe(
      'statistics:values.month.3',
    );
    expect(valueLabel(t, 'month', '3', null, exists)).toBe('3');
    expect(valueLabel(t, 'month', '2025-03', null, exists)).toBe(
      'statistics:values.monthOfYear{"month":3,"year":"2025"}',
    );
    expect(valueLabel(t, 'sex', 'female', null, exists)).toBe('statistics:values.sex.female');
    expect(valueLabel(t, 'sex', 'other', null, exists)).toBe('other');
    expect(valueLabel(t, 'sex', null, null, exists)).toBe('statistics:values.none');
  });
});

describe('the declarations and their texts', () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const texts = (lang: string) =>
    JSON.parse(
      readFileSync(path.resolve(here, `../../../../../packages/domain/src/locales/${lang}/statistics.json`), 'utf8'),
    ) as {
      items: Record<string, { title: string; description: string }>;
      measures: Record<string, string>;
      dimensions: Record<string, string>;
      groups: Record<string, string>;
    };

  it.each(['vi', 'en'])('every statistic, measure, dimension and group has its text in %s', (lang) => {
    const x = texts(lang);
    for (const s of STATISTICS) {
      expect(x.items[s.key]?.title, s.key).toBeTruthy();
      expect(x.items[s.key]?.description, s.key).toBeTruthy();
      expect(x.groups[s.group], s.group).toBeTruthy();
      for (const m of s.measures) expect(x.measures[m.key], m.key).toBeTruthy();
    }
    for (const d of STATISTIC_DIMENSIONS) expect(x.dimensions[d], d).toBeTruthy();
    expect(Object.keys(x.items).sort()).toEqual(STATISTICS.map((s) => s.key).sort());
  });

  it('the menu lists every statistic, in order, in the statistics group after the overview', () => {
    const groups = menuCatalogue().filter(isMenuGroup);
    const group = groups.find((g) => g.key === 'statistics')!;
    expect(groups.map((g) => g.key).slice(0, 2)).toEqual(['dashboard', 'statistics']);
    expect(group.icon).toBe('chart');
    expect(group.children.map((c) => ('path' in c ? [c.path, c.permission] : null))).toEqual(
      STATISTICS.map((s) => [`/thong-ke/${s.slug}/danh-sach`, 'Statistics.read']),
    );
  });

  it("the public page's address, kept apart for the first load, is the declared one", () => {
    expect(PUBLIC_STATISTICS_PATH).toBe(STATISTICS_PATHS.public);
  });
});

describe('periods of a line chart', () => {
  it('every month of the year, the ones not yet come marked', () => {
    const months = periodKeys('month', ['1', '5', '11'], 2026, '2026-11-28T23:00:00Z')!;
    expect(months.map((m) => m.key)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(months.filter((m) => m.future).map((m) => m.key)).toEqual(['12']);
    // 30 November 18:00 UTC is already December in Vietnam.
    expect(periodKeys('month', ['1'], 2026, '2026-11-30T18:00:00Z')!.some((m) => m.future)).toBe(false);
    expect(periodKeys('month', ['1'], 2025, '2026-01-02T00:00:00Z')!.some((m) => m.future)).toBe(false);
  });

  it('every year from the first to the last; keys that are not numbers are left alone', () => {
    expect(periodKeys('year', ['2022', '2025', null], 2025, '2025-06-01T00:00:00Z')!.map((y) => y.key)).toEqual([
      '2022',
      '2023',
      '2024',
      '2025',
    ]);
    expect(periodKeys('month', ['2025-01'], 2025, '2025-06-01T00:00:00Z')).toBeNull();
  });

  it('a cross-table can be read the other way round', () => {
    const [r] = swapBreakdowns([{ key: 'a', label: 'A', key2: 'b', label2: null, value: 1, previous: 2 }]);
    expect(r).toEqual({ key: 'b', label: null, key2: 'a', label2: 'A', value: 1, previous: 2 });
  });
});

describe('the order of ordered dimensions', () => {
  it('periods by number, bands as listed, a missing key last; others keep their order', () => {
    const months = ['11', '2', null, '10'];
    expect([...months].sort(keyOrder('month')!)).toEqual(['2', '10', '11', null]);
    expect(['65+', '15-24', '35-44'].sort(keyOrder('ageBand')!)).toEqual(['15-24', '35-44', '65+']);
    expect(['gte30', 'lt5'].sort(keyOrder('income')!)).toEqual(['lt5', 'gte30']);
    expect(keyOrder('sex')).toBeNull();
  });

  it("a cross-table's rows and columns in that order", () => {
    const rows = [
      { key: 'fatal', label: null, key2: '11', label2: null, value: 1, previous: null },
      { key: 'light', label: null, key2: '2', label2: null, value: 1, previous: null },
    ];
    const table = orderCrossTable(
      crossTable(
        rows,
        (r) => r.key ?? '',
        (r) => r.key2 ?? '',
      ),
      'severity',
      'month',
    );
    expect(table.columns.map((c) => c.key)).toEqual(['2', '11']);
    expect(table.rows.map((r) => r.key)).toEqual(['fatal', 'light']);
  });
});
