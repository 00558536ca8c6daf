import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Flex, Typography } from 'antd';
import { EMPTY_VALUE } from '@portal/domain/format';
import { can, useAccess } from '../../app/access.ts';
import { displayMoney, displayNumber } from '../../platform/format.ts';
import { employmentApi, type SeekerMatch } from './api.ts';
import { DistanceTag, MatchesPage } from './matches.tsx';
import { SEEKER_EDIT, VACANCY_LIST, employmentPage } from './paths.ts';

/**
 * `/dich-vu-viec-lam/nhu-cau-tuyen-dung/ung-vien-phu-hop/{id}`: the job seekers who fit a vacancy, best first, each
 * with why. An employer sees only the seekers who agreed to share their profile (the API decides).
 */
export default function VacancyMatchesPage() {
  const { t } = useTranslation('employment');
  const mayOpen = can(useAccess(), 'update', 'JobSeeker');
  const field = (name: string) => t(`areas.jobSeeker.fields.${name}`);
  return (
    <MatchesPage<SeekerMatch>
      kind="vacancy"
      fetch={employmentApi.vacancyMatches}
      listPath={VACANCY_LIST}
      subjectLabels={{
        code: t('areas.vacancy.fields.code'),
        title: t('areas.vacancy.fields.title'),
        occupation: t('areas.vacancy.fields.occupationId'),
        commune: t('areas.vacancy.fields.adminUnitId'),
      }}
      facts={{
        title: t('pages.vacancyMatches.facts'),
        render: (s) => (
          <Flex vertical gap={2} data-testid="match-seeker">
            <Typography.Text strong>
              {mayOpen ? <Link to={employmentPage(SEEKER_EDIT, s.id)}>{s.fullName}</Link> : s.fullName}
            </Typography.Text>
            <Typography.Text type="secondary">
              {s.code}
              {s.birthYear === null ? '' : ` · ${t('pages.birthYear', { year: String(s.birthYear) })}`}
            </Typography.Text>
            <span>
              {field('occupationId')}: {s.occupation.name}
            </span>
            <span>
              {field('adminUnitId')}: {s.commune?.name ?? EMPTY_VALUE} <DistanceTag band={s.distanceBand} />
            </span>
            <span>
              {field('educationLevel')}:{' '}
              {s.educationLevel ? t(`workers:educationLevels.${s.educationLevel}`) : EMPTY_VALUE}
              {s.experienceYears === null
                ? ''
                : ` · ${t('pages.experience', { years: displayNumber(s.experienceYears, { maxDecimals: 1 }) })}`}
            </span>
            <span>
              {t('pages.desiredPay')}: {s.desiredPay === null ? EMPTY_VALUE : displayMoney(s.desiredPay)}
            </span>
          </Flex>
        ),
      }}
      testId="vacancy-matches"
    />
  );
}
