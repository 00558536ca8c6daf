import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Breadcrumb from 'antd/es/breadcrumb';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import { useAccess } from '../access.ts';
import type { RouteEntry } from '../route-types.ts';

/** The page's title and breadcrumb, from its route entry (pages do not repeat them). */
export function PageHeading({ entry, titleKey = entry.titleKey }: { entry: RouteEntry; titleKey?: string }) {
  const { t } = useTranslation();
  const access = useAccess();
  const trail = [
    {
      key: 'home',
      title: (
        <Link to={access.homePath} aria-label={t('shell:routes.home')}>
          <HomeOutlined />
        </Link>
      ),
    },
    ...(entry.breadcrumb ?? []).map((item, i) =>
      typeof item === 'string'
        ? { key: `b${i}`, title: t(item) }
        : { key: `b${i}`, title: <Link to={item.path}>{t(item.titleKey)}</Link> },
    ),
    { key: 'current', title: t(titleKey) },
  ];
  return (
    <div className="app-page-heading">
      <h1 className="app-page-title">{t(titleKey)}</h1>
      <Breadcrumb items={trail} />
    </div>
  );
}
