import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Flex, Progress, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MATCH_POINTS, type DistanceBand } from '@portal/domain/employment/constants';
import { EDUCATION_LEVELS } from '@portal/domain/statistics/values';
import { EMPTY_VALUE } from '@portal/domain/format';
import { RecordShell, retryRecord } from '../../platform/record/index.ts';
import { displayMoney, displayNumber } from '../../platform/format.ts';
import { employmentKeys, type MatchKind, type MatchReason, type Matches } from './api.ts';

/** Pieces of the two match pages: the record matched for, the results best first, and why each matched. */

/** Reason parameters that are amounts in đồng (the rest are names, counts or km). */
const MONEY_PARAMS = new Set(['desired', 'payFrom', 'payTo']);
/** Reason parameters that are education levels (shown by their names). */
const EDUCATION_PARAMS = new Set(['has', 'needs']);
const isEducationLevel = (value: string): value is (typeof EDUCATION_LEVELS)[number] =>
  (EDUCATION_LEVELS as readonly string[]).includes(value);

/** A reason's sentence, its figures written as the interface language reads them. */
export function reasonSentence(t: TFunction<'employment'>, reason: MatchReason): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(reason.params)) {
    if (value === null) values[name] = EMPTY_VALUE;
    else if (typeof value === 'number')
      values[name] = MONEY_PARAMS.has(name) ? displayMoney(value) : displayNumber(value, { maxDecimals: 1 });
    else if (EDUCATION_PARAMS.has(name) && isEducationLevel(value))
      values[name] = t(`workers:educationLevels.${value}`);
    else values[name] = value;
  }
  return t(`employment:reasons.${reason.factor}.${reason.fit}`, values);
}

/** A pay range: both ends, one of them, or "negotiable". */
export function payRange(t: TFunction<'employment'>, from: number | null, to: number | null): string {
  if (from !== null && to !== null && from !== to)
    return t('employment:pay.range', { from: displayNumber(from), to: displayMoney(to) });
  if (from !== null) return t('employment:pay.from', { amount: displayMoney(from) });
  if (to !== null) return t('employment:pay.to', { amount: displayMoney(to) });
  return t('employment:pay.negotiable');
}

/** How well a result fits, by its score: the colour of its gauge and the words beside it. */
function fitOf(score: number): { level: 'high' | 'medium' | 'low'; color: string } {
  if (score >= 70) return { level: 'high', color: 'green' };
  if (score >= 50) return { level: 'medium', color: 'blue' };
  return { level: 'low', color: 'gold' };
}

/** The score (0–100) as a small gauge with the words for it. */
export function ScoreCell({ score }: { score: number }) {
  const { t } = useTranslation('employment');
  const fit = fitOf(score);
  return (
    <Flex vertical align="center" gap={4}>
      <Progress
        type="circle"
        size={48}
        percent={score}
        format={(p) => displayNumber(p ?? 0)}
        aria-label={t('pages.scoreLabel', { score })}
      />
      <Tag color={fit.color} style={{ marginInlineEnd: 0 }}>
        {t(`pages.fit.${fit.level}`)}
      </Tag>
    </Flex>
  );
}

/** Why a result matched: one line per factor, its sentence and the points it brought of the most it could. */
export function ReasonLines({ reasons }: { reasons: readonly MatchReason[] }) {
  const { t } = useTranslation('employment');
  return (
    <ul className="employment-reasons" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {reasons.map((r) => (
        <li key={r.factor} style={{ padding: '2px 0' }} data-testid={`reason-${r.factor}`}>
          <Flex gap={8} justify="space-between" align="baseline">
            <span>
              <Typography.Text strong>{t(`factors.${r.factor}`)}:</Typography.Text> {reasonSentence(t, r)}
            </span>
            <Tag
              color={r.points >= r.max ? 'green' : r.points > 0 ? 'gold' : 'default'}
              style={{ marginInlineEnd: 0, flex: 'none' }}
            >
              {t('pages.points', { points: r.points, max: r.max })}
            </Tag>
          </Flex>
        </li>
      ))}
    </ul>
  );
}

/** The distance band of a result, as a tag. */
export function DistanceTag({ band }: { band: DistanceBand }) {
  const { t } = useTranslation('employment');
  return (
    <Tag color={band === 'same' ? 'green' : band === 'near' ? 'blue' : 'default'}>{t(`distanceBands.${band}`)}</Tag>
  );
}

/** How many results a page asks for. */
const LIMITS = [10, 20, 50] as const;

