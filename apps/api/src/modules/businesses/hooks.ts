import { isValidTaxCode } from '@portal/domain/businesses/index';
import { catalogueHook, type CatalogueHookEntry } from '../../catalog/hooks.ts';
import { translator, type OpContext } from '../../catalog/context.ts';
import { AppError, type ErrorDetail } from '../../platform/errors/app-error.ts';
import { businessError, sideOf } from './common.ts';
import { syncEmployerUnit } from './employers.ts';

/**
 * Rules of the employer record (the `Bussiness` catalogue area) beyond its field declarations. They run inside
 * the engine's operations, so the form, the REST call and every import row get them alike.
 */

const employerSide = (ctx: OpContext) => !ctx.system && sideOf(ctx.principal) === 'employer';

async function stored(ctx: OpContext, id: string): Promise<{ code: string; status: string } | undefined> {
  return ctx.db.selectFrom('business').select(['code', 'status']).where('id', '=', id).executeTakeFirst();
}

const bussinessRules = catalogueHook('bussiness', {
  async beforeChange({ ctx, operation, data, original }) {
    const t = translator(ctx);
    const details: ErrorDetail[] = [];
    // An import row names only the record it updates: read what is stored.
    const before = original ? await stored(ctx, original.id) : undefined;
    const code = data.code as string | null;
    // The check digit is enforced on new codes; an employer registered earlier keeps its code when edited.
    if (code && (operation === 'create' || code !== before?.code) && !isValidTaxCode(code)) {
      details.push({ field: 'code', code: 'taxCode', message: t('businesses:validation.taxCodeChecksum') });
    }
    const total = data.employeeCount as number | null;
    for (const field of ['femaleCount', 'hazardousCount'] as const) {
      const n = data[field] as number | null;
      if (n != null && total != null && n > total)
        details.push({ field, code: 'max', message: t('businesses:validation.moreThanTotal') });
      if (n != null && total == null)
        details.push({ field: 'employeeCount', code: 'required', message: t('businesses:validation.totalRequired') });
    }
    if (details.length) throw new AppError(400, 'VALIDATION', { details });
    // The authority keeps an employer's identity and standing; the employer keeps its contacts and figures.
    if (employerSide(ctx) && before) {
      const locked = (['code', 'status'] as const).filter((f) => data[f] != null && data[f] !== before[f]);
      if (locked.length) {
        throw businessError(403, 'EMPLOYER_FIELD_LOCKED', {
          details: locked.map((field) => ({
            field,
            code: 'locked',
            message: t('businesses:validation.lockedForEmployer'),
          })),
        });
      }
    }
    return data;
  },

  async afterChange({ ctx, operation, record }) {
    if (operation === 'update') await syncEmployerUnit(ctx.db, record.id);
  },

  async beforeDelete({ ctx, ids }) {
    if (employerSide(ctx)) throw businessError(403, 'EMPLOYER_CANNOT_DELETE');
    // Sign-ins would keep working for an employer nobody sees: its accounts go first.
    const withUsers = await ctx.db
      .selectFrom('app_user as u')
      .innerJoin('unit as un', 'un.id', 'u.unit_id')
      .innerJoin('business as b', 'b.id', 'un.business_id')
      .select('b.name')
      .distinct()
      .where('un.business_id', 'in', ids)
      .where('u.deleted_at', 'is', null)
      .limit(5)
      .execute();
    if (withUsers.length)
      throw businessError(409, 'EMPLOYER_HAS_ACCOUNTS', { vars: { names: withUsers.map((r) => r.name).join(', ') } });
  },
});

const sectorRules = catalogueHook('bussinessSector', {
  /** A sector employers work in stays until they no longer do (its subtree included). */
  async beforeDelete({ ctx, ids }) {
    const used = await ctx.db
      .selectFrom('business_sector_link as l')
      .innerJoin('business as b', 'b.id', 'l.business_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('l.sector_id', 'in', ids)
      .where('b.deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(used.n) > 0) throw businessError(409, 'SECTOR_IN_USE', { vars: { count: Number(used.n) } });
  },
});

/** The employers' rules, declared by the businesses module (index.ts). */
export const businessHooks: CatalogueHookEntry[] = [bussinessRules, sectorRules];
