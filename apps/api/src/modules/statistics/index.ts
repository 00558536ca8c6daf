import type { FastifyPluginAsync } from 'fastify';
import { defineModule } from '../define.ts';
import type { Db } from '../../db/database.ts';
import { rebuildTally, registeredTallies, registerTallies, tallyDrift } from '../workspace/index.ts';
import { ROLLUPS } from './declarations.ts';
import routes from './routes.ts';

/**
 * The province's statistics (issue #26): each statistic a declaration (declarations.ts) over rollups — tallies kept
 * by the writes' own transactions, built and compacted by the workspace's tally mechanism — answered in the caller's
 * scope, as a workbook with its methodology, and for the public set without sign-in.
 */
registerTallies(ROLLUPS);

/** Each night, after the day's writes: every rollup against a full count of its table. */
const CHECK_QUEUE = 'statistics.checkRollups';
const CHECK_CRON = '40 2 * * *';

export interface RollupCheck {
  tally: string;
  groups: number;
  totals: number;
}

/**
 * Compares each rollup with a full count of its table and builds again any that drifted (a write that bypassed the
 * triggers: a restore from an old backup, a disabled trigger). Resolves with the drifted ones.
 */
export async function checkRollups(db: Db): Promise<RollupCheck[]> {
  const drifted: RollupCheck[] = [];
  for (const d of ROLLUPS) {
    const drift = await tallyDrift(db, d);
    if (drift.groups || drift.totals) {
      drifted.push({ tally: d.name, ...drift });
      await rebuildTally(db, d, registeredTallies());
    }
  }
  return drifted;
}

const statistics: FastifyPluginAsync = async (app) => {
  await app.register(routes);
  app.jobs.define<object>({
    queue: CHECK_QUEUE,
    cron: CHECK_CRON,
    retryLimit: 1,
    expireInSeconds: 3600,
    handler: async () => {
      const drifted = await checkRollups(app.db);
      if (drifted.length) app.log.warn({ drifted }, 'statistics rollups drifted from their tables and were rebuilt');
      else app.log.info('statistics rollups match their tables');
    },
  });
};

export default defineModule({ name: 'statistics', plugin: statistics });

export { STATISTIC_DECLARATIONS, ROLLUPS } from './declarations.ts';
export { statisticAnswer, type Viewer } from './read.ts';
