import { sql } from 'kysely';
import { translate } from '@portal/domain/i18n';
import { assignmentProblems, type AssignmentKind } from '@portal/domain/reports/assignment';
import type { OpContext } from '../../catalog/context.ts';
import { catalogueHook, type CatalogueHookEntry } from '../../catalog/hooks.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { reevaluateType } from './expected.ts';
import { reportTypeById } from './types.ts';

/**
 * The rules on assignment rows, for forms, imports and seeds alike: the checks across fields (an exemption has a
 * reason, an addition or exemption names an employer of a report employers file, sizes and dates in order); and
 * after every change, the open periods of the type (of both types when a row moves to another) are evaluated
 * again in the same transaction, so the list of who must report never lags the rules.
 */

/** Types a row belonged to before an update (read in beforeChange, used in afterChange of the same call). */
const previousType = new Map<string, string>();

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/** Evaluates again the open periods of the types of the live assignment rows `ids` (leaving out `excluding`). */
async function reevaluateTypesOf(ctx: OpContext, ids: string[], excluding?: string[]): Promise<void> {
  const { rows } = await sql<{ type_id: string }>`select distinct report_type_id::text as type_id
    from report_assignment where id = any(${ids}::uuid[]) and deleted_at is null`.execute(ctx.db);
  const actorId = ctx.principal?.userId ?? null;
  for (const { type_id } of rows)
    await reevaluateType(ctx.db, type_id, { actorId, ...(excluding ? { excluding } : {}) });
}

const assignmentRules = catalogueHook('reportAssignment', {
  async beforeChange({ ctx, data, original }) {
    const value = (name: string) => (name in data ? data[name] : original?.[name]);
    const kind = value('kind') as AssignmentKind;
    const problems = assignmentProblems({
      kind,
      employerId: str(value('employerId')),
      reason: str(value('reason')),
      minEmployees: num(value('minEmployees')),
      maxEmployees: num(value('maxEmployees')),
      validFrom: String(value('validFrom') ?? ''),
      validTo: str(value('validTo')),
    }).map((p) => ({ field: p.field, code: 'invalid', message: translate(ctx.lang, p.messageKey) }));
    const typeId = str(value('reportTypeId'));
    const type = typeId ? await reportTypeById(ctx.db, typeId) : null;
    if (type && type.filer !== 'business' && (kind === 'include' || kind === 'exempt'))
      problems.push({
        field: 'employerId',
        code: 'invalid',
        message: translate(ctx.lang, 'reports:validation.filerMismatch'),
      });
    if (problems.length) throw new AppError(400, 'VALIDATION', { details: problems });
    const before = str(original?.reportTypeId);
    if (original && before && before !== typeId) previousType.set(String(original.id), before);
  },
  async afterChange({ ctx, record }) {
    const actorId = ctx.principal?.userId ?? null;
    const before = previousType.get(record.id);
    previousType.delete(record.id);
    if (before) await reevaluateType(ctx.db, before, { actorId });
    const typeId = str(record.reportTypeId);
    if (typeId) await reevaluateType(ctx.db, typeId, { actorId });
  },
  async beforeDelete({ ctx, ids }) {
    await reevaluateTypesOf(ctx, ids, ids);
  },
  // Back from the trash bin, the rows count again. Purging needs nothing: a row in the trash bin was already left
  // out when it was deleted (and by every evaluation since), so deleting it for good changes no one's list.
  async afterRestore({ ctx, ids }) {
    await reevaluateTypesOf(ctx, ids);
  },
});

export const reportHooks: CatalogueHookEntry[] = [assignmentRules];
