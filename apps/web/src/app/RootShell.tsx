import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useMatches, useNavigation, useRouteError, type Params } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfiguration } from './configuration.ts';
import { uiStore } from './ui-store.ts';
import { HOME_PATH, type RouteEntry, type RouteHandle } from './route-types.ts';
import './shell.css';

/** The deepest matched page entry (title, breadcrumb). */
export function useCurrentEntry() {
  return useCurrentMatch()?.entry;
}

/** The deepest matched page entry with its path parameters, and its title key for them. */
export function useCurrentMatch(): { entry: RouteEntry; params: Params; titleKey: string } | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.entry) {
      const { entry } = handle;
      return { entry, params: match.params, titleKey: entry.titleKeyFor?.(match.params) ?? entry.titleKey };
    }
  }
  return undefined;
}

/** Document title from the page's title key: "Trang chủ · Cổng ATVSLĐ Lâm Đồng". */
function useDocumentTitle() {
  const { t } = useTranslation();
  const titleKey = useCurrentMatch()?.titleKey;
  const config = useConfiguration();
  useEffect(() => {
    const site = config?.portalName || t('common:appShortName');
    document.title = titleKey ? `${t(titleKey)} · ${site}` : site;
  }, [titleKey, config?.portalName, t]);
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Every navigation scrolls smoothly to the top, or to the element the hash names (spec section 2). */
function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const behavior: ScrollBehavior = reducedMotion() ? 'auto' : 'smooth';
    if (hash) {
      const id = decodeURIComponent(hash.slice(1));
      // The page may still be rendering its content: try again on the next frame.
      const target = document.getElementById(id) ?? document.getElementsByName(id)[0];
      if (target) target.scrollIntoView({ behavior, block: 'start' });
      else requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ behavior, block: 'start' }));
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior });
  }, [pathname, hash]);
}

/** Appears after 250 px of scrolling (spec section 9). A plain button: the public home stays light. */
function ScrollTopButton() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 250);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="portal-scroll-top"
      aria-label={t('shell:scrollTop')}
      title={t('shell:scrollTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: reducedMotion() ? 'auto' : 'smooth' })}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M12 7.6 4.7 14.9l1.4 1.4L12 10.4l5.9 5.9 1.4-1.4z" />
      </svg>
    </button>
  );
}

/** The root of every page: title, scrolling, navigation indicator and the loading flag of the UI state. */
export function RootShell() {
  useDocumentTitle();
  useScrollOnNavigate();
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => uiStore.set({ loading: navigating }), [navigating]);
  return (
    <>
      <div className={`portal-nav-indicator${navigating ? ' is-active' : ''}`} aria-hidden="true" />
      <Outlet />
      <ScrollTopButton />
    </>
  );
}

export function BootSpinner() {
  // Shown before any text is loaded: named in both languages, as index.html names it.
  return <div className="boot-spinner" role="progressbar" aria-label="Đang tải… / Loading…" />;
}

/**
 * Unexpected failures while loading or rendering a page (for instance a page chunk missing after a new
 * release): a plain message with reload and home actions, in the user's language.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="portal-fallback" role="alert">
      <h1>{t('shell:error.title')}</h1>
      <p>{t('shell:error.description')}</p>
      <p className="portal-fallback-actions">
        <button type="button" onClick={() => window.location.reload()}>
          {t('shell:error.reload')}
        </button>
        <Link to={HOME_PATH} reloadDocument>
          {t('shell:backHome')}
        </Link>
      </p>
    </main>
  );
}
