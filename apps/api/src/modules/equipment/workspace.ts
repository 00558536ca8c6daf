import { sql } from 'kysely';
import { DECLARATION_PERMISSIONS, EQUIPMENT_PATHS, EQUIPMENT_PERMISSIONS } from '@portal/domain/equipment/features';
import type { DeclarationStatus } from '@portal/domain/equipment/state';
import { scopeCondition, scopeOf } from '../../platform/access/scope.ts';
import type { WorkspaceFigureProvider, WorkspaceTaskProvider, WorkspaceContext } from '../workspace/index.ts';
import { countMachines, dueLink, dueListApi } from './due.ts';

/**
 * Equipment in the workspaces: machines overdue or due soon and machines in use never declared (both sides,
 * each within its scope); declarations to confirm (department), refused ones to correct and drafts to submit
 * (employer); machines in use as a figure.
 */
async function countDeclarations(ctx: WorkspaceContext, status: DeclarationStatus): Promise<number> {
  const scope = scopeCondition(ctx.principal, { businessColumn: 'd.business_id' });
  const rows = await sql<{ n: string }>`select count(*) as n from equipment_declaration d
    where d.deleted_at is null and d.status = ${status} ${scope ? sql`and ${scope}` : sql``}`.execute(ctx.db);
  return Number(rows.rows[0]?.n ?? 0);
}
const declarations = (status: string) => `${EQUIPMENT_PATHS.declarations}?status=${status}`;
const declarationsApi = (status: string) => `/api/Equipment/declarations?status=${status}`;

export const workspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'equipment.declarationsToConfirm',
    permission: DECLARATION_PERMISSIONS.review,
    side: 'authority',
    titleKey: 'equipment:workspace.toConfirm',
    tone: 'action',
    order: 12,
    count: (ctx) => countDeclarations(ctx, 'submitted'),
    link: `${EQUIPMENT_PATHS.review}?status=submitted`,
    listApi: declarationsApi('submitted'),
  },
  {
    key: 'equipment.declarationsRefused',
    permission: DECLARATION_PERMISSIONS.update,
    side: 'employer',
    titleKey: 'equipment:workspace.refused',
    tone: 'action',
    order: 12,
    count: (ctx) => countDeclarations(ctx, 'refused'),
    link: declarations('refused'),
    listApi: declarationsApi('refused'),
  },
  {
    key: 'equipment.declarationDrafts',
    permission: DECLARATION_PERMISSIONS.update,
    side: 'employer',
    titleKey: 'equipment:workspace.drafts',
    tone: 'action',
    order: 13,
    count: (ctx) => countDeclarations(ctx, 'draft'),
    link: declarations('draft'),
    listApi: declarationsApi('draft'),
  },
  {
    key: 'equipment.overdue',
    permission: EQUIPMENT_PERMISSIONS.read,
    titleKey: 'equipment:workspace.overdue',
    tone: 'warning',
    order: 20,
    count: (ctx) => countMachines(ctx.db, ctx.principal, 'overdue', ctx.today),
    link: (ctx) => dueLink('overdue', ctx.today),
    listApi: (ctx) => dueListApi('overdue', ctx.today),
  },
  {
    key: 'equipment.dueSoon',
    permission: EQUIPMENT_PERMISSIONS.read,
    titleKey: 'equipment:workspace.dueSoon',
    tone: 'warning',
    order: 41,
    count: (ctx) => countMachines(ctx.db, ctx.principal, 'dueSoon', ctx.today),
    link: (ctx) => dueLink('dueSoon', ctx.today),
    listApi: (ctx) => dueListApi('dueSoon', ctx.today),
  },
  {
    key: 'equipment.undeclared',
    permission: EQUIPMENT_PERMISSIONS.read,
    titleKey: 'equipment:workspace.undeclared',
    // The employer must act; for the authority it is a figure of its area to follow up.
    tone: 'warning',
    order: 42,
    count: (ctx) => countMachines(ctx.db, ctx.principal, 'undeclared', ctx.today),
    link: (ctx) =>
      scopeOf(ctx.principal).kind === 'business' ? EQUIPMENT_PATHS.declarationCreate : dueLink('undeclared', ctx.today),
    // The employer's card opens the declaration form; the authority's the register filtered alike.
    listApi: (ctx) => (scopeOf(ctx.principal).kind === 'business' ? null : dueListApi('undeclared', ctx.today)),
  },
];

export const workspaceFigures: WorkspaceFigureProvider[] = [
  {
    key: 'equipment.inUse',
    permission: EQUIPMENT_PERMISSIONS.read,
    labelKey: 'equipment:workspace.inUse',
    order: 35,
    value: (ctx) => countMachines(ctx.db, ctx.principal, 'inUse', ctx.today),
    link: `${EQUIPMENT_PATHS.register}?status=inUse`,
  },
];
