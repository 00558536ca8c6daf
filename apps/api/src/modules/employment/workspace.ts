import { FAIR_PAGES } from '@portal/domain/employment/pages';
import { REFERRAL_API, REFERRAL_PAGES } from '@portal/domain/employment/referrals';
import { catalogOperations } from '../../catalog/index.ts';
import type { WorkspaceContext, WorkspaceTaskProvider } from '../workspace/index.ts';
import { countReferrals } from './referrals.ts';

/** A week's notice: an open vacancy closing within it (its closing date today to seven days on). */
const CLOSING_DAYS = 7;
const closingFilter = (today: string) => {
  const to = new Date(Date.parse(`${today}T00:00:00Z`) + CLOSING_DAYS * 86_400_000).toISOString().slice(0, 10);
  return { status: 'open', closingDateFrom: today, closingDateTo: to };
};
const query = (today: string) => new URLSearchParams(closingFilter(today)).toString();

/** Open vacancies in the caller's scope closing within the week, counted by the vacancies' own list. */
async function countClosing(ctx: WorkspaceContext): Promise<number> {
  const page = await catalogOperations('vacancy').list(
    { db: ctx.db, principal: ctx.principal, lang: 'vi', request: null },
    { pageNumber: 1, pageSize: 1, values: closingFilter(ctx.today) },
  );
  return page.totalRecord;
}

const closingTask = (side: 'employer' | 'authority'): WorkspaceTaskProvider => ({
  key: side === 'employer' ? 'employment.ownVacanciesClosing' : 'employment.vacanciesClosing',
  permission: side === 'employer' ? 'Vacancy.update' : 'JobReferral.create',
  side,
  titleKey: 'employment:workspace.vacanciesClosing',
  tone: 'warning',
  order: 70,
  count: countClosing,
  link: (ctx) => `/dich-vu-viec-lam/nhu-cau-tuyen-dung/danh-sach?${query(ctx.today)}`,
  listApi: (ctx) => `/api/Vacancy/vacancies?${query(ctx.today)}`,
});

/** Sessions not cancelled within the next fortnight: the centre prepares them, employers may still take a stall. */
const COMING_DAYS = 14;
const comingFilter = (today: string) => ({
  status: 'open',
  heldOnFrom: today,
  heldOnTo: new Date(Date.parse(`${today}T00:00:00Z`) + COMING_DAYS * 86_400_000).toISOString().slice(0, 10),
});

const comingTask = (side: 'employer' | 'authority'): WorkspaceTaskProvider => ({
  key: side === 'employer' ? 'employment.fairsComingEmployer' : 'employment.fairsComing',
  // The list the count is taken from asks this permission (the sessions' own).
  permission: 'JobFair.read',
  side,
  titleKey: 'employment:workspace.fairsComing',
  tone: 'info',
  order: 75,
  count: async (ctx) =>
    (
      await catalogOperations('jobFair').list(
        { db: ctx.db, principal: ctx.principal, lang: 'vi', request: null },
        { pageNumber: 1, pageSize: 1, values: comingFilter(ctx.today) },
      )
    ).totalRecord,
  link: (ctx) => `${FAIR_PAGES.list}?${new URLSearchParams(comingFilter(ctx.today)).toString()}`,
  listApi: (ctx) => `/api/JobFair/jobFairs?${new URLSearchParams(comingFilter(ctx.today)).toString()}`,
});

/**
 * The employer's referrals to answer; the centre's referrals still waiting on employers and its placements whose
 * follow-up is due; on both sides, the open vacancies closing within the week.
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
  closingTask('employer'),
  closingTask('authority'),
  comingTask('employer'),
  comingTask('authority'),
];
