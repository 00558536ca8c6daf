import { useMemo, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, Row, Select, type FormInstance, type FormRule } from 'antd';
import { formatDate } from '@portal/domain/format';
import dayjs, { type Dayjs } from 'dayjs';
import { maxValidTo } from '@portal/domain/permits/rules';
import {
  EXEMPTION_GROUNDS,
  POSITIONS,
  RENEW_REASONS,
  WORK_FORMS,
  type PermitDetail,
} from '@portal/domain/permits/schemas';
import type { PermitKind } from '@portal/domain/permits/state';
import { permitsApi } from './api.ts';
import { useCountryName } from './ui.tsx';

/** The form's values (dates as dayjs while editing). */
export interface RequestValues {
  workerId?: string;
  passportNumber?: string;
  position?: string;
  jobTitle?: string;
  workplace?: string;
  workForm?: string;
  period?: [Dayjs | null, Dayjs | null] | null;
  requestedTo?: Dayjs | null;
  renewReason?: string;
  exemptionGround?: string;
  exemptionDetail?: string | null;
  note?: string | null;
}

const ymd = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
// Empty is sent as null: a draft keeps what is filled, and an emptied field is emptied on the server too.
const filled = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** Form values → the request body of the kind (the API ignores nothing silently: only the kind's fields). */
export function toBody(kind: PermitKind, v: RequestValues): Record<string, unknown> {
  const note = filled(v.note);
  switch (kind) {
    case 'new':
      return {
        workerId: v.workerId,
        passportNumber: filled(v.passportNumber),
        position: v.position ?? null,
        jobTitle: filled(v.jobTitle),
        workplace: filled(v.workplace),
        workForm: v.workForm ?? null,
        requestedFrom: ymd(v.period?.[0]),
        requestedTo: ymd(v.period?.[1]),
        note,
      };
    case 'extend':
      return {
        passportNumber: filled(v.passportNumber),
        position: v.position ?? null,
        jobTitle: filled(v.jobTitle),
        workplace: filled(v.workplace),
        workForm: v.workForm ?? null,
        requestedTo: ymd(v.requestedTo),
        note,
      };
    case 'renew':
      return { renewReason: v.renewReason, ...(v.passportNumber ? { passportNumber: v.passportNumber } : {}), note };
    case 'confirm':
      return {
        workerId: v.workerId,
        passportNumber: filled(v.passportNumber),
        exemptionGround: v.exemptionGround ?? null,
        exemptionDetail: filled(v.exemptionDetail),
        jobTitle: filled(v.jobTitle),
        workplace: filled(v.workplace),
        requestedFrom: ymd(v.period?.[0]),
        requestedTo: ymd(v.period?.[1]),
        note,
      };
  }
}

/** Server field errors → the form's fields: a new request or confirmation asks for its period in one picker. */
export function serverFieldNames(kind: PermitKind): Record<string, string> {
  return kind === 'new' || kind === 'confirm' ? { requestedFrom: 'period', requestedTo: 'period' } : {};
}

/** A saved request → form values. */
export function toValues(d: PermitDetail): RequestValues {
  return {
    workerId: d.workerId,
    passportNumber: d.passportNumber ?? undefined,
    position: d.position ?? undefined,
    jobTitle: d.jobTitle ?? undefined,
    workplace: d.workplace ?? undefined,
    workForm: d.workForm ?? undefined,
    period: [d.requestedFrom ? dayjs(d.requestedFrom) : null, d.requestedTo ? dayjs(d.requestedTo) : null],
    requestedTo: d.requestedTo ? dayjs(d.requestedTo) : null,
    renewReason: d.renewReason ?? undefined,
    exemptionGround: d.exemptionGround ?? undefined,
    exemptionDetail: d.exemptionDetail,
    note: d.note,
  };
}

function WorkerSelect({
  id,
  value,
  onChange,
  current,
  disabled,
  onPick,
  kind,
  requestId,
}: {
  /** Given by Form.Item: the label points at the input. */
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  current: { value: string; label: string } | null;
  disabled: boolean;
  onPick: (passport: string | null) => void;
  kind: 'new' | 'confirm';
  /** The request being edited: not a conflict with itself. */
  requestId: string | null;
}) {
  const { t } = useTranslation('permits');
  const country = useCountryName();
  const [keyWord, setKeyWord] = useState('');
  const workers = useQuery({
    queryKey: ['permits', 'foreign-workers', kind, requestId, keyWord],
    queryFn: ({ signal }) => permitsApi.foreignWorkers({ keyWord, kind, exceptId: requestId }, signal),
    enabled: !disabled,
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    const list = (workers.data ?? []).map((w) => ({
      value: w.value,
      label: `${w.label} — ${country(w.nationality)}${w.birthDate ? ` — ${formatDate(w.birthDate)}` : ''}${
        w.conflict ? ` (${t(`form.conflict.${w.conflict}`)})` : ''
      }`,
      passport: w.passportNumber,
      // A worker a request would be refused for cannot be picked: the reason is in the label, at once.
      disabled: w.conflict !== null,
    }));
    if (current && !list.some((o) => o.value === current.value))
      list.unshift({ ...current, passport: null, disabled: false });
    return list;
  }, [workers.data, current, country, t]);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyWord }}
      value={value}
      disabled={disabled}
      loading={workers.isFetching}
      placeholder={t('form.workerPlaceholder')}
      notFoundContent={workers.isFetching ? undefined : t('form.noForeignWorkers')}
      options={options}
      onChange={(v: string) => {
        onChange?.(v);
        onPick(options.find((o) => o.value === v)?.passport ?? null);
      }}
    />
  );
}

