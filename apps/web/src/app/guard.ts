import { redirect, type LoaderFunctionArgs } from 'react-router';
import { homeForRole } from '../platform/auth/index.ts';
import { can, currentAccess } from './access.ts';
import { CORE_NAMESPACES, ensureNamespaces } from './i18n.ts';
import { hasRoute } from './route-table.ts';
import { LOGIN_PATH, NOT_AUTHORIZED_PATH, NOT_FOUND_PATH, PUBLIC_ABILITY, type RouteEntry } from './route-types.ts';

/**
 * The route guard (spec section 4), run as each page's loader, before anything of the page renders:
 * invalid parameters → 404; redirect-if-logged-in pages send a signed-in user home; not permitted and not
 * signed in → sign-in (returning here afterwards); not permitted and signed in → not-authorized page; a
 * permitted page waits for its texts.
 * The root route's loader loads the app configuration first (app/router.tsx).
 */
export function guard(entry: RouteEntry) {
  return ({ params, request }: LoaderFunctionArgs): null | Promise<null> => {
    const own = typeof entry.namespaces === 'function' ? entry.namespaces() : entry.namespaces;
    const namespaces = own ? [...CORE_NAMESPACES, ...own] : undefined;
    if (entry.validParams && !entry.validParams(params)) throw redirect(NOT_FOUND_PATH);
    const access = currentAccess();
    if (entry.redirectIfLoggedIn && access.loggedIn) {
      // The home page of the user's role; a role with none (spec: back to sign-in) stays on the page.
      const home = homeForRole(access.role);
      if (home !== new URL(request.url).pathname) throw redirect(home);
    }
    const { action, subject } = entry.ability ?? PUBLIC_ABILITY;
    // The page's texts before it renders (synchronous once they are in).
    if (can(access, action, subject)) return ensureNamespaces(namespaces)?.then(() => null) ?? null;
    if (!access.loggedIn && hasRoute(LOGIN_PATH)) {
      const url = new URL(request.url);
      throw redirect(`${LOGIN_PATH}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
    }
    throw redirect(access.loggedIn ? NOT_AUTHORIZED_PATH : NOT_FOUND_PATH);
  };
}
