import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, List, Typography } from 'antd';
import { CameraOutlined, CheckCircleOutlined, ScanOutlined } from '@ant-design/icons';
import { TICKET_PATTERN } from '@portal/domain/employment/fairs';
import { formatDateTime } from '@portal/domain/format';
import { showServerErrors, useSubmit } from '../../../platform/form/index.ts';
import { fairApi, fairKeys, type CheckIn } from './api.ts';

/** The QR code holds the check-in address: the ticket is its `ve` parameter, or the text itself. */
export function ticketFrom(scanned: string): string {
  const text = scanned.trim();
  try {
    const ve = new URL(text).searchParams.get('ve');
    if (ve) return ve.toUpperCase();
  } catch {
    // Not an address: a hand scanner or a person typed the code.
  }
  return text.toUpperCase();
}

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** The device's camera read by the browser's own QR detector, where it has one (Chromium on Android, some PCs). */
function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation('employment');
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  useEffect(() => {
    if (!on || !Detector) return;
    let stream: MediaStream | null = null;
    let timer = 0;
    const detector = new Detector({ formats: ['qr_code'] });
    void navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }).then((s) => {
      stream = s;
      if (!video.current) return;
      video.current.srcObject = s;
      void video.current.play();
      timer = window.setInterval(() => {
        if (!video.current) return;
        void detector.detect(video.current).then((codes) => {
          if (codes[0]) onCode(codes[0].rawValue);
        });
      }, 400);
    });
    return () => {
      window.clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [on, Detector, onCode]);
  if (!Detector) return null;
  return (
    <Flex vertical gap={8}>
      <Button icon={<CameraOutlined />} onClick={() => setOn((v) => !v)} style={{ alignSelf: 'start' }}>
        {on ? t('fairs.checkIn.cameraOff') : t('fairs.checkIn.camera')}
      </Button>
      {on && <video ref={video} muted playsInline style={{ width: 320, maxWidth: '100%', borderRadius: 8 }} />}
    </Flex>
  );
}

/**
 * `/meet`: the door of a job exchange session. A hand scanner types the ticket's QR code into the box (its address
 * or its code) and Enter checks the holder in; a phone that scans the QR code opens this page with the ticket in
 * the address and checks it in at once. Each result stays listed, newest first; a second scan says when the first
 * was.
 */
export default function CheckInPage() {
  const { t } = useTranslation('employment');
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ ticket: string }>();
  const [done, setDone] = useState<CheckIn[]>([]);
  const input = useRef<{ focus: () => void } | null>(null);
  const { submit, busy } = useSubmit({
    send: (ticket: string) => fairApi.checkIn(ticket),
    onSuccess: (made: CheckIn) => {
      setDone((list) => [made, ...list.filter((d) => d.attendee.id !== made.attendee.id)].slice(0, 50));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: fairKeys.all });
      input.current?.focus();
    },
    onError: (err: unknown) => {
      showServerErrors(form, err, ['ticket']);
      input.current?.focus();
    },
  });
  const fromAddress = params.get('ve');
  useEffect(() => {
    if (!fromAddress) return;
    setParams({}, { replace: true });
    form.setFieldsValue({ ticket: fromAddress.toUpperCase() });
    void submit(fromAddress.toUpperCase());
  }, [fromAddress, setParams, submit, form]);

  const latest = done[0];
  return (
    <Card title={t('fairs.checkIn.title')}>
      <Flex vertical gap={16} style={{ maxWidth: 720 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          <ScanOutlined /> {t('fairs.checkIn.help')}
        </Typography.Paragraph>
        <Form
          form={form}
          layout="inline"
          disabled={busy}
          onFinish={(v) => void submit(ticketFrom(v.ticket))}
          style={{ rowGap: 8 }}
        >
          <Form.Item
            htmlFor="fair-checkin-ticket"
            name="ticket"
            label={t('fairs.checkIn.ticket')}
            normalize={(v: string) => ticketFrom(v ?? '')}
            rules={[{ pattern: TICKET_PATTERN, required: true, message: t('fairs.validation.ticket') }]}
          >
            <Input
              id="fair-checkin-ticket"
              ref={(el) => {
                input.current = el;
              }}
              autoFocus
              autoComplete="off"
              style={{ width: 260, fontFamily: 'monospace', letterSpacing: 2 }}
              data-testid="fair-checkin-input"
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="fair-checkin-submit">
              {t('fairs.checkIn.submit')}
            </Button>
          </Form.Item>
        </Form>
        <CameraScanner
          onCode={(code) => {
            if (!busy) void submit(ticketFrom(code));
          }}
        />
        {latest && (
          <Alert
            type={latest.already ? 'warning' : 'success'}
            showIcon
            icon={<CheckCircleOutlined />}
            data-testid="fair-checkin-result"
            message={
              latest.already
                ? t('fairs.checkIn.already', {
                    name: latest.attendee.fullName,
                    time: formatDateTime(latest.checkedInAt),
                  })
                : t('fairs.checkIn.done', { name: latest.attendee.fullName })
            }
            description={t('fairs.checkIn.fair', { title: latest.fair.title })}
          />
        )}
        {done.length > 0 && (
          <List
            size="small"
            header={t('fairs.checkIn.count', { count: done.length })}
            dataSource={done}
            renderItem={(d) => (
              <List.Item>
                <Typography.Text code>{d.attendee.ticket}</Typography.Text> {d.attendee.fullName} ·{' '}
                {formatDateTime(d.checkedInAt)}
              </List.Item>
            )}
          />
        )}
      </Flex>
    </Card>
  );
}
