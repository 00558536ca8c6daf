import { sql } from 'kysely';
import { parsePermission, permissionGroups, type FeatureGroupKey } from '@portal/domain/permissions';
import { translate } from '@portal/domain/i18n';
import { assessPassword, personalInputs } from '@portal/domain/password-strength';
import type { Db } from '../../db/database.ts';
import type { UnitKind } from '../../platform/access/index.ts';
import { generatePassword, hashPassword } from '../../platform/auth/passwords.ts';
import type { SeedStep } from '../../seed/step.ts';
import { permissionList } from './tables.ts';
import { catalogRegistry } from '../../catalog/registry.ts';

/**
 * Start-up data of the accounts module.
 * - reference (every start): the default user types, the provincial department unit and the first
 *   administrator `admin` (password ADMIN_PASSWORD, or generated and printed once);
 * - demo (with DEMO_DATA): Lâm Đồng's units (communes as local units), two employers and one account per
 *   default user type, all with the password DEMO_PASSWORD.
 */

export const DEFAULT_USER_TYPE_CODES = {
  admin: 'QUAN_TRI',
  departmentOfficer: 'CAN_BO_SO',
  districtOfficer: 'CAN_BO_CAP_XA',
  employer: 'DOANH_NGHIEP',
  serviceCentre: 'TRUNG_TAM_DVVL',
  inspector: 'THANH_TRA',
  trainingBody: 'TO_CHUC_HUAN_LUYEN',
} as const;

/** Permissions selected by group and action; admins hold every permission through their role. */
interface DefaultType {
  code: string;
  nameKey: string;
  descriptionKey: string;
  role: 'admin' | 'client';
  unitKind: UnitKind;
  /** Does this type get a permission by default? */
  grants: (permission: string, group: string) => boolean;
}

const action = (p: string) => parsePermission(p)?.action ?? '';
/**
 * The service centre's own work and its own organisation structure, which the communes' default type neither does
 * nor lists.
 */
export const CENTRE_OWN_SUBJECTS = [
  'JobCounselling',
  'EmploymentPlan',
  'JobReferral',
  'EmploymentCentreUnit',
  'JobFair',
  'JobFairParticipation',
  'JobSearchDeclaration',
];
// Province-wide reference lists (catalogue areas of global scope: employer types, sectors, injury types…) are
// kept by the department; the other units' default types only read them, whatever menu group they sit in. The
// service centre's own province-wide records (its job exchange sessions) are its work, not reference lists.
const referenceSubjects = new Set(
  catalogRegistry.all
    .filter((c) => c.declaration.scope === 'global' && !CENTRE_OWN_SUBJECTS.includes(c.subject))
    .map((c) => c.subject),
);
const keptByDepartment = (p: string) =>
  referenceSubjects.has(parsePermission(p)?.subject ?? '') && action(p) !== 'read';
const inGroups = (group: string, groups: FeatureGroupKey[]) => (groups as string[]).includes(group);
/**
 * Global settings and the menu arrangement of every role are the administrators' (their role holds every
 * permission): no other default type is granted anything of these groups, whatever its own rule says.
 */
export const ADMIN_ONLY_GROUPS: readonly string[] = ['settings'];
/** What inspectors record themselves: inspections and the violating organisations they find. */
const INSPECTOR_SUBJECTS = ['ViolatingOrganization', 'Inspection'];
/**
 * What employers do of the employment services: post their vacancies, answer the referrals made to them, and take
 * a stall at job exchange sessions and record its interviews (the rest is the service centre's).
 */
const EMPLOYER_EMPLOYMENT = (p: string) =>
  parsePermission(p)?.subject === 'Vacancy' ||
  ['JobReferral.read', 'JobReferral.update', 'JobFair.read'].includes(p) ||
  (parsePermission(p)?.subject === 'JobFairParticipation' && action(p) !== 'delete');
const operational: FeatureGroupKey[] = [
  'businesses',
  'workers',
  'safety',
  'accidents',
  'training',
  'monitoring',
  'employment',
  'reports',
  'statistics',
  'messaging',
];

const communeWork = operational.filter((g) => g !== 'training');

