import { sql } from 'kysely';
import { DECLARATION_PERMISSIONS, EQUIPMENT_PATHS, EQUIPMENT_PERMISSIONS } from '@portal/domain/equipment/features';
import { addDays, DUE_SOON_DAYS } from '@portal/domain/equipment/rules';
import type { DeclarationStatus } from '@portal/domain/equipment/state';
import { scopeCondition, scopeOf } from '../../platform/access/scope.ts';
import {
  defineTally,
  tallied,
  type WorkspaceContext,
  type WorkspaceFigureProvider,
  type WorkspaceTaskProvider,
} from '../workspace/index.ts';
import { dueLink, dueListApi } from './due.ts';
import { machineScope } from './scope.ts';

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
/**
 * Machines in use by employer and next due date, kept by the writes (a province's register is never recounted):
 * in use, overdue (due before today) and due soon are windows of the same tally, read with the portal's day — the
 * conditions of `dueCondition` (due.ts), so each count is what its link's list shows.
 */
const machinesInUse = defineTally({
  name: 'equipment.inUse',
  table: 'equipment',
  where: "deleted_at is null and status = 'inUse'",
  owners: { business_id: 'business_id' },
  day: 'next_due_date',
  scope: (principal) => machineScope(principal, 't'),
});
const machinesUndeclared = defineTally({
  name: 'equipment.undeclared',
  table: 'equipment',
  where: "deleted_at is null and status = 'inUse' and declaration_status = 'none'",
  owners: { business_id: 'business_id' },
  scope: (principal) => machineScope(principal, 't'),
});

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
    count: tallied(machinesInUse, (today) => ({ to: addDays(today, -1) })),
    link: (ctx) => dueLink('overdue', ctx.today),
    listApi: (ctx) => dueListApi('overdue', ctx.today),
  },
  {
    key: 'equipment.dueSoon',
    permission: EQUIPMENT_PERMISSIONS.read,
    titleKey: 'equipment:workspace.dueSoon',
    tone: 'warning',
    order: 41,
    count: tallied(machinesInUse, (today) => ({ from: today, to: addDays(today, DUE_SOON_DAYS) })),
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
    count: tallied(machinesUndeclared),
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
    value: tallied(machinesInUse),
    link: `${EQUIPMENT_PATHS.register}?status=inUse`,
  },
];
