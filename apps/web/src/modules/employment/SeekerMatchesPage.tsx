import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Flex, Typography } from 'antd';
import { EMPTY_VALUE, formatDate } from '@portal/domain/format';
import { REFERRAL_SUBJECT } from '@portal/domain/employment/referrals';
import { can, useAccess } from '../../app/access.ts';
import { displayNumber } from '../../platform/format.ts';
import { employmentApi, type VacancyMatch } from './api.ts';
import { DistanceTag, MatchesPage, payRange } from './matches.tsx';
import { ReferButton } from './ReferButton.tsx';
import { SEEKER_LIST, VACANCY_EDIT, employmentPage } from './paths.ts';

/**
 * `/dich-vu-viec-lam/dang-ky-tim-viec/viec-lam-phu-hop/{id}`: the open vacancies that fit a job seeker, best first,
 * each with why (occupation, distance, pay, education, skills), for the counsellor who places them.
 */
export default function SeekerMatchesPage() {
  const { t } = useTranslation('employment');
  const access = useAccess();
  const seekerId = useParams().id ?? '';
  const mayOpen = can(access, 'update', 'Vacancy');
  const mayRefer = can(access, 'create', REFERRAL_SUBJECT);
  const field = (name: string) => t(`areas.vacancy.fields.${name}`);
  return (
    <MatchesPage<VacancyMatch>
      kind="seeker"
      fetch={employmentApi.seekerMatches}
      listPath={SEEKER_LIST}
      subjectLabels={{
        code: t('areas.jobSeeker.fields.code'),
        title: t('areas.jobSeeker.fields.fullName'),
        occupation: t('areas.jobSeeker.fields.occupationId'),
        commune: t('areas.jobSeeker.fields.adminUnitId'),
      }}
      facts={{
        title: t('pages.seekerMatches.facts'),
        render: (v) => (
          <Flex vertical gap={2} data-testid="match-vacancy">
            <Typography.Text strong>
              {mayOpen ? <Link to={employmentPage(VACANCY_EDIT, v.id)}>{v.title}</Link> : v.title}
            </Typography.Text>
            <Typography.Text type="secondary">
              {v.code}
              {v.employer ? ` · ${v.employer.name}` : ''}
            </Typography.Text>
            <span>
              {field('occupationId')}: {v.occupation.name}
            </span>
            <span>
              {field('adminUnitId')}: {v.commune?.name ?? EMPTY_VALUE} <DistanceTag band={v.distanceBand} />
            </span>
            <span>
              {v.quantity === null
                ? ''
                : `${t('pages.quantity', { count: v.quantity, shown: displayNumber(v.quantity) })} · `}
              {t('pay.label')}: {payRange(t, v.payFrom, v.payTo)}
            </span>
            <span>
              {field('closingDate')}: {formatDate(v.closingDate)}
            </span>
          </Flex>
        ),
      }}
      {...(mayRefer && {
        action: {
          title: t('referrals.list.columns.actions'),
          width: 200,
          render: (v: VacancyMatch, subject) => (
            <ReferButton seekerId={seekerId} seekerName={subject.title} vacancyId={v.id} vacancyTitle={v.title} />
          ),
        },
      })}
      testId="seeker-matches"
    />
  );
}
