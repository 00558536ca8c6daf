import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Typography,
  Upload,
} from 'antd';
import {
  CheckOutlined,
  DeleteOutlined,
  FieldTimeOutlined,
  PlusOutlined,
  SaveOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { ACCIDENT_PATHS } from '@portal/domain/accidents/features';
import { DOSSIER_KINDS } from '@portal/domain/accidents/rules';
import { DATE_FORMAT } from '@portal/domain/format';
import { ApiError } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { FileLink, uploadFile } from '../../catalog/FileField.tsx';
import { useDebounced } from '../../catalog/fields.tsx';
import { showServerErrors } from '../../platform/form/index.ts';
import { accidentApi, accidentKeys, type InvestigationDetail, type TeamMemberBody } from './api.ts';
import {
  accidentPath,
  errorText,
  InvestigationStatusTag,
  investigationPath,
  SeverityTag,
  showDate,
  showTime,
} from './ui.tsx';

interface FileRow {
  kind: string;
  fileId: string;
  fileName: string;
  note: string | null;
}

/** The team of an investigation, a row per member. */
function TeamFields() {
  const { t } = useTranslation('accidents');
  return (
    <Form.List name="team">
      {(fields, { add, remove }) => (
        <>
          {fields.map((f) => (
            <Row gutter={8} key={f.key} align="top">
              <Col xs={24} md={8}>
                <Form.Item
                  name={[f.name, 'name']}
                  rules={[{ required: true, min: 2, whitespace: true, message: t('validation.memberName') }]}
                >
                  <Input placeholder={t('investigations.memberName')} aria-label={t('investigations.memberName')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name={[f.name, 'role']}>
                  <Input placeholder={t('investigations.memberRole')} aria-label={t('investigations.memberRole')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name={[f.name, 'organisation']}>
                  <Input
                    placeholder={t('investigations.memberOrganisation')}
                    aria-label={t('investigations.memberOrganisation')}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={2}>
                <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="x" />
              </Col>
            </Row>
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() => add({ name: '', role: null, organisation: null })}
            style={{ marginBottom: 16 }}
          >
            {t('investigations.addMember')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

const cleanTeam = (team: TeamMemberBody[] | undefined): TeamMemberBody[] =>
  (team ?? [])
    .filter((m) => m?.name?.trim())
    .map((m) => ({ name: m.name.trim(), role: m.role?.trim() || null, organisation: m.organisation?.trim() || null }));

/** /…/quan-li-tai-nan-lao-dong/tao-moi: the department opens an investigation of a declared accident. */
function OpenInvestigation() {
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
  const open = useMutation({
    mutationFn: (values: { accidentId: string | null; expertExamination: boolean; team: TeamMemberBody[] }) =>
      accidentApi.open({
        accidentId: values.accidentId ?? '',
        expertExamination: !!values.expertExamination,
        team: cleanTeam(values.team),
      }),
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
        onFinish={(values) => open.mutate(values)}
        disabled={open.isPending}
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
          <Button type="primary" htmlType="submit" loading={open.isPending} data-testid="investigation-open">
            {t('investigations.create')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** The dossier's files: each a kind, the uploaded (secure) file and a note. */
function DossierFiles({ value, onChange }: { value?: FileRow[]; onChange?: (v: FileRow[]) => void }) {
  const { t } = useTranslation('accidents');
  const rows = value ?? [];
  const [kind, setKind] = useState<string>(DOSSIER_KINDS[0]);
  const [busy, setBusy] = useState(false);
  return (
    <Flex vertical gap={8} data-testid="dossier-files">
      {rows.map((r, i) => (
        <Flex key={r.fileId} gap={8} align="center" wrap>
          <Typography.Text strong style={{ minWidth: 260 }}>
            {t(`dossierKinds.${r.kind}`)}
          </Typography.Text>
          <FileLink id={r.fileId} name={r.fileName} />
          <Input
            style={{ width: 260 }}
            placeholder={t('investigations.fileNote')}
            value={r.note ?? ''}
            onChange={(e) => onChange?.(rows.map((x, j) => (j === i ? { ...x, note: e.target.value || null } : x)))}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('form.removeVictim')}
            onClick={() => onChange?.(rows.filter((_x, j) => j !== i))}
          />
        </Flex>
      ))}
      <Flex gap={8} align="center" wrap>
        <Select
          style={{ width: 300 }}
          value={kind}
          onChange={setKind}
          aria-label={t('investigations.fileKind')}
          options={DOSSIER_KINDS.map((k) => ({ value: k, label: t(`dossierKinds.${k}`) }))}
        />
        <Upload
          showUploadList={false}
          customRequest={({ file, onSuccess, onError }) => {
            setBusy(true);
            uploadFile(file as File, () => undefined, { secure: true, fileType: 'accident' })
              .then((stored) => {
                onChange?.([...rows, { kind, fileId: stored.id, fileName: stored.name, note: null }]);
                onSuccess?.(stored);
              })
              .catch((err: unknown) => {
                toast.error(errorText(err));
                onError?.(err as Error);
              })
              .finally(() => setBusy(false));
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {t('investigations.addFile')}
          </Button>
        </Upload>
      </Flex>
    </Flex>
  );
}

interface EditValues {
  expertExamination: boolean;
  team: TeamMemberBody[];
  files: FileRow[];
  conclusions: string | null;
  measures: string | null;
}

/** One investigation: its deadline, and for the department the team, dossier, extension and conclusion. */
function InvestigationView({ detail }: { detail: InvestigationDetail }) {
  const { t } = useTranslation('accidents');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EditValues>();
  const [extendForm] = Form.useForm<{ days: number; reason: string }>();
  const [concludeForm] = Form.useForm<{ concludedOn: Dayjs; conclusions: string; measures: string }>();
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
  const extend = () =>
    modal.confirm({
      title: t('investigations.extendTitle'),
      icon: null,
      content: (
        <Form form={extendForm} layout="vertical" initialValues={{ days: Math.min(10, detail.deadlineDays) }}>
          <Form.Item name="days" label={t('investigations.extensionDays')} rules={[{ required: true }]}>
            <InputNumber min={1} max={detail.deadlineDays} style={{ width: '100%' }} id="extensionDays" />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('investigations.extensionReason')}
            rules={[{ required: true, min: 5, whitespace: true, message: t('validation.reason') }]}
          >
            <Input.TextArea rows={3} maxLength={2000} id="extensionReason" />
          </Form.Item>
        </Form>
      ),
      okText: t('investigations.extend'),
      cancelText: t('form.cancel'),
      onOk: async () => {
        const v = await extendForm.validateFields();
        const saved = await accidentApi
          .extend(detail.id, { version: detail.version, days: v.days, reason: v.reason.trim() })
          .catch((err: unknown) => {
            toast.error(errorText(err));
            throw err;
          });
        toast.success(t('investigations.extended', { dueOn: showDate(saved.dueOn) }));
        await refresh();
      },
    });
  const conclude = () => {
    concludeForm.setFieldsValue({
      concludedOn: dayjs(),
      conclusions: form.getFieldValue('conclusions') ?? '',
      measures: form.getFieldValue('measures') ?? '',
    });
    modal.confirm({
      title: t('investigations.concludeTitle'),
      icon: null,
      width: 640,
      content: (
        <Form form={concludeForm} layout="vertical">
          <Form.Item name="concludedOn" label={t('investigations.concludedOn')} rules={[{ required: true }]}>
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} id="concludedOn" />
          </Form.Item>
          <Form.Item
            name="conclusions"
            label={t('investigations.conclusions')}
            rules={[{ required: true, min: 10, whitespace: true, message: t('validation.conclusions') }]}
          >
            <Input.TextArea rows={4} maxLength={8000} id="concludeConclusions" />
          </Form.Item>
          <Form.Item
            name="measures"
            label={t('investigations.measures')}
            rules={[{ required: true, min: 5, whitespace: true, message: t('validation.measures') }]}
          >
            <Input.TextArea rows={3} maxLength={8000} id="concludeMeasures" />
          </Form.Item>
        </Form>
      ),
      okText: t('investigations.conclude'),
      cancelText: t('form.cancel'),
      onOk: async () => {
        const v = await concludeForm.validateFields();
        await accidentApi
          .conclude(detail.id, {
            version: detail.version,
            concludedOn: v.concludedOn.format('YYYY-MM-DD'),
            conclusions: v.conclusions.trim(),
            measures: v.measures.trim(),
          })
          .catch((err: unknown) => {
            toast.error(errorText(err));
            throw err;
          });
        toast.success(t('investigations.concluded'));
        await refresh();
      },
    });
  };

  return (
    <Card
      title={t('investigations.editTitle', { code: detail.accidentCode })}
      extra={
        <Flex gap={8}>
          {detail.actions.includes('extend') && (
            <Button icon={<FieldTimeOutlined />} onClick={extend} data-testid="investigation-extend">
              {t('investigations.extend')}
            </Button>
          )}
          {detail.actions.includes('conclude') && (
            <Button type="primary" icon={<CheckOutlined />} onClick={conclude} data-testid="investigation-conclude">
              {t('investigations.conclude')}
            </Button>
          )}
        </Flex>
      }
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
            key: 'status',
            label: t('investigations.status'),
            children: <InvestigationStatusTag status={detail.status} overdue={detail.overdue} />,
          },
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

/** /…/quan-li-tai-nan-lao-dong/tao-moi and /…/chinh-sua/{id}. */
export default function InvestigationPage() {
  const { t } = useTranslation('accidents');
  const { id } = useParams();
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: accidentKeys.investigation(id ?? ''),
    queryFn: ({ signal }) => accidentApi.investigation(id!, signal),
    enabled: !!id,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  if (!id) return <OpenInvestigation />;
  if (detail.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (detail.isError || !detail.data)
    return (
      <Card>
        {detail.error instanceof ApiError && detail.error.status === 404 ? (
          <Empty description={t('form.notFound')} />
        ) : (
          <Alert type="error" showIcon message={errorText(detail.error)} />
        )}
        <Button style={{ marginTop: 16 }} onClick={() => void navigate(ACCIDENT_PATHS.investigations)}>
          {t('form.back')}
        </Button>
      </Card>
    );
  return <InvestigationView key={`${detail.data.id}-${detail.data.version}`} detail={detail.data} />;
}
