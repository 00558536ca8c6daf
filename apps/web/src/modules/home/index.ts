/** What other modules use of the public home: the public pages' frame and their searchable list. */
export { PublicPage } from './PublicPage.tsx';
export { PublicSearchList } from './PublicSearchList.tsx';
export { PublicSection, PublicTitledPage } from './PublicTitledPage.tsx';
