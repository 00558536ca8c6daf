import { describe, expect, it } from 'vitest';
import {
  computeStatistics,
  periodDueOn,
  periodRange,
  sectionTotal,
  statisticsActions,
  statisticsWorkflow,
  type StatisticsVictim,
} from './index.ts';

const victim = (v: Partial<StatisticsVictim> & Pick<StatisticsVictim, 'accidentId'>): StatisticsVictim => ({
  allowanceCase: false,
  causeId: 'c1',
  factorId: 'f1',
  propertyDamage: 0,
  otherCost: 0,
  female: false,
  occupationId: 'o1',
  severity: 'light',
  underManagement: true,
  daysOff: 0,
  medicalCost: 0,
  wageCost: 0,
  compensationCost: 0,
  ...v,
});

describe('Appendix XII computation', () => {
  // Accident A: two victims of two occupations (one died), damage 1 000; accident B: one victim, on the way to work.
  const victims = [
    victim({
      accidentId: 'A',
      severity: 'fatal',
      female: true,
      propertyDamage: 1_000,
      otherCost: 50,
      medicalCost: 100,
    }),
    victim({
      accidentId: 'A',
      occupationId: 'o2',
      severity: 'serious',
      propertyDamage: 1_000,
      otherCost: 50,
      daysOff: 10,
      wageCost: 30,
    }),
    victim({
      accidentId: 'B',
      allowanceCase: true,
      causeId: 'c2',
      underManagement: false,
      daysOff: 3,
      compensationCost: 7,
    }),
  ];
  const rows = computeStatistics(victims);
  const row = (section: number, dimension: string, keyId: string | null) =>
    rows.find((r) => r.section === section && r.dimension === dimension && r.keyId === keyId);

  it('counts an accident once per row, with its own facts and losses', () => {
    expect(row(1, 'total', null)).toMatchObject({
      accidents: 1,
      fatalAccidents: 1,
      multiVictimAccidents: 1,
      victims: 2,
      femaleVictims: 1,
      deaths: 1,
      seriousInjuries: 1,
      daysOff: 10,
      medicalCost: 100,
      wageCost: 30,
      otherCost: 50,
      totalCost: 180,
      propertyDamage: 1_000,
    });
    // Each occupation row counts accident A, with its damage, but only its own victim's losses.
    expect(row(1, 'occupation', 'o1')).toMatchObject({
      accidents: 1,
      fatalAccidents: 1,
      victims: 1,
      deaths: 1,
      totalCost: 150,
    });
    expect(row(1, 'occupation', 'o2')).toMatchObject({ accidents: 1, victims: 1, seriousInjuries: 1, totalCost: 80 });
    expect(row(2, 'total', null)).toMatchObject({ accidents: 1, victims: 1, outsideVictims: 1, totalCost: 7 });
    expect(row(2, 'cause', 'c2')).toMatchObject({ accidents: 1 });
    expect(row(2, 'cause', 'c1')).toBeUndefined();
    expect(sectionTotal(rows, 'total').get(null)).toMatchObject({ accidents: 2, victims: 3, daysOff: 13 });
  });

  it('gives no rows when no accident happened (a report of zeros)', () => {
    expect(computeStatistics([])).toEqual([]);
  });
});

describe('periods and workflow', () => {
  it('knows the period falling due and its days', () => {
    expect(periodDueOn('2026-03-10')).toEqual({ year: 2025, period: 'year' });
    expect(periodDueOn('2026-07-01')).toEqual({ year: 2026, period: 'halfYear' });
    expect(periodRange(2026, 'halfYear')).toEqual({ from: '2026-01-01', to: '2026-06-30' });
    expect(periodRange(2026, 'year')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('opens a report to its filer until submitted, and to its reviewer once submitted', () => {
    expect(statisticsActions('draft', 'filer')).toEqual(['edit', 'prefill', 'submit']);
    expect(statisticsActions('submitted', 'filer')).toEqual([]);
    expect(statisticsActions('returned', 'filer')).toEqual(['edit', 'prefill', 'submit']);
    expect(statisticsActions('submitted', 'reviewer')).toEqual(['return']);
    expect(statisticsActions('draft', 'reviewer')).toEqual([]);
  });

  it('declares each move with what it needs and whom it tells', () => {
    expect(statisticsWorkflow.transitions.map((t) => `${t.from} --${t.action}/${t.actor}--> ${t.to}`)).toEqual([
      'draft --edit/filer--> draft',
      'draft --prefill/filer--> draft',
      'draft --submit/filer--> submitted',
      'returned --edit/filer--> returned',
      'returned --prefill/filer--> returned',
      'returned --submit/filer--> submitted',
      'submitted --return/reviewer--> returned',
    ]);
    expect(statisticsWorkflow.check('submitted', 'edit', 'filer')).toEqual({ ok: false, reason: 'state' });
    expect(statisticsWorkflow.check('submitted', 'return', 'filer')).toEqual({ ok: false, reason: 'actor' });
    expect(statisticsWorkflow.needsReason('return')).toBe(true);
    expect(statisticsWorkflow.notificationOf('submit')).toBe('accidentStatisticsSubmitted');
    expect(statisticsWorkflow.notificationOf('return')).toBe('accidentStatisticsReturned');
  });
});
