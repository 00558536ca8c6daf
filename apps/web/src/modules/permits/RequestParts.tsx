import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Alert, Card, Col, DatePicker, Descriptions, Flex, Form, Input, Modal, Row, Timeline, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { maxValidTo } from '@portal/domain/permits/rules';
import type { PermitDetail } from '@portal/domain/permits/schemas';
import { ApiError } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { showServerErrors } from '../../platform/form/index.ts';
import { permitsApi } from './api.ts';
import { requestPath, showDate, showPeriod, showTime, StatusTag, useCountryName } from './ui.tsx';

/** The parts of a request's page: its summary, history and outcome, and the grant dialog. */

export function Summary({ detail }: { detail: PermitDetail }) {
  const { t } = useTranslation('permits');
  const navigate = useNavigate();
  const country = useCountryName();
  return (
    <Descriptions size="small" column={1} bordered styles={{ label: { width: 130 } }}>
      <Descriptions.Item label={t('fields.status')}>
        <StatusTag status={detail.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.kind')}>{t(`kinds.${detail.kind}`)}</Descriptions.Item>
      <Descriptions.Item label={t('fields.number')}>
        <span data-testid="permit-number">{detail.number ?? '—'}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.validity')}>
        <span data-testid="permit-validity">{showPeriod(detail.validFrom, detail.validTo)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.worker')}>
        {detail.workerName} ({country(detail.nationality)})
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.business')}>{detail.businessName}</Descriptions.Item>
      {detail.parent && (
        <Descriptions.Item label={t('fields.parent')}>
          <Typography.Link onClick={() => navigate(requestPath(detail.parent!.kind, detail.parent!.id))}>
            {detail.parent.number ?? '—'}
          </Typography.Link>
        </Descriptions.Item>
      )}
      {detail.submittedAt && (
        <Descriptions.Item label={t('fields.submittedAt')}>{showTime(detail.submittedAt)}</Descriptions.Item>
      )}
      {detail.decidedAt && (
        <Descriptions.Item label={t('fields.decidedAt')}>
          {showTime(detail.decidedAt)}
          {detail.decidedByName ? ` · ${detail.decidedByName}` : ''}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

export function History({ detail }: { detail: PermitDetail }) {
  const { t } = useTranslation('permits');
  return (
    <Card title={t('detail.history')} size="small" style={{ marginTop: 16 }}>
      <Timeline
        items={[...detail.history].reverse().map((e) => ({
          key: `${e.at}-${e.action}`,
          content: (
            <Flex vertical>
              <Typography.Text strong>{t(`actions.${e.action}`, { defaultValue: e.action })}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {showTime(e.at)}
                {e.actorName ? ` · ${e.actorName}` : ''}
              </Typography.Text>
              {e.reason && <Typography.Text>{e.reason}</Typography.Text>}
            </Flex>
          ),
        }))}
      />
    </Card>
  );
}

export function Outcome({ detail }: { detail: PermitDetail }) {
  const { t } = useTranslation('permits');
  if (detail.status === 'returned' && detail.returnReason) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('detail.returned')}
        description={detail.returnReason}
        data-testid="permit-return-reason"
      />
    );
  }
  if (detail.status === 'submitted' && detail.returnReason) {
    return <Alert type="info" showIcon title={t('detail.previouslyReturned')} description={detail.returnReason} />;
  }
  if (detail.status === 'rejected') {
    return <Alert type="error" showIcon title={t('detail.rejected')} description={detail.rejectReason} />;
  }
  if (detail.status === 'approved' || detail.status === 'expired') {
    return (
      <Alert
        type={detail.status === 'approved' ? 'success' : 'info'}
        showIcon
        data-testid="permit-granted"
        title={t(detail.status === 'approved' ? 'detail.granted' : 'detail.expiredNotice', {
          number: detail.number,
          from: showDate(detail.validFrom),
          to: showDate(detail.validTo),
        })}
        description={detail.decisionNote}
      />
    );
  }
  return null;
}

interface ApproveValues {
  validFrom: Dayjs;
  validTo: Dayjs;
  note?: string;
}

/** The department's grant, in a dialog: the validity prefilled by the law, and a note. */
export function ApproveDialog({
  detail,
  open,
  onClose,
  onDone,
}: {
  detail: PermitDetail;
  open: boolean;
  onClose: () => void;
  onDone: (d: PermitDetail) => Promise<void>;
}) {
  const { t } = useTranslation('permits');
  const [approveForm] = Form.useForm<ApproveValues>();
  const proposal = detail.proposedValidity;
  const decide = useMutation({
    mutationFn: async () => {
      const v = await approveForm.validateFields();
      return permitsApi.approve({
        id: detail.id,
        version: detail.version,
        validFrom: v.validFrom.format('YYYY-MM-DD'),
        validTo: v.validTo.format('YYYY-MM-DD'),
        note: v.note?.trim() || null,
      });
    },
    onSuccess: async (d) => {
      toast.success(t('messages.decided.approve', { number: d.number ?? '' }));
      await onDone(d);
    },
    onError: (err) => {
      if (err instanceof ApiError) showServerErrors(approveForm, err, ['validFrom', 'validTo', 'note']);
    },
  });
  return (
    <Modal
      open={open}
      title={t('review.approveTitle')}
      okText={t('actions.approve')}
      okButtonProps={{ loading: decide.isPending }}
      cancelText={t('form.cancel')}
      onOk={() => decide.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ApproveValues>
        form={approveForm}
        layout="vertical"
        preserve={false}
        initialValues={{
          validFrom: dayjs(proposal?.validFrom),
          validTo: dayjs(proposal?.validTo),
        }}
      >
        <Typography.Paragraph type="secondary">{t(`review.validityRule.${detail.kind}`)}</Typography.Paragraph>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="validFrom"
              label={t('fields.validFrom')}
              rules={[{ required: true, message: t('validation.required') }]}
            >
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} disabled={proposal?.fixedFrom} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="validTo"
              label={t('fields.validTo')}
              dependencies={['validFrom']}
              rules={[
                { required: true, message: t('validation.required') },
                ({ getFieldValue }) => ({
                  validator: async (_r, value: Dayjs | null) => {
                    const from = getFieldValue('validFrom') as Dayjs | null;
                    if (!from || !value) return;
                    const max = maxValidTo(from.format('YYYY-MM-DD'));
                    if (value.isBefore(from, 'day')) throw new Error(t('rules.periodOrder'));
                    if (value.format('YYYY-MM-DD') > max)
                      throw new Error(t('rules.periodTooLong', { years: 2, max: dayjs(max).format('DD/MM/YYYY') }));
                  },
                }),
              ]}
            >
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} disabled={proposal?.fixedTo} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="note" label={t('review.note')}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
