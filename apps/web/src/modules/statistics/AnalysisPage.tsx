import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Select } from 'antd';
import { STATISTIC_GROUPS, STATISTICS, statisticBySlug } from '@portal/domain/statistics/index';
import { StatisticExplorer } from './StatisticExplorer.tsx';

/**
 * `/tong-quan/phan-tich`: any statistic, chosen on the page (`?s=<slug>`), with its measure, up to two breakdowns
 * (a cross-table with the year before beside each row), a year and a commune, all in the address; the map when one
 * breakdown is by commune.
 */
export default function AnalysisPage() {
  const { t } = useTranslation('statistics');
  const [params, setParams] = useSearchParams();
  const info = statisticBySlug(params.get('s') ?? '') ?? STATISTICS[0]!;
  const options = STATISTIC_GROUPS.map((g) => ({
    label: t(`groups.${g}`),
    title: t(`groups.${g}`),
    options: STATISTICS.filter((s) => s.group === g).map((s) => ({
      value: s.slug,
      label: t(`items.${s.key}.title`),
    })),
  })).filter((g) => g.options.length > 0);

  const choose = (slug: string) => {
    // Another statistic has other measures and breakdowns: only the year and the commune carry over.
    const next = new URLSearchParams({ s: slug });
    for (const name of ['year', 'ward']) {
      const v = params.get(name);
      if (v) next.set(name, v);
    }
    setParams(next);
  };

  return (
    <StatisticExplorer
      key={info.slug}
      info={info}
      before={
        <Select
          aria-label={t('analysis.statistic')}
          value={info.slug}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 250 }}
          options={options}
          onChange={choose}
          data-testid="analysis-statistic"
        />
      }
    />
  );
}
