import { sql } from 'kysely';
import { REQUIREMENTS } from '@portal/domain/permits/requirements';
import { addDays, formatPermitNumber, numberPrefix, todayInVietnam, yearOf } from '@portal/domain/permits/rules';
import type { ExemptionGround, Position, RenewReason, WorkForm } from '@portal/domain/permits/schemas';
import type { PermitKind, StoredStatus } from '@portal/domain/permits/state';
import { catalogOperations } from '../../catalog/operations.ts';
import type { Db } from '../../db/database.ts';
import { createFileStorage, saveUpload } from '../../platform/files/index.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import type { SeedStep } from '../../seed/step.ts';
import { DEMO_ACCOUNTS, DEMO_BUSINESSES } from '../accounts/index.ts';
import { getPortalConfig } from '../configuration/index.ts';

/**
 * Demo permits for the demo province's two employers: foreign workers (created through the Worker area when the
 * employers have none of these) and requests in every state — granted, one near its end (extension possible),
 * expired, waiting for review, returned with a reason, rejected, a draft confirmation and a granted one — with
 * their documents and history. Written once (a marker remembers it), so what users change is never undone.
 */

const MARKER = 'permits.seeded.demo';

interface DemoWorker {
  business: 0 | 1;
  fullName: string;
  nationality: string;
  sex: 'male' | 'female';
  birthDate: string;
}

interface DemoPermit {
  worker: DemoWorker;
  kind: PermitKind;
  status: StoredStatus;
  passportNumber: string;
  position?: Position;
  jobTitle: string;
  workplace: string;
  workForm?: WorkForm;
  exemptionGround?: ExemptionGround;
  renewReason?: RenewReason;
  /** Days from today. */
  requested: [number, number];
  /** Granted validity, days from today (approved requests). */
  valid?: [number, number];
  reason?: string;
  /** How many days ago it was filed. */
  filedDaysAgo: number;
}

const w = (
  business: 0 | 1,
  fullName: string,
  nationality: string,
  sex: 'male' | 'female',
  birthDate: string,
): DemoWorker => ({
  business,
  fullName,
  nationality,
  sex,
  birthDate,
});

const ROASTERY = 'Xưởng rang xay Cầu Đất, 12 Trần Hưng Đạo, phường Xuân Hương - Đà Lạt, Lâm Đồng';
const GREENHOUSES = 'Khu nhà kính Langbiang, 45 Phan Đình Phùng, phường Lâm Viên - Đà Lạt, Lâm Đồng';

export const DEMO_PERMITS: DemoPermit[] = [
  {
    worker: w(0, 'Tanaka Hiroshi', 'JP', 'male', '1982-03-14'),
    kind: 'new',
    status: 'approved',
    passportNumber: 'TK4821937',
    position: 'expert',
    jobTitle: 'Chuyên gia kỹ thuật rang xay cà phê đặc sản',
    workplace: ROASTERY,
    workForm: 'labourContract',
    requested: [-200, 529],
    valid: [-200, 529],
    filedDaysAgo: 230,
  },
  {
    worker: w(0, 'Kim Min-jun', 'KR', 'male', '1990-07-21'),
    kind: 'new',
    status: 'submitted',
    passportNumber: 'M58203174',
    position: 'technician',
    jobTitle: 'Kỹ thuật viên bảo trì dây chuyền sấy',
    workplace: ROASTERY,
    workForm: 'labourContract',
    requested: [20, 384],
    filedDaysAgo: 3,
  },
  {
    worker: w(0, 'Zhang Wei', 'CN', 'male', '1987-11-02'),
    kind: 'new',
    status: 'returned',
    passportNumber: 'E73519026',
    position: 'manager',
    jobTitle: 'Quản lý chất lượng nguyên liệu',
    workplace: ROASTERY,
    workForm: 'intraCorporateTransfer',
    requested: [30, 394],
    filedDaysAgo: 12,
    reason: 'Phiếu lý lịch tư pháp đã cấp quá 6 tháng; đề nghị bổ sung phiếu mới kèm bản dịch công chứng.',
  },
  {
    worker: w(0, 'Sophie Martin', 'FR', 'female', '1991-05-09'),
    kind: 'confirm',
    status: 'draft',
    passportNumber: '19FR84021',
    exemptionGround: 'marriedToVietnamese',
    jobTitle: 'Chuyên viên tư vấn xuất khẩu',
    workplace: ROASTERY,
    requested: [15, 379],
    filedDaysAgo: 1,
  },
  {
    worker: w(0, 'Somchai Prasert', 'TH', 'male', '1979-01-30'),
    kind: 'new',
    status: 'approved',
    passportNumber: 'AA1902847',
    position: 'expert',
    jobTitle: 'Chuyên gia chế biến cà phê ướt',
    workplace: ROASTERY,
    workForm: 'labourContract',
    requested: [-900, -171],
    valid: [-900, -171],
    filedDaysAgo: 930,
  },
  {
    worker: w(1, 'Jan de Vries', 'NL', 'male', '1975-09-18'),
    kind: 'new',
    status: 'approved',
    passportNumber: 'NX7K2L9P1',
    position: 'expert',
    jobTitle: 'Chuyên gia công nghệ nhà kính trồng hoa',
    workplace: GREENHOUSES,
    workForm: 'labourContract',
    requested: [-700, 29],
    valid: [-700, 29],
    filedDaysAgo: 720,
  },
  {
    worker: w(1, 'Yossi Cohen', 'IL', 'male', '1984-12-05'),
    kind: 'new',
    status: 'rejected',
    passportNumber: '31874520',
    position: 'technician',
    jobTitle: 'Kỹ thuật viên tưới nhỏ giọt',
    workplace: GREENHOUSES,
    workForm: 'serviceOffering',
    requested: [10, 190],
    filedDaysAgo: 40,
    reason: 'Không chứng minh được kinh nghiệm làm việc từ 3 năm trở lên phù hợp vị trí lao động kỹ thuật.',
  },
  {
    worker: w(1, 'Maria Schmidt', 'DE', 'female', '1986-04-22'),
    kind: 'confirm',
    status: 'approved',
    passportNumber: 'C01X00T47',
    exemptionGround: 'capitalOwner',
    jobTitle: 'Thành viên góp vốn, Giám đốc kinh doanh',
    workplace: GREENHOUSES,
    requested: [-60, 669],
    valid: [-60, 669],
    filedDaysAgo: 75,
  },
  {
    worker: w(1, 'Park Ji-woo', 'KR', 'female', '1993-08-11'),
    kind: 'new',
    status: 'submitted',
    passportNumber: 'M90417263',
    position: 'expert',
    jobTitle: 'Chuyên gia nhân giống hoa lan',
    workplace: GREENHOUSES,
    workForm: 'labourContract',
    requested: [25, 754],
    filedDaysAgo: 5,
  },
];

