import { EMPLOYMENT_PAGES } from '@portal/domain/employment/constants';
import { FAIR_PARTICIPATION_SUBJECT, FAIR_SUBJECT } from '@portal/domain/employment/constants';
import { FAIR_PAGES } from '@portal/domain/employment/pages';
import {
  LABOUR_MARKET_PAGE,
  LABOUR_MARKET_SUBJECT,
  REFERRAL_PAGES,
  REFERRAL_SUBJECT,
} from '@portal/domain/employment/referrals';
import { type BreadcrumbItem, type RouteEntry, withId } from '../../app/route-types.ts';
import { registerRowLinks } from '../../catalog/extensions.ts';
import { SEEKER_LIST, VACANCY_LIST, employmentPage } from './paths.ts';

/**
 * The employment services' signed-in pages: from each row of the job seekers' list, the vacancies that fit the
 * seeker; from each row of the vacancies' list, the seekers who fit the vacancy (both best first, each with why).
 * They join the route table with the catalogue's pages (app/routes.tsx), whose lists show the row links; the public
 * board is in ./public-routes.ts. The records' lists and forms are the catalogue's generated pages.
 */

const routerPath = (pattern: string) => pattern.replace('{id}', ':id');
const group: BreadcrumbItem[] = ['shell:menu.groups.employment'];

registerRowLinks('jobSeeker', [
  {
    key: 'seekerMatches',
    labelKey: 'employment:pages.seekerMatches.open',
    path: (id) => employmentPage(EMPLOYMENT_PAGES.seekerMatches, id),
    ability: { action: 'read', subject: 'JobSeeker' },
  },
  {
    key: 'seekerReferrals',
    labelKey: 'employment:referrals.seekerPage.open',
    path: (id) => employmentPage(REFERRAL_PAGES.seeker, id),
    ability: { action: 'read', subject: REFERRAL_SUBJECT },
  },
]);

// A claimant's monthly job-search declarations, from the benefit decision's row.
registerRowLinks('unemploymentInsurance', [
  {
    key: 'jobSearchDeclarations',
    labelKey: 'employment:areas.jobSearchDeclaration.open',
    path: (id) => `/dich-vu-viec-lam/thong-bao-tim-viec/danh-sach?benefitId=${encodeURIComponent(id)}`,
    ability: { action: 'read', subject: 'JobSearchDeclaration' },
  },
]);

registerRowLinks('vacancy', [
  {
    key: 'vacancyMatches',
    labelKey: 'employment:pages.vacancyMatches.open',
    path: (id) => employmentPage(EMPLOYMENT_PAGES.vacancyMatches, id),
    ability: { action: 'read', subject: 'Vacancy' },
  },
]);

export const employmentRoutes: RouteEntry[] = [
  {
    path: routerPath(EMPLOYMENT_PAGES.seekerMatches),
    titleKey: 'employment:pages.seekerMatches.title',
    breadcrumb: [...group, { titleKey: 'employment:areas.jobSeeker.title', path: SEEKER_LIST }],
    ability: { action: 'read', subject: 'JobSeeker' },
    layout: 'app',
    namespaces: ['employment', 'workers'],
    page: () => import('./SeekerMatchesPage.tsx'),
    ...withId,
  },
  {
    path: routerPath(EMPLOYMENT_PAGES.vacancyMatches),
    titleKey: 'employment:pages.vacancyMatches.title',
    breadcrumb: [...group, { titleKey: 'employment:areas.vacancy.title', path: VACANCY_LIST }],
    ability: { action: 'read', subject: 'Vacancy' },
    layout: 'app',
    namespaces: ['employment', 'workers'],
    page: () => import('./VacancyMatchesPage.tsx'),
    ...withId,
  },
  {
    path: REFERRAL_PAGES.list,
    titleKey: 'employment:referrals.title',
    breadcrumb: group,
    ability: { action: 'read', subject: REFERRAL_SUBJECT },
    layout: 'app',
    namespaces: ['employment', 'workers'],
    page: () => import('./ReferralListPage.tsx'),
  },
  {
    path: routerPath(REFERRAL_PAGES.seeker),
    titleKey: 'employment:referrals.seekerPage.title',
    breadcrumb: [...group, { titleKey: 'employment:areas.jobSeeker.title', path: SEEKER_LIST }],
    ability: { action: 'read', subject: REFERRAL_SUBJECT },
    layout: 'app',
    namespaces: ['employment', 'workers'],
    page: () => import('./ReferralSeekerPage.tsx'),
    ...withId,
  },
  {
    path: LABOUR_MARKET_PAGE,
    titleKey: 'employment:labourMarket.title',
    breadcrumb: group,
    ability: { action: 'read', subject: LABOUR_MARKET_SUBJECT },
    layout: 'app',
    namespaces: ['employment', 'workers'],
    page: () => import('./LabourMarketPage.tsx'),
  },
  {
    path: routerPath(FAIR_PAGES.board),
    titleKey: 'employment:fairs.board',
    breadcrumb: [...group, { titleKey: 'employment:areas.jobFair.title', path: FAIR_PAGES.list }],
    ability: { action: 'read', subject: FAIR_SUBJECT },
    layout: 'app',
    namespaces: ['employment', 'workers', 'catalog'],
    page: () => import('./fairs/FairBoardPage.tsx'),
    ...withId,
  },
  {
    // The spec's `/meet`: the door of a session, where tickets' QR codes are checked in.
    path: FAIR_PAGES.checkIn,
    titleKey: 'employment:fairs.checkIn.title',
    breadcrumb: [...group, { titleKey: 'employment:areas.jobFair.title', path: FAIR_PAGES.list }],
    ability: { action: 'update', subject: FAIR_PARTICIPATION_SUBJECT },
    layout: 'app',
    namespaces: ['employment', 'workers'],
    page: () => import('./fairs/CheckInPage.tsx'),
  },
];
