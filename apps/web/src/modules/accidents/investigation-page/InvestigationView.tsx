import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Col, Descriptions, Flex, Form, Input, Row, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { ACCIDENT_PATHS } from '@portal/domain/accidents/features';
import { toast } from '../../../app/toast.ts';
import { FileLink } from '../../../catalog/FileField.tsx';
import { showServerErrors } from '../../../platform/form/index.ts';
import { recordCardHead } from '../../../platform/record/index.ts';
import { accidentApi, accidentKeys, type InvestigationDetail, type TeamMemberBody } from '../api.ts';
import { accidentPath, InvestigationStatusTag, SeverityTag, showDate } from '../ui.tsx';
import { cleanTeam, DossierFiles, TeamFields, type FileRow } from './fields.tsx';
import { InvestigationActions } from './InvestigationActions.tsx';

interface EditValues {
  expertExamination: boolean;
  team: TeamMemberBody[];
  files: FileRow[];
  conclusions: string | null;
  measures: string | null;
}

/** One investigation: its deadline, and for the department the team, dossier, extension and conclusion. */
export function InvestigationView({ detail }: { detail: InvestigationDetail }) {
  const { t } = useTranslation('accidents');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EditValues>();
  const editable = detail.actions.includes('update');
  const initialValues = useMemo<EditValues>(
    () => ({
      expertExamination: detail.expertExamination,
      team: detail.team,
      files: detail.files.map((f) => ({ kind: f.kind, fileId: f.fileId, fileName: f.fileName, note: f.note })),
      conclusions: detail.conclusions,
      measures: detail.measures,
    }),
    [detail],
  );
  useEffect(() => form.resetFields(), [form, initialValues]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accidentKeys.all });
  const save = useMutation({
    mutationFn: (v: EditValues) =>
      accidentApi.update(detail.id, {
        version: detail.version,
        expertExamination: !!v.expertExamination,
        team: cleanTeam(v.team),
        files: (v.files ?? []).map((f) => ({ kind: f.kind, fileId: f.fileId, note: f.note })),
        conclusions: v.conclusions?.trim() || null,
        measures: v.measures?.trim() || null,
      }),
    onSuccess: async () => {
      toast.success(t('investigations.saved'));
      await refresh();
    },
    onError: (err) => showServerErrors(form, err, ['expertExamination', 'team', 'files', 'conclusions', 'measures']),
  });

  return (
    <Card
      {...recordCardHead({
        title: t('investigations.editTitle', { code: detail.accidentCode }),
        status: <InvestigationStatusTag status={detail.status} overdue={detail.overdue} />,
        back: { label: t('form.back'), onClick: () => void navigate(ACCIDENT_PATHS.investigations) },
        actions: <InvestigationActions detail={detail} form={form} />,
      })}
    >
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'accident',
            label: t('investigations.accident'),
            children: <Link to={accidentPath(detail.accidentId)}>{detail.accidentCode}</Link>,
          },
          { key: 'severity', label: t('fields.severity'), children: <SeverityTag severity={detail.severity} /> },
          {
            key: 'class',
            label: t('investigations.class'),
            children: t(`investigationClasses.${detail.investigationClass}`),
          },
          { key: 'notified', label: t('investigations.notifiedOn'), children: showDate(detail.notifiedOn) },
          {
            key: 'days',
            label: t('investigations.deadlineDays'),
            children: <span data-testid="investigation-days">{detail.deadlineDays}</span>,
          },
          {
            key: 'due',
            label: t('investigations.dueOn'),
            children: <strong data-testid="investigation-due">{showDate(detail.dueOn)}</strong>,
          },
          { key: 'basis', label: t('investigations.legalBasis'), children: detail.legalBasis, span: 2 },
          ...(detail.extended
            ? [
                {
                  key: 'extended',
                  label: t('investigations.extend'),
                  children: t('investigations.extendedNote', {
                    days: detail.extensionDays ?? 0,
                    reason: detail.extensionReason ?? '',
                  }),
                  span: 3,
                },
              ]
            : []),
          ...(detail.concludedOn
            ? [{ key: 'concluded', label: t('investigations.concludedOn'), children: showDate(detail.concludedOn) }]
            : []),
        ]}
      />
      <Form<EditValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        disabled={!editable || save.isPending}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="expertExamination" valuePropName="checked">
          <Checkbox id="expertExamination">{t('investigations.expertExamination')}</Checkbox>
        </Form.Item>
        <Typography.Title level={5}>{t('investigations.team')}</Typography.Title>
        {editable ? (
          <TeamFields />
        ) : (
          <ul>
            {detail.team.map((m, i) => (
              <li key={i}>{[m.name, m.role, m.organisation].filter(Boolean).join(' — ')}</li>
            ))}
          </ul>
        )}
        <Typography.Title level={5}>{t('investigations.files')}</Typography.Title>
        <Form.Item name="files">
          {editable ? (
            <DossierFiles />
          ) : (
            <Flex vertical gap={4}>
              {detail.files.length === 0 && (
                <Typography.Text type="secondary">{t('investigations.noFiles')}</Typography.Text>
              )}
              {detail.files.map((f) => (
                <span key={f.fileId}>
                  {t(`dossierKinds.${f.kind}`)}: <FileLink id={f.fileId} name={f.fileName} />
                </span>
              ))}
            </Flex>
          )}
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="conclusions" label={t('investigations.conclusions')}>
              <Input.TextArea rows={4} maxLength={8000} id="conclusions" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="measures" label={t('investigations.measures')}>
              <Input.TextArea rows={4} maxLength={8000} id="measures" />
            </Form.Item>
          </Col>
        </Row>
        {editable && (
          <Flex justify="flex-end">
            <Button
              type="primary"
              htmlType="submit"
              icon={<SaveOutlined />}
              loading={save.isPending}
              data-testid="investigation-save"
            >
              {t('investigations.save')}
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
