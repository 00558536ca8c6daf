import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Descriptions, Flex, Space, Tabs, Typography } from 'antd';
import { CheckOutlined, EditOutlined, FilePdfOutlined, RedoOutlined } from '@ant-design/icons';
import { RISK_ASSESSMENT_PATHS } from '@portal/domain/risk-assessment/rules';
import { toast } from '../../../app/toast.ts';
import { errorMessage } from '../../../catalog/ListPage.tsx';
import { ActionsBar, allowedActions, type RecordAction } from '../../../platform/record/index.ts';
import { assessmentPath, riskApi, type AssessmentDetails } from '../api.ts';
import { ActionPlan } from './ActionPlan.tsx';
import { HazardTable } from './HazardTable.tsx';
import { Identification } from './Identification.tsx';
import { Report } from './Report.tsx';
import { show, useRefresh } from './shared.tsx';

type Action = 'complete' | 'reassess';

/** The assessment through OiRA's five steps, each a tab, with its reports and its two moves (complete, reassess). */
export function AssessmentView({ data }: { data: AssessmentDetails }) {
  const { t } = useTranslation('riskAssessment');
  const navigate = useNavigate();
  const a = data.assessment;
  const refresh = useRefresh(a.id);
  const [tab, setTab] = useState(() => (data.hazards.length ? 'evaluation' : 'identification'));
  const [printing, setPrinting] = useState<'report' | 'plan' | null>(null);
  const print = (kind: 'report' | 'plan') => {
    setPrinting(kind);
    (kind === 'report' ? riskApi.reportPdf(a.id, a.title) : riskApi.planPdf(a.id, a.title))
      .catch((err: unknown) => toast.error(errorMessage(err)))
      .finally(() => setPrinting(null));
  };
  const owner = data.canManageMeasures;
  const declared: RecordAction<Action>[] = [
    {
      key: 'complete',
      label: t('page.complete'),
      needs: 'confirm',
      primary: true,
      icon: <CheckOutlined />,
      confirm: { content: t('page.completeConfirm') },
      'data-testid': 'risk-complete',
    },
    {
      key: 'reassess',
      label: t('page.reassess'),
      needs: 'confirm',
      icon: <RedoOutlined />,
      confirm: { content: t('page.reassessConfirm') },
      'data-testid': 'risk-reassess',
    },
  ];
  // The assessment's detail says what the caller may do as two flags rather than a list of actions.
  const allowed = [...(data.canEdit ? ['complete'] : []), ...(owner && a.status === 'completed' ? ['reassess'] : [])];
  const run = async (key: Action) => {
    if (key === 'complete') {
      const d = await riskApi.complete(a.id);
      toast.success(t('page.completed'));
      return refresh(d);
    }
    const { id } = await riskApi.reassess(a.id);
    toast.success(t('page.reassessed'));
    await refresh();
    void navigate(assessmentPath(id));
  };
  const steps = [
    {
      key: 'preparation',
      label: `1. ${t('page.steps.preparation')}`,
      children: (
        <Descriptions
          bordered
          size="small"
          column={2}
          items={[
            { key: 'business', label: t('areas.riskAssessment.fields.businessId'), children: a.businessName ?? '—' },
            { key: 'workArea', label: t('areas.riskAssessment.fields.workArea'), children: a.workArea },
            { key: 'sector', label: t('areas.riskAssessment.fields.sector'), children: t(`sectors.${a.sector}`) },
            { key: 'assessedOn', label: t('areas.riskAssessment.fields.assessedOn'), children: show(a.assessedOn) },
            { key: 'assessors', label: t('areas.riskAssessment.fields.assessors'), children: a.assessors },
            { key: 'workers', label: t('areas.riskAssessment.fields.workerCount'), children: a.workerCount ?? '—' },
            { key: 'completedOn', label: t('areas.riskAssessment.fields.completedOn'), children: show(a.completedOn) },
            { key: 'next', label: t('areas.riskAssessment.fields.nextReviewOn'), children: show(a.nextReviewOn) },
            { key: 'note', label: t('areas.riskAssessment.fields.note'), span: 2, children: a.note || '—' },
          ]}
        />
      ),
    },
    { key: 'identification', label: `2. ${t('page.steps.identification')}`, children: <Identification data={data} /> },
    {
      key: 'evaluation',
      label: `3. ${t('page.steps.evaluation')}`,
      children: <HazardTable data={data} mode="evaluation" />,
    },
    { key: 'actionPlan', label: `4. ${t('page.steps.actionPlan')}`, children: <ActionPlan data={data} /> },
    { key: 'report', label: `5. ${t('page.steps.report')}`, children: <Report data={data} /> },
  ];
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Flex gap={8} wrap>
        {data.canEdit && (
          <Button
            icon={<EditOutlined />}
            onClick={() => void navigate(RISK_ASSESSMENT_PATHS.edit.replace(':id', encodeURIComponent(a.id)))}
          >
            {t('page.edit')}
          </Button>
        )}
        <Button
          icon={<FilePdfOutlined />}
          loading={printing === 'report'}
          onClick={() => print('report')}
          data-testid="risk-report-pdf"
        >
          {t('page.reportPdf')}
        </Button>
        <Button
          icon={<FilePdfOutlined />}
          loading={printing === 'plan'}
          onClick={() => print('plan')}
          data-testid="risk-plan-pdf"
        >
          {t('page.planPdf')}
        </Button>
        <ActionsBar actions={allowedActions(declared, allowed)} onRun={run} />
      </Flex>
      {!owner && <Alert type="info" showIcon message={t('page.readOnly')} />}
      {data.reviewReasons.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="risk-due-reasons"
          message={`${t('page.due')}: ${data.reviewReasons
            .map((r) => t(`page.dueReasons.${r}`, { date: show(a.nextReviewOn) }))
            .join('; ')}`}
        />
      )}
      {a.status === 'completed' && (
        <Typography.Text type="secondary">
          {t('page.completedNote', { date: show(a.completedOn), next: show(a.nextReviewOn) })}
        </Typography.Text>
      )}
      <Tabs activeKey={tab} onChange={setTab} items={steps} />
    </Space>
  );
}
