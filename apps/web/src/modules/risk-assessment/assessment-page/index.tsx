import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Flex, Tag } from 'antd';
import { RISK_ASSESSMENT_PATHS } from '@portal/domain/risk-assessment/rules';
import { RecordShell, retryRecord } from '../../../platform/record/index.ts';
import { riskApi, riskKeys } from '../api.ts';
import { AssessmentView } from './AssessmentView.tsx';

/** `/an-toan-ve-sinh-lao-dong/danh-gia-rui-ro/chi-tiet/{id}`: an assessment through OiRA's steps. */
export default function AssessmentPage() {
  const { t } = useTranslation('riskAssessment');
  const { id } = useParams();
  const navigate = useNavigate();
  const details = useQuery({
    queryKey: riskKeys.details(id!),
    queryFn: ({ signal }) => riskApi.details(id!, signal),
    enabled: Boolean(id),
    retry: retryRecord,
  });
  return (
    <RecordShell
      query={details}
      back={{ label: t('catalog:actions.back'), onClick: () => void navigate(RISK_ASSESSMENT_PATHS.list) }}
      notFound={t('catalog:messages.notFound')}
      cardProps={{ style: { maxWidth: 1200 } }}
      title={(data) => data.assessment.title}
      status={(data) => (
        <Flex gap={8} wrap>
          <Tag color={data.assessment.status === 'completed' ? 'success' : 'processing'} data-testid="risk-status">
            {t(`statuses.${data.assessment.status}`)}
          </Tag>
          {data.reviewReasons.length > 0 && (
            <Tag color="red" data-testid="risk-due">
              {t('page.due')}
            </Tag>
          )}
        </Flex>
      )}
    >
      {(data) => <AssessmentView key={data.assessment.id} data={data} />}
    </RecordShell>
  );
}
