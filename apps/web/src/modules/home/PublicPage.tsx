import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfiguration } from '../../app/configuration.ts';
import { LanguageSwitch } from '../../app/components/LanguageSwitch.tsx';
import { SkinToggle } from '../../app/components/SkinToggle.tsx';
import { hasRoute, homeEntries } from '../../app/route-table.ts';
import { HOME_PATH, HOME_SECTIONS, LOGIN_PATH } from '../../app/route-types.ts';
import { useAccess } from '../../app/access.ts';
import './public.css';

/** The portal's mark: the configured logo, or the built-in shield. */
export function PortalLogo({ src, size = 44 }: { src: string | null | undefined; size?: number }) {
  if (src) return <img className="public-logo" src={src} alt="" width={size} height={size} />;
  return <img className="public-logo" src="/favicon.svg" alt="" width={size} height={size} />;
}

function PublicHeader() {
  const { t } = useTranslation('shell');
  const config = useConfiguration();
  const { pathname } = useLocation();
  const sections = HOME_SECTIONS.filter((s) => homeEntries(s).length > 0);
  const access = useAccess();
  const portalName = config?.portalName || t('common:appName');
  return (
    <header className="public-header">
      <div className="public-container public-header-row">
        <Link to={HOME_PATH} className="public-brand" title={t('public.homeLink', { name: portalName })}>
          <PortalLogo src={config?.logo} />
          <span className="public-brand-text">
            <span className="public-brand-name">{portalName}</span>
            {config?.provinceName && <span className="public-brand-province">{config.provinceName}</span>}
          </span>
        </Link>
        <nav className="public-nav" aria-label={t('public.mainNav')}>
          <NavLink to={HOME_PATH} end>
            {t('routes.home')}
          </NavLink>
          {sections.map((s) => (
            <NavLink
              key={s}
              to={`${HOME_PATH}/${s}`}
              // A look-up page belongs to its section: the section stays marked while the page is open.
              className={({ isActive }) =>
                isActive || homeEntries(s).some((e) => e.path === pathname) ? 'active' : ''
              }
            >
              {t(`sections.${s}.title`)}
            </NavLink>
          ))}
          {config?.districtSiteUrl && (
            <a href={config.districtSiteUrl} target="_blank" rel="noopener noreferrer">
              {t('public.districtSite')}
            </a>
          )}
        </nav>
        <div className="public-actions">
          <LanguageSwitch />
          <SkinToggle />
          {access.loggedIn && access.homePath !== HOME_PATH ? (
            <Link className="public-login" to={access.homePath} data-testid="home-workspace">
              {t('public.workspace')}
            </Link>
          ) : (
            !access.loggedIn &&
            hasRoute(LOGIN_PATH) && (
              <Link className="public-login" to={LOGIN_PATH} data-testid="home-login">
                {t('public.login')}
              </Link>
            )
          )}
        </div>
      </div>
      {config?.isTestPortal && (
        <div className="public-test-ribbon" role="note">
          {t('public.testPortal')}
        </div>
      )}
    </header>
  );
}

const infoKeys = ['owner', 'address', 'phone', 'hotline', 'email'] as const;

function PublicFooter() {
  const { t } = useTranslation('shell');
  const config = useConfiguration();
  const info: Partial<Record<(typeof infoKeys)[number], string>> = config?.systemInfo ?? {};
  const owner = info.owner || config?.portalName || t('common:appName');
  const rows = infoKeys.filter((k) => info[k]);
  return (
    <footer className="public-footer">
      <div className="public-container public-footer-grid">
        <div>
          <div className="public-footer-title">{config?.portalName || t('common:appName')}</div>
          {config?.provinceName && <div>{config.provinceName}</div>}
        </div>
        {rows.length > 0 && (
          <dl className="public-footer-info" aria-label={t('home.contact')}>
            {rows.map((k) => (
              <div key={k}>
                <dt>{t(`systemInfo.${k}`)}</dt>
                <dd>
                  {k === 'email' ? (
                    <a href={`mailto:${info[k]}`}>{info[k]}</a>
                  ) : k === 'phone' || k === 'hotline' ? (
                    <a href={`tel:${(info[k] ?? '').replace(/[^\d+]/g, '')}`}>{info[k]}</a>
                  ) : (
                    info[k]
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div className="public-container public-copyright">
        {t('systemInfo.copyright', { year: new Date().getFullYear(), owner })}
      </div>
    </footer>
  );
}

/**
 * The public chrome (header with navigation, language, skin and sign-in; footer with the province's contact
 * information) for every page open to the public: the home, look-ups, news. Wrap the page's content in it.
 */
export function PublicPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <div className="public-page">
      <a className="portal-skip-link" href="#main-content">
        {t('skipToContent')}
      </a>
      <PublicHeader />
      <main id="main-content" className="public-main" tabIndex={-1}>
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
