import { sql } from 'kysely';
import { randomBytes, randomUUID } from 'node:crypto';
import { createMongoAbility } from '@casl/ability';
import ExcelJS from 'exceljs';
import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import { CATALOG_ACTIONS, TRASH_SUBJECT, employerFieldOf, type ResolvedCatalog } from '@portal/domain/catalog/index';
import { READING_FACTORS } from '@portal/domain/monitoring/factors';
import { SAFETY_COST_ITEMS } from '@portal/domain/safety/costs';
import type { Principal, UnitKind } from '../src/platform/access/index.ts';
import { catalogOperations } from '../src/catalog/operations.ts';
import { clock } from '../src/platform/clock/index.ts';
import { addDays } from '@portal/domain/equipment/rules';
import { catalogRegistry } from '../src/catalog/registry.ts';
import type { OpContext } from '../src/catalog/context.ts';
import type { AppConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * Fixtures of the catalogue contract suite: fake principals (chosen by the `x-test-as` header) for a department
 * user, two employers in two communes, two district users, a read-only user; sample records built from the
 * declarations themselves, so every area is exercised the same way.
 */

export const WARDS = ['2025:24781', '2025:24778'] as const;

/**
 * Areas only the owning employer writes (the department and the commune read them): the generic tests create
 * their records as that employer, and a commune's write is refused even for its own employers.
 */
export const EMPLOYER_AUTHORED: ReadonlySet<string> = new Set(['riskAssessment']);

export type Who = 'admin' | 'department' | 'reader' | 'employerA' | 'employerB' | 'districtA' | 'districtB' | 'nobody';

export interface CatalogTestApp extends TestApp {
  businessA: string;
  businessB: string;
  /** A row of each lookup (a table another module keeps) for samples to refer to, by lookup key. */
  lookups: Record<string, string>;
  as(who: Who): { 'x-test-as': Who };
  system: OpContext;
}

function allPermissions(actions: readonly string[]): { action: string; subject: string }[] {
  const rules = catalogRegistry.all.flatMap((c) => actions.map((action) => ({ action, subject: c.subject })));
  return [
    ...rules,
    // Records of the areas' modules kept beside the catalogue (referrals of job seekers, taking part in job fairs, the labour-market report).
    ...actions
      .filter((a) => a !== 'import' && a !== 'export')
      .flatMap((action) => ['JobReferral', 'JobFairParticipation'].map((subject) => ({ action, subject }))),
    ...actions.filter((a) => a === 'read').map((action) => ({ action, subject: 'LabourMarketReport' })),
    { action: 'read', subject: TRASH_SUBJECT },
    ...(actions.includes('delete') ? [{ action: 'delete', subject: TRASH_SUBJECT }] : []),
    { action: 'read', subject: 'Auth' },
  ];
}

function principal(
  name: string,
  kind: UnitKind,
  rules: { action: string; subject: string }[],
  extra: Partial<Principal['unit']> = {},
  role: 'admin' | 'client' = 'client',
): Principal {
  return {
    userId: randomUUID(),
    userName: name,
    role,
    userTypeId: null,
    unit: { id: randomUUID(), kind, ...extra },
    ability: createMongoAbility(rules),
  };
}

export async function createCatalogTestApp(overrides: Partial<AppConfig> = {}): Promise<CatalogTestApp> {
  const principals = new Map<string, Principal>();
  const t = await createTestApp(overrides, {
    resolvePrincipal: async (request: FastifyRequest) =>
      principals.get(String(request.headers['x-test-as'] ?? '')) ?? null,
  });
  const db = t.database.db;
  const business = async (ward: string, name: string) =>
    (
      await db
        .insertInto('business')
        .values({ code: `58${randomBytes(4).readUInt32BE() % 1e8}`, name, ward_code: ward, status: 'active' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const businessA = await business(WARDS[0], 'Công ty TNHH Thử nghiệm A');
  const businessB = await business(WARDS[1], 'Công ty Cổ phần Thử nghiệm B');
  // Lookups are kept by their modules, not created through the engine: a unit and a user type anyone may assign.
  const lookups = {
    unit: (
      await db
        .insertInto('unit')
        .values({ kind: 'department', code: `DV_${token()}`, name: 'Phòng thử nghiệm' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
    userType: (
      await db
        .insertInto('user_type')
        .values({ code: `KIEU_${token()}`, name: 'Kiểu thử nghiệm', role: 'client', permissions: JSON.stringify([]) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  };
  const all = allPermissions(CATALOG_ACTIONS);
  principals.set('admin', principal('admin', 'department', [], {}, 'admin'));
  principals.set('department', principal('so.ldtbxh', 'department', all));
  principals.set('reader', principal('chi.xem', 'department', allPermissions(['read'])));
  principals.set('employerA', principal('dn.a', 'employer', all, { businessId: businessA }));
  principals.set('employerB', principal('dn.b', 'employer', all, { businessId: businessB }));
  principals.set('districtA', principal('xa.a', 'district', all, { localUnitCode: WARDS[0] }));
  principals.set('districtB', principal('xa.b', 'district', all, { localUnitCode: WARDS[1] }));
  return {
    ...t,
    businessA,
    businessB,
    lookups,
    as: (who) => ({ 'x-test-as': who }),
    system: { db, principal: null, lang: 'vi', request: null, system: true },
  };
}

export function token(): string {
  return randomBytes(4).toString('hex').toUpperCase();
}

/**
 * A valid record of an area: codes `{tag}-{n}`, names with Vietnamese accents and the tag (so an accent-free
 * search finds exactly these), references to records created on the fly, the first ward for admin units.
 */
export async function sampleInput(
  t: CatalogTestApp,
  c: ResolvedCatalog,
  tag: string,
  n: number,
  parentId: string | null = null,
  employer: string = t.businessA,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  // Areas whose owner is chosen per record: the first employer's (or the one given), and so are the records
  // they refer to.
  const owner = employerFieldOf(c.declaration) ? employer : undefined;
  for (const name of c.writable) {
    const f = c.declaration.fields[name]!;
    switch (f.kind) {
      case 'text':
        if (f.sample) out[name] = f.sample(tag, n);
        else if (f.digits) out[name] = digitsOf(tag, n, f.digits);
        else
          out[name] = f.code
            ? `${tag}-${n}`.slice(0, f.max)
            : name === c.declaration.titleField
              ? `Đặc biệt Việt ${tag} số ${n}`
              : `Giá trị ${n}`.slice(0, f.max);
        break;
      case 'longText':
        out[name] = `Mô tả ${tag} dòng ${n}`;
        break;
      case 'number':
        out[name] = f.min ?? 1;
        break;
      case 'date':
        out[name] = '2024-03-15';
        break;
      case 'enum':
        out[name] = f.options[0];
        break;
      case 'boolean':
        out[name] = true;
        break;
      case 'reference': {
        // An optional reference to the area itself (a text replaced by another) stays empty: no endless chain.
        if (f.target === c.key && !f.required) {
          out[name] = null;
          break;
        }
        const target = catalogRegistry.get(f.target);
        // Units are visible to their own members only: an optional unit (the training body running a
        // course) stays empty, as an employer's own record leaves it.
        if (!f.required && target.declaration.scope === 'unit') {
          out[name] = null;
          break;
        }
        if (target.declaration.lookup) {
          out[name] = t.lookups[target.key] ?? null;
          break;
        }
        const input = await sampleInput(t, target, `R${token()}`, n, null, employer);
        if (owner && target.declaration.scope === 'employer') input.businessId = owner;
        const created = await catalogOperations(target.key).create(t.system, input);
        out[name] = created.id;
        break;
      }
      case 'treeReference':
        out[name] = name === c.parentField ? parentId : null;
        break;
      case 'adminUnit':
        out[name] = WARDS[0];
        break;
      case 'file':
        out[name] = null;
        break;
      case 'employer':
        out[name] = owner ?? null;
        break;
    }
  }
  await SAMPLE_RULES[c.key]?.(t, out);
  return out;
}

/** Samples of OSH costs made so far: each takes the next (year, item), its own for any employer. */
let safetyCostSamples = 0;
/** Accident statistics reports made so far: each takes the next past (year, period), one report per employer and period. */
let accidentStatisticalSamples = 0;

/**
 * Areas whose hooks relate fields across records: a sample made field by field is adjusted to pass them (a
 * certificate's inspector works for its organisation, and both are accredited for the machine's type).
 */
const SAMPLE_RULES: Record<string, (t: CatalogTestApp, out: Record<string, unknown>) => Promise<void>> = {
  // Valued by its level in force on 1 January of its year: a year the seeded levels (from 1 Dec 2022) cover.
  async compensationInKind(_t, out) {
    out.year = 2024;
  },
  async accidentStatistical(_t, out) {
    const n = accidentStatisticalSamples++;
    out.year = 2000 + Math.floor(n / 2);
    out.period = n % 2 ? 'year' : 'halfYear';
  },
  // One amount per employer, year and item.
  async safetyCost(_t, out) {
    const n = safetyCostSamples++;
    out.year = 2000 + Math.floor(n / SAFETY_COST_ITEMS.length);
    out.item = SAFETY_COST_ITEMS[n % SAFETY_COST_ITEMS.length];
  },
  // A reading names a classification of its own factor's standards (a lighting task, a substance…).
  ...Object.fromEntries(
    READING_FACTORS.map((f) => [
      f.key,
      async (t: CatalogTestApp, out: Record<string, unknown>) => {
        for (const name of ['taskId', 'dustTypeId', 'substanceId', 'classId'])
          if (out[name])
            await sql`update monitoring_limit set factor = ${f.limits[0]} where id = ${out[name] as string}::uuid`.execute(
              t.system.db,
            );
        if (f.factor === 'chemical') out.twa = 1;
      },
    ]),
  ),
  // A course notice: its unit holds a class that may train the sample's group, and it starts well after the notice.
  async trainingNotice(t, out) {
    const unitId = out.unitId as string;
    const held =
      await sql`select 1 from training_organization where unit_id = ${unitId}::uuid and deleted_at is null`.execute(
        t.system.db,
      );
    if (!held.rows.length)
      await catalogOperations('trainingOrganization').create(t.system, {
        code: `TCHL-${token()}`,
        unitId,
        className: 'C',
        certificateNumber: `GCN-${token()}`,
        validFrom: '2000-01-01',
      });
    await catalogOperations('trainingClassRule').create(t.system, {
      code: `HANG-C-${token()}`,
      className: 'C',
      targetTrainingId: out.targetTrainingId,
      legalBasis: 'Thử nghiệm',
      validFrom: '2000-01-01',
    });
    out.courseCode = null;
    out.startDate = addDays(clock.today(), 60);
    out.endDate = null;
  },
  // A credential from a course must be of the course's group and for a participant who passed it: the sample
  // records one without a course.
  async trainingCertificate(_t, out) {
    out.trainingId = null;
  },
  async equipmentInspection(t, out) {
    const found = await sql<{ organization_id: string; type_code: string }>`
      select i.organization_id, (select t.code from equipment e join index_equipment t on t.id = e.index_equipment_id
        where e.id = ${out.equipmentId as string}::uuid) as type_code
      from inspector i where i.id = ${out.inspectorId as string}::uuid`.execute(t.system.db);
    const row = found.rows[0]!;
    out.organizationId = row.organization_id;
    out.statedDueDate = null;
    await sql`update inspector set equipment_types = ${row.type_code} where id = ${out.inspectorId as string}::uuid`.execute(
      t.system.db,
    );
    await sql`update inspection_organization set equipment_types = ${row.type_code}
      where id = ${row.organization_id}::uuid`.execute(t.system.db);
  },
};

/** A value of exactly `count` digits, distinct per tag and n (a citizen ID for `Đặc biệt Việt {tag} số {n}`). */
export function digitsOf(tag: string, n: number, count: number): string {
  const fromTag = String(Number.parseInt(tag.replace(/[^0-9A-F]/gi, '').slice(-8) || '0', 16));
  return `${fromTag}${String(n).padStart(3, '0')}`.padStart(count, '0').slice(-count);
}

export const api = (c: ResolvedCatalog, path: string, id?: string) =>
  `/api/${c.mount}/${id ? path.replace('{id}', id) : path}`;

/** The update URL of a record, whichever way the area spells it. */
export function updateUrl(c: ResolvedCatalog, id: string): string {
  return c.paths.update.includes('{id}') ? api(c, c.paths.update, id) : `${api(c, c.paths.update)}?id=${id}`;
}

export async function readXlsx(res: LightMyRequestResponse): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
}

/** Sheet rows as arrays of cell values (row 1 = headers). */
export function sheetRows(ws: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as unknown[];
    out.push(values.slice(1));
  });
  return out;
}
