import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { currentAccess } from './app/access.ts';
import { currentLanguage, languageReady } from './app/i18n.ts';
// The session (user, abilities, signed-in HTTP client) before the router starts, so the first guard knows the user.
import './platform/auth/index.ts';
import { hydrate } from '@tanstack/react-query';
import { Providers } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';

// The texts of the stored language first (one small bundle), so the first render is already translated.
await languageReady;

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** Set on <html> once React owns the page; public/boot-page.js holds a form sent before then. */
const STARTED = 'data-started';

/** After the first commit: marks the page started and sends the form the user submitted before it was. */
function Started() {
  useEffect(() => {
    document.documentElement.setAttribute(STARTED, '');
    const pending = (window as { portalPendingSubmit?: HTMLFormElement }).portalPendingSubmit;
    delete (window as { portalPendingSubmit?: HTMLFormElement }).portalPendingSubmit;
    if (pending?.isConnected) pending.requestSubmit();
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
    <Started />
  </StrictMode>
);

/** Resolves once the router has run the first page's loaders and loaded its chunk. */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// A prerendered page (the public home, sign-in, the news: see prerender.tsx) is hydrated when what the router shows is
// exactly what was prerendered: the same page, in the same language, to a visitor who is not signed in.
// Anything else (a signed-in user sent home, English without its prerender) renders afresh.
const prerendered = container.dataset.prerendered;
if (prerendered) {
  // The answers the page was rendered with: its first render reads them instead of asking again.
  const data = document.getElementById('portal-data')?.textContent;
  if (data) hydrate(queryClient, JSON.parse(data));
  await routerReady();
  const same =
    router.state.location.pathname + router.state.location.search === prerendered &&
    !router.state.errors &&
    container.dataset.lang === currentLanguage() &&
    !currentAccess().loggedIn;
  if (same) {
    // A transition: hydration yields to the browser every few milliseconds instead of one long task.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    // React clears the prerendered markup in the same commit that paints the page: nothing blank between.
    createRoot(container).render(app);
  }
} else {
  createRoot(container).render(app);
}

// While the page fetches (its queries, or the router loading the next page), #root says so to assistive
// technology; it is also how browser tests know a page has settled without waiting for the network to go quiet.
const markBusy = () => {
  const busy = queryClient.isFetching() > 0 || router.state.navigation.state !== 'idle';
  if (busy) container.setAttribute('aria-busy', 'true');
  else container.removeAttribute('aria-busy');
};
queryClient.getQueryCache().subscribe(markBusy);
router.subscribe(markBusy);
markBusy();
