import { sql, type RawBuilder } from 'kysely';
import { TRAINING_CERTIFICATE_PATHS } from '@portal/domain/training/certificates';
import { scopeOf } from '../../../platform/access/scope.ts';
import type { WorkspaceTaskProvider, WorkspaceContext } from '../../workspace/index.ts';

/**
 * Requests for training credentials in the workspaces: those waiting for the caller as their issuer (a training
 * body for the courses it ran, an employer for its cards and logbook entries), and the caller's own refused ones
 * to correct. Counted as the workflow decides sides (certificates/access.ts).
 */
function issuerCondition(ctx: WorkspaceContext): RawBuilder<unknown> | null {
  const scope = scopeOf(ctx.principal);
  if (scope.kind === 'unit') return sql`r.issuer = 'organization' and r.trainer_unit_id = ${scope.unitId}::uuid`;
  if (scope.kind === 'business') return sql`r.issuer = 'employer' and r.business_id = ${scope.businessId}::uuid`;
  return null;
}

function filerCondition(ctx: WorkspaceContext): RawBuilder<unknown> | null {
  const scope = scopeOf(ctx.principal);
  if (scope.kind === 'business') return sql`r.filed_by = 'employer' and r.business_id = ${scope.businessId}::uuid`;
  if (scope.kind === 'unit') return sql`r.filed_by = 'organization' and r.trainer_unit_id = ${scope.unitId}::uuid`;
  if (scope.kind === 'all') return sql`r.filed_by = 'authority'`;
  return null;
}

async function countRequests(ctx: WorkspaceContext, status: string, side: RawBuilder<unknown> | null): Promise<number> {
  if (!side) return 0;
  const rows = await sql<{ n: number }>`select count(*)::int as n from training_certificate_request r
    where r.deleted_at is null and r.status = ${status} and ${side}`.execute(ctx.db);
  return Number(rows.rows[0]?.n ?? 0);
}

const requests = (status: string) => `${TRAINING_CERTIFICATE_PATHS.requests}?status=${status}`;

export const workspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'training.certificateRequestsToIssue',
    permission: 'TrainingCertificate.create',
    titleKey: 'training:requests.workspace.toIssue',
    tone: 'action',
    order: 14,
    count: (ctx) => countRequests(ctx, 'submitted', issuerCondition(ctx)),
    link: requests('submitted'),
  },
  {
    key: 'training.certificateRequestsRefused',
    permission: 'TrainingCertificateRequest.update',
    titleKey: 'training:requests.workspace.refused',
    tone: 'action',
    order: 15,
    count: (ctx) => countRequests(ctx, 'refused', filerCondition(ctx)),
    link: requests('refused'),
  },
];
