import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Tag } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { REFERRAL_PAGES } from '@portal/domain/employment/referrals';
import { ApiError } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { newIdempotencyKey } from '../../platform/form/index.ts';
import { useAskReason } from '../../platform/dialogs/index.tsx';
import { referralApi, referralKeys, type ReferralDetail } from './api.ts';

/**
 * "Giới thiệu" on a vacancy that fits a job seeker: asks for an optional note for the employer, posts the referral,
 * then shows the referral's link in its place. A refusal (the seeker did not consent or stopped seeking, the vacancy
 * closed, already referred) shows the API's message.
 */
export function ReferButton({
  seekerId,
  seekerName,
  vacancyId,
  vacancyTitle,
}: {
  seekerId: string;
  seekerName: string;
  vacancyId: string;
  vacancyTitle: string;
}) {
  const { t } = useTranslation('employment');
  const queryClient = useQueryClient();
  const { ask, holder } = useAskReason();
  const [made, setMade] = useState<ReferralDetail | null>(null);
  const [key] = useState(newIdempotencyKey);
  const names = { name: seekerName, vacancy: vacancyTitle };
  if (made)
    return (
      <Flex vertical gap={4} align="start" data-testid="referral-made">
        <Tag color="green">{t('referrals.referred')}</Tag>
        <Link to={`${REFERRAL_PAGES.list}?id=${encodeURIComponent(made.id)}`}>
          {t('referrals.done.openReferral', { code: made.code })}
        </Link>
      </Flex>
    );
  const refer = () =>
    void ask({
      title: t('referrals.dialogs.refer.title'),
      label: t('referrals.dialogs.refer.note'),
      okText: t('referrals.actions.refer'),
      optional: true,
      field: 'note',
      children: <p>{t('referrals.dialogs.refer.intro', names)}</p>,
      'data-testid': 'refer-dialog',
      onSubmit: async (note) => {
        try {
          const detail = await referralApi.create(seekerId, vacancyId, note || null, key);
          setMade(detail);
          toast.success(t('referrals.done.referred', names));
          await queryClient.invalidateQueries({ queryKey: referralKeys.all });
        } catch (err) {
          const details = err instanceof ApiError ? err.details : [];
          // A refusal of the note stays beside its field; any other is the API's message.
          if (details.some((d) => d.field?.endsWith('note'))) throw err;
          const more = details.flatMap((d) => (d.message && /\s/.test(d.message) ? [d.message] : []));
          toast.error(err instanceof Error ? err.message : String(err), more.length ? more.join('\n') : undefined);
        }
      },
    });
  return (
    <>
      <Button icon={<SendOutlined />} onClick={refer} data-testid="refer-button">
        {t('referrals.actions.refer')}
      </Button>
      {holder}
    </>
  );
}
