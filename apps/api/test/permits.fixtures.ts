import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { REQUIREMENTS } from '@portal/domain/permits/requirements';
import { addDays, todayInVietnam } from '@portal/domain/permits/rules';
import type { PermitKind, StoredStatus } from '@portal/domain/permits/state';
import type { TestApp } from './support/app.ts';
import { createBusiness, createDistrictUnit, sessionWith, type Session } from './support/accounts.ts';

/** Work permits fixtures: two employers, the department, a commune unit; foreign workers; requests in any state. */

export const READ = 'WorkerLicense.read';
export const APPLICANT = ['WorkerLicense.read', 'WorkerLicense.create', 'WorkerLicense.update', 'WorkerLicense.delete'];
export const REVIEWER = [...APPLICANT, 'WorkerLicense.review'];

// Real content: the platform decides the type by signature.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const EXE = Buffer.concat([Buffer.from('MZ'), randomBytes(200)]);

export function form(
  file: { name: string; data: Buffer; type?: string },
  fields: Record<string, string> = {},
): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('formFile', new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.name);
  return f;
}

export interface PermitsWorld {
  t: TestApp;
  businessA: { id: string; unitId: string };
  businessB: { id: string; unitId: string };
  employerA: Session;
  /** Another user of employer A. */
  employerA2: Session;
  employerB: Session;
  /** Employer A's user who may only read. */
  employerReader: Session;
  department: Session;
  /** A commune unit where employer A is, with the default district officer's write permissions (no review). */
  district: Session;
}

export async function permitsWorld(t: TestApp): Promise<PermitsWorld> {
  const wards = ['2025:24781', '2025:24778'] as const;
  const businessA = await createBusiness(t, wards[0], 'Công ty A');
  const businessB = await createBusiness(t, wards[1], 'Công ty B');
  const districtUnit = await createDistrictUnit(t, wards[0]);
  const [employerA, employerA2, employerB, employerReader, department, district] = await Promise.all([
    sessionWith(t, { permissions: APPLICANT, unitId: businessA.unitId }),
    sessionWith(t, { permissions: APPLICANT, unitId: businessA.unitId }),
    sessionWith(t, { permissions: APPLICANT, unitId: businessB.unitId }),
    sessionWith(t, { permissions: [READ], unitId: businessA.unitId }),
    sessionWith(t, { permissions: REVIEWER }),
    sessionWith(t, { permissions: APPLICANT, unitId: districtUnit }),
  ]);
  return { t, businessA, businessB, employerA, employerA2, employerB, employerReader, department, district };
}

/** A worker of the employer in the Worker area's table ('VN' = Vietnamese, needs no permit). */
export async function createWorker(
  t: TestApp,
  businessId: string,
  nationality: string | null = 'KR',
  name?: string,
): Promise<string> {
  // Vietnamese citizens by citizen ID, foreigners by passport (the Worker area's rule).
  const foreign = nationality !== null && nationality !== 'VN';
  const citizenId = foreign ? null : String(randomInt(1e11, 1e12 - 1));
  const passport = foreign ? `P${randomInt(1e7, 1e8 - 1)}` : null;
  const row = await sql<{
    id: string;
  }>`insert into worker (full_name, citizen_id, passport_number, birth_date, sex, nationality, business_id)
    values (${name ?? `Kim Min ${randomBytes(3).toString('hex')}`}, ${citizenId}, ${passport}, '1988-04-12', 'male', ${nationality}, ${businessId})
    returning id`.execute(t.database.db);
  return row.rows[0]!.id;
}

export type Call = (
  session: Session | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

export function caller(t: TestApp): Call {
  return (session, method, url, payload) =>
    t.request({
      method,
      url: url.startsWith('/api') ? url : `/api/WorkerLicense/${url}`,
      headers: session ? session.headers : {},
      ...(payload instanceof FormData ? { payload } : payload !== undefined ? { payload: payload as object } : {}),
    });
}

export const today = () => todayInVietnam();

export function newRequest(workerId: string, over: Record<string, unknown> = {}) {
  return {
    workerId,
    passportNumber: 'M12345678',
    position: 'expert',
    jobTitle: 'Chuyên gia kỹ thuật rang xay cà phê',
    workplace: 'Xưởng rang xay, phường Xuân Hương - Đà Lạt',
    workForm: 'labourContract',
    requestedFrom: addDays(today(), 10),
    requestedTo: addDays(today(), 400),
    ...over,
  };
}

export function confirmRequest(workerId: string, over: Record<string, unknown> = {}) {
  return {
    workerId,
    passportNumber: 'K7654321',
    exemptionGround: 'marriedToVietnamese',
    jobTitle: 'Giáo viên tiếng Hàn',
    workplace: 'Đà Lạt',
    requestedFrom: addDays(today(), 5),
    requestedTo: addDays(today(), 300),
    ...over,
  };
}

/** Upload every required document of the request's kind (photos as PNG, the rest as PDF). */
export async function fillRequired(call: Call, session: Session, id: string, kind: PermitKind): Promise<void> {
  for (const r of REQUIREMENTS[kind].filter((x) => x.required)) {
    const file = r.kinds.includes('pdf') ? { name: `${r.code}.pdf`, data: PDF } : { name: 'ảnh 4x6.png', data: PNG };
    const res = await call(session, 'PUT', `update-file-require?licenseId=${id}&requirementCode=${r.code}`, form(file));
    if (res.statusCode !== 200) throw new Error(`upload ${r.code}: ${res.statusCode} ${res.body}`);
  }
}

export interface Made {
  id: string;
  workerId: string;
  version: number;
}

/**
 * A request of employer A's new foreign worker brought to `state` through the API: draft → (files, submit) →
 * submitted → returned | approved | rejected.
 */
export async function requestIn(w: PermitsWorld, state: StoredStatus, kind: 'new' | 'confirm' = 'new'): Promise<Made> {
  const call = caller(w.t);
  const workerId = await createWorker(w.t, w.businessA.id);
  const created = await call(
    w.employerA,
    'POST',
    kind === 'new' ? 'add-require-license' : 'add-require-confirm',
    kind === 'new' ? newRequest(workerId) : confirmRequest(workerId),
  );
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  let detail = created.json() as { id: string; version: number };
  if (state === 'draft') return { id: detail.id, workerId, version: detail.version };
  await fillRequired(call, w.employerA, detail.id, kind);
  const step = async (session: Session, path: string, body: Record<string, unknown>) => {
    const res = await call(session, 'POST', path, { id: detail.id, version: detail.version, ...body });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    detail = res.json();
  };
  await step(w.employerA, 'submit-require', {});
  if (state === 'returned')
    await step(w.department, 'return-require', { reason: 'Thiếu bản dịch công chứng phiếu lý lịch tư pháp' });
  if (state === 'rejected')
    await step(w.department, 'reject-require', { reason: 'Không đáp ứng điều kiện chuyên gia' });
  if (state === 'approved')
    await step(w.department, 'approve-require', { validFrom: today(), validTo: addDays(today(), 364) });
  return { id: detail.id, workerId, version: detail.version };
}

export async function detailOf(w: PermitsWorld, session: Session, id: string) {
  const res = await caller(w.t)(session, 'GET', `worker-license/${id}`);
  return res;
}
