import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Empty, Flex, Form, Modal, Space, Table } from 'antd';
import { FileDoneOutlined, InboxOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { TRAINING_CERTIFICATE_PATHS } from '@portal/domain/training/certificates';
import { can, useAccess } from '../../../app/access.ts';
import { toast } from '../../../app/toast.ts';
import { ReferenceSelect } from '../../../catalog/fields.tsx';
import { bind, errorMessage } from '../../../catalog/ListPage.tsx';
import { catalogByKey } from '../../../catalog/registry.ts';
import { useSubmit } from '../../../platform/form/index.ts';
import { certificateKeys, certificatesApi, type CourseParticipant } from './api.ts';
import { showDate } from './ui.tsx';

/** The catalogue's list of credentials, as generated (filters, quick filters, export, import). */
const CertificateList = bind('trainingCertificate');

/**
 * Issuing without a request (an issuer's own course): pick the course, the issue date and the participants who
 * passed and hold no credential from it; the server checks that the caller is the issuer the group rule names.
 */
function IssueFromCourse({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('training');
  const queryClient = useQueryClient();
  const courses = useMemo(() => catalogByKey('training'), []);
  const [trainingId, setTrainingId] = useState<string | null>(null);
  const [issuedOn, setIssuedOn] = useState<Dayjs>(dayjs());
  const [picked, setPicked] = useState<string[] | null>(null);
  const participants = useQuery({
    queryKey: certificateKeys.course(trainingId ?? ''),
    queryFn: ({ signal }) => certificatesApi.courseParticipants(trainingId!, signal),
    enabled: !!trainingId,
  });
  const eligible = (participants.data ?? []).filter((p) => p.result === 'passed' && !p.certificateId);
  const chosen = picked ?? eligible.map((p) => p.workerId);
  const issue = useSubmit({
    send: (_: void, idempotencyKey: string) =>
      certificatesApi.issueCourse(
        trainingId!,
        { workerIds: chosen, issuedOn: issuedOn.format('YYYY-MM-DD') },
        idempotencyKey,
      ),
    onSuccess: async (r) => {
      toast.success(t('certificates.issue.done', { count: r.issued }));
      await queryClient.invalidateQueries({ queryKey: ['catalog', 'trainingCertificate'] });
      await queryClient.invalidateQueries({ queryKey: certificateKeys.all });
      setTrainingId(null);
      setPicked(null);
      onClose();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  return (
    <Modal
      open={open}
      title={t('certificates.issue.title')}
      width={760}
      okText={t('certificates.issue.confirm')}
      okButtonProps={{ disabled: !trainingId || chosen.length === 0, loading: issue.busy }}
      cancelText={t('certificates.actions.back')}
      onOk={() => void issue.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('certificates.issue.course')} required>
          <ReferenceSelect
            target={courses}
            value={trainingId}
            onChange={(v) => {
              setTrainingId(v);
              setPicked(null);
            }}
          />
        </Form.Item>
        <Form.Item label={t('certificates.issue.issuedOn')} required>
          <DatePicker
            value={issuedOn}
            format="DD/MM/YYYY"
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(d) => d && setIssuedOn(d)}
          />
        </Form.Item>
      </Form>
      {trainingId && participants.isError && <Alert type="error" showIcon message={errorMessage(participants.error)} />}
      {trainingId && !participants.isError && (
        <Table<CourseParticipant>
          size="small"
          rowKey="workerId"
          loading={participants.isFetching}
          pagination={false}
          scroll={{ y: 320 }}
          title={() => t('certificates.issue.eligible')}
          dataSource={eligible}
          locale={{ emptyText: <Empty description={t('certificates.issue.none')} /> }}
          rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setPicked(keys.map(String)) }}
          columns={[
            { title: t('requests.participants.fullName'), dataIndex: 'fullName', key: 'name' },
            {
              title: t('requests.participants.birthDate'),
              key: 'birth',
              width: 130,
              render: (_v, r) => showDate(r.birthDate),
            },
          ]}
        />
      )}
    </Modal>
  );
}

/** `/an-toan-ve-sinh-lao-dong/cap-giay-chung-nhan-huan-luyen/danh-sach`: the credentials, and issuing. */
export default function CertificateListPage() {
  const { t } = useTranslation('training');
  const access = useAccess();
  const [issuing, setIssuing] = useState(false);
  const mayIssue = can(access, 'create', 'TrainingCertificate');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {mayIssue && (
        <Card size="small">
          <Flex gap={8} wrap justify="flex-end">
            {can(access, 'read', 'TrainingCertificateRequest') && (
              <Link to={`${TRAINING_CERTIFICATE_PATHS.requests}?status=submitted`}>
                <Button icon={<InboxOutlined />}>{t('certificates.actions.requests')}</Button>
              </Link>
            )}
            <Button
              type="primary"
              icon={<FileDoneOutlined />}
              onClick={() => setIssuing(true)}
              data-testid="issue-from-course"
            >
              {t('certificates.issue.fromCourse')}
            </Button>
          </Flex>
        </Card>
      )}
      <CertificateList />
      <IssueFromCourse open={issuing} onClose={() => setIssuing(false)} />
    </Space>
  );
}
