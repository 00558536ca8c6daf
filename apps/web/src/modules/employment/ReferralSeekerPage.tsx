import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { api } from '../../platform/api/client.ts';
import { ReferralList } from './referrals.tsx';

/** `/dich-vu-viec-lam/gioi-thieu-viec-lam/user/{id}`: the referrals of one job seeker, named in the header. */
export default function ReferralSeekerPage() {
  const { t } = useTranslation('employment');
  const id = useParams().id ?? '';
  const seeker = useQuery({
    queryKey: ['employment', 'seeker-name', id],
    queryFn: ({ signal }) => api.get('/api/JobSeeker/jobSeekers/{id}', { path: { id }, signal }),
    staleTime: 60_000,
  });
  const name = seeker.data ? [seeker.data.code, seeker.data.fullName].filter(Boolean).join(' · ') : '';
  return (
    <ReferralList
      key={id}
      seekerId={id}
      header={
        <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="referral-seeker-heading">
          {t('referrals.seekerPage.heading', { name: name || '…' })}
        </Typography.Title>
      }
    />
  );
}
