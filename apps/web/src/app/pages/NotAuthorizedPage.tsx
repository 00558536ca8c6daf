import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { currentAccess } from '../access.ts';

/** A signed-in user opened a page their user type does not grant (spec section 4). */
export default function NotAuthorizedPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <main className="portal-centered-page">
      <Result
        status="403"
        title={<h1 className="portal-result-title">{t('notAuthorized.title')}</h1>}
        subTitle={t('notAuthorized.description')}
        extra={[
          <Button
            key="home"
            type="primary"
            href={currentAccess().homePath}
            onClick={(e) => {
              // A real link (open in a new tab works) that navigates inside the app.
              e.preventDefault();
              void navigate(currentAccess().homePath);
            }}
          >
            {t('backHome')}
          </Button>,
          <Button key="back" onClick={() => void navigate(-1)}>
            {t('goBack')}
          </Button>,
        ]}
      />
    </main>
  );
}
