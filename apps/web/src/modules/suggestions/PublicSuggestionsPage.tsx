import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Col, Descriptions, Flex, Form, Input, Result, Row, Select, Tag, Typography } from 'antd';
import { formatDate } from '@portal/domain/format';
import { SUGGESTION_LIMITS, SUGGESTION_TOPICS } from '@portal/domain/suggestions/index';
import { ApiError } from '../../app/api-client.ts';
import { PublicTitledPage, PublicSearchList } from '../home/index.ts';
import {
  suggestionKeys,
  suggestionsApi,
  type FollowedSuggestion,
  type PublishedSuggestion,
  type SendInput,
} from './api.ts';
import { solveChallenge } from './pow.ts';
import { showServerErrors, useSubmit } from '../../platform/form/index.ts';

const PAGE_SIZE = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s.()-]{8,20}$/;

/** `/hom-thu-gop-y`: the published questions with their answers, the send form and the look-up by code. */
export default function PublicSuggestionsPage() {
  const { t } = useTranslation('suggestions');
  return (
    <PublicTitledPage title={t('public.title')} intro={t('public.lead')}>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={15}>
          <PublishedList />
        </Col>
        <Col xs={24} lg={9}>
          <Flex vertical gap={24}>
            <SendForm />
            <FollowBox />
          </Flex>
        </Col>
      </Row>
    </PublicTitledPage>
  );
}

function PublishedList() {
  const { t } = useTranslation('suggestions');
  return (
    <section aria-labelledby="published-title">
      <Typography.Title level={2} id="published-title" style={{ fontSize: 20 }}>
        {t('public.published')}
      </Typography.Title>
      <PublicSearchList<PublishedSuggestion>
        queryKey={suggestionKeys.published}
        fetchPage={suggestionsApi.published}
        keyWordParam="keyword"
        searchLabel={t('public.searchPlaceholder')}
        searchWidth={380}
        filters={[
          {
            name: 'topic',
            label: t('form.topic'),
            options: SUGGESTION_TOPICS.map((k) => ({ value: k, label: t(`topics.${k}`) })),
            width: 260,
          },
        ]}
        pageSize={PAGE_SIZE}
        texts={{ empty: t('public.empty'), noResult: t('public.noResult'), loadFailed: t('public.loadFailed') }}
        itemTestId="published-suggestion"
        rowKey={(s) => s.id}
        renderItem={(s) => (
          <>
            <Typography.Title level={3} style={{ fontSize: 17, marginBottom: 4 }}>
              {s.title}
            </Typography.Title>
            <Flex gap={8} wrap style={{ marginBottom: 8 }}>
              <Tag>{t(`topics.${s.topic}`)}</Tag>
              <Typography.Text type="secondary">
                {t('public.publishedAt', { date: formatDate(s.publishedAt) })}
              </Typography.Text>
            </Flex>
            <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>
              <strong>{t('public.question')}: </strong>
              {s.question}
            </Typography.Paragraph>
            <Typography.Paragraph
              style={{ whiteSpace: 'pre-line', background: 'rgba(22,119,255,0.06)', padding: 12, borderRadius: 6 }}
            >
              <strong>{t('public.answer')}: </strong>
              {s.answer}
            </Typography.Paragraph>
          </>
        )}
      />
    </section>
  );
}

type Phase = 'idle' | 'working' | 'sending';

