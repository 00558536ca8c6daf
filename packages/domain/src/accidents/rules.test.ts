import { describe, expect, it } from 'vitest';
import {
  accidentSeverity,
  diffSnapshots,
  INVESTIGATION_RULES,
  investigationClass,
  mayExtend,
  triggerMatches,
  victimCounts,
  vietnamMoment,
  type InvestigationClass,
  type RoutingTrigger,
  type Severity,
} from './rules.ts';

const victims = (...s: Severity[]) => s.map((severity) => ({ severity }));

describe('accident class (Decree 39/2016 Art 9)', () => {
  it.each([
    [['light'], 'light'],
    [['light', 'serious'], 'serious'],
    [['serious', 'fatal', 'light'], 'fatal'],
    [['light', 'light'], 'light'],
  ] as [Severity[], Severity][])('%j → %s', (list, expected) => {
    expect(accidentSeverity(victims(...list))).toBe(expected);
  });

  it('counts victims, deaths and seriously injured', () => {
    expect(victimCounts(victims('fatal', 'serious', 'serious', 'light'))).toEqual({
      victimCount: 4,
      deathCount: 1,
      seriousCount: 2,
    });
  });
});

describe('investigation deadline class (Law 84/2015 Art 35.6)', () => {
  it.each([
    [0, 0, false, 'light'],
    [0, 1, false, 'serious'],
    [0, 2, false, 'multipleSerious'],
    [1, 0, false, 'fatal'],
    [1, 3, false, 'fatal'],
    [0, 0, true, 'expert'],
    [1, 0, true, 'expert'],
  ] as [number, number, boolean, InvestigationClass][])(
    'deaths %i, seriously injured %i, expert %s → %s',
    (deathCount, seriousCount, expert, cls) => {
      expect(investigationClass({ deathCount, seriousCount }, expert)).toBe(cls);
      expect(INVESTIGATION_RULES[cls]).toBe(`accident.investigation.${cls}`);
    },
  );

  it('extends once, never a light accident', () => {
    expect(mayExtend('light', false)).toBe(false);
    for (const cls of ['serious', 'multipleSerious', 'fatal', 'expert'] as const) {
      expect(mayExtend(cls, false)).toBe(true);
      expect(mayExtend(cls, true)).toBe(false);
    }
  });
});

describe('routing triggers (Law 84/2015 Art 34.1)', () => {
  it.each([
    ['fatal', 1, 0, true],
    ['fatal', 0, 5, false],
    ['seriousTwoOrMore', 0, 2, true],
    ['seriousTwoOrMore', 0, 1, false],
    ['seriousTwoOrMore', 1, 1, false],
    ['seriousOrFatal', 0, 1, true],
    ['seriousOrFatal', 1, 0, true],
    ['seriousOrFatal', 0, 0, false],
  ] as [RoutingTrigger, number, number, boolean][])('%s with %i dead, %i serious → %s', (t, d, s, expected) => {
    expect(triggerMatches(t, { deathCount: d, seriousCount: s })).toBe(expected);
  });
});

describe('versions', () => {
  it('lists the changed fields, victims by position', () => {
    const before = {
      place: 'Kho A',
      severity: 'serious',
      victims: [{ fullName: 'An', medicalCost: 100 }],
    };
    const after = {
      place: 'Kho B',
      severity: 'serious',
      victims: [
        { fullName: 'An', medicalCost: 250 },
        { fullName: 'Bình', medicalCost: 0 },
      ],
    };
    expect(diffSnapshots(before, after)).toEqual([
      { field: 'place', before: 'Kho A', after: 'Kho B' },
      { field: 'victims.1.medicalCost', before: 100, after: 250 },
      { field: 'victims.2.fullName', before: null, after: 'Bình' },
      { field: 'victims.2.medicalCost', before: null, after: 0 },
    ]);
    expect(diffSnapshots(after, after)).toEqual([]);
  });

  it("writes a moment in Vietnam's time", () => {
    expect(vietnamMoment('2026-03-01T20:30:00Z')).toEqual({ date: '02/03/2026', time: '03:30', isoDate: '2026-03-02' });
  });
});
