import { Outlet } from 'react-router';
import { loadedAntd } from '../antd.ts';
import { useCurrentEntry } from '../RootShell.tsx';

/**
 * Full layout (spec section 2): no side menu and no app header; used by sign-in, public and error pages.
 * Pages marked `bare` (the public home) render without Ant Design's provider; every other page gets it.
 * Public pages add the portal's public header and footer themselves (modules/home/PublicPage.tsx).
 */
export function FullLayout() {
  const entry = useCurrentEntry();
  const Antd = entry?.bare ? null : loadedAntd();
  return Antd ? (
    <Antd>
      <Outlet />
    </Antd>
  ) : (
    <Outlet />
  );
}
