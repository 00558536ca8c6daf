import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker, Flex, Form, Input, InputNumber, Modal, Typography, type FormInstance } from 'antd';
import { CheckOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { DATE_FORMAT } from '@portal/domain/format';
import { toast } from '../../../app/toast.ts';
import { showServerErrors } from '../../../platform/form/index.ts';
import { ActionsBar, allowedActions, type RecordAction } from '../../../platform/record/index.ts';
import { accidentApi, accidentKeys, type InvestigationDetail } from '../api.ts';
import { showDate } from '../ui.tsx';

type Action = 'extend' | 'conclude';

interface ConcludeValues {
  concludedOn: Dayjs;
  conclusions: string;
  measures: string;
}

/** The conclusion: the date the record is published, the conclusions and measures (prefilled from the page). */
function ConcludeDialog({
  detail,
  open,
  initial,
  onClose,
}: {
  detail: InvestigationDetail;
  open: boolean;
  initial: Partial<ConcludeValues>;
  onClose: () => void;
}) {
  const { t } = useTranslation('accidents');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ConcludeValues>();
  const conclude = useMutation({
    mutationFn: (v: ConcludeValues) =>
      accidentApi.conclude(detail.id, {
        version: detail.version,
        concludedOn: v.concludedOn.format('YYYY-MM-DD'),
        conclusions: v.conclusions.trim(),
        measures: v.measures.trim(),
      }),
    onSuccess: async () => {
      toast.success(t('investigations.concluded'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: accidentKeys.all });
    },
    onError: (err) => showServerErrors(form, err, ['concludedOn', 'conclusions', 'measures']),
  });
  return (
    <Modal
      open={open}
      title={t('investigations.concludeTitle')}
      width={640}
      okText={t('investigations.conclude')}
      cancelText={t('form.cancel')}
      okButtonProps={{ loading: conclude.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => conclude.mutate(v)}>
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
    </Modal>
  );
}

/**
 * The extension's days, above the reason. It keeps its own value: the reason dialog holds the element it was
 * opened with, so the count is reported to the caller rather than passed back in.
 */
function DaysField({ initial, max, onChange }: { initial: number; max: number; onChange: (days: number) => void }) {
  const { t } = useTranslation('accidents');
  // A dialog opened again starts from the first count: tell the caller so, too.
  const [days, setDays] = useState(() => {
    onChange(initial);
    return initial;
  });
  return (
    <Flex vertical gap={4} style={{ marginBottom: 16 }}>
      <Typography.Text>{t('investigations.extensionDays')}</Typography.Text>
      <InputNumber
        min={1}
        max={max}
        value={days}
        onChange={(v) => {
          setDays(v ?? 1);
          onChange(v ?? 1);
        }}
        style={{ width: '100%' }}
        id="extensionDays"
        aria-label={t('investigations.extensionDays')}
      />
    </Flex>
  );
}

/** The department's extension (once, with its days and reason) and conclusion of an investigation. */
export function InvestigationActions({
  detail,
  form,
}: {
  detail: InvestigationDetail;
  /** The page's form: the conclusion starts from the conclusions and measures typed there. */
  form: Pick<FormInstance, 'getFieldValue'>;
}) {
  const { t } = useTranslation('accidents');
  const queryClient = useQueryClient();
  const firstDays = Math.min(10, detail.deadlineDays);
  const days = useRef(firstDays);
  const [concluding, setConcluding] = useState<Partial<ConcludeValues> | null>(null);
  const declared: RecordAction<Action>[] = [
    {
      key: 'extend',
      label: t('investigations.extend'),
      needs: 'reason',
      icon: <FieldTimeOutlined />,
      'data-testid': 'investigation-extend',
      reason: {
        title: t('investigations.extendTitle'),
        label: t('investigations.extensionReason'),
        hint: (
          <DaysField
            initial={firstDays}
            max={detail.deadlineDays}
            onChange={(n) => {
              days.current = n;
            }}
          />
        ),
      },
    },
    {
      key: 'conclude',
      label: t('investigations.conclude'),
      primary: true,
      icon: <CheckOutlined />,
      'data-testid': 'investigation-conclude',
    },
  ];
  const run = async (key: Action, { reason }: { reason?: string }) => {
    if (key === 'conclude')
      return setConcluding({
        concludedOn: dayjs(),
        conclusions: (form.getFieldValue('conclusions') as string | null) ?? '',
        measures: (form.getFieldValue('measures') as string | null) ?? '',
      });
    const saved = await accidentApi.extend(detail.id, {
      version: detail.version,
      days: days.current,
      reason: reason ?? '',
    });
    toast.success(t('investigations.extended', { dueOn: showDate(saved.dueOn) }));
    await queryClient.invalidateQueries({ queryKey: accidentKeys.all });
  };
  return (
    <>
      <ActionsBar actions={allowedActions(declared, detail.actions)} onRun={run} />
      <ConcludeDialog
        detail={detail}
        open={concluding !== null}
        initial={concluding ?? {}}
        onClose={() => setConcluding(null)}
      />
    </>
  );
}
