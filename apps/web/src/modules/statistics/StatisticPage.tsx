import { Navigate, useLocation } from 'react-router';
import { statisticBySlug } from '@portal/domain/statistics/index';
import { NOT_FOUND_PATH } from '../../app/route-types.ts';
import { StatisticExplorer } from './StatisticExplorer.tsx';

/** The page's statistic, from its address `/thong-ke/<slug>/danh-sach`. */
export const slugOf = (pathname: string): string | undefined =>
  /^\/thong-ke\/([^/]+)\/danh-sach\/?$/.exec(pathname)?.[1];

/**
 * `/thong-ke/<slug>/danh-sach`: one statistic of the province (every declared statistic has this page, listed in
 * the route table and the menu), explored through its address: see StatisticExplorer.
 */
export default function StatisticPage() {
  const { pathname } = useLocation();
  const slug = slugOf(pathname);
  const info = slug ? statisticBySlug(slug) : undefined;
  if (!info) return <Navigate to={NOT_FOUND_PATH} replace />;
  // A new statistic starts afresh (its own pickers, its own export state).
  return <StatisticExplorer key={info.slug} info={info} />;
}
