import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { PortalConfig } from '@portal/domain/configuration';
import { apiFetch } from '../../app/api-client.ts';
import { can, useAccess } from '../../app/access.ts';
import { applyFavicon, configurationQuery } from '../../app/configuration.ts';
import { toast } from '../../app/toast.ts';
import { useConfirm } from '../../platform/dialogs/index.tsx';
import { showServerErrors } from '../../platform/form/index.ts';
import { ImageField } from './ImageField.tsx';
import { SignatoriesCard } from './SignatoriesCard.tsx';
import './settings.css';

/** The images a portal without uploads shows (served by GET /api/Home/images/{name}). */
const DEFAULT_IMAGES = {
  logo: '/api/Home/images/logo.svg',
  sideLogo: '/api/Home/images/side-logo.svg',
  favicon: '/api/Home/images/favicon.svg',
  banner: '/api/Home/images/banner-highlands.svg',
};
const MAX_BANNERS = 10;

interface Province {
  code: string;
  name: string;
  fullName: string;
}

/**
 * `/cai-dat`: the province variant — names, province, district-site link, test-portal flag, images and
 * system information. Everyone with Configuration.read sees it; Configuration.update edits it.
 */
export default function SettingsPage() {
  const { t } = useTranslation('shell');
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const access = useAccess();
  const editable = can(access, 'update', 'Configuration');
  const [form] = Form.useForm<PortalConfig>();
  const [dirty, setDirty] = useState(false);

  const config = useQuery({
    queryKey: ['configuration', 'full'],
    queryFn: ({ signal }) => apiFetch<PortalConfig>('/api/Configuration', { signal }),
    staleTime: 0,
  });
  const provinces = useQuery({
    queryKey: ['provinces'],
    queryFn: ({ signal }) => apiFetch<Province[]>('/api/OfficalProfile/provinces', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (config.data) {
      form.setFieldsValue(config.data);
      setDirty(false);
    }
  }, [config.data, form]);

  const save = useMutation({
    mutationFn: (values: PortalConfig) => apiFetch<PortalConfig>('/api/Configuration', { method: 'PUT', body: values }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(['configuration', 'full'], saved);
      await queryClient.invalidateQueries({ queryKey: configurationQuery.queryKey });
      applyFavicon(saved.favicon);
      setDirty(false);
      toast.success(t('settings.saved'));
    },
    // The one form behaviour: the server's field errors beside the fields (its validation of the same schema
    // names real form fields), the first in view; the rest in a toast.
    onError: (err) => showServerErrors(form, err),
  });

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    void confirm({
      title: t('menuEditor.leaveTitle'),
      content: t('menuEditor.leaveText'),
      okText: t('menuEditor.leave'),
      cancelText: t('menuEditor.stay'),
      onOk: () => blocker.proceed(),
    }).then((left) => {
      if (!left) blocker.reset();
    });
    // One confirmation per blocked navigation: the blocker object itself changes on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocked]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (config.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (config.isError || !config.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('settings.loadFailed')}
        description={config.error?.message}
        action={<Button onClick={() => void config.refetch()}>{t('layout.retry')}</Button>}
      />
    );
  }

  const required = { required: true, whitespace: true, message: t('settings.validation.required') };
  const url = { type: 'url' as const, message: t('settings.validation.url') };

  return (
    <>
      <Form
        form={form}
        layout="vertical"
        className="settings-page"
        disabled={!editable || save.isPending}
        onValuesChange={() => setDirty(true)}
        onFinish={(values) =>
          save.mutate({ ...config.data, ...values, systemInfo: { ...config.data.systemInfo, ...values.systemInfo } })
        }
        data-testid="settings-form"
      >
        {!editable && <Alert type="info" showIcon title={t('settings.readOnly')} />}

        <Card title={t('settings.portal')} size="small">
          <div className="settings-grid">
            <Form.Item
              name="portalName"
              label={t('settings.portalName')}
              rules={[required, { max: 300, message: t('settings.validation.max', { max: 300 }) }]}
            >
              <Input maxLength={300} />
            </Form.Item>
            <Form.Item name="provinceCode" label={t('settings.province')} extra={t('settings.provinceHint')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={provinces.isLoading}
                options={(provinces.data ?? []).map((p) => ({ value: p.code, label: p.fullName || p.name }))}
                onChange={(code: string | undefined) => {
                  const p = provinces.data?.find((x) => x.code === code);
                  form.setFieldValue('provinceCode', code ?? null);
                  if (p) form.setFieldValue('provinceName', p.name);
                }}
              />
            </Form.Item>
            <Form.Item
              name="provinceName"
              label={t('settings.provinceName')}
              rules={[{ max: 100, message: t('settings.validation.max', { max: 100 }) }]}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="districtSiteUrl" label={t('settings.districtSiteUrl')} rules={[url]}>
              <Input placeholder="https://" maxLength={500} />
            </Form.Item>
            <Form.Item name="localUnitLevel" label={t('settings.localUnitLevel')}>
              <Radio.Group
                options={[
                  { value: 'ward', label: t('settings.localUnit.ward') },
                  { value: 'district', label: t('settings.localUnit.district') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="isTestPortal"
              label={t('settings.isTestPortal')}
              valuePropName="checked"
              extra={t('settings.isTestPortalHint')}
            >
              <Switch />
            </Form.Item>
          </div>
        </Card>

        <Card title={t('settings.images')} size="small">
          <p className="image-field-hint">{t('settings.imagesHint')}</p>
          <div className="settings-images">
            <Form.Item name="logo" noStyle rules={[required]}>
              <ImageField
                id="logo"
                label={t('settings.logo')}
                hint={t('settings.logoHint')}
                fileType="logo"
                defaultUrl={DEFAULT_IMAGES.logo}
              />
            </Form.Item>
            <Form.Item name="sideLogo" noStyle rules={[required]}>
              <ImageField
                id="sideLogo"
                label={t('settings.sideLogo')}
                hint={t('settings.sideLogoHint')}
                fileType="sideLogo"
                defaultUrl={DEFAULT_IMAGES.sideLogo}
              />
            </Form.Item>
            <Form.Item name="favicon" noStyle rules={[required]}>
              <ImageField
                id="favicon"
                label={t('settings.favicon')}
                hint={t('settings.faviconHint')}
                fileType="favicon"
                defaultUrl={DEFAULT_IMAGES.favicon}
              />
            </Form.Item>
          </div>
          <Form.List name="bannerImages">
            {(fields, { add, remove }) => (
              <>
                <h3 className="settings-subtitle">{t('settings.banners')}</h3>
                <p className="image-field-hint">{t('settings.bannersHint', { max: MAX_BANNERS })}</p>
                <div className="settings-images">
                  {fields.map((field, index) => (
                    <Form.Item key={field.key} name={field.name} noStyle>
                      <ImageField
                        id={`banner-${index}`}
                        label={t('settings.banner', { n: index + 1 })}
                        fileType="banner"
                        wide
                        onRemove={() => {
                          remove(field.name);
                          setDirty(true);
                        }}
                      />
                    </Form.Item>
                  ))}
                </div>
                {editable && fields.length < MAX_BANNERS && (
                  <Button
                    icon={<PlusOutlined />}
                    className="settings-add-banner"
                    onClick={() => {
                      add(DEFAULT_IMAGES.banner);
                      setDirty(true);
                    }}
                  >
                    {t('settings.addBanner')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
        </Card>

        <Card title={t('settings.systemInfo')} size="small">
          <div className="settings-grid">
            <Form.Item name={['systemInfo', 'owner']} label={t('systemInfo.owner')} rules={[{ max: 300 }]}>
              <Input maxLength={300} />
            </Form.Item>
            <Form.Item name={['systemInfo', 'address']} label={t('systemInfo.address')} rules={[{ max: 500 }]}>
              <Input maxLength={500} />
            </Form.Item>
            <Form.Item name={['systemInfo', 'phone']} label={t('systemInfo.phone')} rules={[{ max: 50 }]}>
              <Input maxLength={50} inputMode="tel" />
            </Form.Item>
            <Form.Item name={['systemInfo', 'hotline']} label={t('systemInfo.hotline')} rules={[{ max: 50 }]}>
              <Input maxLength={50} inputMode="tel" />
            </Form.Item>
            <Form.Item
              name={['systemInfo', 'email']}
              label={t('systemInfo.email')}
              rules={[{ type: 'email', message: t('settings.validation.email') }]}
            >
              <Input maxLength={200} inputMode="email" />
            </Form.Item>
          </div>
        </Card>

        {editable && (
          <div className="settings-actions">
            <span className="settings-actions-status" aria-live="polite">
              {dirty ? t('settings.unsaved') : t('settings.upToDate')}
            </span>
            <Button
              disabled={!dirty || save.isPending}
              onClick={() => {
                form.resetFields();
                form.setFieldsValue(config.data);
                setDirty(false);
              }}
            >
              {t('menuEditor.undo')}
            </Button>
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              disabled={!dirty}
              data-testid="settings-save"
            >
              {t('settings.save')}
            </Button>
          </div>
        )}
      </Form>
      <SignatoriesCard editable={editable} />
    </>
  );
}