/**
 * The fields of a request of `kind`. New permits and confirmations pick one of the employer's foreign workers;
 * extensions and renewals continue a permit, shown above the form. The two-year limit is checked as the user
 * picks dates, with the same rule the server applies.
 * A draft saves with what is filled (only the worker is needed to create one): the other fields are required
 * only while `forSubmit` is set, i.e. when the request is being submitted. Values given are always checked.
 */
export function RequestForm({
  form,
  kind,
  editable,
  detail,
  initialValues,
  forSubmit,
  onFinish,
}: {
  form: FormInstance<RequestValues>;
  kind: PermitKind;
  editable: boolean;
  detail: PermitDetail | null;
  initialValues: RequestValues;
  /** Read when the form is checked: true for a submission (every field), false for a draft. */
  forSubmit: RefObject<boolean>;
  /** The check passed (Form.submit); a failed check scrolls to the first error (the portal's form behaviour). */
  onFinish: (values: RequestValues) => void;
}) {
  const { t } = useTranslation('permits');
  // Read at check time, so one form serves both buttons; the mark is shown by the Form.Item's `required`.
  const toSubmit: FormRule = () => ({
    required: forSubmit.current,
    whitespace: true,
    message: t('validation.required'),
  });
  const required = { required: true, rules: [toSubmit] };
  const always: FormRule = { required: true, message: t('validation.required') };
  const ground = Form.useWatch('exemptionGround', form);
  const pickWorker = kind === 'new' || kind === 'confirm';
  const current = detail ? { value: detail.workerId, label: detail.workerName } : null;
  // A department reader sees an empty field of an unfinished request as "—", not as an empty box.
  const none = editable ? undefined : '—';
  const twoYears = {
    validator: async (_rule: unknown, value: [Dayjs | null, Dayjs | null] | null) => {
      const [from, to] = value ?? [null, null];
      if (!from || !to) {
        if (forSubmit.current) throw new Error(t('validation.required'));
        return;
      }
      if (to.isBefore(from, 'day')) throw new Error(t('rules.periodOrder'));
      const max = maxValidTo(from.format('YYYY-MM-DD'));
      if (to.format('YYYY-MM-DD') > max)
        throw new Error(t('rules.periodTooLong', { years: 2, max: dayjs(max).format('DD/MM/YYYY') }));
    },
  };

  return (
    <Form<RequestValues>
      form={form}
      layout="vertical"
      disabled={!editable}
      initialValues={initialValues}
      onFinish={onFinish}
    >
      <Row gutter={16}>
        {pickWorker && (
          <Col span={14}>
            <Form.Item name="workerId" label={t('fields.worker')} rules={[always]}>
              <WorkerSelect
                kind={kind === 'confirm' ? 'confirm' : 'new'}
                requestId={detail?.id ?? null}
                current={current}
                disabled={!editable}
                onPick={(passport) => {
                  if (passport && !form.getFieldValue('passportNumber')) form.setFieldValue('passportNumber', passport);
                }}
              />
            </Form.Item>
          </Col>
        )}
        <Col span={pickWorker ? 10 : 12}>
          <Form.Item
            name="passportNumber"
            label={t('fields.passportNumber')}
            {...(kind === 'renew' ? {} : required)}
            normalize={(v: string) => v?.toUpperCase().replace(/\s+/g, '')}
            extra={kind === 'renew' ? t('form.renewPassportHint') : undefined}
          >
            <Input maxLength={20} autoComplete="off" placeholder={none} />
          </Form.Item>
        </Col>
        {kind === 'renew' && (
          <Col span={12}>
            <Form.Item name="renewReason" label={t('fields.renewReason')} {...required}>
              <Select options={RENEW_REASONS.map((r) => ({ value: r, label: t(`renewReasons.${r}`) }))} />
            </Form.Item>
          </Col>
        )}
        {kind === 'confirm' && (
          <>
            <Col span={24}>
              <Form.Item name="exemptionGround" label={t('fields.exemptionGround')} {...required}>
                <Select
                  placeholder={none}
                  options={EXEMPTION_GROUNDS.map((g) => ({ value: g, label: t(`exemptionGrounds.${g}`) }))}
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="exemptionDetail"
                label={t('fields.exemptionDetail')}
                required={ground === 'other'}
                rules={
                  ground === 'other'
                    ? [
                        () => ({
                          required: forSubmit.current,
                          whitespace: true,
                          message: t('validation.exemptionDetail'),
                        }),
                      ]
                    : []
                }
              >
                <Input.TextArea rows={2} maxLength={2000} placeholder={none} />
              </Form.Item>
            </Col>
          </>
        )}
        {(kind === 'new' || kind === 'extend') && (
          <>
            <Col span={12}>
              <Form.Item name="position" label={t('fields.position')} {...required}>
                <Select placeholder={none} options={POSITIONS.map((p) => ({ value: p, label: t(`positions.${p}`) }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="workForm" label={t('fields.workForm')} {...required}>
                <Select
                  placeholder={none}
                  options={WORK_FORMS.map((f) => ({ value: f, label: t(`workForms.${f}`) }))}
                />
              </Form.Item>
            </Col>
          </>
        )}
        {kind !== 'renew' && (
          <>
            <Col span={12}>
              <Form.Item name="jobTitle" label={t('fields.jobTitle')} {...required}>
                <Input maxLength={255} placeholder={none} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="workplace" label={t('fields.workplace')} {...required}>
                <Input maxLength={500} placeholder={none} />
              </Form.Item>
            </Col>
          </>
        )}
        {(kind === 'new' || kind === 'confirm') && (
          <Col span={12}>
            <Form.Item
              name="period"
              label={t('fields.requestedPeriod')}
              required
              rules={[twoYears]}
              extra={t('form.periodHint')}
            >
              <DatePicker.RangePicker
                format="DD/MM/YYYY"
                style={{ width: '100%' }}
                placeholder={none ? [none, none] : [t('form.from'), t('form.to')]}
              />
            </Form.Item>
          </Col>
        )}
        {kind === 'extend' && (
          <Col span={12}>
            <Form.Item name="requestedTo" label={t('fields.requestedTo')} {...required} extra={t('form.extendHint')}>
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} placeholder={none} />
            </Form.Item>
          </Col>
        )}
        <Col span={24}>
          <Form.Item name="note" label={t('fields.note')}>
            <Input.TextArea rows={2} maxLength={2000} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
