import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { INSPECTION_PATHS } from '@portal/domain/inspections/features';
import { RecordShell, retryRecord } from '../../../platform/record/index.ts';
import { inspectionApi, inspectionKeys } from '../api.ts';
import { useIsDepartment } from '../ui.tsx';
import { InspectionForm } from './InspectionForm.tsx';
import { InspectionView } from './InspectionView.tsx';

/**
 * `/an-toan-ve-sinh-lao-dong/thanh-tra/tao-moi` and `/chinh-sua/{id}`: the department plans or records an
 * inspection (decision, team, findings, violations, requirements with deadlines), starts, concludes or cancels
 * it; once concluded everyone who sees it reads it, the employer answers each requirement with evidence, and the
 * department accepts or returns the answers.
 */
export default function InspectionPage() {
  const { id } = useParams();
  const { t } = useTranslation('inspections');
  const navigate = useNavigate();
  const department = useIsDepartment();
  const detail = useQuery({
    queryKey: inspectionKeys.one(id ?? ''),
    queryFn: ({ signal }) => inspectionApi.one(id!, signal),
    enabled: !!id,
    retry: retryRecord,
  });
  // Employers' default types hold the create permission too; planning is the department's (the API refuses it).
  if (!id)
    return department ? <InspectionForm /> : <Alert type="warning" showIcon message={t('errors.INSPECTORS_ONLY')} />;
  return (
    <RecordShell query={detail} back={{ label: t('pages.back'), onClick: () => void navigate(INSPECTION_PATHS.list) }}>
      {(d) =>
        d.actions.includes('edit') ? (
          <InspectionForm key={`${d.id}-${d.version}`} inspection={d} />
        ) : (
          <InspectionView inspection={d} />
        )
      }
    </RecordShell>
  );
}
