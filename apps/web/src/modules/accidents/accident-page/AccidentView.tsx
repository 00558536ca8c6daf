import { useTranslation } from 'react-i18next';
import { Card, Descriptions, Table, Typography } from 'antd';
import type { AccidentDetail } from '../api.ts';
import { money, showTime } from '../ui.tsx';
import { routingRowKey } from './values.ts';

/** The declaration as it stands, for those who may not amend it. */
export function AccidentView({ detail }: { detail: AccidentDetail }) {
  const { t } = useTranslation('accidents');
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'place', label: t('fields.place'), children: detail.place, span: 2 },
          { key: 'description', label: t('fields.description'), children: detail.description, span: 2 },
          { key: 'reason', label: t('fields.accidentReason'), children: detail.accidentReasonName ?? '—' },
          { key: 'element', label: t('fields.injuryElement'), children: detail.injuryElementName ?? '—' },
          { key: 'property', label: t('fields.propertyDamage'), children: money(detail.propertyDamage) },
          { key: 'other', label: t('fields.otherCost'), children: money(detail.otherCost) },
          {
            key: 'allowance',
            label: t('fields.allowanceCase'),
            children: detail.allowanceCase ? t('form.yes') : t('form.no'),
          },
          { key: 'risk', label: t('fields.riskAssessment'), children: detail.riskAssessmentTitle ?? '—' },
          {
            key: 'reporter',
            label: t('fields.reporterName'),
            children: [detail.reporterName, detail.reporterPhone].filter(Boolean).join(' – ') || '—',
          },
        ]}
      />
      <Table
        style={{ marginTop: 16 }}
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={detail.victims}
        data-testid="victim-table"
        columns={[
          { title: t('fields.victim.fullName'), dataIndex: 'fullName', key: 'fullName' },
          { title: t('fields.victim.birthYear'), dataIndex: 'birthYear', key: 'birthYear', width: 90 },
          { title: t('fields.victim.occupation'), dataIndex: 'occupationName', key: 'occupation', ellipsis: true },
          { title: t('fields.victim.injuryType'), dataIndex: 'injuryTypeName', key: 'injury', ellipsis: true },
          {
            title: t('fields.victim.severity'),
            key: 'severity',
            width: 130,
            render: (_v, v) => t(`victimSeverities.${v.severity}`),
          },
          { title: t('fields.victim.daysOff'), dataIndex: 'daysOff', key: 'daysOff', width: 90, align: 'right' },
          {
            title: t('fields.victim.medicalCost'),
            key: 'medical',
            width: 140,
            align: 'right',
            render: (_v, v) => money(v.medicalCost),
          },
        ]}
      />
    </>
  );
}

/** Whom the declaration was routed to, by which rule, when. */
export function Routings({ detail }: { detail: AccidentDetail }) {
  const { t } = useTranslation('accidents');
  return (
    <Card size="small" title={t('form.routingTitle')} style={{ marginTop: 16 }} data-testid="accident-routings">
      {detail.routings.length === 0 ? (
        <Typography.Text type="secondary">{t('form.routingEmpty')}</Typography.Text>
      ) : (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {detail.routings.map((r) => (
            <li key={r.ruleCode} data-testid={`routing-${r.ruleCode}`}>
              {/* No account in the portal (the police): nobody was told here, it must go another way. */}
              <Typography.Text {...(r.notifiedUsers === 0 ? { type: 'warning' as const } : {})}>
                {t(routingRowKey(r), {
                  recipient: t(`recipients.${r.recipient}`),
                  name: r.recipientName,
                  rule: r.ruleCode,
                  basis: r.legalBasis ?? '',
                  at: showTime(r.routedAt),
                  users: r.notifiedUsers,
                })}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
