import { useSyncExternalStore } from 'react';

/**
 * UI state of the shell (spec section 2, "UI state kept"): breakpoint, overlay, new-inbox count, loading flag,
 * skin, layout type, content width, navbar and footer settings, collapsed vertical menu. The left menu fetched
 * per role lives in the query cache (see app/menu.ts), keyed by the signed-in user.
 * Skin and layout settings persist in localStorage: a user expects them to survive a reload. The rest is per tab.
 */
export type Skin = 'light' | 'dark';
export type LayoutType = 'vertical' | 'horizontal';
export type ContentWidth = 'full' | 'boxed';
export type NavbarType = 'sticky' | 'static' | 'hidden';
export type FooterType = 'sticky' | 'static' | 'hidden';
export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export interface LayoutSettings {
  layout: LayoutType;
  contentWidth: ContentWidth;
  navbar: { type: NavbarType };
  footer: { type: FooterType };
  menuCollapsed: boolean;
}

export interface UiState extends LayoutSettings {
  breakpoint: Breakpoint;
  /** The dimmed backdrop behind the menu drawer on small screens. */
  overlay: boolean;
  newInboxCount: number;
  loading: boolean;
  skin: Skin;
}

/** The app configuration's defaults (a user's choices override them). */
export const defaultLayout: LayoutSettings = {
  layout: 'vertical',
  contentWidth: 'full',
  navbar: { type: 'sticky' },
  footer: { type: 'static' },
  menuCollapsed: false,
};

/** localStorage keys; public/boot.js reads SKIN_KEY and LANGUAGE_KEY before React loads. */
export const SKIN_KEY = 'skin';
export const LANGUAGE_KEY = 'language';
export const LAYOUT_KEY = 'layout-settings';

/** Window width → breakpoint (xs < 576 ≤ sm < 768 ≤ md < 992 ≤ lg < 1200 ≤ xl). */
export function breakpointOf(width: number): Breakpoint {
  if (width < 576) return 'xs';
  if (width < 768) return 'sm';
  if (width < 992) return 'md';
  if (width < 1200) return 'lg';
  return 'xl';
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the choice still applies to this tab.
  }
}

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** Parses stored layout settings defensively: an old or edited value never breaks the shell. */
export function parseLayoutSettings(raw: string | null): LayoutSettings {
  let v: Partial<Record<keyof LayoutSettings, unknown>> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') v = parsed as typeof v;
  } catch {
    v = {};
  }
  const navbar = (v.navbar ?? {}) as { type?: unknown };
  const footer = (v.footer ?? {}) as { type?: unknown };
  return {
    layout: oneOf(v.layout, ['vertical', 'horizontal'], defaultLayout.layout),
    contentWidth: oneOf(v.contentWidth, ['full', 'boxed'], defaultLayout.contentWidth),
    navbar: { type: oneOf(navbar.type, ['sticky', 'static', 'hidden'], defaultLayout.navbar.type) },
    footer: { type: oneOf(footer.type, ['sticky', 'static', 'hidden'], defaultLayout.footer.type) },
    menuCollapsed: typeof v.menuCollapsed === 'boolean' ? v.menuCollapsed : defaultLayout.menuCollapsed,
  };
}

function initialState(hasWindow = typeof window !== 'undefined'): UiState {
  return {
    ...parseLayoutSettings(hasWindow ? read(LAYOUT_KEY) : null),
    breakpoint: hasWindow ? breakpointOf(window.innerWidth) : 'xl',
    overlay: false,
    newInboxCount: 0,
    loading: false,
    skin: hasWindow && read(SKIN_KEY) === 'dark' ? 'dark' : 'light',
  };
}

let state: UiState = initialState();
/** What the build's prerender shows (no browser: the defaults); hydration starts from it. */
const prerendered: UiState = initialState(false);
const listeners = new Set<() => void>();

export const uiStore = {
  get: (): UiState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(patch: Partial<UiState>): void {
    const next = { ...state, ...patch };
    if (Object.keys(patch).every((k) => Object.is(next[k as keyof UiState], state[k as keyof UiState]))) return;
    state = next;
    if ('skin' in patch) {
      write(SKIN_KEY, state.skin);
      document.documentElement.setAttribute('data-theme', state.skin);
    }
    if (['layout', 'contentWidth', 'navbar', 'footer', 'menuCollapsed'].some((k) => k in patch)) {
      const { layout, contentWidth, navbar, footer, menuCollapsed } = state;
      write(LAYOUT_KEY, JSON.stringify({ layout, contentWidth, navbar, footer, menuCollapsed }));
    }
    for (const l of listeners) l();
  },
  /** Back to the app configuration's layout (the skin is kept: it is a separate choice). */
  resetLayout(): void {
    uiStore.set({ ...defaultLayout });
  },
};

export function useUi<T>(select: (s: UiState) => T): T {
  return useSyncExternalStore(
    uiStore.subscribe,
    () => select(state),
    () => select(prerendered),
  );
}

/** Keeps `breakpoint` in step with the window width; returns the cleanup. */
export function trackBreakpoint(): () => void {
  const update = () => uiStore.set({ breakpoint: breakpointOf(window.innerWidth) });
  window.addEventListener('resize', update, { passive: true });
  return () => window.removeEventListener('resize', update);
}
