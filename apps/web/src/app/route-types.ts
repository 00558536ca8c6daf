import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import { isUuid as isUuidText } from '@portal/domain/ids';

/** What a route requires (CASL rule). Everyone, signed in or not, may `read` the subject `Auth`. */
export interface RouteAbility {
  action: string;
  subject: string;
}

export const PUBLIC_ABILITY: RouteAbility = { action: 'read', subject: 'Auth' };

/** Whether a path parameter is a record id (a UUID). */
export const isUuid = (value: string | undefined): boolean => isUuidText(value ?? '');

/** An entry's `validParams` for a page whose path parameters `names` are record ids: anything else is the 404 page. */
export const withIds = (...names: string[]) => ({
  validParams: (params: Params) => names.every((name) => isUuid(params[name])),
});

/** The `validParams` of a page of one record, `:id`. */
export const withId = withIds('id');

/** Sections of the public home; `/trang-chu/{type}` shows one of them. Slugs are Vietnamese. */
export const HOME_SECTIONS = ['tra-cuu', 'tin-tuc', 'dich-vu'] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

export type BreadcrumbItem = string | { titleKey: string; path: string };

/** A query the page runs, as TanStack Query takes it. */
export interface PageQuery {
  queryKey: readonly unknown[];
  queryFn: (context: { signal?: AbortSignal }) => Promise<unknown>;
}

/**
 * The queries a server-rendered page shows at first paint, for its address (the server runs them, renders
 * the page with their answers and sends them along, so the browser hydrates without asking again). The page
 * must run the very same queries (same keys).
 */
export type ServerQueries = (address: { params: Params; search: URLSearchParams }) => PageQuery[];

/**
 * One page of the web app. Adding a page is adding one entry to the table in app/routes.tsx:
 *
 *   {
 *     path: '/nguoi-dung/danh-sach',
 *     titleKey: 'accounts:routes.userList',
 *     breadcrumb: ['shell:menu.users'],
 *     ability: { action: 'read', subject: 'User' },
 *     layout: 'app',
 *     page: () => import('../modules/accounts/UserListPage.tsx'),
 *   },
 *
 * The menu shows an entry of the menu catalogue (packages/domain/src/menu.ts) only once its path is here.
 */
export interface RouteEntry {
  /** Vietnamese slug in React Router syntax, e.g. '/nguoi-dung/chinh-sua/:id'. */
  path: string;
  /** i18n key of the page title (document title, page heading, last breadcrumb). */
  titleKey: string;
  /** A title that depends on the path parameters (an i18n key); default `titleKey`. */
  titleKeyFor?: (params: Params) => string;
  /** Trail before the page's own title: keys (text) or { titleKey, path } (links). */
  breadcrumb?: readonly BreadcrumbItem[];
  /** Default: read Auth (public). */
  ability?: RouteAbility;
  /** 'full': no side menu (sign-in, public pages); 'app': the signed-in shell with menu and header. */
  layout: 'full' | 'app';
  /** A signed-in user is sent to the home page of their role instead (sign-in, register). */
  redirectIfLoggedIn?: boolean;
  /**
   * The page module; its default export is the page component. Loaded on first visit (code splitting). A page
   * the server renders (vite.config.ts) with data exports `serverQueries` too.
   */
  page: () => Promise<{ default: ComponentType; serverQueries?: ServerQueries }>;
  /** Accepts or refuses the path parameters; refused → the 404 page. */
  validParams?: (params: Params) => boolean;
  /** false: the app layout shows no title and breadcrumb above the page (the page draws its own). */
  heading?: false;
  /**
   * The page uses no Ant Design component, so the full layout does not load Ant Design for it (the public
   * home: the first page the public opens must be light). Leave unset for every other page.
   */
  bare?: boolean;
  /**
   * The text namespaces the page needs beyond the shell's (common, errors, shell); default: every namespace.
   * Light public pages name theirs (or how to find them), so a first visit downloads only those texts.
   */
  namespaces?: readonly string[] | (() => readonly string[]);
  /**
   * An entry point on the public home, in the given section. Its card's title and description are
   * `home:cards.<card>.title` and `.description`: every card's texts in one small namespace, so the home does
   * not download the texts of every page it links to.
   */
  home?: { section: HomeSection; card: string; order?: number };
}

/** Paths the shell itself relies on. */
export const HOME_PATH = '/trang-chu';
export const NOT_FOUND_PATH = '/error-404';
export const NOT_AUTHORIZED_PATH = '/khong-co-quyen';
export const LOGIN_PATH = '/dang-nhap';

/** What the router keeps on each route match: the table's entry (read by the shell and the layouts). */
export interface RouteHandle {
  entry: RouteEntry;
}
