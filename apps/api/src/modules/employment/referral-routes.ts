import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { REFERRAL_API, REFERRAL_SUBJECT } from '@portal/domain/employment/referrals';
import {
  referralCreateBody,
  referralDetail,
  referralFollowUpBody,
  referralListQuery,
  referralMoveBody,
  referralSummary,
} from '@portal/domain/employment/schemas';
import { pageOf } from '@portal/domain/paging';
import { contextOf } from '../../catalog/context.ts';
import { onNewDay, clock } from '../../platform/clock/index.ts';
import { move, registerMoveRoutes, registerRecordRoutes, type MoveRoutes } from '../../platform/workflow/routes.ts';
import {
  createReferral,
  employmentNightly,
  listReferrals,
  moveReferral,
  readReferral,
  recordFollowUp,
} from './referrals.ts';

type Ctx = ReturnType<typeof contextOf>;
const QUEUE = 'employment-nightly';
const P = {
  read: `${REFERRAL_SUBJECT}.read`,
  create: `${REFERRAL_SUBJECT}.create`,
  update: `${REFERRAL_SUBJECT}.update`,
} as const;

/** `/api/JobReferral/…`: the list, a referral, the centre's referral, the moves, the follow-up; the nightly task. */
const referralRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const common: MoveRoutes<Ctx, typeof referralDetail> = {
    area: REFERRAL_API.area,
    tags: [REFERRAL_SUBJECT],
    ctx: (request) => contextOf(request, app.db),
    detail: { schema: referralDetail, read: (ctx, id) => readReferral(ctx, id) },
    attachValidation: false,
  };
  registerRecordRoutes(app, common, {
    list: {
      path: 'jobReferrals',
      permission: P.read,
      summary:
        'Referrals in the caller’s scope (the employer’s own, a commune’s people, the centre’s all), newest first',
      query: referralListQuery,
      page: pageOf(referralSummary),
      run: (ctx, q) => listReferrals(ctx, q),
    },
    detail: { path: 'jobReferrals', permission: P.read, summary: 'A referral with the seeker, its moves and history' },
    create: {
      path: 'jobReferrals',
      permission: P.create,
      summary: 'The service centre refers a job seeker (who agreed to share the profile) to an open vacancy',
      body: referralCreateBody,
      idempotent: true,
      run: (ctx, body) => createReferral(ctx, body),
    },
  });
  registerMoveRoutes(app, common, [
    ...(['acknowledge', 'invite', 'hire', 'refuse', 'cancel'] as const).map((action) =>
      move<Ctx, typeof referralMoveBody>({
        path: action,
        permission: P.update,
        summary: `The ${action === 'cancel' ? 'centre' : 'employer'} moves a referral: ${action}`,
        body: referralMoveBody,
        run: (ctx, id, body) => moveReferral(ctx, id, action, body),
      }),
    ),
    move<Ctx, typeof referralFollowUpBody>({
      path: 'follow-up',
      permission: P.update,
      summary: 'The centre records the follow-up of a placement (still employed or not, and a note)',
      body: referralFollowUpBody,
      run: (ctx, id, body) => recordFollowUp(ctx, id, body),
    }),
  ]);

  app.jobs.define<object>({
    queue: QUEUE,
    cron: '20 1 * * *',
    retryLimit: 2,
    handler: async () => {
      await employmentNightly(app.db, app.notifier, clock.today());
      await app.notifier.deliver();
    },
  });
  onNewDay(app, QUEUE, async (today) => {
    const done = await employmentNightly(app.db, app.notifier, today);
    await app.notifier.deliver();
    return done;
  });
};

export default referralRoutes;
