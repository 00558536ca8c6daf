import { useTranslation } from 'react-i18next';
import { Card, Flex, Timeline, Typography } from 'antd';
import { formatDateTime } from '@portal/domain/format';
import type { InspectionDetail } from '../api.ts';
import { StatusTag } from '../ui.tsx';

/** Every step with its date, who took it and the reason given (a return, a cancellation). */
export function History({ inspection: d }: { inspection: InspectionDetail }) {
  const { t } = useTranslation('inspections');
  if (!d.history.length) return null;
  return (
    <Card title={t('history.title')} size="small" style={{ marginBottom: 16 }}>
      <Timeline
        items={d.history.map((e, i) => ({
          key: i,
          color: e.action === 'return' || e.action === 'cancel' ? 'red' : e.action === 'close' ? 'green' : 'blue',
          content: (
            <span>
              <Typography.Text type="secondary">{formatDateTime(e.at)}</Typography.Text> ·{' '}
              {t(`history.${e.action}`, { defaultValue: e.action })}
              {e.actorName ? ` — ${e.actorName}` : ''}
              {e.reason ? `: ${e.reason}` : ''}
            </span>
          ),
        }))}
      />
    </Card>
  );
}

/** The header: the employer inspected, the state tag, the kind, topic and decision. */
export function InspectionHead({ inspection: d }: { inspection: InspectionDetail }) {
  const { t } = useTranslation('inspections');
  return (
    <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {d.businessName}
      </Typography.Title>
      <StatusTag status={d.status} />
      <Typography.Text type="secondary">
        {t(`kinds.${d.kind}`)} · {t(`topics.${d.topic}`)} · {d.decisionNumber ?? t('pages.noNumber')}
      </Typography.Text>
    </Flex>
  );
}
