import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Input, Row, Select, Skeleton, Space, Switch, Typography, Upload } from 'antd';
import { DeleteOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { formatDateTime } from '@portal/domain/format';
import {
  MAX_NEWS_SUMMARY,
  MAX_NEWS_TITLE,
  NEWS_PATHS,
  NEWS_STATES,
  newsEditPath,
  newsPublicPath,
  type NewsState,
} from '@portal/domain/news/index';
import { can, useAccess } from '../../app/access.ts';
import { toast } from '../../app/toast.ts';
import { showServerErrors, useSubmit } from '../../platform/form/index.ts';
import { newsApi, newsKeys, type Article, type ArticleInput } from './api.ts';
import { StateTag } from './ui.tsx';
import './news.css';

// The editor (Tiptap, ProseMirror) is this page's alone: its own chunk, fetched when the form opens.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

const EMPTY: ArticleInput = {
  title: '',
  summary: '',
  body: '',
  coverFileId: null,
  topicId: null,
  author: '',
  state: 'draft',
  featured: false,
};

/** `/tin-tuc/quan-li-tin-tuc/tao-moi` and `…/chinh-sua/{id}`: an article, its cover, topic, state and body. */
export default function NewsFormPage() {
  const { id } = useParams();
  const existing = useQuery({
    queryKey: newsKeys.detail(id ?? ''),
    queryFn: ({ signal }) => newsApi.detail(id!, signal),
    enabled: !!id,
  });
  if (id && !existing.data)
    return <Card loading={existing.isLoading}>{existing.error ? String(existing.error) : null}</Card>;
  return <ArticleForm key={id ?? 'new'} article={existing.data} />;
}

function ArticleForm({ article }: { article: Article | undefined }) {
  const { t } = useTranslation('news');
  const navigate = useNavigate();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ArticleInput>();
  const [cover, setCover] = useState<string | null>(article?.coverUrl ?? null);
  const [uploading, setUploading] = useState(false);
  const topics = useQuery({ queryKey: newsKeys.topics, queryFn: ({ signal }) => newsApi.topics(signal) });
  const mayWrite = article ? can(access, 'update', 'News') : can(access, 'create', 'News');

  useEffect(() => {
    form.setFieldsValue(
      article
        ? {
            title: article.title,
            summary: article.summary,
            body: article.body,
            coverFileId: article.coverFileId,
            topicId: article.topicId,
            author: article.author,
            state: article.state,
            featured: article.featured,
          }
        : EMPTY,
    );
  }, [article, form]);

  const save = useSubmit({
    send: (values: ArticleInput, idempotencyKey: string) =>
      article ? newsApi.update(article.id, values) : newsApi.create(values, idempotencyKey),
    onSuccess: (saved) => {
      toast.success(t('form.saved'));
      queryClient.setQueryData(newsKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: newsKeys.all });
      if (!article) void navigate(newsEditPath(saved.id), { replace: true });
    },
    onError: (err) => showServerErrors(form, err),
  });

  const submit = (state?: NewsState) => {
    if (state) form.setFieldValue('state', state);
    void form.validateFields().then((values) => save.submit({ ...EMPTY, ...values }));
  };

  return (
    <Form<ArticleInput>
      form={form}
      layout="vertical"
      initialValues={EMPTY}
      disabled={!mayWrite}
      onFinish={() => submit()}
    >
      <Row gutter={16}>
        <Col xs={24} lg={17}>
          <Card>
            <Form.Item
              name="title"
              label={t('fields.title')}
              rules={[{ required: true, whitespace: true, max: MAX_NEWS_TITLE }]}
            >
              <Input maxLength={MAX_NEWS_TITLE} />
            </Form.Item>
            <Form.Item name="summary" label={t('fields.summary')} rules={[{ max: MAX_NEWS_SUMMARY }]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={MAX_NEWS_SUMMARY} showCount />
            </Form.Item>
            {/* The field is the editor itself: a Form.Item gives value and onChange to its direct child only, so
                the lazy editor's Suspense stays outside it (inside, the body was never saved). */}
            <Form.Item label={t('fields.body')}>
              <Suspense
                fallback={
                  <Skeleton active paragraph={{ rows: 8 }} title={false} aria-label={t('form.loadingEditor')} />
                }
              >
                <Form.Item name="body" noStyle>
                  <RichTextEditor aria-label={t('fields.body')} />
                </Form.Item>
              </Suspense>
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} lg={7}>
          <Card>
            {article && (
              <Flex vertical gap={4} style={{ marginBottom: 16 }}>
                <Space>
                  <StateTag state={article.state} />
                  {article.state === 'published' && (
                    <Button size="small" icon={<EyeOutlined />} href={newsPublicPath(article.id)} target="_blank">
                      {t('list.view')}
                    </Button>
                  )}
                </Space>
                {article.publishedAt && (
                  <Typography.Text type="secondary">
                    {t('fields.publishedAt')}: {formatDateTime(article.publishedAt)}
                  </Typography.Text>
                )}
              </Flex>
            )}
            <Form.Item name="state" label={t('fields.state')}>
              <Select options={NEWS_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))} />
            </Form.Item>
            <Form.Item name="topicId" label={t('fields.topic')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                loading={topics.isLoading}
                options={(topics.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              />
            </Form.Item>
            <Form.Item name="author" label={t('fields.author')} rules={[{ max: 200 }]}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="featured" label={t('fields.featured')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="coverFileId" label={t('fields.cover')}>
              <Flex vertical gap={8}>
                {cover && <img src={cover} alt="" className="news-cover-preview" />}
                <Space>
                  <Upload
                    accept="image/png,image/jpeg,image/gif,image/webp"
                    showUploadList={false}
                    customRequest={({ file }) => {
                      setUploading(true);
                      newsApi
                        .uploadImage(file as File)
                        .then((stored) => {
                          form.setFieldValue('coverFileId', stored.id);
                          setCover(stored.url ?? `/api/Files/${stored.id}`);
                        })
                        .catch((err: unknown) => toast.error(err instanceof Error ? err.message : String(err)))
                        .finally(() => setUploading(false));
                    }}
                  >
                    <Button icon={<UploadOutlined />} loading={uploading}>
                      {t('form.uploadCover')}
                    </Button>
                  </Upload>
                  {cover && (
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => {
                        form.setFieldValue('coverFileId', null);
                        setCover(null);
                      }}
                    >
                      {t('form.removeCover')}
                    </Button>
                  )}
                </Space>
              </Flex>
            </Form.Item>
            <Flex gap={8} wrap>
              <Button type="primary" htmlType="submit" loading={save.busy}>
                {t('common:actions.save')}
              </Button>
              {article?.state !== 'published' && (
                <Button onClick={() => submit('published')} loading={save.busy}>
                  {t('form.publish')}
                </Button>
              )}
              {article?.state === 'published' && (
                <Button onClick={() => submit('hidden')} loading={save.busy}>
                  {t('form.hide')}
                </Button>
              )}
              <Button disabled={false} onClick={() => void navigate(NEWS_PATHS.list)}>
                {t('common:actions.back')}
              </Button>
            </Flex>
          </Card>
        </Col>
      </Row>
    </Form>
  );
}
