import { sql, type RawBuilder } from 'kysely';
import { verifyStatusOf, type PublicCredential } from '@portal/domain/training/certificates';
import type { CertificateStatus, TrainingCredential } from '@portal/domain/training/rules';
import type { Executor } from '../../../catalog/context.ts';
import { clock } from '../../../platform/clock/index.ts';

/**
 * The public verification of a training credential (`/tra-cuu-chung-nhan-huan-luyen`): by its number (typed from
 * the paper) or by the id its QR carries. It answers only the name, the group, the kind, the issuer, the dates and
 * whether it is valid, expired, revoked or replaced: never a birth date, an identifier or an address.
 */
interface Row {
  number: string;
  fullName: string;
  group: string | null;
  credential: TrainingCredential;
  issuer: string | null;
  issuedOn: string;
  validUntil: string | null;
  status: CertificateStatus | null;
}

async function lookup(db: Executor, where: RawBuilder<unknown>, today: string): Promise<PublicCredential | null> {
  const rows = await sql<Row>`select c.certificate_number as number, w.full_name as "fullName", g.name as group,
      c.credential, u.name as issuer, c.issued_on::text as "issuedOn", c.valid_until::text as "validUntil", c.status
    from training_certificate c
    join worker w on w.id = c.worker_id
    left join target_training g on g.id = c.target_training_id
    left join unit u on u.id = c.issuer_unit_id
    where c.deleted_at is null and ${where}
    limit 1`.execute(db);
  const r = rows.rows[0];
  if (!r) return null;
  return {
    number: r.number,
    fullName: r.fullName,
    group: r.group ?? '',
    credential: r.credential,
    issuer: r.issuer,
    issuedOn: r.issuedOn,
    validUntil: r.validUntil,
    status: verifyStatusOf(r.status, r.validUntil, today),
  };
}

/** By number, as printed (case-insensitive, through the number's unique index). */
export const verifyByNumber = (db: Executor, number: string, today = clock.today()) =>
  lookup(db, sql`lower(c.certificate_number) = lower(${number.trim()})`, today);

/** By the id a printed credential's QR carries. */
export const verifyById = (db: Executor, id: string, today = clock.today()) =>
  lookup(db, sql`c.id = ${id}::uuid`, today);
