import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, Flex, Form, Input, List, Modal, Tag, Typography } from 'antd';
import { CalendarOutlined, EnvironmentOutlined, GlobalOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { EMPLOYMENT_PAGES } from '@portal/domain/employment/constants';
import { formatDate } from '@portal/domain/format';
import { Link } from 'react-router';
import { displayNumber } from '../../../platform/format.ts';
import { showServerErrors, useSubmit } from '../../../platform/form/index.ts';
import { PublicTitledPage } from '../../home/index.ts';
import { fairApi, fairKeys, type PublicFair, type Ticket } from './api.ts';
import { TicketView } from './TicketView.tsx';

/** How many employers a card names before "and N more". */
const SHOWN_EMPLOYERS = 4;

/** The registration form of one session, then the ticket it gave. */
function RegisterDialog({ fair, onClose }: { fair: PublicFair; onClose: () => void }) {
  const { t } = useTranslation('employment');
  const [form] = Form.useForm<Record<string, string>>();
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const { submit, busy } = useSubmit({
    send: (v: Record<string, string>) =>
      fairApi.register(fair.id, {
        fullName: v.fullName ?? '',
        phone: (v.phone ?? '').replace(/\s/g, ''),
        citizenId: v.citizenId?.trim() || null,
        occupationWanted: v.occupationWanted?.trim() || null,
      }),
    onSuccess: (made: Ticket) => setTicket(made),
    onError: (err: unknown) => showServerErrors(form, err, ['fullName', 'phone', 'citizenId', 'occupationWanted']),
  });
  const a = (name: string) => t(`fairs.attendee.${name}`);
  const required = (key: string) => ({ required: true, message: t(`fairs.validation.${key}`) });
  return (
    <Modal
      open
      title={fair.title}
      onCancel={() => !busy && onClose()}
      okText={ticket ? t('common:dialogs.close') : t('fairs.calendar.register')}
      cancelButtonProps={{ style: ticket ? { display: 'none' } : undefined, disabled: busy }}
      okButtonProps={{ loading: busy, 'data-testid': 'fair-register-ok' }}
      onOk={() => (ticket ? onClose() : form.submit())}
      maskClosable={false}
      destroyOnHidden
    >
      {ticket ? (
        <TicketView ticket={ticket} />
      ) : (
        <Form form={form} layout="vertical" disabled={busy} onFinish={(v) => void submit(v)}>
          <Form.Item htmlFor="fair-fullName" name="fullName" label={a('fullName')} rules={[required('fullName')]}>
            <Input id="fair-fullName" maxLength={200} autoComplete="name" />
          </Form.Item>
          <Form.Item htmlFor="fair-phone" name="phone" label={a('phone')} rules={[required('phone')]}>
            <Input id="fair-phone" maxLength={15} inputMode="tel" autoComplete="tel" />
          </Form.Item>
          <Form.Item htmlFor="fair-citizenId" name="citizenId" label={a('citizenId')}>
            <Input id="fair-citizenId" maxLength={12} inputMode="numeric" />
          </Form.Item>
          <Form.Item
            htmlFor="fair-occupationWanted"
            name="occupationWanted"
            label={t('fairs.calendar.occupationWanted')}
          >
            <Input id="fair-occupationWanted" maxLength={200} />
          </Form.Item>
          <Typography.Text type="secondary">{t('fairs.calendar.consent')}</Typography.Text>
        </Form>
      )}
    </Modal>
  );
}

function FairCard({ fair, onRegister }: { fair: PublicFair; onRegister: () => void }) {
  const { t } = useTranslation('employment');
  const more = fair.employers.length - SHOWN_EMPLOYERS;
  return (
    <Card data-testid="fair-card" size="small">
      <Flex justify="space-between" gap={16} wrap>
        <div style={{ minWidth: 0, flex: '1 1 420px' }}>
          <Typography.Title level={2} style={{ fontSize: 18, marginBottom: 4 }}>
            {fair.title}
          </Typography.Title>
          <Flex gap={12} wrap style={{ marginBottom: 8 }}>
            <span>
              <CalendarOutlined /> {formatDate(fair.heldOn)}
              {fair.startTime ? ` · ${fair.startTime}${fair.endTime ? `–${fair.endTime}` : ''}` : ''}
            </span>
            <span>
              {fair.kind === 'online' ? <GlobalOutlined /> : <EnvironmentOutlined />}{' '}
              {fair.kind === 'online' ? t('fairKinds.online') : [fair.place, fair.commune].filter(Boolean).join(', ')}
            </span>
            <Tag>{t('fairs.calendar.employers', { count: fair.employers.length })}</Tag>
            <Tag>
              {t('fairs.calendar.positions', { count: fair.positions, formatted: displayNumber(fair.positions) })}
            </Tag>
          </Flex>
          {fair.description && (
            <Typography.Paragraph style={{ marginBottom: 8 }}>{fair.description}</Typography.Paragraph>
          )}
          {fair.employers.slice(0, SHOWN_EMPLOYERS).map((e) => (
            <Typography.Paragraph key={e.stallNo} style={{ marginBottom: 2 }}>
              <Typography.Text strong>{t('fairs.calendar.stallOf', { no: e.stallNo, name: e.name })}</Typography.Text>
              {e.vacancies.length ? ` — ${e.vacancies.join(', ')}` : ''}
            </Typography.Paragraph>
          ))}
          {more > 0 && <Typography.Text type="secondary">{t('fairs.calendar.more', { count: more })}</Typography.Text>}
        </div>
        <Flex vertical align="end" gap={8}>
          {fair.registering ? (
            <Button type="primary" onClick={onRegister} data-testid="fair-register">
              {t('fairs.calendar.register')}
            </Button>
          ) : (
            <Tag>
              {fair.past
                ? t('fairs.facts.past')
                : fair.status === 'planned'
                  ? t('fairs.calendar.notOpen')
                  : t('fairs.calendar.closed')}
            </Tag>
          )}
          {fair.registrationCloses && fair.registering && (
            <Typography.Text type="secondary">
              {t('fairs.facts.closes')}: {formatDate(fair.registrationCloses)}
            </Typography.Text>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

/**
 * `/marvel`: the public calendar of job exchange sessions — three months from the month chosen, each session with
 * where and when, the employers coming and what they offer — where a job seeker registers without signing in and
 * gets a ticket with its QR code. No personal data is shown.
 */
export default function PublicCalendarPage() {
  const { t } = useTranslation('employment');
  const [month, setMonth] = useState<Dayjs | null>(null);
  const from = month ? month.format('YYYY-MM') : null;
  const fairs = useQuery({
    queryKey: fairKeys.calendar(from),
    queryFn: ({ signal }) => fairApi.calendar(from, signal),
    staleTime: 60_000,
  });
  const [chosen, setChosen] = useState<PublicFair | null>(null);
  return (
    <PublicTitledPage title={t('fairs.calendar.title')} intro={t('fairs.calendar.intro')}>
      <Flex gap={8} align="center" style={{ marginBottom: 16 }}>
        <label htmlFor="fair-month">{t('fairs.calendar.month')}</label>
        <DatePicker
          id="fair-month"
          picker="month"
          format="MM/YYYY"
          value={month ?? dayjs().startOf('month')}
          onChange={(v: Dayjs | null) => setMonth(v)}
          allowClear={false}
        />
      </Flex>
      <List
        loading={fairs.isLoading}
        dataSource={fairs.data ?? []}
        split={false}
        renderItem={(f) => (
          <List.Item style={{ display: 'block', padding: '0 0 12px' }}>
            <FairCard fair={f} onRegister={() => setChosen(f)} />
          </List.Item>
        )}
        locale={{
          emptyText: (
            <Empty
              description={
                <Flex vertical gap={4}>
                  <Typography.Text strong>{t('fairs.calendar.empty')}</Typography.Text>
                  <Typography.Text type="secondary">{t('fairs.calendar.emptyHelp')}</Typography.Text>
                  <Link to={EMPLOYMENT_PAGES.publicBoard}>{t('fairs.calendar.board')}</Link>
                </Flex>
              }
            />
          ),
        }}
      />
      {chosen && <RegisterDialog fair={chosen} onClose={() => setChosen(null)} />}
    </PublicTitledPage>
  );
}