/** A one-page PDF with an ASCII line of text (standard font), offsets computed so readers open it cleanly. */
export function demoPdf(line: string): Buffer {
  const text = line.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 60 780 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The demo foreigner, declared through the Worker area (a foreigner is identified by the passport). */
async function ensureWorker(db: Db, businessId: string, worker: DemoWorker, passportNumber: string): Promise<string> {
  const found = await sql<{
    id: string;
  }>`select id from worker where business_id = ${businessId} and full_name = ${worker.fullName} and deleted_at is null limit 1`.execute(
    db,
  );
  if (found.rows[0]) return found.rows[0].id;
  const record = await catalogOperations('worker').create(
    { db, principal: null, lang: 'vi', request: null, system: true },
    {
      fullName: worker.fullName,
      passportNumber,
      birthDate: worker.birthDate,
      sex: worker.sex,
      nationality: worker.nationality,
      businessId,
      startDate: addDays(todayInVietnam(), -400),
    },
  );
  return record.id;
}

async function attachFiles(
  db: Db,
  storage: FileStorage,
  permitId: string,
  businessId: string,
  kind: PermitKind,
  uploader: { id: string; name: string } | null,
  complete: boolean,
  at: Date,
): Promise<void> {
  const wanted = REQUIREMENTS[kind].filter((r) => r.required).slice(0, complete ? undefined : 2);
  for (const r of wanted) {
    const photo = !r.kinds.includes('pdf');
    const data = photo ? PHOTO : demoPdf(`Ho so mau (du lieu demo): ${r.code}`);
    const file = await saveUpload(
      db,
      storage,
      {
        isSecure: true,
        isBackground: false,
        fileType: `WorkerLicense:${r.code}`,
        fileName: photo ? 'anh-4x6.png' : `${r.code}.pdf`,
        data,
        type: photo
          ? { mime: 'image/png', ext: 'png', kind: 'image' }
          : { mime: 'application/pdf', ext: 'pdf', kind: 'pdf' },
      },
      { uploadedBy: uploader?.id ?? null, businessId },
    );
    await db
      .insertInto('work_permit_file')
      .values({
        permit_id: permitId,
        requirement_code: r.code,
        file_id: file.id,
        side: 'applicant',
        uploaded_by: uploader?.id ?? null,
        uploaded_by_name: uploader?.name ?? null,
        uploaded_at: at,
      })
      .execute();
  }
}

async function userOf(db: Db, userName: string): Promise<{ id: string; name: string } | null> {
  const row = await db
    .selectFrom('app_user')
    .select(['id', 'full_name'])
    .where(sql`lower(user_name)`, '=', userName)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.full_name } : null;
}

