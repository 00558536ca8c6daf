import { useTranslation } from 'react-i18next';
import { Card, Descriptions, Space, Table, Tag } from 'antd';
import { RISK_LEVELS } from '@portal/domain/risk-assessment/rules';
import type { AssessmentDetails } from '../api.ts';
import { LEVEL_COLORS, money, show } from './shared.tsx';

/** Step 5: the totals, and the accidents that happened where the assessment applies. */
export function Report({ data }: { data: AssessmentDetails }) {
  const { t } = useTranslation('riskAssessment');
  const s = data.summary;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        bordered
        size="small"
        column={2}
        items={[
          { key: 'hazards', label: t('page.hazards'), children: t('page.summary', s) },
          {
            key: 'levels',
            label: t('page.level'),
            children: (
              <Space size={4} wrap>
                {[...RISK_LEVELS].reverse().map((l) => (
                  <Tag key={l} color={LEVEL_COLORS[l]}>{`${t(`levels.${l}`)}: ${s.levels[l]}`}</Tag>
                ))}
              </Space>
            ),
          },
          {
            key: 'measures',
            label: t('page.measures'),
            span: 2,
            children: t('page.totals', {
              measures: s.measures,
              done: s.measuresDone,
              overdue: s.measuresOverdue,
              cost: money(s.cost),
            }),
          },
        ]}
      />
      <Card size="small" title={t('page.accidents')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={data.accidents}
          data-testid="risk-accidents"
          locale={{ emptyText: t('page.noAccidents') }}
          columns={[
            { title: t('page.accidentCode'), dataIndex: 'code', width: 160 },
            { title: t('page.accidentDate'), width: 120, render: (_v, a) => show(a.occurredOn) },
            { title: t('page.accidentPlace'), dataIndex: 'place' },
            {
              title: t('page.accidentSeverity'),
              width: 120,
              render: (_v, a) => t(`page.accidentSeverities.${a.severity}`, { defaultValue: a.severity }),
            },
            {
              title: '',
              width: 200,
              render: (_v, a) => (a.afterCompletion ? <Tag color="red">{t('page.afterCompletion')}</Tag> : null),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
