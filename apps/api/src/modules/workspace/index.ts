import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WORKSPACE_API, workspaceSchema } from '@portal/domain/workspace';
import { clock } from '../../platform/clock/index.ts';
import { unauthenticated } from '../../platform/errors/app-error.ts';
import { defineModule } from '../define.ts';
import { workspaceCountCache } from './cache.ts';
import { registeredTallies, workspaceOf } from './registry.ts';
import { warmWorkspaces } from './warm.ts';

export { type WorkspaceCaching, workspaceCountCache } from './cache.ts';
export { warmWorkspaces } from './warm.ts';
export {
  buildTallies,
  compactTallies,
  type DayWindow,
  defineTally,
  readTallyGroups,
  rebuildTally,
  tallyDrift,
  type TallyDefinition,
  type TallyGroupRead,
} from './tally.ts';
export {
  registeredTallies,
  registeredWorkspace,
  registerTallies,
  registerWorkspaceFigures,
  registerWorkspaceTasks,
  sideOfPrincipal,
  tallied,
  type TalliedCount,
  type WorkspaceContext,
  type WorkspaceFigureProvider,
  type WorkspaceTaskProvider,
  workspaceOf,
} from './registry.ts';

/** Shortly after midnight, Vietnam time: yesterday's scopes counted for the new day (warm.ts). */
const WARM_QUEUE = 'workspace.warm';
const WARM_CRON = '5 0 * * *';

/** The signed-in user's workspace: tasks waiting for them and figures of their scope (see registry.ts). */
const workspace: FastifyPluginAsyncZod = async (app) => {
  app.jobs.define<object>({
    queue: WARM_QUEUE,
    cron: WARM_CRON,
    retryLimit: 1,
    expireInSeconds: 3600,
    handler: async () => void (await warmWorkspaces(app.db, clock.today())),
  });
  // The tallies' triggers and first counts (tally.ts), built once in the background; until then counts are
  // counted from the tables.
  app.addHook('onReady', async () => {
    void workspaceCountCache(app.db).talliesReady(registeredTallies());
  });
  app.get(
    WORKSPACE_API,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['workspace'],
        summary: "The caller's workspace: waiting tasks and figures, within the caller's data scope",
        response: { 200: workspaceSchema },
      },
    },
    async (request) => {
      const principal = request.principal;
      if (!principal) throw unauthenticated();
      return workspaceOf({ db: app.db, principal, today: clock.today() });
    },
  );
};

export default defineModule({ name: 'workspace', plugin: workspace });