function SendForm() {
  const { t } = useTranslation('suggestions');
  const [form] = Form.useForm<SendInput>();
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);

  // The proof of work solved for the form's current key: a retry of the same sending sends the same request,
  // which the server answers with the first result instead of a second suggestion.
  const solved = useRef<{ key: string; token: string; nonce: string } | null>(null);
  const { submit } = useSubmit({
    send: async (values: SendInput, idempotencyKey: string) => {
      setError(null);
      try {
        let proof = solved.current?.key === idempotencyKey ? solved.current : null;
        if (!proof) {
          setPhase('working');
          const challenge = await suggestionsApi.challenge();
          const nonce = await solveChallenge(challenge.token, challenge.difficulty);
          proof = solved.current = { key: idempotencyKey, token: challenge.token, nonce };
        }
        setPhase('sending');
        return await suggestionsApi.send(
          { ...values, contact: values.contact?.trim() || null, token: proof.token, nonce: proof.nonce },
          idempotencyKey,
        );
      } finally {
        setPhase('idle');
      }
    },
    onSuccess: (sent) => {
      setCode(sent.code);
      form.resetFields();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 429) setError(t('form.tooMany'));
      else if (e instanceof ApiError && e.status === 400 && e.details.length > 0) {
        // The one form behaviour: the server's field errors beside the fields, the first in view.
        showServerErrors(form, e);
        setError(e.message);
      } else setError(e instanceof Error && e.message ? e.message : t('form.sendFailed'));
    },
  });

  if (code) {
    return (
      <Card>
        <Result
          status="success"
          title={t('form.sentTitle')}
          subTitle={t('form.sentText', { code })}
          extra={
            <>
              <Typography.Paragraph copyable={{ text: code }} style={{ fontSize: 22, fontWeight: 600 }}>
                <span data-testid="suggestion-code">{code}</span>
              </Typography.Paragraph>
              <Button onClick={() => setCode(null)}>{t('form.sendAnother')}</Button>
            </>
          }
        />
      </Card>
    );
  }

  const max = (key: string, n: number) => ({ max: n, message: t(key, { max: n }) });
  return (
    <Card title={<h2 style={{ fontSize: 18, margin: 0 }}>{t('public.send')}</h2>}>
      <Form<SendInput>
        form={form}
        layout="vertical"
        requiredMark
        scrollToFirstError={{ block: 'center', behavior: 'smooth' }}
        onFinish={(v) => void submit(v)}
        disabled={phase !== 'idle'}
      >
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[
            { required: true, whitespace: true, message: t('form.validation.nameRequired') },
            max('form.validation.nameMax', SUGGESTION_LIMITS.name),
          ]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="contact"
          label={t('form.contact')}
          extra={t('form.contactHint')}
          rules={[
            {
              validator: async (_r, v: string | undefined) => {
                const s = v?.trim();
                if (!s || EMAIL.test(s) || PHONE.test(s)) return;
                throw new Error(t('form.validation.contactInvalid'));
              },
            },
            max('form.validation.contactInvalid', SUGGESTION_LIMITS.contact),
          ]}
        >
          <Input autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="topic"
          label={t('form.topic')}
          rules={[{ required: true, message: t('form.validation.topicRequired') }]}
        >
          <Select options={SUGGESTION_TOPICS.map((k) => ({ value: k, label: t(`topics.${k}`) }))} />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('form.title')}
          rules={[
            { required: true, whitespace: true, message: t('form.validation.titleRequired') },
            max('form.validation.titleMax', SUGGESTION_LIMITS.title),
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('form.content')}
          rules={[
            { required: true, whitespace: true, message: t('form.validation.contentRequired') },
            max('form.validation.contentMax', SUGGESTION_LIMITS.content),
          ]}
        >
          <Input.TextArea rows={6} showCount maxLength={SUGGESTION_LIMITS.content} />
        </Form.Item>
        {/* The honeypot: out of sight and out of the tab order; only a robot fills it. */}
        <div
          aria-hidden="true"
          style={{ position: 'absolute', left: -10000, top: 'auto', width: 1, height: 1, overflow: 'hidden' }}
        >
          <Form.Item name="website" label={t('form.website')}>
            <Input tabIndex={-1} autoComplete="off" />
          </Form.Item>
        </div>
        <Typography.Paragraph type="secondary">{t('form.privacy')}</Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
        <Button type="primary" htmlType="submit" loading={phase !== 'idle'} block>
          {phase === 'working' ? t('form.working') : phase === 'sending' ? t('form.sending') : t('form.submit')}
        </Button>
      </Form>
    </Card>
  );
}

function FollowBox() {
  const { t } = useTranslation('suggestions');
  const [found, setFound] = useState<FollowedSuggestion | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const lookUp = async ({ code }: { code: string }) => {
    setLoading(true);
    setError(null);
    setFound(null);
    try {
      setFound(await suggestionsApi.follow(code.trim()));
    } catch (e) {
      setError(
        e instanceof ApiError && e.status === 404
          ? t('followBox.notFound')
          : e instanceof Error
            ? e.message
            : t('form.sendFailed'),
      );
    } finally {
      setLoading(false);
    }
  };
  return (
    <Card title={<h2 style={{ fontSize: 18, margin: 0 }}>{t('public.follow')}</h2>}>
      <Form<{ code: string }> layout="inline" onFinish={(v) => void lookUp(v)} style={{ rowGap: 8 }}>
        <Form.Item
          name="code"
          label={t('followBox.code')}
          rules={[{ required: true, whitespace: true, message: t('followBox.required') }]}
        >
          <Input placeholder={t('followBox.placeholder')} maxLength={20} style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" loading={loading}>
            {t('followBox.search')}
          </Button>
        </Form.Item>
      </Form>
      {error && <Alert type="warning" showIcon message={error} style={{ marginTop: 16 }} />}
      {found && (
        <Descriptions column={1} size="small" style={{ marginTop: 16 }} data-testid="followed-suggestion">
          <Descriptions.Item label={t('followBox.code')}>{found.code}</Descriptions.Item>
          <Descriptions.Item label={t('form.title')}>{found.title}</Descriptions.Item>
          <Descriptions.Item label={t('followBox.status')}>
            <Tag color={found.status === 'published' ? 'green' : 'blue'}>{t(`statuses.${found.status}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('followBox.sentAt')}>{formatDate(found.createdAt)}</Descriptions.Item>
          {found.answeredAt && (
            <Descriptions.Item label={t('followBox.answeredAt')}>{formatDate(found.answeredAt)}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('followBox.answer')}>
            <span style={{ whiteSpace: 'pre-line' }}>{found.answer ?? t('followBox.noAnswerYet')}</span>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
