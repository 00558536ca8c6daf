import { useParams } from 'react-router';
import type { HomeSection } from '../../app/route-types.ts';
import { PublicPage } from './PublicPage.tsx';
import { HomeSectionCards } from './sections.tsx';

/** `/trang-chu/{type}`: every page of one public-home section (the guard has checked the type). */
export default function HomeSectionPage() {
  const { type } = useParams();
  return (
    <PublicPage>
      <div className="public-container home-section-page">
        <HomeSectionCards section={type as HomeSection} headingLevel={1} />
      </div>
    </PublicPage>
  );
}
