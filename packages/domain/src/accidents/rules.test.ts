import { describe, expect, it } from 'vitest';
import {
  ACCIDENT_STATUSES,
  accidentSeverity,
  accidentWorkflow,
  diffSnapshots,
  INVESTIGATION_RULES,
  investigationClass,
  investigationWorkflow,
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

/** The table as `from --action/actor--> to` lines: a change of the allowed moves shows here. */
const movesOf = (w: { transitions: readonly { from: string; action: string; actor: string; to: string }[] }) =>
  w.transitions.map((t) => `${t.from} --${t.action}/${t.actor}--> ${t.to}`);

describe('workflows', () => {
  it('a declaration: amended by its declarant at any time, returned or investigated by the department', () => {
    expect(movesOf(accidentWorkflow)).toEqual([
      'declared --amend/declarant--> declared',
      'returned --amend/declarant--> declared',
      'investigating --amend/declarant--> investigating',
      'concluded --amend/declarant--> concluded',
      'declared --return/investigator--> returned',
      'declared --investigate/investigator--> investigating',
      'returned --investigate/investigator--> investigating',
      'investigating --conclude/investigation--> concluded',
    ]);
    for (const status of ACCIDENT_STATUSES) expect(accidentWorkflow.actionsFor(status, 'declarant')).toEqual(['amend']);
    expect(accidentWorkflow.actionsFor('declared', 'investigator')).toEqual(['return', 'investigate']);
    expect(accidentWorkflow.actionsFor('returned', 'investigator')).toEqual(['investigate']);
    expect(accidentWorkflow.actionsFor('investigating', 'investigator')).toEqual([]);
    // A declarant never returns (403); the department cannot return what it investigates (409).
    expect(accidentWorkflow.check('declared', 'return', 'declarant')).toEqual({ ok: false, reason: 'actor' });
    expect(accidentWorkflow.check('investigating', 'return', 'investigator')).toEqual({ ok: false, reason: 'state' });
    expect(accidentWorkflow.needsReason('return')).toBe(true);
    expect(accidentWorkflow.notificationOf('return')).toBe('accidentReturned');
  });

  it('an investigation: worked on while open, concluded once', () => {
    expect(movesOf(investigationWorkflow)).toEqual([
      'open --update/investigator--> open',
      'open --conclude/investigator--> concluded',
      'open --extend/investigator--> open',
    ]);
    expect(investigationWorkflow.actionsFor('open', 'investigator')).toEqual(['update', 'conclude', 'extend']);
    expect(investigationWorkflow.actionsFor('concluded', 'investigator')).toEqual([]);
    expect(investigationWorkflow.actionsFor('open', null)).toEqual([]);
    expect(investigationWorkflow.needsOf('extend')).toEqual({ reason: true, fields: ['days'] });
  });
});
