import { describe, expect, it } from 'vitest';
import {
  assignmentProblems,
  assignmentsValidOn,
  expectationOf,
  ruleMatches,
  type AssignmentRow,
  type ReporterFacts,
} from './assignment.ts';

const MANUFACTURING = 'sector-C';
const FOOD = 'sector-C10';
const CONSTRUCTION = 'sector-F';

const employer = (over: Partial<ReporterFacts> = {}): ReporterFacts => ({
  id: 'b1',
  // A food factory: its own sector and the manufacturing section above it.
  sectors: [FOOD, MANUFACTURING],
  businessTypeId: 'type-llc',
  wardCode: 'ward-1',
  employees: 25,
  ...over,
});

const row = (over: Partial<AssignmentRow> & Pick<AssignmentRow, 'id' | 'kind'>): AssignmentRow => ({
  validFrom: '2020-01-01',
  ...over,
});

describe('assignment rules', () => {
  it('an empty rule matches everyone; each criterion narrows it', () => {
    expect(ruleMatches(row({ id: 'r', kind: 'rule' }), employer())).toBe(true);
    expect(ruleMatches(row({ id: 'r', kind: 'rule', sectorId: MANUFACTURING }), employer())).toBe(true);
    expect(ruleMatches(row({ id: 'r', kind: 'rule', sectorId: CONSTRUCTION }), employer())).toBe(false);
    expect(ruleMatches(row({ id: 'r', kind: 'rule', businessTypeId: 'type-jsc' }), employer())).toBe(false);
    expect(ruleMatches(row({ id: 'r', kind: 'rule', wardCode: 'ward-2' }), employer())).toBe(false);
    expect(ruleMatches(row({ id: 'r', kind: 'rule', minEmployees: 10 }), employer())).toBe(true);
    expect(ruleMatches(row({ id: 'r', kind: 'rule', minEmployees: 10, maxEmployees: 20 }), employer())).toBe(false);
    // Bounds are inclusive; an unknown size never meets a size rule.
    expect(ruleMatches(row({ id: 'r', kind: 'rule', minEmployees: 25, maxEmployees: 25 }), employer())).toBe(true);
    expect(ruleMatches(row({ id: 'r', kind: 'rule', minEmployees: 10 }), employer({ employees: null }))).toBe(false);
  });

  it('rules are OR’ed, criteria within a rule AND’ed', () => {
    const rows = [
      row({ id: 'mfg-big', code: 'A', kind: 'rule', sectorId: MANUFACTURING, minEmployees: 100 }),
      row({ id: 'construction', code: 'B', kind: 'rule', sectorId: CONSTRUCTION }),
    ];
    expect(expectationOf(employer(), rows, '2026-06-30')).toEqual({ expected: false });
    expect(expectationOf(employer({ employees: 150 }), rows, '2026-06-30')).toEqual({
      expected: true,
      assignmentId: 'mfg-big',
    });
    expect(expectationOf(employer({ sectors: [CONSTRUCTION] }), rows, '2026-06-30')).toEqual({
      expected: true,
      assignmentId: 'construction',
    });
  });

  it('an addition names one employer; an exemption removes it whatever else applies, with its reason', () => {
    const rows = [
      row({ id: 'all', code: 'A', kind: 'rule' }),
      row({ id: 'add', code: 'B', kind: 'include', employerId: 'b2' }),
      row({ id: 'ex', code: 'C', kind: 'exempt', employerId: 'b1', reason: 'Đã giải thể' }),
    ];
    const onlyAddition = rows.slice(1, 2);
    expect(expectationOf(employer({ id: 'b2', sectors: [] }), onlyAddition, '2026-01-01')).toEqual({
      expected: true,
      assignmentId: 'add',
    });
    expect(expectationOf(employer(), onlyAddition, '2026-01-01')).toEqual({ expected: false });
    expect(expectationOf(employer(), rows, '2026-01-01')).toEqual({
      expected: false,
      exemption: { assignmentId: 'ex', reason: 'Đã giải thể' },
    });
    // An exemption of someone no rule expects is no news.
    expect(expectationOf(employer(), rows.slice(2), '2026-01-01')).toEqual({ expected: false });
  });

  it('only rows valid on the day count (both ends inclusive)', () => {
    const rows = [
      row({ id: 'old', code: 'A', kind: 'rule', validFrom: '2020-01-01', validTo: '2025-12-31' }),
      row({ id: 'new', code: 'B', kind: 'rule', validFrom: '2026-07-01' }),
    ];
    expect(assignmentsValidOn(rows, '2025-12-31').map((r) => r.id)).toEqual(['old']);
    expect(assignmentsValidOn(rows, '2026-03-01')).toEqual([]);
    expect(assignmentsValidOn(rows, '2026-07-01').map((r) => r.id)).toEqual(['new']);
    expect(expectationOf(employer(), rows, '2026-03-01')).toEqual({ expected: false });
    const ex = row({ id: 'ex', code: 'C', kind: 'exempt', employerId: 'b1', reason: 'x', validTo: '2026-06-30' });
    expect(expectationOf(employer(), [...rows, ex], '2026-06-30').expected).toBe(false);
    expect(expectationOf(employer(), [...rows, ex], '2026-07-01')).toEqual({ expected: true, assignmentId: 'new' });
  });

  it('names the first applying row by code, an addition before a rule', () => {
    const rows = [
      row({ id: 'z', code: 'Z', kind: 'rule' }),
      row({ id: 'a', code: 'A', kind: 'rule', minEmployees: 1 }),
      row({ id: 'inc', code: 'M', kind: 'include', employerId: 'b1' }),
    ];
    expect(expectationOf(employer(), rows.slice(0, 2), '2026-01-01')).toEqual({ expected: true, assignmentId: 'a' });
    expect(expectationOf(employer(), rows, '2026-01-01')).toEqual({ expected: true, assignmentId: 'inc' });
  });

  it('checks a row as a whole: exemptions need a reason, additions and exemptions an employer', () => {
    expect(assignmentProblems({ kind: 'rule', validFrom: '2026-01-01' })).toEqual([]);
    expect(assignmentProblems({ kind: 'exempt', validFrom: '2026-01-01', employerId: 'b1', reason: ' ' })).toEqual([
      { field: 'reason', messageKey: 'reports:validation.reasonRequired' },
    ]);
    expect(assignmentProblems({ kind: 'include', validFrom: '2026-01-01' })).toEqual([
      { field: 'employerId', messageKey: 'reports:validation.employerRequired' },
    ]);
    expect(
      assignmentProblems({
        kind: 'rule',
        minEmployees: 50,
        maxEmployees: 10,
        validFrom: '2026-01-01',
        validTo: '2025-01-01',
      }).map((p) => p.field),
    ).toEqual(['maxEmployees', 'validTo']);
  });
});
