import { describe, expect, it } from 'vitest';
import { judgeChemical, judgeClimate, judgeNoise, judgeStated, judgeValue, noiseLimit, type Limit } from './judge.ts';

/** Hand-computed fixtures from QCVN 24, 26, 22 and 03 (values as the reference file records them). */
const row = (o: Partial<Limit> & Pick<Limit, 'id' | 'factor' | 'parameter'>): Limit => ({
  code: o.id,
  rule: o.id,
  name: o.id,
  workCategory: null,
  exposureMinutes: null,
  minValue: null,
  maxValue: null,
  stelValue: null,
  exchangeRate: null,
  unit: '',
  regulation: 'QCVN',
  validFrom: '2016-12-01',
  validTo: null,
  ...o,
});

const noise = [
  row({
    id: 'N480',
    factor: 'noise',
    parameter: 'laeq',
    exposureMinutes: 480,
    maxValue: 85,
    exchangeRate: 3,
    unit: 'dBA',
    regulation: 'QCVN 24:2016/BYT',
  }),
  row({
    id: 'N240',
    factor: 'noise',
    parameter: 'laeq',
    exposureMinutes: 240,
    maxValue: 88,
    unit: 'dBA',
    regulation: 'QCVN 24:2016/BYT',
  }),
  row({
    id: 'N120',
    factor: 'noise',
    parameter: 'laeq',
    exposureMinutes: 120,
    maxValue: 91,
    unit: 'dBA',
    regulation: 'QCVN 24:2016/BYT',
  }),
  row({ id: 'PEAK', factor: 'noise', parameter: 'peak', maxValue: 115, unit: 'dBA', regulation: 'QCVN 24:2016/BYT' }),
];

describe('noise (QCVN 24:2016/BYT, 3 dB exchange rate)', () => {
  it('85 dBA for 8 h passes', () => {
    const v = judgeNoise({ laeq: 85, exposureMinutes: 480 }, noise, '2024-05-10');
    expect(v).toMatchObject({
      verdict: 'pass',
      limitId: 'N480',
      regulation: 'QCVN 24:2016/BYT',
      limitText: '≤ 85 dBA',
    });
  });
  it('88 dBA for 8 h exceeds', () => {
    expect(judgeNoise({ laeq: 88, exposureMinutes: 480 }, noise, '2024-05-10').verdict).toBe('exceeds');
  });
  it('88 dBA for 4 h passes', () => {
    const v = judgeNoise({ laeq: 88, exposureMinutes: 240 }, noise, '2024-05-10');
    expect(v).toMatchObject({ verdict: 'pass', limitId: 'N240', limitText: '≤ 88 dBA' });
  });
  it('a time the table lacks follows the 3 dB rule from the 8 h row, capped at the peak', () => {
    // 85 + 3·log2(480/360) = 86.245… → 86.2
    expect(noiseLimit(360, noise, '2024-05-10')?.max).toBe(86.2);
    expect(judgeNoise({ laeq: 86.5, exposureMinutes: 360 }, noise, '2024-05-10').verdict).toBe('exceeds');
    // 16 min: 85 + 3·log2(30) = 99.7; 10 s: above 115 → 115.
    expect(noiseLimit(16, noise, '2024-05-10')?.max).toBe(99.7);
    expect(noiseLimit(0.1, noise, '2024-05-10')?.max).toBe(115);
  });
  it('a peak above 115 dBA exceeds whatever the LAeq', () => {
    const v = judgeNoise({ laeq: 80, exposureMinutes: 480, peak: 118 }, noise, '2024-05-10');
    expect(v.verdict).toBe('exceeds');
    expect(v.limitText).toBe('≤ 85 dBA; ≤ 115 dBA');
  });
  it('no limit in force before the regulation', () => {
    expect(judgeNoise({ laeq: 95, exposureMinutes: 480 }, noise, '2015-01-01').verdict).toBe('noLimit');
  });
});

describe('a limit changed later', () => {
  const changed = [
    { ...noise[0]!, validTo: '2029-12-31' },
    row({
      id: 'N480-2030',
      rule: 'N480',
      factor: 'noise',
      parameter: 'laeq',
      exposureMinutes: 480,
      maxValue: 80,
      exchangeRate: 3,
      unit: 'dBA',
      validFrom: '2030-01-01',
    }),
  ];
  it('judges each reading by the row in force on its own date', () => {
    expect(judgeNoise({ laeq: 83, exposureMinutes: 480 }, changed, '2024-05-10').verdict).toBe('pass');
    expect(judgeNoise({ laeq: 83, exposureMinutes: 480 }, changed, '2030-02-01')).toMatchObject({
      verdict: 'exceeds',
      limitId: 'N480-2030',
    });
  });
});

