import { SUGGESTION_PATHS, SUGGESTION_PERMISSIONS } from '@portal/domain/suggestions/index';
import type { WorkspaceTaskProvider } from '../workspace/index.ts';
import { countWaiting, isDepartment } from './service.ts';

/** The department's task: suggestions waiting for an answer (new or assigned), the list's "waiting" tab. */
export const workspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'suggestions.toAnswer',
    permission: SUGGESTION_PERMISSIONS.answer,
    side: 'authority',
    titleKey: 'suggestions:workspace.toAnswer',
    tone: 'action',
    order: 20,
    count: async (ctx) => (isDepartment(ctx.principal) ? countWaiting(ctx.db) : 0),
    link: `${SUGGESTION_PATHS.list}?status=waiting`,
    listApi: '/api/Suggestion/suggestions?waiting=true',
  },
];
