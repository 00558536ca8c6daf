import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Skeleton } from 'antd';
import { TRAINING_ORGANIZATION_PATHS as PATHS } from '@portal/domain/training/organizations';
import { can, useAccess } from '../../../app/access.ts';
import { bind } from '../../../catalog/ListPage.tsx';
import { useUserData } from '../../../platform/auth/use-user-data.ts';
import { organizationsApi, showDate } from './api.ts';

/** The courses list of the Training area, as every course list is drawn. */
const CourseList = bind('training');

/**
 * `/an-toan-ve-sinh-lao-dong/tu-huan-luyen/danh-sach`: the courses the employer runs for its own workers — the
 * course list filtered on the employer's own unit as the training unit — and the class it trains as today (the
 * course rule allows only the groups of that class: 4 and 6 for a class A self-declaration).
 */
export default function SelfTrainingPage() {
  const { t } = useTranslation('training');
  const access = useAccess();
  const unitId = useUserData()?.unit.id ?? null;
  const [params, setParams] = useSearchParams();
  const filtered = !!unitId && params.get('trainerUnitId') === unitId;
  useEffect(() => {
    if (!unitId || params.get('trainerUnitId') === unitId) return;
    const next = new URLSearchParams(params);
    next.set('trainerUnitId', unitId);
    setParams(next, { replace: true });
  }, [unitId, params, setParams]);
  const own = useQuery({
    queryKey: ['training', 'own-class'],
    queryFn: ({ signal }) => organizationsApi.ownClass(signal),
  });
  const organization = own.data?.organization ?? null;
  return (
    <Flex vertical gap={12}>
      <Alert type="info" showIcon message={t('organizations.selfTraining.intro')} />
      {own.isSuccess && (
        <Alert
          type={organization ? 'success' : 'warning'}
          showIcon
          message={
            organization
              ? t('organizations.selfTraining.classInForce', {
                  className: organization.className,
                  number: organization.certificateNumber,
                  from: showDate(organization.validFrom),
                })
              : t('organizations.selfTraining.noClass')
          }
          action={
            <Flex gap={8} wrap>
              {!organization && (
                <Link to={PATHS.selfDeclarations}>
                  <Button size="small">{t('organizations.selfTraining.declare')}</Button>
                </Link>
              )}
              {organization && unitId && can(access, 'create', 'Training') && (
                <Link to={`${PATHS.courseCreate}?trainerUnitId=${encodeURIComponent(unitId)}`}>
                  <Button size="small" type="primary" data-testid="self-training-create">
                    {t('organizations.selfTraining.create')}
                  </Button>
                </Link>
              )}
            </Flex>
          }
        />
      )}
      {filtered ? <CourseList /> : <Skeleton active />}
    </Flex>
  );
}
