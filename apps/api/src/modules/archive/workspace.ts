import { sql } from 'kysely';
import { ARCHIVE_API, ARCHIVE_PATHS, ARCHIVE_PERMISSIONS } from '@portal/domain/archive/index';
import type { WorkspaceContext, WorkspaceTaskProvider } from '../workspace/index.ts';
import { archiveScope } from './queries.ts';

/** Records past their retention with no disposal recorded, in the caller's scope (the due list's filter). */
async function countDue(ctx: WorkspaceContext): Promise<number> {
  const rows = await sql<{ n: string }>`select count(*) as n from archive_record r
    where r.disposed_at is null and r.dispose_on <= ${ctx.today}::date and ${archiveScope(ctx.principal)}`.execute(
    ctx.db,
  );
  return Number(rows.rows[0]?.n ?? 0);
}

/** The department's archivist is told when records come due for disposal. */
export const workspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'archive.dueForDisposal',
    permission: ARCHIVE_PERMISSIONS.dispose,
    side: 'authority',
    titleKey: 'archive:workspace.dueForDisposal',
    tone: 'warning',
    order: 60,
    count: countDue,
    link: `${ARCHIVE_PATHS.list}?tab=due`,
    listApi: `${ARCHIVE_API.list}?due=true`,
  },
];
