import { sql } from 'kysely';
import { FIRST_RECORD_YEAR, recordYearInRange } from '@portal/domain/safety/costs';
import { translator, type Executor, type OpContext } from '../../catalog/context.ts';
import { catalogueHook, type CatalogueHookEntry, validityPeriodHooks } from '../../catalog/hooks.ts';
import { clock } from '../../platform/clock/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';

/**
 * The rules on compensation in kind and OSH costs, run inside the catalogue operation's transaction for forms,
 * imports and seeds alike: each record is some employer's and of a plausible year; a compensation's value is the
 * server's — the amount per shift of its level in force on 1 January of its year (dated CompensationLevel rows),
 * times workers and shifts — so a level changed later values later years only, and old ones keep theirs.
 */

type FieldErrors = { field: string; code: string; message: string }[];
const refuse = (details: FieldErrors) => {
  if (details.length) throw new AppError(400, 'VALIDATION', { details });
};

const validityRules = validityPeriodHooks(
  ['compensationLevel'],
  'catalog:areas.compensationLevel.errors.validToBeforeFrom',
);

/**
 * Every record is some employer's (an employer user's is forced; the department and communes name it), and of a
 * year from 2000 to next year (a plan filed ahead).
 */
function ownerAndYearErrors(ctx: OpContext, area: string, data: Record<string, unknown>): FieldErrors {
  const t = translator(ctx);
  const errors: FieldErrors = [];
  if (!data.businessId && !ctx.system)
    errors.push({ field: 'businessId', code: 'required', message: t('catalog:validation.required') });
  const today = clock.today();
  if (typeof data.year === 'number' && !recordYearInRange(data.year, today))
    errors.push({
      field: 'year',
      code: 'range',
      message: t(`catalog:areas.${area}.errors.yearOutOfRange`, {
        min: FIRST_RECORD_YEAR,
        max: Number(today.slice(0, 4)) + 1,
      }),
    });
  return errors;
}

/**
 * The level a record names, and the amount per shift of that level in force on `date` (the latest start among
 * the rows in force); null when the record names no live level row (the engine's reference error says so).
 */
export async function levelAmountOn(
  db: Executor,
  levelId: string,
  date: string,
): Promise<{ level: number; amount: number | null } | null> {
  const rows = await sql<{ level: number; amount: number | null }>`
    select r.level, (select a.amount_per_shift from compensation_level a
        where a.deleted_at is null and a.level = r.level and a.valid_from <= ${date}::date
          and (a.valid_to is null or a.valid_to >= ${date}::date)
        order by a.valid_from desc, a.created_at desc limit 1) as amount
    from compensation_level r where r.id = ${levelId}::uuid and r.deleted_at is null`.execute(db);
  return rows.rows[0] ?? null;
}

const compensationRules = catalogueHook('compensationInKind', {
  async beforeChange({ ctx, data }) {
    refuse(ownerAndYearErrors(ctx, 'compensationInKind', data));
    const year = data.year as number;
    const found = await levelAmountOn(ctx.db, data.levelId as string, `${year}-01-01`);
    if (!found) return;
    if (found.amount === null)
      throw new AppError(400, 'VALIDATION', {
        details: [
          {
            field: 'levelId',
            code: 'notInForce',
            message: translator(ctx)('catalog:areas.compensationInKind.errors.noLevelInForce', {
              level: found.level,
              year,
            }),
          },
        ],
      });
    return {
      ...data,
      amountPerShift: found.amount,
      totalAmount: (data.workerCount as number) * (data.shiftsPerWorker as number) * found.amount,
    };
  },
});

const safetyCostRules = catalogueHook('safetyCost', {
  beforeChange({ ctx, data }) {
    refuse(ownerAndYearErrors(ctx, 'safetyCost', data));
  },
});

/** The safety costs' rules, declared by the safety-costs module (index.ts). */
export const safetyCostHooks: CatalogueHookEntry[] = [...validityRules, compensationRules, safetyCostRules];