export const permitsDemoStep: SeedStep = {
  name: 'permits: demo foreign workers and work permits',
  kind: 'demo',
  order: 220,
  run: async ({ db, config, log }) => {
    const done = await db.selectFrom('app_setting').select('key').where('key', '=', MARKER).executeTakeFirst();
    if (done) return;
    const businesses = await Promise.all(
      DEMO_BUSINESSES.map(
        async (b) =>
          (
            await db
              .selectFrom('business')
              .select('id')
              .where(sql`lower(code)`, '=', b.code)
              .executeTakeFirst()
          )?.id ?? null,
      ),
    );
    if (businesses.some((b) => !b)) {
      log.warn({ step: 'permits demo' }, 'demo employers missing: no demo permits');
      return;
    }
    const employers = await Promise.all(
      [0, 1].map((i) => userOf(db, DEMO_ACCOUNTS.find((a) => a.unit === `business:${i}`)?.userName ?? '')),
    );
    const officer = await userOf(db, 'canbo.so');
    const storage = createFileStorage(config.dataDir);
    const { provinceCode } = await getPortalConfig(db);
    const today = todayInVietnam();
    const at = (daysAgo: number, hour = 9) =>
      new Date(`${addDays(today, -daysAgo)}T${String(hour).padStart(2, '0')}:00:00+07:00`);

    let created = 0;
    await db.transaction().execute(async (trx) => {
      for (const p of DEMO_PERMITS) {
        const businessId = businesses[p.worker.business]!;
        const employer = employers[p.worker.business] ?? null;
        const workerId = await ensureWorker(trx, businessId, p.worker, p.passportNumber);
        const has = await trx
          .selectFrom('work_permit')
          .select('id')
          .where('worker_id', '=', workerId)
          .executeTakeFirst();
        if (has) continue;
        const filed = at(p.filedDaysAgo, 8);
        const submitted = p.status === 'draft' ? null : at(p.filedDaysAgo - 1, 10);
        const decidedDay = p.valid ? Math.max(p.filedDaysAgo - 7, 0) : Math.max(p.filedDaysAgo - 5, 0);
        const decided = p.status === 'approved' || p.status === 'rejected' ? at(decidedDay, 15) : null;
        let number: string | null = null;
        let year: number | null = null;
        let sequence: number | null = null;
        if (p.status === 'approved') {
          year = yearOf(addDays(today, -decidedDay));
          const counter = await sql<{
            last: number;
          }>`insert into work_permit_counter (prefix, year, last) values (${numberPrefix(p.kind)}, ${year}, 1)
            on conflict (prefix, year) do update set last = work_permit_counter.last + 1 returning last`.execute(trx);
          sequence = counter.rows[0]!.last;
          number = formatPermitNumber({ kind: p.kind, provinceCode, year, sequence });
        }
        const { id } = await trx
          .insertInto('work_permit')
          .values({
            kind: p.kind,
            status: p.status,
            business_id: businessId,
            worker_id: workerId,
            passport_number: p.passportNumber,
            position: p.position ?? null,
            job_title: p.jobTitle,
            workplace: p.workplace,
            work_form: p.workForm ?? null,
            exemption_ground: p.exemptionGround ?? null,
            requested_from: addDays(today, p.requested[0]),
            requested_to: addDays(today, p.requested[1]),
            number,
            number_year: year,
            number_sequence: sequence,
            valid_from: p.valid ? addDays(today, p.valid[0]) : null,
            valid_to: p.valid ? addDays(today, p.valid[1]) : null,
            return_reason: p.status === 'returned' ? (p.reason ?? null) : null,
            reject_reason: p.status === 'rejected' ? (p.reason ?? null) : null,
            submitted_at: submitted,
            decided_at: decided,
            decided_by: decided ? (officer?.id ?? null) : null,
            decided_by_name: decided ? (officer?.name ?? null) : null,
            version: p.status === 'draft' ? 1 : p.status === 'submitted' ? 2 : 3,
            created_at: filed,
            created_by: employer?.id ?? null,
            updated_at: decided ?? submitted ?? filed,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await attachFiles(trx, storage, id, businessId, p.kind, employer, p.status !== 'draft', filed);
        const event = (
          action: string,
          when: Date,
          from: string | null,
          to: string | null,
          who: { id: string; name: string } | null,
          reason: string | null = null,
        ) =>
          trx
            .insertInto('work_permit_event')
            .values({
              permit_id: id,
              at: when,
              action,
              from_status: from,
              to_status: to,
              actor_id: who?.id ?? null,
              actor_name: who?.name ?? null,
              reason,
            })
            .execute();
        await event('create', filed, null, 'draft', employer);
        if (submitted) await event('submit', submitted, 'draft', 'submitted', employer);
        if (p.status === 'returned')
          await event(
            'return',
            at(Math.max(p.filedDaysAgo - 4, 0), 14),
            'submitted',
            'returned',
            officer,
            p.reason ?? null,
          );
        if (p.status === 'rejected')
          await event('reject', decided!, 'submitted', 'rejected', officer, p.reason ?? null);
        if (p.status === 'approved') await event('approve', decided!, 'submitted', 'approved', officer);
        created++;
      }
      await trx
        .insertInto('app_setting')
        .values({ key: MARKER, value: JSON.stringify({ permits: created }) })
        .execute();
    });
    log.info({ permits: created }, 'demo work permits seeded');
  },
};
