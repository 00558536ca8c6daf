import { sql } from 'kysely';
import { TRAINING_CERTIFICATE_PATHS } from '@portal/domain/training/certificates';
import { catalogRegistry } from '../../../catalog/registry.ts';
import { rowScope } from '../../../catalog/scope.ts';
import type { Principal } from '../../../platform/access/index.ts';
import { scopeOf } from '../../../platform/access/scope.ts';
import type { WorkspaceTaskProvider, WorkspaceContext } from '../../workspace/index.ts';

/**
 * Requests for training credentials in the workspaces: those waiting for the caller as their issuer (a training
 * body for the courses it ran, an employer for its cards and logbook entries), and the caller's own refused ones
 * to correct. Counted as the workflow decides sides (certificates/access.ts), with the request list's own scope
 * and filters, so a card's count is the total of the list it opens.
 */
type Side = 'issuer' | 'filedBy';

/** The side the caller takes in the list's terms: the `issuer` it is, the `filedBy` it files as. */
function sideValue(principal: Principal, side: Side): string | null {
  const scope = scopeOf(principal);
  if (scope.kind === 'unit') return 'organization';
  if (scope.kind === 'business') return 'employer';
  // The department files requests but issues none.
  if (scope.kind === 'all') return side === 'filedBy' ? 'authority' : null;
  return null;
}

const filter = (principal: Principal, status: string, side: Side) =>
  `status=${status}&${side}=${sideValue(principal, side) ?? ''}`;

async function countRequests(ctx: WorkspaceContext, status: string, side: Side): Promise<number> {
  const value = sideValue(ctx.principal, side);
  if (!value) return 0;
  const scope = rowScope(catalogRegistry.get('trainingCertificateRequest'), ctx.principal, 'r');
  const column = side === 'issuer' ? sql.ref('r.issuer') : sql.ref('r.filed_by');
  const rows = await sql<{ n: number }>`select count(*)::int as n from training_certificate_request r
    where r.deleted_at is null and r.status = ${status} and ${column} = ${value}
      ${scope ? sql`and ${scope}` : sql``}`.execute(ctx.db);
  return Number(rows.rows[0]?.n ?? 0);
}

const task = (status: string, side: Side): Pick<WorkspaceTaskProvider, 'count' | 'link' | 'listApi' | 'appliesTo'> => ({
  count: (ctx) => countRequests(ctx, status, side),
  link: (ctx) => `${TRAINING_CERTIFICATE_PATHS.requests}?${filter(ctx.principal, status, side)}`,
  listApi: (ctx) =>
    `/api/TrainingCertificateRequest/trainingCertificateRequests?${filter(ctx.principal, status, side)}`,
  // Only who takes that side at all (the department issues nothing).
  appliesTo: (principal) => sideValue(principal, side) !== null,
});

export const workspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'training.certificateRequestsToIssue',
    permission: 'TrainingCertificate.create',
    titleKey: 'training:requests.workspace.toIssue',
    tone: 'action',
    order: 14,
    ...task('submitted', 'issuer'),
  },
  {
    key: 'training.certificateRequestsRefused',
    permission: 'TrainingCertificateRequest.update',
    titleKey: 'training:requests.workspace.refused',
    tone: 'action',
    order: 15,
    ...task('refused', 'filedBy'),
  },
];
