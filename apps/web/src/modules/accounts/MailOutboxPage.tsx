import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Modal, Select, Skeleton, Tag } from 'antd';
import { apiFetch } from '../../app/api-client.ts';
import { listQuery, type OutboxMail, type Page } from './api.ts';
import { formatDateTime, useAccountsText } from './common.tsx';
import './accounts.css';
import { SearchBox, type ListColumn, ServerTable, useUrlListState } from '../../platform/list/index.tsx';

const COLORS: Record<string, string> = { sent: 'green', outbox: 'blue', pending: 'gold', failed: 'red' };

function MailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useAccountsText();
  const mail = useQuery({
    queryKey: ['accounts', 'outbox', id],
    queryFn: ({ signal }) => apiFetch<OutboxMail>(`/api/MailOutbox/get-by-id/${id}`, { signal }),
  });
  const m = mail.data;
  return (
    <Modal
      open
      width={760}
      title={m?.subject ?? t('outbox.mail')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('actions.close')}</Button>}
    >
      {!m ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('outbox.fields.to')}>{m.toAddress}</Descriptions.Item>
            <Descriptions.Item label={t('outbox.fields.createdAt')}>
              {formatDateTime(m.createdAt, i18n.language)}
            </Descriptions.Item>
            <Descriptions.Item label={t('outbox.fields.status')}>
              <Tag color={COLORS[m.status]}>{t(`outbox.status.${m.status}`)}</Tag>
            </Descriptions.Item>
            {m.lastError && <Descriptions.Item label={t('outbox.fields.lastError')}>{m.lastError}</Descriptions.Item>}
          </Descriptions>
          {m.textBody ? (
            <pre className="acc-mail-body" data-testid="outbox-body">
              {m.textBody}
            </pre>
          ) : (
            <Alert type="info" showIcon title={t('outbox.bodyGone')} />
          )}
        </>
      )}
    </Modal>
  );
}

/** The system's outgoing mail: what stayed in the outbox (no SMTP server), what is waiting, sent or failed. */
export default function MailOutboxPage() {
  const { t, i18n } = useAccountsText();
  // Paging, sorting and filters in the address, as every list.
  const state = useUrlListState();
  const filters = { ...state.paging, keyWord: state.get('q'), status: state.get('status') || undefined };
  const [open, setOpen] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['accounts', 'outbox', filters],
    queryFn: ({ signal }) =>
      apiFetch<Page<OutboxMail> & { smtp: boolean }>('/api/MailOutbox/get-paging', {
        signal,
        query: listQuery(filters),
      }),
    placeholderData: keepPreviousData,
  });
  const columns: ListColumn<OutboxMail>[] = [
    {
      key: 'createdAt',
      priority: 2,
      title: t('outbox.fields.createdAt'),
      sorter: true,
      width: 150,
      render: (_, m) => formatDateTime(m.createdAt, i18n.language),
    },
    { key: 'toAddress', dataIndex: 'toAddress', title: t('outbox.fields.to'), sorter: true, ellipsis: true },
    {
      key: 'subject',
      title: t('outbox.fields.subject'),
      sorter: true,
      ellipsis: true,
      render: (_, m) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(m.id)}>
          {m.subject}
        </Button>
      ),
    },
    {
      key: 'status',
      title: t('outbox.fields.status'),
      sorter: true,
      width: 150,
      render: (_, m) => <Tag color={COLORS[m.status]}>{t(`outbox.status.${m.status}`)}</Tag>,
    },
  ];
  return (
    <div className="acc-page">
      {query.data && (
        <Alert
          type={query.data.smtp ? 'success' : 'info'}
          showIcon
          title={query.data.smtp ? t('outbox.smtpOn') : t('outbox.smtpOff')}
        />
      )}
      <Card>
        <div className="acc-toolbar">
          <SearchBox value={filters.keyWord} onSearch={(q) => state.set({ q })} placeholder={t('outbox.search')} />
          <Select
            allowClear
            placeholder={t('outbox.fields.status')}
            style={{ width: 200 }}
            options={['outbox', 'pending', 'sent', 'failed'].map((s) => ({ value: s, label: t(`outbox.status.${s}`) }))}
            value={filters.status}
            onChange={(v: string | undefined) => state.set({ status: v })}
            aria-label={t('outbox.fields.status')}
          />
        </div>
      </Card>
      <Card>
        <ServerTable<OutboxMail>
          size="small"
          list={query}
          columns={columns}
          paging={state.paging}
          onPaging={state.onPaging}
          empty={t('outbox.empty')}
          data-testid="outbox-table"
        />
      </Card>
      {open && <MailDialog id={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
