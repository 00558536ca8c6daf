import { sql } from 'kysely';
import { TRAINING_CERTIFICATE_PATHS } from '@portal/domain/training/certificates';
import { inTransaction, translator, type OpContext } from '../../../catalog/context.ts';
import { catalogOperations } from '../../../catalog/operations.ts';
import { recordAudit } from '../../../platform/audit/index.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { permits } from '../../../platform/access/index.ts';
import { certificateError, mayChangeIssued } from './access.ts';
import { lockPairs, refreshStatuses } from './status.ts';

interface RevokedRow {
  id: string;
  certificateNumber: string;
  status: string | null;
  issuerUnitId: string | null;
  businessId: string | null;
  workerId: string;
  groupId: string;
  trainingId: string | null;
  fullName: string;
}

/**
 * Revoke credentials (all or none): their issuer or the department does, with the reason. A revoked credential is
 * never current again; the worker's newest other credential of the group takes its place. The employer is told.
 */
export async function revokeCredentials(ctx: OpContext, ids: readonly string[], reason: string): Promise<number> {
  const t = translator(ctx);
  return inTransaction(ctx, async (tx) => {
    const scope = catalogOperations('trainingCertificate').scope(tx, 't');
    const rows = (
      await sql<RevokedRow>`select t.id, t.certificate_number as "certificateNumber", t.status,
          t.issuer_unit_id as "issuerUnitId", t.business_id as "businessId", t.worker_id as "workerId",
          t.target_training_id as "groupId", t.training_id as "trainingId", w.full_name as "fullName"
        from training_certificate t join worker w on w.id = t.worker_id
        where t.id = any(${[...ids]}::uuid[]) and t.deleted_at is null ${scope ? sql`and ${scope}` : sql``}
        order by t.id for update of t`.execute(tx.db)
    ).rows;
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length)
      throw new AppError(404, 'NOT_FOUND', { details: missing.map((id) => ({ field: 'ids', message: id })) });
    for (const r of rows) {
      if (!mayChangeIssued(tx, r.issuerUnitId))
        throw new AppError(403, 'FORBIDDEN', {
          messageKey: 'training:certificates.errors.NOT_REVOKER',
          details: [{ field: 'ids', code: 'issuer', message: t('training:certificates.errors.NOT_REVOKER') }],
        });
      if (r.status === 'revoked') throw certificateError(409, 'ALREADY_REVOKED', { number: r.certificateNumber });
    }
    const pairs = rows.map((r) => ({ workerId: r.workerId, groupId: r.groupId }));
    await lockPairs(tx.db, pairs);
    await sql`update training_certificate set status = 'revoked', revoked_reason = ${reason}, updated_at = now(),
        updated_by = ${tx.principal?.userId ?? null}
      where id = any(${rows.map((r) => r.id)}::uuid[])`.execute(tx.db);
    await refreshStatuses(tx.db, pairs);
    // The course's participant row no longer shows a revoked number.
    for (const r of rows)
      if (r.trainingId)
        await sql`update training_worker set certificate_number = null, certificate_date = null
          where training_id = ${r.trainingId}::uuid and worker_id = ${r.workerId}::uuid
            and lower(certificate_number) = lower(${r.certificateNumber})`.execute(tx.db);
    for (const r of rows) {
      await recordAudit(tx.db, tx.request, {
        action: 'revoke',
        subject: 'TrainingCertificate',
        recordId: r.id,
        details: { number: r.certificateNumber, reason },
      });
      if (r.businessId)
        await tx.request?.server.notifier?.notify(
          tx.db,
          { scopes: [{ kind: 'employer', businessId: r.businessId, permission: 'TrainingCertificate.read' }] },
          'trainingCertificateRevoked',
          { number: r.certificateNumber, name: r.fullName, reason },
          TRAINING_CERTIFICATE_PATHS.detail.replace(':id', r.id),
          { request: tx.request },
        );
    }
    return rows.length;
  });
}

export const CERTIFICATE_ACTIONS = ['print', 'edit', 'delete', 'revoke'] as const;

/** What the caller may do to a credential it sees (the page's buttons; the writes check the same). */
export async function credentialActions(ctx: OpContext, id: string): Promise<(typeof CERTIFICATE_ACTIONS)[number][]> {
  const record = await catalogOperations('trainingCertificate').get(ctx, id);
  const can = (action: string) => permits(ctx.principal, `TrainingCertificate.${action}`);
  const issuer = mayChangeIssued(ctx, record.issuerUnitId as string | null);
  return [
    'print' as const,
    ...(issuer && can('update') ? (['edit'] as const) : []),
    ...(issuer && can('delete') ? (['delete'] as const) : []),
    ...(issuer && can('update') && record.status !== 'revoked' ? (['revoke'] as const) : []),
  ];
}
