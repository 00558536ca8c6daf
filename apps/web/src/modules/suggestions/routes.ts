import { SUGGESTION_PATHS } from '@portal/domain/suggestions/index';
import type { RouteEntry } from '../../app/route-types.ts';

/** The suggestion box: the department's list and the public page (a card of the home's online services). */
export const suggestionRoutes: RouteEntry[] = [
  {
    path: SUGGESTION_PATHS.list,
    titleKey: 'suggestions:routes.list',
    breadcrumb: ['shell:menu.groups.news'],
    ability: { action: 'read', subject: 'Suggestion' },
    layout: 'app',
    page: () => import('./SuggestionListPage.tsx'),
  },
  {
    path: SUGGESTION_PATHS.public,
    titleKey: 'suggestions:routes.public',
    layout: 'full',
    namespaces: ['suggestions'],
    page: () => import('./PublicSuggestionsPage.tsx'),
    home: { section: 'dich-vu', card: 'suggestions', order: 10 },
  },
];
