import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Tag } from 'antd';
import { NOTICE_PERMISSIONS } from '@portal/domain/training/organizations';
import { can, useAccess } from '../../../app/access.ts';
import { toast } from '../../../app/toast.ts';
import type { CatalogRecord } from '../../../catalog/api.ts';
import { errorMessage } from '../../../catalog/ListPage.tsx';
import { RecordPage } from '../../workers/index.ts';
import { organizationsApi, showDate } from './api.ts';
import { ReadOnlyRecord } from './ReadOnlyRecord.tsx';

/**
 * The department's answer to a notice: when it was acknowledged and its note; the department's note and button
 * while it waits (the unit sees that it waits).
 */
function Acknowledgement({ record, view }: { record: CatalogRecord; view: 'unit' | 'department' }) {
  const { t } = useTranslation('training');
  const access = useAccess();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [subject, action] = NOTICE_PERMISSIONS.review.split('.') as [string, string];
  const acknowledge = useMutation({
    mutationFn: () => organizationsApi.acknowledgeNotice(record.id, note.trim() || null),
    onSuccess: async () => {
      toast.success(t('notices.web.acknowledged'));
      await queryClient.invalidateQueries({ queryKey: ['catalog', 'trainingNotice'] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  if (record.status === 'acknowledged')
    return (
      <Alert
        type="success"
        showIcon
        message={t('notices.web.acknowledgedOn', { date: showDate(record.acknowledgedOn as string | null) })}
        description={(record.acknowledgementNote as string | null) ?? undefined}
      />
    );
  if (view === 'unit' || !can(access, action, subject))
    return <Alert type="info" showIcon message={t('notices.web.waiting')} />;
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        aria-label={t('notices.web.noteLabel')}
        placeholder={t('notices.web.noteLabel')}
        maxLength={2000}
        autoSize={{ minRows: 2, maxRows: 4 }}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <Button
        type="primary"
        loading={acknowledge.isPending}
        onClick={() => acknowledge.mutate()}
        style={{ alignSelf: 'flex-start' }}
        data-testid="notice-acknowledge"
      >
        {t('notices.web.acknowledge')}
      </Button>
    </Flex>
  );
}

/**
 * A notice: its acknowledgement (given here by the department) and its record, which the unit may still correct
 * until the department has acknowledged it. `view` is the unit's or the department's page of the area.
 */
function NoticePage({ view }: { view: 'unit' | 'department' }) {
  const { t } = useTranslation('training');
  return (
    <RecordPage pageId={`trainingNotice.${view}`}>
      {({ c, page, record, form, canEdit }) => (
        <Flex vertical gap={16} style={{ maxWidth: 1040 }}>
          <Card
            title={t('notices.web.acknowledgeTitle')}
            extra={
              <Tag color={record.status === 'acknowledged' ? 'green' : 'gold'}>
                {t(`notices.statuses.${String(record.status)}`)}
              </Tag>
            }
          >
            <Acknowledgement record={record} view={view} />
          </Card>
          <Card title={String(record.name ?? '')}>
            {/* An acknowledged notice is read, not edited (the server refuses changes to it anyway). */}
            {canEdit && record.status !== 'acknowledged' ? form : <ReadOnlyRecord c={c} page={page} record={record} />}
          </Card>
        </Flex>
      )}
    </RecordPage>
  );
}

export function bindView(view: 'unit' | 'department') {
  const Bound = () => <NoticePage view={view} />;
  Bound.displayName = `NoticePage(${view})`;
  return Bound;
}
