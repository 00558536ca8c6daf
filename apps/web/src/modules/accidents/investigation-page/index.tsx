import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ACCIDENT_PATHS } from '@portal/domain/accidents/features';
import { RecordShell, retryRecord } from '../../../platform/record/index.ts';
import { accidentApi, accidentKeys } from '../api.ts';
import { InvestigationView } from './InvestigationView.tsx';
import { OpenInvestigation } from './OpenInvestigation.tsx';

/** /…/quan-li-tai-nan-lao-dong/tao-moi and /…/chinh-sua/{id}. */
export default function InvestigationPage() {
  const { t } = useTranslation('accidents');
  const { id } = useParams();
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: accidentKeys.investigation(id ?? ''),
    queryFn: ({ signal }) => accidentApi.investigation(id!, signal),
    enabled: !!id,
    retry: retryRecord,
  });
  if (!id) return <OpenInvestigation />;
  return (
    <RecordShell
      query={detail}
      back={{ label: t('form.back'), onClick: () => void navigate(ACCIDENT_PATHS.investigations) }}
      notFound={t('form.notFound')}
    >
      {(d) => <InvestigationView key={`${d.id}-${d.version}`} detail={d} />}
    </RecordShell>
  );
}
