import { HOME_NATIONALITY } from '@portal/domain/workers/constants';
import { catalogueHook, type CatalogueHookEntry } from '../../catalog/hooks.ts';
import { translator } from '../../catalog/context.ts';
import { AppError, type ErrorDetail } from '../../platform/errors/app-error.ts';
import { fileMayBeAttached } from './reports.ts';
import { benefitMonthsLimit } from './unemployment.ts';

/**
 * Rules of a worker's record beyond its field declarations. They run inside the catalogue operations, so the
 * form, the REST call and every import row get them alike.
 */

/** Today as 'YYYY-MM-DD' in Viet Nam (UTC+7, no daylight saving): a birth date entered today is valid. */
export function todayInVietnam(now = new Date()): string {
  return new Date(now.getTime() + 7 * 3600_000).toISOString().slice(0, 10);
}

const workerRules = catalogueHook('worker', {
  beforeChange({ ctx, data }) {
    const t = translator(ctx);
    const details: ErrorDetail[] = [];
    const start = data.startDate as string | null;
    const end = data.endDate as string | null;
    if (start && end && end < start)
      details.push({ field: 'endDate', code: 'range', message: t('workers:validation.endBeforeStart') });
    // A Vietnamese citizen is identified by the citizen ID; a foreigner by the passport.
    const foreign = data.nationality != null && data.nationality !== HOME_NATIONALITY;
    if (!foreign && !data.citizenId)
      details.push({ field: 'citizenId', code: 'required', message: t('workers:validation.citizenIdRequired') });
    if (foreign && !data.citizenId && !data.passportNumber) {
      details.push({ field: 'passportNumber', code: 'required', message: t('workers:validation.passportRequired') });
    }
    const birth = data.birthDate as string | null;
    if (birth && birth > todayInVietnam())
      details.push({ field: 'birthDate', code: 'range', message: t('workers:validation.birthInFuture') });
    if (details.length) throw new AppError(400, 'VALIDATION', { details });
    // Most workers are Vietnamese citizens: an empty nationality means Viet Nam.
    return { ...data, nationality: data.nationality ?? HOME_NATIONALITY };
  },
});

/** `to` is not before `from`: one rule for every pair of dates of the workers' areas. */
function dateOrder(
  details: ErrorDetail[],
  data: Record<string, unknown>,
  from: string,
  to: string,
  message: string,
): void {
  const a = data[from] as string | null;
  const b = data[to] as string | null;
  if (a && b && b < a) details.push({ field: to, code: 'range', message });
}

function refuse(details: ErrorDetail[]): void {
  if (details.length) throw new AppError(400, 'VALIDATION', { details });
}

const courseRules = catalogueHook('training', {
  beforeChange({ ctx, data }) {
    const details: ErrorDetail[] = [];
    dateOrder(details, data, 'startDate', 'endDate', translator(ctx)('workers:validation.endBeforeStart'));
    refuse(details);
  },
});

const collectWorkerRules = catalogueHook('collectWorker', {
  async beforeChange({ ctx, data, original }) {
    const t = translator(ctx);
    const details: ErrorDetail[] = [];
    const total = data.totalWorkers as number | null;
    for (const part of ['femaleWorkers', 'foreignWorkers', 'hazardousWorkers'] as const) {
      const n = data[part] as number | null;
      if (n != null && total != null && n > total)
        details.push({ field: part, code: 'max', message: t('workers:validation.partOfTotal') });
    }
    const fileId = data.fileId as string | null;
    if (
      fileId &&
      fileId !== (original?.fileId ?? null) &&
      !(await fileMayBeAttached(ctx, fileId, (data.businessId as string | null) ?? null))
    ) {
      details.push({ field: 'fileId', code: 'reference', message: t('catalog:validation.referenceMissing') });
    }
    refuse(details);
  },
});

const collectForeignerRules = catalogueHook('collectForeigner', {
  beforeChange({ ctx, data }) {
    const details: ErrorDetail[] = [];
    dateOrder(details, data, 'permitFrom', 'permitTo', translator(ctx)('workers:validation.endBeforeStart'));
    refuse(details);
  },
});

const diseaseRules = catalogueHook('occupationalDisease', {
  beforeChange({ ctx, data }) {
    const day = data.diagnosisDate as string | null;
    if (day && day > todayInVietnam())
      refuse([{ field: 'diagnosisDate', code: 'range', message: translator(ctx)('workers:validation.inFuture') }]);
  },
});

const insuranceRules = catalogueHook('unemploymentInsurance', {
  async beforeChange({ ctx, data, original }) {
    const t = translator(ctx);
    const details: ErrorDetail[] = [];
    dateOrder(details, data, 'startDate', 'endDate', t('workers:validation.endBeforeStart'));
    // The legal maximum is reference data in force on the decision date, not the field's bound.
    const months = (data.benefitMonths ?? original?.benefitMonths) as number | null | undefined;
    const decided = (data.decisionDate ?? original?.decisionDate) as string | null | undefined;
    const limit = typeof months === 'number' && decided ? await benefitMonthsLimit(ctx.db, decided) : null;
    if (limit && typeof months === 'number' && months > limit.amount)
      details.push({
        field: 'benefitMonths',
        code: 'max',
        message: t('workers:validation.benefitMonthsAbove', { max: limit.amount, basis: limit.legalBasis }),
      });
    refuse(details);
  },
});

const jobTrainingRules = catalogueHook('jobTraining', {
  beforeChange({ ctx, data }) {
    const details: ErrorDetail[] = [];
    dateOrder(details, data, 'courseFrom', 'courseTo', translator(ctx)('workers:validation.endBeforeStart'));
    refuse(details);
  },
});

/** The workers' areas' rules, declared by the workers module (index.ts). */
export const workerHooks: CatalogueHookEntry[] = [
  workerRules,
  courseRules,
  collectWorkerRules,
  collectForeignerRules,
  diseaseRules,
  insuranceRules,
  jobTrainingRules,
];