describe('microclimate (QCVN 26:2016/BYT) by work category', () => {
  const climate = (['light', 'medium', 'heavy'] as const).flatMap((cat, i) => [
    row({
      id: `T-${cat}`,
      factor: 'temperature',
      parameter: 'temperature',
      workCategory: cat,
      minValue: 20 - 2 * i,
      maxValue: 34 - 2 * i,
      unit: '°C',
      regulation: 'QCVN 26:2016/BYT',
    }),
    row({
      id: `H-${cat}`,
      factor: 'temperature',
      parameter: 'humidity',
      workCategory: cat,
      minValue: 40,
      maxValue: 80,
      unit: '%',
      regulation: 'QCVN 26:2016/BYT',
    }),
    row({
      id: `V-${cat}`,
      factor: 'temperature',
      parameter: 'airSpeed',
      workCategory: cat,
      minValue: [0.1, 0.2, 0.3][i]!,
      maxValue: 1.5,
      unit: 'm/s',
      regulation: 'QCVN 26:2016/BYT',
    }),
  ]);
  it('33 °C passes for light work and exceeds for medium work (18–32 °C)', () => {
    const reading = { temperature: 33, humidity: 70, airSpeed: 0.5 };
    expect(judgeClimate({ ...reading, workCategory: 'light' }, climate, '2024-05-10')).toMatchObject({
      verdict: 'pass',
      limitText: '20–34 °C; 40–80 %; 0.1–1.5 m/s',
    });
    const medium = judgeClimate({ ...reading, workCategory: 'medium' }, climate, '2024-05-10');
    expect(medium.verdict).toBe('exceeds');
    expect(medium.checks.filter((c) => c.exceeds).map((c) => c.parameter)).toEqual(['temperature']);
  });
  it('air speed 0.15 m/s is too still for heavy work (≥ 0.3) only', () => {
    const reading = { temperature: 25, humidity: 60, airSpeed: 0.15 };
    expect(judgeClimate({ ...reading, workCategory: 'light' }, climate, '2024-05-10').verdict).toBe('pass');
    expect(judgeClimate({ ...reading, workCategory: 'heavy' }, climate, '2024-05-10').verdict).toBe('exceeds');
  });
});

describe('chemicals (QCVN 03:2019/BYT) by TWA and STEL', () => {
  const benzene = row({
    id: 'BENZEN',
    factor: 'chemistry',
    parameter: 'twa',
    maxValue: 5,
    stelValue: 15,
    unit: 'mg/m³',
    regulation: 'QCVN 03:2019/BYT',
    validFrom: '2019-12-09',
  });
  it('TWA within and STEL within passes', () => {
    expect(judgeChemical({ twa: 4.2, stel: 12 }, 'BENZEN', [benzene], '2024-05-10')).toMatchObject({
      verdict: 'pass',
      limitText: '≤ 5 mg/m³; STEL ≤ 15 mg/m³',
    });
  });
  it('TWA within but STEL above exceeds; TWA above exceeds', () => {
    expect(judgeChemical({ twa: 4.2, stel: 16 }, 'BENZEN', [benzene], '2024-05-10').verdict).toBe('exceeds');
    expect(judgeChemical({ twa: 5.5, stel: null }, 'BENZEN', [benzene], '2024-05-10').verdict).toBe('exceeds');
  });
});

describe('lighting (QCVN 22:2016/BYT) by task, and limits stated by the organisation', () => {
  const typing = row({
    id: 'VP-DANH-MAY',
    factor: 'light',
    parameter: 'illuminance',
    minValue: 500,
    unit: 'lux',
    regulation: 'QCVN 22:2016/BYT',
  });
  it('maintained illuminance below the task minimum does not pass', () => {
    expect(judgeValue(420, 'VP-DANH-MAY', [typing], '2024-05-10')).toMatchObject({
      verdict: 'exceeds',
      limitText: '≥ 500 lux',
    });
    expect(judgeValue(520, 'VP-DANH-MAY', [typing], '2024-05-10').verdict).toBe('pass');
  });
  it('a row without values (not yet verified) judges nothing', () => {
    const silica = row({ id: 'SILIC', factor: 'dust', parameter: 'concentration', unit: 'mg/m³' });
    expect(judgeValue(9, 'SILIC', [silica], '2024-05-10').verdict).toBe('noLimit');
  });
  it('a stated limit', () => {
    expect(judgeStated(130, 120, 'nhịp/phút', 'Tổ chức quan trắc')).toMatchObject({
      verdict: 'exceeds',
      limitText: '≤ 120 nhịp/phút',
    });
  });
});