export const DEFAULT_USER_TYPES: DefaultType[] = [
  {
    code: DEFAULT_USER_TYPE_CODES.admin,
    nameKey: 'accounts:seed.userTypes.admin',
    descriptionKey: 'accounts:seed.userTypes.adminDescription',
    role: 'admin',
    unitKind: 'department',
    grants: () => false,
  },
  {
    code: DEFAULT_USER_TYPE_CODES.departmentOfficer,
    nameKey: 'accounts:seed.userTypes.departmentOfficer',
    descriptionKey: 'accounts:seed.userTypes.departmentOfficerDescription',
    role: 'client',
    unitKind: 'department',
    // Everything of the business areas; in administration, only looking up users and units, and the trash bin to
    // restore what they deleted (deleting for good stays the administrator's).
    grants: (p, g) => g !== 'system' || p === 'User.read' || p === 'Unit.read' || p === 'RecycleBin.read',
  },
  {
    code: DEFAULT_USER_TYPE_CODES.districtOfficer,
    nameKey: 'accounts:seed.userTypes.districtOfficer',
    descriptionKey: 'accounts:seed.userTypes.districtOfficerDescription',
    role: 'client',
    unitKind: 'district',
    // The commune's records of its territory; training courses are the training bodies' and employers' (the
    // commune reads them), the news portal and data links are the department's, and the service centre's own
    // work (its counselling, plans and referrals) is the centre's.
    grants: (p, g) =>
      (!CENTRE_OWN_SUBJECTS.includes(parsePermission(p)?.subject ?? '') &&
        ((inGroups(g, communeWork) && !keptByDepartment(p)) ||
          (action(p) === 'read' && !inGroups(g, ['system', 'news', 'integration'])))) ||
      p === 'Unit.read' ||
      p === 'User.read',
  },
  {
    code: DEFAULT_USER_TYPE_CODES.employer,
    nameKey: 'accounts:seed.userTypes.employer',
    descriptionKey: 'accounts:seed.userTypes.employerDescription',
    role: 'client',
    unitKind: 'employer',
    grants: (p, g) =>
      (inGroups(g, [
        'businesses',
        'workers',
        'safety',
        'accidents',
        'training',
        'monitoring',
        'reports',
        'statistics',
        'messaging',
      ]) &&
        !keptByDepartment(p)) ||
      EMPLOYER_EMPLOYMENT(p) ||
      (action(p) === 'read' && inGroups(g, ['catalogues', 'news'])) ||
      ['User.read', 'User.create', 'User.update', 'Unit.read', 'Unit.update'].includes(p),
  },
  {
    code: DEFAULT_USER_TYPE_CODES.serviceCentre,
    nameKey: 'accounts:seed.userTypes.serviceCentre',
    descriptionKey: 'accounts:seed.userTypes.serviceCentreDescription',
    role: 'client',
    unitKind: 'service_centre',
    grants: (p, g) =>
      (inGroups(g, ['employment', 'workers', 'messaging', 'reports', 'statistics']) && !keptByDepartment(p)) ||
      (action(p) === 'read' && inGroups(g, ['catalogues', 'businesses', 'news'])) ||
      p === 'Unit.read',
  },
  {
    code: DEFAULT_USER_TYPE_CODES.inspector,
    nameKey: 'accounts:seed.userTypes.inspector',
    descriptionKey: 'accounts:seed.userTypes.inspectorDescription',
    role: 'client',
    unitKind: 'department',
    // Inspections and the violations they find are the inspector's own records.
    grants: (p, g) =>
      (inGroups(g, ['safety', 'accidents', 'messaging']) && !keptByDepartment(p)) ||
      INSPECTOR_SUBJECTS.includes(parsePermission(p)?.subject ?? '') ||
      (action(p) === 'read' && g !== 'system') ||
      p === 'Unit.read',
  },
  {
    code: DEFAULT_USER_TYPE_CODES.trainingBody,
    nameKey: 'accounts:seed.userTypes.trainingBody',
    descriptionKey: 'accounts:seed.userTypes.trainingBodyDescription',
    role: 'client',
    unitKind: 'training_body',
    grants: (p, g) =>
      (inGroups(g, ['training', 'messaging']) && !keptByDepartment(p)) ||
      (action(p) === 'read' && inGroups(g, ['catalogues', 'news'])) ||
      ['Unit.read', 'Unit.update'].includes(p),
  },
];

/** Whether a default type holds a permission (of this top-level group) by default. */
export function grantedByDefault(type: DefaultType, permission: string, group: string): boolean {
  return !ADMIN_ONLY_GROUPS.includes(group) && type.grants(permission, group);
}

/**
 * Remembers which permissions existed at the last start, so a permission added later by a new area is granted
 * to the default types once, while an administrator's removals from those types are never undone.
 */
const KNOWN_PERMISSIONS_KEY = 'accounts.knownPermissions';

