import { type RouteEntry, withId } from '../../app/route-types.ts';
import { LOOKUP_PATHS } from './api.ts';

/**
 * The public look-ups (full layout, no sign-in): a work permit by its number or passport + birth date, a worker by
 * CCCD or passport + birth date (cards in the public home's 'tra-cuu' section), and an employer's public page,
 * linked from the violations list, the worker look-up and the machine page.
 */
export const lookupRoutes: RouteEntry[] = [
  {
    path: LOOKUP_PATHS.permit,
    titleKey: 'permits:publicLookup.title',
    layout: 'full',
    namespaces: ['permits', 'workers'],
    page: () => import('./PermitLookupPage.tsx'),
    home: { section: 'tra-cuu', card: 'permitLookup', order: 60 },
  },
  {
    path: LOOKUP_PATHS.worker,
    titleKey: 'workers:publicLookup.title',
    layout: 'full',
    namespaces: ['workers'],
    page: () => import('./WorkerLookupPage.tsx'),
    home: { section: 'tra-cuu', card: 'workerLookup', order: 65 },
  },
  {
    path: LOOKUP_PATHS.employer,
    titleKey: 'businesses:publicPage.title',
    layout: 'full',
    namespaces: ['businesses'],
    page: () => import('./EmployerPublicPage.tsx'),
    ...withId,
  },
];
