import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfiguration } from '../../app/configuration.ts';
import { hasRoute } from '../../app/route-table.ts';
import { HOME_SECTIONS, LOGIN_PATH } from '../../app/route-types.ts';
import { useAccess } from '../../app/access.ts';
import { PublicPage } from './PublicPage.tsx';
import { HomeSectionCards } from './sections.tsx';

const audiences = ['workers', 'employers', 'authorities'] as const;

/**
 * The public landing page of the province (`/trang-chu`): banner and names from the configuration, entry points
 * to the public look-ups, news and services that exist, and sign-in. Deliberately light: plain elements and
 * CSS, no Ant Design components, because this is what the public opens first.
 */
export default function HomePage() {
  const { t } = useTranslation('shell');
  const config = useConfiguration();
  const province = config?.provinceName;
  const banner = config?.bannerImages[0];
  const showLogin = !useAccess().loggedIn && hasRoute(LOGIN_PATH);
  return (
    <PublicPage>
      {/* The banner is the largest thing the page paints: fetched with the page's markup, not once the style that
          shows it has been read (React puts the link in the head). */}
      {banner && !banner.startsWith('data:') && <link rel="preload" as="image" href={banner} fetchPriority="high" />}
      <section
        className={`home-hero${banner ? ' has-banner' : ''}`}
        style={banner ? { backgroundImage: `url("${encodeURI(banner)}")` } : undefined}
        aria-labelledby="home-title"
      >
        <div className="public-container home-hero-inner">
          {province && (
            <p className="home-hero-province" data-testid="home-province">
              {province}
            </p>
          )}
          <h1 id="home-title" className="home-hero-title">
            {config?.portalName || t('home.heroTitle')}
          </h1>
          <p className="home-hero-lead">{province ? t('home.heroLead', { province }) : t('home.heroLeadNoProvince')}</p>
          {showLogin && (
            <p className="home-hero-actions">
              <Link className="home-button" to={LOGIN_PATH}>
                {t('public.login')}
              </Link>
            </p>
          )}
        </div>
      </section>

      <div className="public-container">
        {HOME_SECTIONS.map((s) => (
          <HomeSectionCards key={s} section={s} limit={6} />
        ))}

        <section className="home-section" aria-labelledby="home-audiences">
          <h2 id="home-audiences" className="home-section-title">
            {t('home.forWhom')}
          </h2>
          <ul className="home-audiences">
            {audiences.map((a) => (
              <li key={a} className="home-audience">
                <h3>{t(`home.audiences.${a}.title`)}</h3>
                <p>{t(`home.audiences.${a}.text`)}</p>
              </li>
            ))}
          </ul>
          {showLogin && (
            <p className="home-signin-prompt">
              {t('home.signInPrompt')} <Link to={LOGIN_PATH}>{t('public.login')}</Link>
            </p>
          )}
        </section>
      </div>
    </PublicPage>
  );
}
