import { describe, expect, it } from 'vitest';
import { citizenIdProblem } from '@portal/domain/workers/citizen-id';
import { generateWorkers } from './generate.ts';

describe('generated workers', () => {
  it('carry citizen IDs that agree with their birth date and sex', () => {
    const workers = generateWorkers('check', 2000, { referenceDate: '2025-07-01' });
    const wrong = workers
      .filter((w) => w.citizenId !== null)
      .map((w) => [w.citizenId, citizenIdProblem(w.citizenId!, { birthDate: w.birthDate, sex: w.sex })] as const)
      .filter(([, problem]) => problem !== null);
    expect(wrong).toEqual([]);
  });
});
