import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { formatDate } from '@portal/domain/format';
import type { Ticket } from './api.ts';

/**
 * A registration's ticket: the QR code of the check-in address (what the door scans), the code in letters for a
 * hand scanner or typing, the session and the holder's name; printable.
 */
export function TicketView({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('employment');
  return (
    <Flex vertical align="center" gap={8} data-testid="fair-ticket">
      {ticket.existing && <Alert type="info" showIcon message={t('fairs.ticket.existing')} style={{ width: '100%' }} />}
      <Typography.Title level={3} style={{ margin: 0, fontSize: 18 }}>
        {t('fairs.ticket.title')}
      </Typography.Title>
      <Typography.Text strong>{ticket.fullName}</Typography.Text>
      <Typography.Text type="secondary">
        {ticket.fair.title} · {formatDate(ticket.fair.heldOn)}
        {ticket.fair.place ? ` · ${ticket.fair.place}` : ''}
      </Typography.Text>
      <img src={ticket.qr} width={220} height={220} alt={`${t('fairs.attendee.ticket')} ${ticket.ticket}`} />
      <Typography.Text
        code
        copyable
        style={{ fontSize: 22, letterSpacing: 4 }}
        data-testid="fair-ticket-code"
        data-check-in={ticket.checkInUrl}
      >
        {ticket.ticket}
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 0 }}>
        {t('fairs.ticket.hint')}
      </Typography.Paragraph>
      <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
        {t('fairs.ticket.print')}
      </Button>
    </Flex>
  );
}
