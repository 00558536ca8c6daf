import { EMPLOYMENT_PAGES } from '@portal/domain/employment/constants';
import { FAIR_PAGES } from '@portal/domain/employment/pages';
import type { RouteEntry } from '../../app/route-types.ts';

/**
 * The public vacancies board (full layout, no sign-in), with its card in the public home's look-up section: in the
 * shell's part of the route table, which the public pages start from. The signed-in pages are in ./routes.ts.
 */
export const employmentPublicRoutes: RouteEntry[] = [
  {
    path: EMPLOYMENT_PAGES.publicBoard,
    titleKey: 'employment:board.title',
    layout: 'full',
    namespaces: ['employment', 'workers'],
    page: () => import('./PublicBoardPage.tsx'),
    home: { section: 'tra-cuu', card: 'vacancies', order: 30 },
  },
  {
    // The spec's `/marvel`: the job exchange sessions people can come to, with registration.
    path: FAIR_PAGES.publicCalendar,
    titleKey: 'employment:fairs.calendar.title',
    layout: 'full',
    namespaces: ['employment'],
    page: () => import('./fairs/PublicCalendarPage.tsx'),
    home: { section: 'tra-cuu', card: 'jobFairs', order: 31 },
  },
];
