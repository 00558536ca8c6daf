import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { HOME_PATH } from '../route-types.ts';

/** Spec: unknown paths and invalid parameters (e.g. an unknown message label) end here. */
export default function NotFoundPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <main className="portal-centered-page">
      <Result
        status="404"
        title={<h1 className="portal-result-title">{t('notFound.title')}</h1>}
        subTitle={t('notFound.description')}
        extra={[
          <Button
            key="home"
            type="primary"
            href={HOME_PATH}
            onClick={(e) => {
              // A real link (open in a new tab works) that navigates inside the app.
              e.preventDefault();
              void navigate(HOME_PATH);
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