interface MatchesPageProps<Item extends { id: string; score: number; reasons: MatchReason[] }> {
  kind: MatchKind;
  fetch: (id: string, limit: number, signal?: AbortSignal) => Promise<Matches<Item>>;
  /** The record's list: the way back. */
  listPath: string;
  /** Labels of the record's facts in the header (its code and name: the area's field labels). */
  subjectLabels: { code: string; title: string; occupation: string; commune: string };
  /** The column of the result's main facts. */
  facts: { title: string; render: (item: Item) => ReactNode };
  /** A last column of what may be done with a result (refer the seeker to the vacancy), when given. */
  action?: { title: string; width: number; render: (item: Item, subject: Matches<Item>['subject']) => ReactNode };
  testId: string;
}

/**
 * A match page: the record matched for (code, name, occupation, commune) at the top, then the results best first,
 * each with its score, its main facts and why it matched; what to do when nothing matches. Loading, not found and
 * failed as on every record page.
 */
export function MatchesPage<Item extends { id: string; score: number; reasons: MatchReason[] }>({
  kind,
  fetch,
  listPath,
  subjectLabels,
  facts,
  action,
  testId,
}: MatchesPageProps<Item>) {
  const { t } = useTranslation('employment');
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const [limit, setLimit] = useState<number>(20);
  const matches = useQuery({
    queryKey: employmentKeys.matches(kind, id, limit),
    queryFn: ({ signal }) => fetch(id, limit, signal),
    placeholderData: keepPreviousData,
    retry: retryRecord,
  });
  const texts = `pages.${kind}Matches` as const;
  // Rows are as tall as their reasons: every cell reads from the top.
  const top = () => ({ style: { verticalAlign: 'top' as const } });
  const columns: ColumnsType<Item> = [
    {
      title: t('pages.rank'),
      key: 'rank',
      width: 64,
      align: 'center',
      onCell: top,
      render: (_v, _item, i) => displayNumber(i + 1),
    },
    {
      title: t('pages.score'),
      key: 'score',
      width: 120,
      align: 'center',
      onCell: top,
      render: (_v, item) => <ScoreCell score={item.score} />,
    },
    { title: facts.title, key: 'facts', width: '32%', onCell: top, render: (_v, item) => facts.render(item) },
    {
      title: t('pages.reasons'),
      key: 'reasons',
      onCell: top,
      render: (_v, item) => <ReasonLines reasons={item.reasons} />,
    },
    ...(action && matches.data
      ? [
          {
            title: action.title,
            key: 'action',
            width: action.width,
            onCell: top,
            render: (_v: unknown, item: Item) => action.render(item, matches.data.subject),
          },
        ]
      : []),
  ];
  return (
    <RecordShell
      query={matches}
      back={{ label: t('common:actions.back'), onClick: () => void navigate(listPath) }}
      title={(m) => `${m.subject.code} · ${m.subject.title}`}
      actions={() => (
        <Select
          value={limit}
          onChange={setLimit}
          options={LIMITS.map((n) => ({ value: n, label: t('pages.limit', { count: n }) }))}
          aria-label={t('pages.limitLabel')}
          style={{ width: 150 }}
        />
      )}
    >
      {(m) => (
        <Flex vertical gap={16} data-testid={testId}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xxl: 4 }}
            data-testid="match-subject"
            items={[
              { key: 'code', label: subjectLabels.code, children: m.subject.code },
              { key: 'title', label: subjectLabels.title, children: m.subject.title },
              { key: 'occupation', label: subjectLabels.occupation, children: m.subject.occupation.name },
              { key: 'commune', label: subjectLabels.commune, children: m.subject.commune?.name ?? EMPTY_VALUE },
            ]}
          />
          <Typography.Text type="secondary">
            {t('pages.scoreHelp', {
              occupation: MATCH_POINTS.occupation.same,
              distance: MATCH_POINTS.distance.same,
              pay: MATCH_POINTS.pay.fits,
              education: MATCH_POINTS.education.meets,
              skills: MATCH_POINTS.skills,
            })}{' '}
            {t(`${texts}.scope`)}
          </Typography.Text>
          <Table<Item>
            rowKey="id"
            size="middle"
            tableLayout="fixed"
            pagination={false}
            loading={matches.isFetching}
            columns={columns}
            dataSource={m.items}
            data-testid="match-results"
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    <>
                      <Typography.Paragraph strong style={{ marginBottom: 4 }}>
                        {t(`${texts}.empty`)}
                      </Typography.Paragraph>
                      <Typography.Text type="secondary">{t(`${texts}.emptyHelp`)}</Typography.Text>
                    </>
                  }
                />
              ),
            }}
          />
        </Flex>
      )}
    </RecordShell>
  );
}
