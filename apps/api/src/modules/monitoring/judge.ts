import type { ReadingFactor } from '@portal/domain/monitoring/factors';
import { readingFactor } from '@portal/domain/monitoring/factors';
import {
  judgeChemical,
  judgeClimate,
  judgeNoise,
  judgeStated,
  judgeValue,
  NO_LIMIT,
  type Limit,
  type Verdict,
} from '@portal/domain/monitoring/judge';
import type { WorkCategory } from '@portal/domain/monitoring/factors';
import { translator, type OpContext } from '../../catalog/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { limitsOf } from './reference.ts';

/** The field of each factor naming its classification in the standards (a task, a dust, a substance, …). */
const CLASSIFICATION: Record<ReadingFactor, string | null> = {
  climate: null,
  light: 'taskId',
  noise: null,
  vibration: 'classId',
  dust: 'dustTypeId',
  chemical: 'substanceId',
  radiation: 'classId',
  job: 'classId',
  other: 'classId',
};

const n = (v: unknown): number | null => (v == null || v === '' ? null : Number(v));

/**
 * A reading's verdict on `date` from the limits in force then. A classification of another factor's standards
 * (a substance named as a lighting task) is refused, naming the field.
 */
export async function judgeReading(
  ctx: OpContext,
  factor: ReadingFactor,
  reading: Record<string, unknown>,
  date: string,
): Promise<Verdict> {
  const limits = await limitsOf(ctx.db, readingFactor(factor).limits);
  const field = CLASSIFICATION[factor];
  const classId = field ? ((reading[field] as string | null | undefined) ?? null) : null;
  let rule: string | null = null;
  if (field && classId) {
    const chosen: Limit | undefined = limits.find((l) => l.id === classId);
    if (!chosen)
      throw new AppError(400, 'VALIDATION', {
        details: [{ field, code: 'reference', message: translator(ctx)('monitoring:errors.limitOfOtherFactor') }],
      });
    rule = chosen.rule;
  }
  switch (factor) {
    case 'climate':
      return judgeClimate(
        {
          workCategory: (reading.workCategory as WorkCategory | null) ?? null,
          temperature: n(reading.temperature),
          humidity: n(reading.humidity),
          airSpeed: n(reading.airSpeed),
        },
        limits,
        date,
      );
    case 'noise':
      return judgeNoise(
        { laeq: n(reading.laeq), exposureMinutes: n(reading.exposureMinutes), peak: n(reading.peak) },
        limits,
        date,
      );
    case 'chemical':
      if (n(reading.twa) == null && n(reading.stel) == null)
        throw new AppError(400, 'VALIDATION', {
          details: [
            { field: 'twa', code: 'required', message: translator(ctx)('monitoring:errors.chemicalValueRequired') },
          ],
        });
      return judgeChemical({ twa: n(reading.twa), stel: n(reading.stel) }, rule, limits, date);
    case 'light':
      return judgeValue(n(reading.illuminance), rule, limits, date);
    case 'vibration':
      return judgeValue(n(reading.acceleration), rule, limits, date);
    case 'dust':
      return judgeValue(n(reading.concentration), rule, limits, date);
    case 'radiation':
      return judgeValue(n(reading.value), rule, limits, date);
    case 'job':
    case 'other': {
      const byStandard = judgeValue(n(reading.value), rule, limits, date);
      if (byStandard.verdict !== 'noLimit') return byStandard;
      return judgeStated(
        n(reading.value),
        n(reading.permittedValue),
        (reading.unit as string | null) ?? null,
        (reading.basis as string | null) ?? null,
      );
    }
  }
  return NO_LIMIT;
}
