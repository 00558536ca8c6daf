import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, Descriptions, Empty, Flex, List, Tag, Typography } from 'antd';
import { INSPECTION_PATHS } from '@portal/domain/inspections/features';
import { FileLink } from '../../../catalog/FileField.tsx';
import type { InspectionDetail } from '../api.ts';
import { money, showDate, useIsDepartment } from '../ui.tsx';
import { History, InspectionHead } from './InspectionHead.tsx';
import { InspectionActions } from './InspectionActions.tsx';
import { RequirementItem } from './RequirementItem.tsx';

/** A concluded (or cancelled) inspection as everyone who sees it reads it; requirements carry their own actions. */
export function InspectionView({ inspection: d }: { inspection: InspectionDetail }) {
  const { t } = useTranslation('inspections');
  const navigate = useNavigate();
  const department = useIsDepartment();
  return (
    <div data-testid="inspection-view">
      <InspectionHead inspection={d} />
      <Card title={t('pages.sections.general')} size="small" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'business', label: t('fields.business'), children: `${d.businessTaxCode} - ${d.businessName}` },
            { key: 'ward', label: t('fields.ward'), children: d.wardName ?? '—' },
            { key: 'decision', label: t('fields.decisionNumber'), children: d.decisionNumber ?? '—' },
            { key: 'decisionDate', label: t('fields.decisionDate'), children: showDate(d.decisionDate) },
            { key: 'signer', label: t('fields.decisionSigner'), children: d.decisionSigner ?? '—' },
            {
              key: 'planned',
              label: t('fields.plannedFrom'),
              children: `${showDate(d.plannedFrom)}${d.plannedTo ? ` – ${showDate(d.plannedTo)}` : ''}`,
            },
            { key: 'actual', label: t('fields.actualDate'), children: showDate(d.actualDate) },
            {
              key: 'team',
              label: t('fields.team'),
              children: d.team.length
                ? d.team.map((m) => `${m.fullName} (${t(`roles.${m.role}`)})`).join(', ')
                : t('pages.noTeam'),
            },
            { key: 'basis', label: t('fields.legalBasis'), children: d.legalBasis ?? '—', span: 2 },
            ...(d.cancelReason
              ? [{ key: 'cancel', label: t('fields.cancelReason'), children: d.cancelReason, span: 2 }]
              : []),
          ]}
        />
      </Card>
      {d.findings && (
        <Card title={t('pages.sections.findings')} size="small" style={{ marginBottom: 16 }}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{d.findings}</Typography.Paragraph>
        </Card>
      )}
      {d.conclusionNumber && (
        <Card title={t('pages.sections.conclusion')} size="small" style={{ marginBottom: 16 }}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'n', label: t('fields.conclusionNumber'), children: d.conclusionNumber },
              { key: 'd', label: t('fields.conclusionDate'), children: showDate(d.conclusionDate) },
              {
                key: 's',
                label: t('fields.conclusionSummary'),
                span: 2,
                children: <span style={{ whiteSpace: 'pre-wrap' }}>{d.conclusionSummary}</span>,
              },
              ...(d.conclusionFile
                ? [
                    {
                      key: 'f',
                      label: t('fields.conclusionFile'),
                      children: <FileLink id={d.conclusionFile.id} name={d.conclusionFile.name} />,
                    },
                  ]
                : []),
            ]}
          />
        </Card>
      )}
      <Card title={t('pages.sections.violations')} size="small" style={{ marginBottom: 16 }}>
        {d.violations.length ? (
          <List
            dataSource={d.violations}
            renderItem={(v, i) => (
              <List.Item key={v.id}>
                <List.Item.Meta
                  title={`${i + 1}. ${v.description}`}
                  description={
                    <Flex gap={8} wrap>
                      <span>{v.legalProvision}</span>
                      {v.fineAmount != null && (
                        <Tag color="red">
                          {t('fields.fineAmount')}: {money(v.fineAmount)}
                        </Tag>
                      )}
                      {v.penaltyDecisionNumber && <Tag>{v.penaltyDecisionNumber}</Tag>}
                      {v.violatingOrganizationId && <Tag color="orange">{t('fields.onViolationList')}</Tag>}
                    </Flex>
                  }
                />
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pages.noViolations')} />
        )}
      </Card>
      <Card title={t('pages.sections.requirements')} size="small" style={{ marginBottom: 16 }}>
        {d.requirements.length ? (
          <List
            dataSource={d.requirements}
            renderItem={(r, i) => <RequirementItem key={r.id} requirement={r} index={i} />}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pages.noRequirements')} />
        )}
      </Card>
      <History inspection={d} />
      <Flex gap={8} justify="space-between">
        <Button onClick={() => navigate(INSPECTION_PATHS.list)}>{t('pages.back')}</Button>
        {department && <InspectionActions inspection={d} />}
      </Flex>
    </div>
  );
}