async function syncDefaultUserTypes(db: Db): Promise<void> {
  // The seed runner loads every module (seed/index.ts imports the list), so every feature is known here.
  const groups = permissionGroups();
  const all = [...groups.keys()];
  const knownRow = await db
    .selectFrom('app_setting')
    .select('value')
    .where('key', '=', KNOWN_PERMISSIONS_KEY)
    .executeTakeFirst();
  const known = new Set(Array.isArray(knownRow?.value) ? (knownRow.value as string[]) : []);
  const fresh = all.filter((p) => !known.has(p));

  await db.transaction().execute(async (trx) => {
    for (const type of DEFAULT_USER_TYPES) {
      const wanted = (list: string[]) => list.filter((p) => grantedByDefault(type, p, groups.get(p)!));
      const existing = await trx
        .selectFrom('user_type')
        .select(['id', 'permissions'])
        .where(sql`lower(code)`, '=', type.code.toLowerCase())
        .executeTakeFirst();
      if (!existing) {
        await trx
          .insertInto('user_type')
          .values({
            code: type.code,
            name: translate('vi', type.nameKey),
            description: translate('vi', type.descriptionKey),
            role: type.role,
            unit_kind: type.unitKind,
            is_system: true,
            permissions: JSON.stringify(wanted(all).sort()),
          })
          .execute();
        continue;
      }
      const current = permissionList(existing.permissions);
      const add = wanted(fresh).filter((p) => !current.includes(p));
      if (add.length) {
        await trx
          .updateTable('user_type')
          .set({ permissions: JSON.stringify([...current, ...add].sort()), updated_at: new Date() })
          .where('id', '=', existing.id)
          .execute();
      }
    }
    await applyRevisions(trx, groups);
    const value = JSON.stringify(all.sort());
    await trx
      .insertInto('app_setting')
      .values({ key: KNOWN_PERMISSIONS_KEY, value })
      // Unchanged permissions leave the row alone, so a restart writes nothing.
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ value, updated_at: new Date() })
          .where(sql<boolean>`app_setting.value is distinct from excluded.value`),
      )
      .execute();
  });
}

/**
 * Changes to the default types that installations seeded earlier must receive too (the sync above only adds
 * permissions that are new to the catalogue). Each revision runs once, remembered in app_setting, so an
 * administrator who grants a permission back afterwards keeps it.
 */
const REVISIONS_KEY = 'accounts.defaultTypeRevisions';
interface Revision {
  id: string;
  /** Types and the permissions to take from them (those their rule no longer grants) or give them. */
  run(trx: Db, groups: ReadonlyMap<string, string>): Promise<void>;
}

