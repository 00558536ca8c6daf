import { sql } from 'kysely';
import type { DatasetKey } from '@portal/domain/api-clients/index';
import { catalogOperations } from '../../catalog/operations.ts';
import type { OpContext } from '../../catalog/context.ts';
import type { Db } from '../../db/database.ts';
import type { SeedStep } from '../../seed/step.ts';
import { DEFAULT_USER_TYPE_CODES, userTypeId } from '../accounts/index.ts';
import { clientDb } from './tables.ts';

interface DemoClient {
  unit: { code: string; name: string; representative: string; email: string; address: string };
  account: { userName: string; fullName: string; email: string };
  scopes: DatasetKey[];
  rateLimitPerMinute: number;
}

/**
 * The systems that read the demo province's data. No secret is made: an administrator creates one on the
 * account's access page (it is shown once), so no credential of the demo is ever printed or published.
 */
export const DEMO_API_CLIENTS: DemoClient[] = [
  {
    unit: {
      code: 'BHXH_LD',
      name: 'Bảo hiểm xã hội tỉnh Lâm Đồng',
      representative: 'Nguyễn Thị Hồng Vân',
      email: 'cntt@bhxh-lamdong.example.vn',
      address: '04 Trần Hưng Đạo, phường Xuân Hương - Đà Lạt, tỉnh Lâm Đồng',
    },
    account: {
      userName: 'bhxh.lamdong',
      fullName: 'Hệ thống nghiệp vụ BHXH tỉnh',
      email: 'api@bhxh-lamdong.example.vn',
    },
    scopes: ['businesses', 'workers', 'unemployment', 'accidents'],
    rateLimitPerMinute: 120,
  },
  {
    unit: {
      code: 'SVL_QG',
      name: 'Sàn giao dịch việc làm quốc gia',
      representative: 'Trần Minh Khoa',
      email: 'ketnoi@vieclam.example.vn',
      address: 'Hà Nội',
    },
    account: { userName: 'san.vieclam', fullName: 'Cổng kết nối Sàn việc làm', email: 'api@vieclam.example.vn' },
    scopes: ['businesses', 'unemployment', 'open-data'],
    rateLimitPerMinute: 60,
  },
  {
    unit: {
      code: 'CSDL_BO',
      name: 'Cơ sở dữ liệu chuyên ngành của Bộ Nội vụ',
      representative: 'Lê Quang Huy',
      email: 'csdl@bo.example.vn',
      address: 'Hà Nội',
    },
    account: { userName: 'csdl.bo', fullName: 'Đồng bộ CSDL chuyên ngành', email: 'dongbo@bo.example.vn' },
    scopes: ['businesses', 'work-permits', 'equipment', 'accidents', 'training', 'monitoring'],
    rateLimitPerMinute: 300,
  },
];

async function idByCode(db: Db, table: 'affiliated_unit' | 'account_linked', column: string, value: string) {
  const row = await sql<{ id: string }>`select id from ${sql.table(table)}
    where lower(${sql.ref(column)}) = ${value.toLowerCase()} and deleted_at is null limit 1`.execute(db);
  return row.rows[0]?.id ?? null;
}

export const apiClientsDemoStep: SeedStep = {
  name: 'api-clients: demo affiliated units and linked accounts',
  kind: 'demo',
  order: 950,
  run: async ({ db }) => {
    const ctx: OpContext = { db, principal: null, lang: 'vi', request: null, system: true };
    const userType = await userTypeId(db, DEFAULT_USER_TYPE_CODES.departmentOfficer);
    for (const demo of DEMO_API_CLIENTS) {
      const unitId =
        (await idByCode(db, 'affiliated_unit', 'code', demo.unit.code)) ??
        (await catalogOperations('affiliatedUnit').create(ctx, { ...demo.unit, active: true })).id;
      let accountId = await idByCode(db, 'account_linked', 'user_name', demo.account.userName);
      if (accountId) continue; // seeded before: left as the administrators have changed it since
      accountId = (
        await catalogOperations('accountLinked').create(ctx, {
          ...demo.account,
          affiliatedUnitId: unitId,
          userTypeId: userType,
          active: true,
        })
      ).id;
      await clientDb(db)
        .insertInto('api_client')
        .values({ account_linked_id: accountId, scopes: demo.scopes, rate_limit_per_minute: demo.rateLimitPerMinute })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  },
};
