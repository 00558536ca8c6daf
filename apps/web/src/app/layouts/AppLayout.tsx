import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import Layout from 'antd/es/layout';
import Drawer from 'antd/es/drawer';
import Tag from 'antd/es/tag';
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import MenuOutlined from '@ant-design/icons/MenuOutlined';
import BgColorsOutlined from '@ant-design/icons/BgColorsOutlined';
import { AntdProvider } from '../antd-provider.tsx';
import { useAccess } from '../access.ts';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { SkinToggle } from '../components/SkinToggle.tsx';
import { useConfiguration } from '../configuration.ts';
import { useCurrentMatch } from '../RootShell.tsx';
import { uiStore, useUi } from '../ui-store.ts';
import { Customizer } from './Customizer.tsx';
import { NavigationMenu } from './NavigationMenu.tsx';
import { PageHeading } from './PageHeading.tsx';
import { UserMenu } from './UserMenu.tsx';
import { InboxPreview } from '../../modules/messaging/InboxPreview.tsx';
import { NotificationBell } from '../../modules/notifications/NotificationBell.tsx';
import './app-layout.css';

const DESKTOP = new Set(['lg', 'xl']);

function Brand({ collapsed }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  const config = useConfiguration();
  const access = useAccess();
  const logo = config?.sideLogo || config?.logo || '/favicon.svg';
  return (
    <Link to={access.homePath} className={`app-brand${collapsed ? ' is-collapsed' : ''}`}>
      <img src={logo} alt="" width={36} height={36} />
      {!collapsed && (
        <span className="app-brand-text">
          <span className="app-brand-name">{t('common:appShortName')}</span>
          {config?.provinceName && <span className="app-brand-province">{config.provinceName}</span>}
        </span>
      )}
    </Link>
  );
}

function Footer() {
  const { t } = useTranslation('shell');
  const config = useConfiguration();
  const owner = config?.systemInfo.owner || config?.portalName || t('common:appName');
  return (
    <span>
      {t('systemInfo.copyright', { year: new Date().getFullYear(), owner })}
      {config?.isTestPortal && (
        <Tag color="gold" className="app-footer-tag">
          {t('common:testPortal')}
        </Tag>
      )}
    </span>
  );
}

/**
 * The signed-in shell (spec section 2): vertical (collapsible side menu) or horizontal (top menu) layout from the
 * UI settings; full or boxed content; sticky, static or hidden navbar and footer; on small screens the menu is a
 * drawer over a dimmed overlay. Each page gets its title and breadcrumb from its route entry.
 */
function Shell() {
  const { t } = useTranslation('shell');
  const ui = useUi((s) => s);
  const current = useCurrentMatch();
  const [customizing, setCustomizing] = useState(false);
  const desktop = DESKTOP.has(ui.breakpoint);
  const vertical = ui.layout === 'vertical';
  const showSider = vertical && desktop;
  const collapsed = ui.menuCollapsed;
  const closeOverlay = () => uiStore.set({ overlay: false });

  const menuToggle = desktop ? (
    vertical && (
      <button
        type="button"
        className="portal-icon-button app-menu-toggle"
        onClick={() => uiStore.set({ menuCollapsed: !collapsed })}
        aria-label={collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
        title={collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
        aria-expanded={!collapsed}
        data-testid="menu-collapse"
      >
        {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      </button>
    )
  ) : (
    <button
      type="button"
      className="portal-icon-button app-menu-toggle"
      onClick={() => uiStore.set({ overlay: true })}
      aria-label={t('layout.openMenu')}
      title={t('layout.openMenu')}
      data-testid="menu-open"
    >
      <MenuOutlined />
    </button>
  );

  return (
    <Layout className={`app-shell app-navbar-${ui.navbar.type} app-footer-${ui.footer.type}`} hasSider={showSider}>
      <a className="portal-skip-link" href="#app-content">
        {t('skipToContent')}
      </a>
      {showSider && (
        <Layout.Sider
          className="app-sider"
          width={264}
          collapsedWidth={72}
          collapsed={collapsed}
          trigger={null}
          theme={ui.skin === 'dark' ? 'dark' : 'light'}
          data-testid="app-sider"
        >
          <Brand collapsed={collapsed} />
          <nav className="app-sider-menu">
            <NavigationMenu mode="inline" />
          </nav>
        </Layout.Sider>
      )}
      {!desktop && (
        <Drawer
          open={ui.overlay}
          onClose={closeOverlay}
          placement="left"
          size={280}
          title={<Brand />}
          className="app-menu-drawer"
          styles={{ body: { padding: 0 } }}
        >
          <NavigationMenu mode="inline" onNavigate={closeOverlay} />
        </Drawer>
      )}
      <Layout className="app-main">
        {ui.navbar.type !== 'hidden' && (
          <Layout.Header className="app-header">
            {menuToggle}
            {!vertical && desktop && (
              <>
                <Brand />
                <nav className="app-top-menu">
                  <NavigationMenu mode="horizontal" />
                </nav>
              </>
            )}
            <div className="app-header-spacer" />
            <LanguageSwitch />
            <SkinToggle />
            <button
              type="button"
              className="portal-icon-button"
              onClick={() => setCustomizing(true)}
              aria-label={t('customizer.title')}
              title={t('customizer.title')}
              data-testid="customizer-open"
            >
              <BgColorsOutlined />
            </button>
            <InboxPreview />
            <NotificationBell />
            <UserMenu onCustomize={() => setCustomizing(true)} />
          </Layout.Header>
        )}
        {ui.navbar.type === 'hidden' && (
          <div className="app-floating-actions">
            {menuToggle}
            <button
              type="button"
              className="portal-icon-button"
              onClick={() => setCustomizing(true)}
              aria-label={t('customizer.title')}
              title={t('customizer.title')}
            >
              <BgColorsOutlined />
            </button>
            <UserMenu onCustomize={() => setCustomizing(true)} />
          </div>
        )}
        <Layout.Content id="app-content" tabIndex={-1} className="app-content">
          <div className={`app-content-inner${ui.contentWidth === 'boxed' ? ' is-boxed' : ''}`}>
            {current && current.entry.heading !== false && (
              <PageHeading entry={current.entry} titleKey={current.titleKey} />
            )}
            <Outlet />
          </div>
        </Layout.Content>
        {ui.footer.type !== 'hidden' && (
          <Layout.Footer className="app-footer">
            <div className={`app-content-inner${ui.contentWidth === 'boxed' ? ' is-boxed' : ''}`}>
              <Footer />
            </div>
          </Layout.Footer>
        )}
      </Layout>
      <Customizer open={customizing} onClose={() => setCustomizing(false)} />
    </Layout>
  );
}

export default function AppLayout() {
  return (
    <AntdProvider>
      <Shell />
    </AntdProvider>
  );
}
