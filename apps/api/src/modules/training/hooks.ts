import { sql, type SqlBool } from 'kysely';
import { translator } from '../../catalog/context.ts';
import { catalogueHook, type CatalogueHookEntry, validityPeriodHooks } from '../../catalog/hooks.ts';
import { AppError, type ErrorDetail } from '../../platform/errors/app-error.ts';
import { classMayTrain, groupRuleInForce, groupsClassMayTrain, minimumHoursOf, unitClassOn } from './reference.ts';

const validityRules = validityPeriodHooks(
  ['trainingClassRule', 'trainingClassCondition', 'trainingGroupRule', 'trainingOrganization'],
  'training:validation.validTo',
);

/**
 * A course is judged by the rules in force on its start date: a training unit may run only the groups its class
 * allows (Decree 44/2016 Art 26 as amended), and a course lasts at least the group's minimum hours (Art 19; a
 * refresher its share of them). A course without a training unit (an outside trainer named in free text) is not
 * judged by class.
 */
const courseRules = catalogueHook('training', {
  async beforeChange({ ctx, data, original }) {
    const t = translator(ctx);
    const pick = (name: string) => (name in data ? data[name] : original?.[name]) as string | number | null | undefined;
    const startDate = pick('startDate') as string | null | undefined;
    const groupId = pick('targetTrainingId') as string | null | undefined;
    if (!startDate || !groupId) return;
    const unitId = pick('trainerUnitId') as string | null | undefined;
    // References that name no record are the engine's to report (beside each field); the rules judge real ones.
    const known = await sql<{ group: boolean; unit: boolean }>`select
        exists (select 1 from target_training where id = ${groupId}::uuid and deleted_at is null) as "group",
        ${unitId ?? null}::uuid is null or exists (select 1 from unit where id = ${unitId ?? null}::uuid) as unit`.execute(
      ctx.db,
    );
    if (!known.rows[0]?.group || !known.rows[0]?.unit) return;
    const details: ErrorDetail[] = [];
    if (unitId) {
      const className = await unitClassOn(ctx.db, unitId, startDate);
      if (!className)
        details.push({
          field: 'trainerUnitId',
          code: 'rule',
          message: t('training:validation.noClass', { date: startDate }),
        });
      else if (!(await classMayTrain(ctx.db, className, groupId, startDate))) {
        const group = await sql<{ name: string }>`select name from target_training where id = ${groupId}::uuid`.execute(
          ctx.db,
        );
        details.push({
          field: 'targetTrainingId',
          code: 'rule',
          message: t('training:validation.groupNotAllowed', {
            className,
            group: group.rows[0]?.name ?? '',
            date: startDate,
          }),
        });
      }
    }
    const hours = pick('hours') as number | null | undefined;
    if (hours != null) {
      const rule = await groupRuleInForce(ctx.db, groupId, startDate);
      const kind = (pick('kind') as 'initial' | 'periodic' | null | undefined) ?? 'initial';
      const minimum = rule ? minimumHoursOf(rule, kind) : 0;
      if (hours < minimum)
        details.push({
          field: 'hours',
          code: 'min',
          message: t('training:validation.tooFewHours', { hours: minimum, kind: t(`training:courseKinds.${kind}`) }),
        });
    }
    if (details.length) throw new AppError(400, 'VALIDATION', { details });
  },
});

/**
 * A course's and a notice's group pickers offer only the groups the running unit (`trainedBy`) may train on the
 * start date (`on`), by the rule their checks refuse a group by; a unit without a class in force may train none.
 */
const groupOptions = catalogueHook('targetTraining', {
  async optionConditions({ ctx, params }) {
    const { trainedBy, on } = params;
    if (!trainedBy || !on) return [];
    const className = await unitClassOn(ctx.db, trainedBy, on);
    return [className ? sql<SqlBool>`t.id in (${groupsClassMayTrain(className, on)})` : sql<SqlBool>`false`];
  },
});

/** The training rules, declared by the training module (index.ts). */
export const trainingHooks: CatalogueHookEntry[] = [...validityRules, courseRules, groupOptions];
