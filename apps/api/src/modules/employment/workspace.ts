import { REFERRAL_API, REFERRAL_PAGES } from '@portal/domain/employment/referrals';
import type { WorkspaceTaskProvider } from '../workspace/index.ts';
import { countReferrals } from './referrals.ts';

/**
 * The employer's referrals to answer; the centre's referrals still waiting on employers and its placements whose
 * follow-up is due.
 */
export const workspaceTasks: WorkspaceTaskProvider[] = [
  {
    key: 'employment.referralsToAnswer',
    permission: 'JobReferral.update',
    side: 'employer',
    titleKey: 'employment:workspace.referralsToAnswer',
    tone: 'action',
    order: 40,
    count: (ctx) => countReferrals(ctx.db, ctx.principal, 'waiting', ctx.today),
    link: `${REFERRAL_PAGES.list}?waiting=true`,
    listApi: `${REFERRAL_API.list}?waiting=true`,
  },
  {
    key: 'employment.referralsWaiting',
    permission: 'JobReferral.create',
    side: 'authority',
    titleKey: 'employment:workspace.referralsWaiting',
    tone: 'info',
    order: 60,
    count: (ctx) => countReferrals(ctx.db, ctx.principal, 'waiting', ctx.today),
    link: `${REFERRAL_PAGES.list}?waiting=true`,
    listApi: `${REFERRAL_API.list}?waiting=true`,
  },
  {
    key: 'employment.followUpsDue',
    permission: 'JobReferral.update',
    side: 'authority',
    titleKey: 'employment:workspace.followUpsDue',
    tone: 'action',
    order: 50,
    count: (ctx) => countReferrals(ctx.db, ctx.principal, 'followUpDue', ctx.today),
    link: `${REFERRAL_PAGES.list}?followUpDue=true`,
    listApi: `${REFERRAL_API.list}?followUpDue=true`,
  },
];
