/** What other modules use of the public lookups: the employer page's address and the lookup pages' frame. */
export { employerPagePath } from './api.ts';
export { LookupError, LookupFrame, retryServerErrors } from './shared.tsx';
