import { describe, expect, it } from 'vitest';
import { citizenIdProblem } from '@portal/domain/workers/citizen-id';
import { createRandom } from '../../seed/demo/names.ts';
import { generateWorkers, workerBackground } from './generate.ts';

describe('generated workers', () => {
  it('carry citizen IDs that agree with their birth date and sex', () => {
    const workers = generateWorkers('check', 2000, { referenceDate: '2025-07-01' });
    const wrong = workers
      .filter((w) => w.citizenId !== null)
      .map((w) => [w.citizenId, citizenIdProblem(w.citizenId!, { birthDate: w.birthDate, sex: w.sex })] as const)
      .filter(([, problem]) => problem !== null);
    expect(wrong).toEqual([]);
  });

  it('carry what the statistics count, in the shares of a Lâm Đồng workforce', () => {
    const rng = createRandom('background-check');
    const occupations = ['61', '75', '93', '83', '81', '31', '71'];
    const workers = generateWorkers('background', 6000, { referenceDate: '2025-07-01', foreignShare: 0 });
    const all = workers.map((w, i) => {
      const occupation = occupations[i % occupations.length]!;
      return {
        w,
        occupation,
        b: workerBackground(rng, w, { referenceDate: '2025-07-01', occupation, labourContract: true }),
      };
    });
    const share = (pick: (x: (typeof all)[number]) => boolean, of = all) => of.filter(pick).length / of.length;
    expect(share((x) => x.b.socialInsurance)).toBeGreaterThan(0.84);
    expect(share((x) => x.b.socialInsurance)).toBeLessThan(0.91);
    expect(share((x) => x.b.healthInsurance)).toBeGreaterThan(0.89);
    expect(share((x) => x.b.healthInsurance)).toBeLessThan(0.95);
    expect(share((x) => ['5to10', '10to15'].includes(x.b.incomeBand))).toBeGreaterThan(0.7);
    expect(share((x) => x.b.abroadStatus === 'abroad')).toBeGreaterThan(0.004);
    expect(share((x) => x.b.abroadStatus === 'abroad')).toBeLessThan(0.02);
    expect(share((x) => x.b.abroadStatus === 'returned')).toBeGreaterThan(0.02);
    expect(share((x) => x.b.abroadStatus === 'returned')).toBeLessThan(0.07);
    expect(all.every((x) => (x.b.abroadStatus === 'none') === (x.b.abroadCountry === null))).toBe(true);
    // Factory hands mostly upper secondary or vocational, a minority university; technicians mostly higher.
    const operators = all.filter((x) => x.occupation === '81');
    expect(share((x) => ['upperSecondary', 'vocational'].includes(x.b.educationLevel), operators)).toBeGreaterThan(0.7);
    expect(share((x) => x.b.educationLevel === 'university', operators)).toBeLessThan(0.05);
    const technicians = all.filter((x) => x.occupation === '31');
    expect(share((x) => ['college', 'university'].includes(x.b.educationLevel), technicians)).toBeGreaterThan(0.6);
    // Older workers went to school less.
    const schooled = (x: (typeof all)[number]) =>
      ['college', 'university', 'postgraduate'].includes(x.b.educationLevel);
    const older = all.filter((x) => x.w.birthDate < '1975-07-01');
    const younger = all.filter((x) => x.w.birthDate > '1995-07-01');
    expect(share(schooled, older)).toBeLessThan(share(schooled, younger));
  });
});
