import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Executor } from '../../catalog/context.ts';
import { matchesKeyword } from '../../db/search.ts';
import { sqlPage } from '../../platform/list/index.ts';
import { errorBodySchema } from '../../platform/errors/app-error.ts';
import { pageOf } from '@portal/domain/paging';

/**
 * The public list of employers whose class A self-declaration the department acknowledged
 * (`/danh-sach-cac-doanh-nghiep-da-tu-cong-bo-du-dieu-kien-huan-luyen-hang-A`): the organisation's identity and the
 * acknowledgement, never a person (no trainers, contacts or files).
 */
export const publicClassAEmployer = z.object({
  name: z.string(),
  taxCode: z.string(),
  address: z.string().nullable(),
  wardName: z.string().nullable(),
  acknowledgedOn: z.string(),
  number: z.string(),
});
export type PublicClassAEmployer = z.infer<typeof publicClassAEmployer>;

const query = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyWord: z.string().trim().max(200).optional(),
});

export async function classAEmployers(
  db: Executor,
  q: z.infer<typeof query>,
): Promise<{ pageLists: PublicClassAEmployer[]; totalRecord: number }> {
  const where: Expression<SqlBool>[] = [
    // An acknowledgement always has its number and date; a row without them is not one to publish.
    sql<SqlBool>`d.deleted_at is null and d.status = 'acknowledged' and d.number is not null
      and d.acknowledged_on is not null and b.deleted_at is null`,
  ];
  if (q.keyWord)
    where.push(matchesKeyword(['b.name', 'b.code', 'b.address', 'au.full_name'], q.keyWord) as Expression<SqlBool>);
  const from = sql`training_self_declaration d join business b on b.id = d.business_id
    left join admin_unit au on au.id = b.ward_code`;
  const page = await sqlPage<PublicClassAEmployer>(db, q, {
    select: sql`b.name, b.code as "taxCode", b.address, au.full_name as "wardName",
        d.acknowledged_on::text as "acknowledgedOn", d.number`,
    from,
    where,
    order: sql`d.acknowledged_on desc, d.number desc`,
  });
  return { pageLists: page.rows, totalRecord: page.total };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/TrainingSelfDeclaration/public-list',
    {
      config: { permission: 'Auth.read', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['TrainingSelfDeclaration'],
        summary:
          'Public: employers whose class A training self-declaration was acknowledged (name, tax code, address, number, date), accent-free search, paged',
        querystring: query,
        response: {
          200: pageOf(publicClassAEmployer),
          400: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => classAEmployers(app.db, request.query),
  );
};

export default routes;
