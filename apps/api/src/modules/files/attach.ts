import { sql } from 'kysely';
import { FILE_PERMISSIONS } from '@portal/domain/files/index';
import { translator, type OpContext } from '../../catalog/context.ts';
import { catalogRegistry } from '../../catalog/registry.ts';
import { ownerBusiness } from '../../catalog/scope.ts';
import { permits } from '../../platform/access/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { CatalogueHookEntry } from '../define.ts';

/**
 * A record's file field may only be set to a file the caller could download anyway: a non-secure one, one they
 * uploaded, one of the record's employer, or any with File.readSecure. Otherwise a known id would put someone
 * else's secure file (its name, at least) on a record others read. Unchanged values are never rechecked.
 */
export async function mayAttach(ctx: OpContext, fileId: string, businessId: string | null): Promise<boolean> {
  if (ctx.system || permits(ctx.principal, FILE_PERMISSIONS.readSecure)) return true;
  const found = await sql<{ id: string }>`select id from stored_file where id = ${fileId}::uuid
      and (not is_secure or uploaded_by = ${ctx.principal?.userId ?? null}::uuid
        or (business_id is not null and business_id = ${businessId}::uuid))`.execute(ctx.db);
  return found.rows.length > 0;
}

/** On every catalogue area with file fields: a file is attached only by someone who may read it. */
export const attachHooks: CatalogueHookEntry[] = catalogRegistry.all.flatMap((c): CatalogueHookEntry[] => {
  const fileFields = Object.entries(c.declaration.fields)
    .filter(([, f]) => f.kind === 'file')
    .map(([name]) => name);
  if (!fileFields.length) return [];
  return [
    [
      c.key,
      {
        async beforeChange({ ctx, data, original }) {
          const owner =
            (data.businessId as string | null | undefined) ??
            (original?.businessId as string | null | undefined) ??
            (ctx.system ? null : ownerBusiness(ctx.principal));
          const details = [];
          for (const name of fileFields) {
            const fileId = data[name] as string | null | undefined;
            if (!fileId || fileId === (original?.[name] ?? null)) continue;
            if (!(await mayAttach(ctx, fileId, owner ?? null)))
              details.push({
                field: name,
                code: 'reference',
                message: translator(ctx)('catalog:validation.referenceMissing'),
              });
          }
          if (details.length) throw new AppError(400, 'VALIDATION', { details });
        },
      },
    ],
  ];
});
