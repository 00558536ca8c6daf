import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfiguration } from '../../app/configuration.ts';
import { LanguageSwitch } from '../../app/components/LanguageSwitch.tsx';
import { HOME_PATH } from '../../app/route-types.ts';
import './accounts.css';

/**
 * The frame of the sign-in pages (full layout): the portal's mark, the language switch, one card. Plain
 * elements and CSS (accounts.css): the sign-in page loads no Ant Design; the other pages in it do.
 */
export function AuthFrame({
  title,
  lead,
  wide,
  children,
}: {
  title: string;
  lead?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const config = useConfiguration();
  const logo = config?.logo || '/favicon.svg';
  return (
    <main className="acc-auth">
      <div className={`acc-auth-card${wide ? ' is-wide' : ''}`}>
        <div className="acc-auth-head">
          <Link to={HOME_PATH}>
            <img src={logo} alt="" width={40} height={40} />
            <span className="acc-auth-brand">
              <strong>{config?.portalName || t('common:appName')}</strong>
              {config?.provinceName && <span>{config.provinceName}</span>}
            </span>
          </Link>
          <LanguageSwitch className="acc-auth-tools" />
        </div>
        <h1>{title}</h1>
        {lead && <p className="acc-auth-lead">{lead}</p>}
        {children}
      </div>
    </main>
  );
}
