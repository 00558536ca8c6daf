import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Card, Space } from 'antd';
import { RecordForm } from '../../catalog/FormPage.tsx';
import { pageById } from '../../catalog/registry.ts';
import { assessmentPath } from './api.ts';

/**
 * `/an-toan-ve-sinh-lao-dong/danh-gia-rui-ro/tao-moi`: OiRA's preparation step — the catalogue's form of the
 * assessment's header; once saved, the assessment's page opens at identification.
 */
export default function CreatePage() {
  const { t } = useTranslation('riskAssessment');
  const navigate = useNavigate();
  const { catalog: c, page } = pageById('riskAssessment');
  return (
    <Card title={t('page.createTitle')} style={{ maxWidth: 1040 }}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('page.createHint')} />
        <RecordForm
          c={c}
          page={page}
          record={null}
          onSaved={(saved) => void navigate(assessmentPath(saved.id))}
          onCancel={() => void navigate(page.routes.list)}
        />
      </Space>
    </Card>
  );
}
