import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { homeEntries } from '../../app/route-table.ts';
import { HOME_PATH, type HomeSection } from '../../app/route-types.ts';

const sectionIcons: Record<HomeSection, string> = {
  // magnifier
  'tra-cuu': 'M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z',
  // newspaper
  'tin-tuc':
    'M4 4h13v3h3v11a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4Zm2 2v12h11V6H6Zm2 2h7v2H8V8Zm0 4h7v2H8v-2Zm11-3v9h.01V9H19Z',
  // hand raised / service
  'dich-vu': 'M12 2a5 5 0 0 1 5 5c0 2.8-2.2 5-5 5s-5-2.2-5-5 2.2-5 5-5Zm0 12c4.4 0 8 1.8 8 4v2H4v-2c0-2.2 3.6-4 8-4Z',
};

export function SectionIcon({ section }: { section: HomeSection }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path fill="currentColor" d={sectionIcons[section]} />
    </svg>
  );
}

/** One public-home section: its pages as cards linking to them. `limit` shows the first few and "See all". */
export function HomeSectionCards({
  section,
  limit,
  headingLevel = 2,
}: {
  section: HomeSection;
  limit?: number;
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation(['shell', 'home']);
  const entries = homeEntries(section);
  if (entries.length === 0) return null;
  const shown = limit ? entries.slice(0, limit) : entries;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="home-section" id={section} aria-labelledby={`home-section-${section}`}>
      <div className="home-section-head">
        <div>
          <Heading id={`home-section-${section}`} className="home-section-title">
            {t(`sections.${section}.title`)}
          </Heading>
          <p className="home-section-description">{t(`sections.${section}.description`)}</p>
        </div>
        {limit && entries.length > limit && (
          <Link className="home-see-all" to={`${HOME_PATH}/${section}`}>
            {t('home.seeAll')}
          </Link>
        )}
      </div>
      <ul className="home-cards">
        {shown.map((entry) => (
          <li key={entry.path}>
            <Link className="home-card" to={entry.path}>
              <span className="home-card-icon">
                <SectionIcon section={section} />
              </span>
              <span>
                <span className="home-card-title">{t(`home:cards.${entry.home!.card}.title`)}</span>
                <span className="home-card-text">{t(`home:cards.${entry.home!.card}.description`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
