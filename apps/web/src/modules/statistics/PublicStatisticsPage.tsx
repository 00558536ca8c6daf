import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Select, Skeleton, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  DISCLOSURE_MIN,
  STATISTIC_GROUPS,
  STATISTICS,
  statisticBySlug,
  type StatisticDimension,
} from '@portal/domain/statistics/index';
import { defaultYear, yearOptions } from '@portal/domain/format';
import { useConfiguration } from '../../app/configuration.ts';
import { PublicTitledPage } from '../home/index.ts';
import { retryServerErrors } from '../lookups/index.ts';
import { statisticsApi, statisticsKeys } from './api.ts';
import { errorText, Figures, SummaryLine, unitOf, useFigureFormat } from './ui.tsx';
import { useWardMap } from './ward-map.ts';

/** The public set, in the declarations' order. */
const PUBLIC = STATISTICS.filter((s) => s.public);

/**
 * `/thong-ke-cong-khai`: for everyone, the statistics of the public set (`?s=<slug>&by=&year=`), each with its chart
 * beside its table and links to its open data (CSV, JSON). Counts below DISCLOSURE_MIN come suppressed from the API
 * and read "< 5"; no commune or value filter beyond the breakdown (aggregates only).
 */
export default function PublicStatisticsPage() {
  const { t } = useTranslation('statistics');
  const [params, setParams] = useSearchParams();
  const info = statisticBySlug(params.get('s') ?? '');
  const chosen = info?.public ? info : PUBLIC[0];
  const byParam = params.get('by') as StatisticDimension | null;
  const by = chosen && byParam && chosen.dimensions.includes(byParam) ? byParam : chosen?.dimensions[0];
  const yearParam = Number(params.get('year'));
  const year = Number.isInteger(yearParam) && yearParam >= 2000 && yearParam <= 2100 ? yearParam : undefined;
  const query = useMemo(
    () => ({ ...(by ? { by } : {}), ...(year ? { year: String(year) } : {}) }) as Record<string, string>,
    [by, year],
  );
  const answer = useQuery({
    queryKey: statisticsKeys.public(chosen?.slug ?? '', query),
    queryFn: ({ signal }) => statisticsApi.public(chosen!.slug, query, signal),
    enabled: Boolean(chosen),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
  const province = useConfiguration()?.provinceCode ?? null;
  const wardMap = useWardMap(by === 'ward' ? province : null);
  const a = answer.data && answer.data.slug === chosen?.slug ? answer.data : undefined;
  const format = useFigureFormat(chosen ? unitOf(chosen, a?.measure ?? chosen.measures[0]!.key) : 'count');

  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const options = STATISTIC_GROUPS.map((g) => ({
    label: t(`groups.${g}`),
    title: t(`groups.${g}`),
    options: PUBLIC.filter((s) => s.group === g).map((s) => ({ value: s.slug, label: t(`items.${s.key}.title`) })),
  })).filter((g) => g.options.length > 0);

  return (
    <PublicTitledPage
      title={t('public.title')}
      intro={t('public.intro')}
      privacy={t('public.privacy', { min: DISCLOSURE_MIN })}
    >
      {!chosen ? (
        <Empty description={t('public.none')} />
      ) : (
        <Card>
          <Flex vertical gap={12}>
            <Flex wrap gap={8} justify="space-between" align="center">
              <Flex wrap gap={8}>
                <Select
                  aria-label={t('public.statistic')}
                  value={chosen.slug}
                  showSearch={{ optionFilterProp: 'label' }}
                  style={{ width: 320 }}
                  options={options}
                  onChange={(slug: string) => set({ s: slug, by: null })}
                  data-testid="public-statistic"
                />
                <Select
                  aria-label={t('page.year')}
                  value={year ?? a?.year ?? defaultYear()}
                  style={{ width: 96 }}
                  options={yearOptions().map((y) => ({ value: y, label: String(y) }))}
                  onChange={(v: number) => set({ year: v === defaultYear() ? null : String(v) })}
                />
                {chosen.dimensions.length > 1 && (
                  <Select
                    aria-label={t('page.by')}
                    prefix={t('page.by')}
                    value={by}
                    style={{ width: 230 }}
                    options={chosen.dimensions.map((d) => ({ value: d, label: t(`dimensions.${d}`) }))}
                    onChange={(v: StatisticDimension) => set({ by: v === chosen.dimensions[0] ? null : v })}
                    data-testid="public-by"
                  />
                )}
              </Flex>
              <Space wrap>
                <Typography.Text type="secondary">{t('public.openData')}:</Typography.Text>
                <Button
                  icon={<DownloadOutlined />}
                  href={statisticsApi.openDataUrl(chosen.slug, 'csv')}
                  data-testid="public-open-data-csv"
                >
                  {t('public.csv')}
                </Button>
                <Button icon={<DownloadOutlined />} href={statisticsApi.openDataUrl(chosen.slug, 'json')}>
                  {t('public.json')}
                </Button>
              </Space>
            </Flex>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t(`items.${chosen.key}.description`)}
            </Typography.Paragraph>
            {answer.isError && (
              <Alert type="error" showIcon message={t('page.loadFailed')} description={errorText(answer.error)} />
            )}
            {!a && answer.isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
            {a && (
              <Flex vertical gap={16} style={{ opacity: answer.isPlaceholderData ? 0.6 : 1 }}>
                <SummaryLine answer={a} format={format} />
                {a.suppressed && (
                  <Typography.Text type="secondary">
                    {t('public.suppressedNote', { min: DISCLOSURE_MIN })}
                  </Typography.Text>
                )}
                <Figures
                  answer={a}
                  info={chosen}
                  title={t(`items.${chosen.key}.title`)}
                  format={format}
                  wardMap={wardMap.data}
                  emptyHint={t('page.emptyHint')}
                />
              </Flex>
            )}
          </Flex>
        </Card>
      )}
    </PublicTitledPage>
  );
}
