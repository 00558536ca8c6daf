import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import {
  DELEGATIONS,
  SIGNED_DOCUMENTS,
  signatureBlock,
  type Signatories,
  type Signatory,
  type SignedDocument,
} from '@portal/domain/configuration';
import { apiFetch } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { showServerErrors, useSubmit } from '../../platform/form/index.ts';

type Row = Omit<Signatory, 'document'> & { enabled: boolean };
type Values = Record<SignedDocument, Row>;

const PATH = '/api/Configuration/signatories';
const QUERY_KEY = ['configuration', 'signatories'] as const;
const EMPTY: Row = { enabled: false, authorityTitle: '', delegation: 'none', signerTitle: '', signerName: '' };

function toValues(s: Signatories): Values {
  return Object.fromEntries(
    SIGNED_DOCUMENTS.map((document) => {
      const found = s.items.find((i) => i.document === document);
      return [document, found ? { ...found, enabled: true } : { ...EMPTY }];
    }),
  ) as Values;
}

function toBody(v: Values): Signatories {
  return {
    items: SIGNED_DOCUMENTS.filter((d) => v[d]?.enabled).map((document) => {
      // Only the fields on screen come back: a hidden signer title is none.
      const { authorityTitle, delegation = 'none', signerTitle, signerName } = v[document];
      return {
        document,
        authorityTitle,
        delegation,
        signerTitle: delegation === 'none' ? '' : (signerTitle ?? ''),
        signerName: signerName ?? '',
      };
    }),
  };
}

/**
 * The settings' "who signs which document" card: per kind of department document, the head's title, the
 * delegation formula (KT., TL., TUQ.), the signer's title and name, with the signature block as it will print.
 * A kind left unset prints the head's title over a blank (the API's documentSignature).
 */
export function SignatoriesCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const data = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<Signatories>(PATH, { signal }),
    staleTime: 0,
  });
  useEffect(() => {
    if (data.data) form.setFieldsValue(toValues(data.data));
  }, [data.data, form]);
  const save = useSubmit({
    send: (values: Values, idempotencyKey) =>
      apiFetch<Signatories>(PATH, { method: 'PUT', body: toBody(values), idempotencyKey }),
    onSuccess: (saved) => {
      queryClient.setQueryData(QUERY_KEY, saved);
      toast.success(t('signatories.saved'));
    },
    onError: (err) => showServerErrors(form, err),
  });
  // preserve: the whole store, so values set before their fields mount (on load) show in the preview too.
  const watched = Form.useWatch([], { form, preserve: true }) as Values | undefined;
  const formula = (d: string) => t(`signatories.formula.${d}`);

  return (
    <Card title={t('signatories.title')} size="small" data-testid="signatories-card">
      <p className="settings-signatories-hint">{t('signatories.hint')}</p>
      {data.isLoading ? (
        <Skeleton active />
      ) : data.isError ? (
        <Alert type="error" showIcon title={data.error.message} />
      ) : (
        <Form
          form={form}
          name="signatories"
          layout="vertical"
          disabled={!editable || save.busy}
          onFinish={(v) => void save.submit(v)}
        >
          {SIGNED_DOCUMENTS.map((document) => {
            const row = watched?.[document];
            const name = t(`signatories.documents.${document}`);
            const block = row?.enabled && row.authorityTitle ? signatureBlock({ ...row, document }, formula) : null;
            return (
              <fieldset key={document} className="settings-signatory">
                <legend className="settings-subtitle">{name}</legend>
                <Form.Item name={[document, 'enabled']} valuePropName="checked" label={t('signatories.set')}>
                  <Switch aria-label={`${t('signatories.set')}: ${name}`} />
                </Form.Item>
                {row?.enabled && (
                  <div className="settings-grid">
                    <Form.Item
                      name={[document, 'authorityTitle']}
                      label={t('signatories.authorityTitle')}
                      rules={[{ required: true, whitespace: true, message: t('settings.validation.required') }]}
                    >
                      <Input maxLength={100} />
                    </Form.Item>
                    <Form.Item name={[document, 'delegation']} label={t('signatories.delegation')}>
                      <Select
                        options={DELEGATIONS.map((d) => ({ value: d, label: t(`signatories.delegations.${d}`) }))}
                      />
                    </Form.Item>
                    {row.delegation !== 'none' && (
                      <Form.Item
                        name={[document, 'signerTitle']}
                        label={t('signatories.signerTitle')}
                        rules={[{ required: true, whitespace: true, message: t('signatories.signerTitleRequired') }]}
                      >
                        <Input maxLength={100} />
                      </Form.Item>
                    )}
                    <Form.Item
                      name={[document, 'signerName']}
                      label={t('signatories.signerName')}
                      extra={t('signatories.signerNameHint')}
                    >
                      <Input maxLength={100} />
                    </Form.Item>
                  </div>
                )}
                <div className="settings-signature-preview" aria-label={`${t('signatories.preview')}: ${name}`}>
                  {block ? (
                    <>
                      <strong>{block.title}</strong>
                      <span>{block.name ?? ''}</span>
                    </>
                  ) : (
                    <span>{t('signatories.unset')}</span>
                  )}
                </div>
              </fieldset>
            );
          })}
          {editable && (
            <Button type="primary" htmlType="submit" loading={save.busy} data-testid="signatories-save">
              {t('signatories.save')}
            </Button>
          )}
        </Form>
      )}
    </Card>
  );
}
