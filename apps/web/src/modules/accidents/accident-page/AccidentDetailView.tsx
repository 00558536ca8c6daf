import { useTranslation } from 'react-i18next';
import { Alert, Descriptions } from 'antd';
import type { AccidentDetail } from '../api.ts';
import { SeverityTag, showTime } from '../ui.tsx';
import { AccidentForm } from './AccidentForm.tsx';
import { AccidentView, Routings } from './AccidentView.tsx';
import { VersionHistory } from './VersionHistory.tsx';

/** One declaration under its header: its facts, the form (declarant) or the view, routing, the history. */
export function AccidentDetailView({ detail }: { detail: AccidentDetail }) {
  const { t } = useTranslation('accidents');
  const mayAmend = detail.actions.includes('amend');
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'code',
            label: t('fields.code'),
            children: <strong data-testid="accident-code">{detail.code}</strong>,
          },
          { key: 'severity', label: t('fields.severity'), children: <SeverityTag severity={detail.severity} /> },
          {
            key: 'declarant',
            label: t('fields.declarant'),
            children: detail.businessName ?? detail.declaredByUnitName ?? '—',
          },
          { key: 'occurred', label: t('fields.occurredAt'), children: showTime(detail.occurredAt) },
          { key: 'notified', label: t('fields.notifiedAt'), children: showTime(detail.notifiedAt) },
          { key: 'ward', label: t('fields.ward'), children: detail.wardName ?? '—' },
          {
            key: 'counts',
            label: t('fields.counts'),
            children: `${detail.victimCount} / ${detail.deathCount} / ${detail.seriousCount}`,
          },
          { key: 'version', label: t('fields.version'), children: detail.version },
        ]}
      />
      {detail.status === 'returned' && detail.returnReason && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('form.returnedBanner', { reason: detail.returnReason })}
          data-testid="accident-returned"
        />
      )}
      {mayAmend ? <AccidentForm detail={detail} /> : <AccidentView detail={detail} />}
      <Routings detail={detail} />
      <VersionHistory detail={detail} />
    </>
  );
}
