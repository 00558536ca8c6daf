import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { ACCIDENT_PATHS } from '@portal/domain/accidents/features';
import { RecordShell, retryRecord } from '../../../platform/record/index.ts';
import { accidentApi, accidentKeys } from '../api.ts';
import { StatusTag } from '../ui.tsx';
import { AccidentActions } from './AccidentActions.tsx';
import { AccidentDetailView } from './AccidentDetailView.tsx';
import { AccidentForm } from './AccidentForm.tsx';

/** /…/khai-bao-tai-nan-lao-dong/tao-moi and /…/chinh-sua/{id}. */
export default function AccidentPage() {
  const { t } = useTranslation('accidents');
  const { id } = useParams();
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: accidentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => accidentApi.detail(id!, signal),
    enabled: !!id,
    retry: retryRecord,
  });
  if (!id)
    return (
      <Card title={t('form.createTitle')}>
        <AccidentForm detail={null} />
      </Card>
    );
  return (
    <RecordShell
      query={detail}
      back={{ label: t('form.back'), onClick: () => void navigate(ACCIDENT_PATHS.declarations) }}
      notFound={t('form.notFound')}
      title={(d) => t('form.editTitle', { code: d.code })}
      status={(d) => <StatusTag status={d.status} />}
      actions={(d) => <AccidentActions detail={d} />}
    >
      {(d) => <AccidentDetailView key={`${d.id}-${d.version}`} detail={d} />}
    </RecordShell>
  );
}
