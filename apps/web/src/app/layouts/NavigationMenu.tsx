import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Menu, { type MenuProps } from 'antd/es/menu';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import AlertOutlined from '@ant-design/icons/AlertOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import ReadOutlined from '@ant-design/icons/ReadOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import SolutionOutlined from '@ant-design/icons/SolutionOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { isMenuGroup, type MenuIcon, type MenuNode } from '@portal/domain/menu';
import { activeMenuPath, leafTitleKey, useMenu } from '../menu.ts';

export const menuIcons: Record<MenuIcon, ReactNode> = {
  dashboard: <DashboardOutlined />,
  team: <TeamOutlined />,
  shop: <ShopOutlined />,
  user: <UserOutlined />,
  safety: <SafetyOutlined />,
  alert: <AlertOutlined />,
  read: <ReadOutlined />,
  file: <FileTextOutlined />,
  report: <AuditOutlined />,
  solution: <SolutionOutlined />,
  chart: <BarChartOutlined />,
  link: <LinkOutlined />,
  mail: <MailOutlined />,
  setting: <SettingOutlined />,
};

type Items = NonNullable<MenuProps['items']>;

function toItems(nodes: readonly MenuNode[], t: (key: string) => string): Items {
  return nodes.map((n) =>
    isMenuGroup(n)
      ? {
          key: n.key,
          label: t(n.titleKey),
          icon: n.icon ? menuIcons[n.icon] : undefined,
          children: toItems(n.children, t),
        }
      : // A real link: open in a new tab works; the click itself navigates inside the app.
        { key: n.path, label: <Link to={n.path}>{t(leafTitleKey(n))}</Link> },
  );
}

/**
 * The left (or top) menu: the role's menu from the server, trimmed to existing pages the user may open, with the
 * current page's entry selected and its groups opened.
 */
function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

export function NavigationMenu({ mode, onNavigate }: { mode: 'inline' | 'horizontal'; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { items, isLoading, isError, refetch } = useMenu();
  // The browser hands a path with letters outside ASCII percent-encoded (/bang-tong-hop-huan-luyen-ATVSL%C4%90);
  // menu keys are the spec's spelling.
  const active = useMemo(() => activeMenuPath(items, safeDecode(pathname)), [items, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const activeAncestors = active?.ancestors.join('|') ?? '';
  useEffect(() => {
    if (activeAncestors) setOpenKeys((keys) => [...new Set([...keys, ...activeAncestors.split('|')])]);
  }, [activeAncestors]);
  const menuItems = useMemo(() => toItems(items, t), [items, t]);

  if (isLoading) {
    return (
      <div className="app-menu-state">
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="app-menu-state" role="alert">
        <p>{t('shell:layout.menuError')}</p>
        <Button size="small" onClick={refetch}>
          {t('shell:layout.retry')}
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return <p className="app-menu-state">{t('shell:layout.menuEmpty')}</p>;
  }
  return (
    <Menu
      mode={mode}
      items={menuItems}
      selectedKeys={active ? [active.path] : []}
      {...(mode === 'inline' ? { openKeys, onOpenChange: setOpenKeys } : {})}
      onClick={({ key, domEvent }) => {
        // Mouse clicks go through the link; the keyboard (Enter on a focused entry) navigates here.
        if (domEvent.type === 'keydown') void navigate(key);
        onNavigate?.();
      }}
      aria-label={t('shell:layout.menu')}
      data-testid="app-menu"
      className="app-menu"
    />
  );
}
