import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Descriptions, Flex, Form, Select, Typography } from 'antd';
import { ACCIDENT_PATHS } from '@portal/domain/accidents/features';
import { toast } from '../../../app/toast.ts';
import { useDebounced } from '../../../catalog/fields.tsx';
import { showServerErrors, useSubmit } from '../../../platform/form/index.ts';
import { accidentApi, accidentKeys, type TeamMemberBody } from '../api.ts';
import { accidentPath, investigationPath, SeverityTag, showDate, showTime } from '../ui.tsx';
import { cleanTeam, TeamFields } from './fields.tsx';

/** /…/quan-li-tai-nan-lao-dong/tao-moi: the department opens an investigation of a declared accident. */
export function OpenInvestigation() {
  const { t } = useTranslation('accidents');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [form] = Form.useForm<{ accidentId: string | null; expertExamination: boolean; team: TeamMemberBody[] }>();
  const [keyWord, setKeyWord] = useState('');
  const search = useDebounced(keyWord);
  const accidentId = Form.useWatch('accidentId', form) ?? params.get('accidentId');
  const candidates = useQuery({
    queryKey: accidentKeys.list({ picker: true, search }),
    queryFn: ({ signal }) => accidentApi.list({ keyWord: search, pageSize: 50, status: 'declared' }, signal),
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery({
    queryKey: accidentKeys.detail(accidentId ?? ''),
    queryFn: ({ signal }) => accidentApi.detail(accidentId!, signal),
    enabled: !!accidentId,
  });
  const open = useSubmit({
    send: (
      values: { accidentId: string | null; expertExamination: boolean; team: TeamMemberBody[] },
      idempotencyKey: string,
    ) =>
      accidentApi.open(
        {
          accidentId: values.accidentId ?? '',
          expertExamination: !!values.expertExamination,
          team: cleanTeam(values.team),
        },
        idempotencyKey,
      ),
    onSuccess: async (saved) => {
      toast.success(t('investigations.opened', { dueOn: showDate(saved.dueOn) }));
      await queryClient.invalidateQueries({ queryKey: accidentKeys.all });
      void navigate(investigationPath(saved.id), { replace: true });
    },
    onError: (err) => showServerErrors(form, err, ['accidentId', 'expertExamination', 'team']),
  });
  const options = [
    ...(chosen.data && !(candidates.data?.pageLists ?? []).some((a) => a.id === chosen.data.id) ? [chosen.data] : []),
    ...(candidates.data?.pageLists ?? []),
  ];
  return (
    <Card title={t('investigations.createTitle')}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ accidentId: params.get('accidentId'), expertExamination: false, team: [] }}
        onFinish={(values) => void open.submit(values)}
        disabled={open.busy}
      >
        <Form.Item
          name="accidentId"
          label={t('investigations.accident')}
          rules={[{ required: true, message: t('investigations.pickAccident') }]}
        >
          <Select
            id="accidentId"
            showSearch={{ filterOption: false, onSearch: setKeyWord }}
            placeholder={t('investigations.pickAccident')}
            loading={candidates.isFetching}
            options={options.map((a) => ({
              value: a.id,
              label: `${a.code} — ${a.businessName ?? a.declaredByUnitName ?? ''} — ${t(`severities.${a.severity}`)}`,
            }))}
          />
        </Form.Item>
        {chosen.data && (
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2 }}
            style={{ marginBottom: 16 }}
            items={[
              {
                key: 'code',
                label: t('fields.code'),
                children: <Link to={accidentPath(chosen.data.id)}>{chosen.data.code}</Link>,
              },
              {
                key: 'severity',
                label: t('fields.severity'),
                children: <SeverityTag severity={chosen.data.severity} />,
              },
              { key: 'notified', label: t('fields.notifiedAt'), children: showTime(chosen.data.notifiedAt) },
              { key: 'place', label: t('fields.place'), children: chosen.data.place },
            ]}
          />
        )}
        <Form.Item name="expertExamination" valuePropName="checked">
          <Checkbox id="expertExamination">{t('investigations.expertExamination')}</Checkbox>
        </Form.Item>
        <Typography.Title level={5}>{t('investigations.team')}</Typography.Title>
        <TeamFields />
        <Flex gap={8} justify="flex-end">
          <Button onClick={() => void navigate(ACCIDENT_PATHS.investigations)} disabled={false}>
            {t('form.back')}
          </Button>
          <Button type="primary" htmlType="submit" loading={open.busy} data-testid="investigation-open">
            {t('investigations.create')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