async function reconcile(trx: Db, groups: ReadonlyMap<string, string>, subjects: readonly string[]): Promise<void> {
  const inScope = (p: string) => subjects.includes(parsePermission(p)?.subject ?? '');
  for (const type of DEFAULT_USER_TYPES) {
    if (type.role === 'admin') continue;
    const row = await trx
      .selectFrom('user_type')
      .select(['id', 'permissions'])
      .where(sql`lower(code)`, '=', type.code.toLowerCase())
      .executeTakeFirst();
    if (!row) continue;
    const current = permissionList(row.permissions);
    const kept = current.filter((p) => !inScope(p) || grantedByDefault(type, p, groups.get(p) ?? ''));
    const added = [...groups.keys()].filter(
      (p) => inScope(p) && grantedByDefault(type, p, groups.get(p)!) && !kept.includes(p),
    );
    if (kept.length === current.length && !added.length) continue;
    await trx
      .updateTable('user_type')
      .set({ permissions: JSON.stringify([...kept, ...added].sort()), updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
  }
}

const REVISIONS: Revision[] = [
  {
    // Settings and menus for administrators only; inspectors record violations and inspections.
    id: '2026-11-roles-match-jobs',
    run: (trx, groups) => reconcile(trx, groups, ['Configuration', 'Menu', ...INSPECTOR_SUBJECTS]),
  },
];

async function applyRevisions(trx: Db, groups: ReadonlyMap<string, string>): Promise<void> {
  const row = await trx.selectFrom('app_setting').select('value').where('key', '=', REVISIONS_KEY).executeTakeFirst();
  const done = new Set(Array.isArray(row?.value) ? (row.value as string[]) : []);
  const pending = REVISIONS.filter((r) => !done.has(r.id));
  if (!pending.length) return;
  for (const r of pending) await r.run(trx, groups);
  const value = JSON.stringify([...done, ...pending.map((r) => r.id)]);
  await trx
    .insertInto('app_setting')
    .values({ key: REVISIONS_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
    .execute();
}

export async function userTypeId(db: Db, code: string): Promise<string> {
  const row = await db
    .selectFrom('user_type')
    .select('id')
    .where(sql`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The portal's owner as configured (Configuration → system info), if any. */
async function configuredOwner(db: Db): Promise<string | null> {
  // Key of the portal configuration (packages/domain/src/configuration.ts).
  const row = await db.selectFrom('app_setting').select('value').where('key', '=', 'portal.config').executeTakeFirst();
  const owner = (row?.value as { systemInfo?: { owner?: unknown } } | undefined)?.systemInfo?.owner;
  return typeof owner === 'string' && owner.trim() ? owner.trim() : null;
}

export const DEPARTMENT_UNIT_CODE = 'SO';

async function ensureDepartmentUnit(db: Db): Promise<string> {
  const existing = await db
    .selectFrom('unit')
    .select('id')
    .where('kind', '=', 'department')
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .executeTakeFirst();
  if (existing) return existing.id;
  const name = (await configuredOwner(db)) ?? translate('vi', 'accounts:seed.departmentUnit');
  const row = await db
    .insertInto('unit')
    .values({ kind: 'department', code: DEPARTMENT_UNIT_CODE, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const ADMIN_USER_NAME = 'admin';

const userTypesStep: SeedStep = {
  name: 'accounts: default user types',
  kind: 'reference',
  order: 30,
  run: async ({ db }) => syncDefaultUserTypes(db),
};

const adminStep: SeedStep = {
  name: 'accounts: department unit and first administrator',
  kind: 'reference',
  order: 40,
  run: async ({ db, config, announce, log }) => {
    const unitId = await ensureDepartmentUnit(db);
    const exists = await db
      .selectFrom('app_user')
      .select('id')
      .where(sql`lower(user_name)`, '=', ADMIN_USER_NAME)
      .executeTakeFirst();
    if (exists) return;
    if (config.adminPassword) {
      const { problems } = assessPassword(config.adminPassword, personalInputs(ADMIN_USER_NAME));
      if (problems.length)
        throw new Error(`ADMIN_PASSWORD: ${problems.map((p) => translate('en', `accounts:password.${p}`)).join('; ')}`);
    }
    const generated = config.adminPassword ? undefined : generatePassword(16);
    const password = config.adminPassword ?? generated!;
    await db
      .insertInto('app_user')
      .values({
        user_name: ADMIN_USER_NAME,
        full_name: translate('vi', 'accounts:seed.adminFullName'),
        unit_id: unitId,
        user_type_id: await userTypeId(db, DEFAULT_USER_TYPE_CODES.admin),
        status: 'active',
        password_hash: await hashPassword(password),
        password_changed_at: new Date(),
        // A generated password was shown on a console: have it replaced at first sign-in.
        must_change_password: !!generated,
      })
      .onConflict((oc) => oc.expression(sql`lower(user_name)`).doNothing())
      .execute();
    if (generated) {
      announce(
        [
          translate('vi', 'accounts:seed.adminAnnounce'),
          `  ${translate('vi', 'accounts:seed.userName')}: ${ADMIN_USER_NAME}`,
          `  ${translate('vi', 'accounts:seed.password')}: ${generated}`,
        ].join('\n'),
      );
    } else {
      log.info({ userName: ADMIN_USER_NAME }, 'first administrator created with ADMIN_PASSWORD');
    }
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Demo province: Lâm Đồng, communes/wards as local units (admin_unit ids of the 2025 generation).

export const DEMO_PASSWORD = 'Demo@2026';

export const DEMO_UNITS = {
  department: 'Sở Nội vụ tỉnh Lâm Đồng',
  districts: [
    { code: 'UBND_XUAN_HUONG', name: 'UBND phường Xuân Hương - Đà Lạt', localUnitCode: '2025:24781' },
    { code: 'UBND_LAM_VIEN', name: 'UBND phường Lâm Viên - Đà Lạt', localUnitCode: '2025:24778' },
  ],
  serviceCentre: { code: 'TTDVVL', name: 'Trung tâm Dịch vụ việc làm tỉnh Lâm Đồng', localUnitCode: '2025:24781' },
  trainingBody: {
    code: 'TTHL_ATLD',
    name: 'Trung tâm Huấn luyện an toàn lao động Lâm Đồng',
    localUnitCode: '2025:24787',
  },
};

export const DEMO_BUSINESSES = [
  {
    code: '5801234577',
    name: 'Công ty TNHH Cà phê Cầu Đất Xanh',
    email: 'lienhe@caudatxanh.demo.example',
    phone: '0263 3821 456',
    address: '12 Trần Hưng Đạo, phường Xuân Hương - Đà Lạt, Lâm Đồng',
    wardCode: '2025:24781',
  },
  {
    code: '5807654320',
    name: 'Công ty Cổ phần Rau hoa Langbiang',
    email: 'vanphong@rauhoalangbiang.demo.example',
    phone: '0263 3822 789',
    address: '45 Phan Đình Phùng, phường Lâm Viên - Đà Lạt, Lâm Đồng',
    wardCode: '2025:24778',
  },
];

/** One account per default user type (the README lists them). */
export const DEMO_ACCOUNTS = [
  { userName: 'quantri', fullName: 'Phạm Minh Quân', type: 'admin', unit: 'department' },
  { userName: 'canbo.so', fullName: 'Nguyễn Thị Lan', type: 'departmentOfficer', unit: 'department' },
  { userName: 'canbo.xuanhuong', fullName: 'Trần Văn Minh', type: 'districtOfficer', unit: 'district:0' },
  { userName: 'dn.caudatxanh', fullName: 'Lê Thị Hồng', type: 'employer', unit: 'business:0' },
  { userName: 'dn.rauhoa', fullName: 'Võ Đức Thịnh', type: 'employer', unit: 'business:1' },
  { userName: 'ttdvvl', fullName: 'Đặng Thu Hà', type: 'serviceCentre', unit: 'serviceCentre' },
  { userName: 'thanhtra', fullName: 'Lê Quốc Hùng', type: 'inspector', unit: 'department' },
  { userName: 'huanluyen', fullName: 'Hoàng Văn Phúc', type: 'trainingBody', unit: 'trainingBody' },
] as const;

async function ensureUnit(
  db: Db,
  values: {
    kind: UnitKind;
    code: string;
    name: string;
    localUnitCode?: string;
    businessId?: string;
    parentId?: string;
  },
): Promise<string> {
  const existing = await db
    .selectFrom('unit')
    .select('id')
    .where(sql`lower(code)`, '=', values.code.toLowerCase())
    .executeTakeFirst();
  if (existing) return existing.id;
  const row = await db
    .insertInto('unit')
    .values({
      kind: values.kind,
      code: values.code,
      name: values.name,
      local_unit_code: values.localUnitCode ?? null,
      business_id: values.businessId ?? null,
      parent_id: values.parentId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const demoStep: SeedStep = {
  name: 'accounts: demo units, employers and accounts (Lâm Đồng)',
  kind: 'demo',
  order: 50,
  run: async ({ db }) => {
    const departmentId = await ensureDepartmentUnit(db);
    // Name the department for the demo province unless an administrator already renamed it.
    await db
      .updateTable('unit')
      .set({ name: DEMO_UNITS.department })
      .where('id', '=', departmentId)
      .where('name', '=', translate('vi', 'accounts:seed.departmentUnit'))
      .execute();
    const units: Record<string, string> = { department: departmentId };
    for (const [i, d] of DEMO_UNITS.districts.entries()) {
      units[`district:${i}`] = await ensureUnit(db, { kind: 'district', ...d, parentId: departmentId });
    }
    units.serviceCentre = await ensureUnit(db, {
      kind: 'service_centre',
      ...DEMO_UNITS.serviceCentre,
      parentId: departmentId,
    });
    units.trainingBody = await ensureUnit(db, { kind: 'training_body', ...DEMO_UNITS.trainingBody });
    for (const [i, b] of DEMO_BUSINESSES.entries()) {
      let business = await db
        .selectFrom('business')
        .select('id')
        .where(sql`lower(code)`, '=', b.code)
        .executeTakeFirst();
      business ??= await db
        .insertInto('business')
        .values({
          code: b.code,
          name: b.name,
          email: b.email,
          phone: b.phone,
          address: b.address,
          ward_code: b.wardCode,
          status: 'active',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      units[`business:${i}`] = await ensureUnit(db, {
        kind: 'employer',
        code: b.code,
        name: b.name,
        businessId: business.id,
        localUnitCode: b.wardCode,
      });
    }
    const hash = await hashPassword(DEMO_PASSWORD);
    for (const account of DEMO_ACCOUNTS) {
      await db
        .insertInto('app_user')
        .values({
          user_name: account.userName,
          full_name: account.fullName,
          email: `${account.userName}@demo.example`,
          unit_id: units[account.unit]!,
          user_type_id: await userTypeId(db, DEFAULT_USER_TYPE_CODES[account.type]),
          status: 'active',
          password_hash: hash,
          password_changed_at: new Date(),
        })
        .onConflict((oc) => oc.expression(sql`lower(user_name)`).doNothing())
        .execute();
    }
  },
};

export const accountSeedSteps: SeedStep[] = [userTypesStep, adminStep, demoStep];
