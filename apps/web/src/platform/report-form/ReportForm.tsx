import { useEffect, useMemo, type ReactNode } from 'react';
import { Alert, Card, Col, Form, Row, Tag, Tooltip, Typography, theme, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '@portal/domain/languages';
import { computeTotals, emptyValues, validateValues, type FieldError } from '@portal/domain/report-forms/engine';
import type { FieldDefinition, ReportFormDefinition, ReportValues, Scalar } from '@portal/domain/report-forms/schema';
import type { ValueChange } from '@portal/domain/report-forms/values';
import { ComputedValue, FieldControl, fieldRules } from './FieldControl.tsx';
import { FieldNote } from './FieldNote.tsx';
import { ReportTable } from './ReportTable.tsx';
import { namePath, notesByPath, placeErrors, valueAt } from './paths.ts';

export interface ReportFormProps {
  definition: ReportFormDefinition;
  form: FormInstance<ReportValues>;
  /** The report's values (default: the definition's empty values). */
  initialValues?: ReportValues;
  readOnly?: boolean;
  /** 'draft' saves work in progress (types and bounds only); 'submit' (default) also requires and checks. */
  mode?: 'draft' | 'submit';
  /** Field errors the server answered (paths in the values; a leading `values.` is dropped). */
  errors?: readonly FieldError[];
  /** The reviewer's comments by path, shown beside the fields of a returned report. */
  comments?: Readonly<Record<string, string>>;
  /** What changed since the last filing (diffValues), highlighted. */
  changes?: readonly ValueChange[];
  /** The registers' figures by path (applyPrefill), shown where the declared value differs. */
  register?: Readonly<Record<string, Scalar>>;
  /** Called with the cleaned values once every rule and check passes. */
  onSubmit?: (values: ReportValues) => void;
  /** The actions (save, submit…), rendered at the end of the form. */
  children?: ReactNode;
}

/**
 * A report form drawn from its definition: sections as cards, fields with the engine's rules, tables, live
 * computed totals, and the notes of a review (comments, changes, register figures). Filing runs the same
 * validation as the server; its errors, like the server's, show beside the fields and the first is brought into
 * view.
 */
export function ReportForm({
  definition,
  form,
  initialValues,
  readOnly = false,
  mode = 'submit',
  errors,
  comments,
  changes,
  register,
  onSubmit,
  children,
}: ReportFormProps) {
  const { t, i18n } = useTranslation('reportForms');
  const lang = toLanguage(i18n.language);
  const { token } = theme.useToken();
  const initial = useMemo(() => initialValues ?? emptyValues(definition), [initialValues, definition]);
  const watched = Form.useWatch([], { form, preserve: true }) as ReportValues | undefined;
  const current = watched ?? initial;
  const totals = useMemo(() => computeTotals(definition, current), [definition, current]);
  const notes = useMemo(
    () => notesByPath(comments, changes, register, (path) => valueAt(current, path)),
    [comments, changes, register, current],
  );
  const requireFilled = mode === 'submit';

  useEffect(() => {
    if (errors?.length) placeErrors(form, errors);
  }, [errors, form]);

  const takeRegister = (path: string) => {
    const value = register?.[path];
    // The form's name type lists the top-level keys only; a table cell's path is checked by namePath.
    if (value !== undefined) form.setFieldValue(namePath(path) as [string], value);
  };

  const finish = (values: ReportValues) => {
    const tr = (key: string, vars?: Record<string, string | number>) => t(key, vars ?? {});
    const result = validateValues(definition, values, { t: tr, lang, mode });
    if (placeErrors(form, result.errors)) return;
    onSubmit?.(result.values);
  };

  const field = (f: FieldDefinition) => {
    const note = notes.get(f.id);
    const label = (
      <span>
        {f.label[lang]}
        {f.verified === false && (
          <Tooltip title={t('form.unverifiedItem')}>
            <Tag style={{ marginInlineStart: 6 }}>?</Tag>
          </Tooltip>
        )}
      </span>
    );
    const extra = (
      <>
        {f.help && <div>{f.help[lang]}</div>}
        <FieldNote notes={note} lang={lang} onUseRegister={readOnly ? undefined : () => takeRegister(f.id)} />
      </>
    );
    const wide = f.kind === 'longText' || f.kind === 'choice';
    return (
      <Col key={f.id} xs={24} md={wide ? 24 : 12} xl={wide ? 24 : 8}>
        {f.kind === 'computed' ? (
          <Form.Item label={label} tooltip={t('form.computed')} data-path={f.id}>
            <ComputedValue value={totals[f.id]} lang={lang} />
            {f.unit && <Typography.Text type="secondary"> {f.unit[lang]}</Typography.Text>}
          </Form.Item>
        ) : (
          <Form.Item
            name={f.id}
            label={label}
            required={f.required}
            rules={fieldRules(f, t, requireFilled)}
            extra={extra}
            data-path={f.id}
            style={note?.change ? { background: token.colorWarningBg, borderRadius: token.borderRadius } : undefined}
          >
            <FieldControl field={f} lang={lang} disabled={readOnly} />
          </Form.Item>
        )}
      </Col>
    );
  };

  return (
    <Form<ReportValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      disabled={readOnly}
      onFinish={finish}
      data-testid={`report-form-${definition.code}`}
    >
      <Typography.Paragraph type="secondary">
        {t('form.legalBasis')}: {definition.legalBasis[lang]}
      </Typography.Paragraph>
      {!definition.verified && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('form.unverified')}
          description={definition.sourceNote?.[lang]}
        />
      )}
      {definition.sections.map((s) => (
        <Card
          key={s.id}
          size="small"
          title={s.title[lang]}
          extra={s.verified === false ? <Tag>{t('form.unverifiedItem')}</Tag> : undefined}
          style={{ marginBottom: 16 }}
        >
          {s.help && <Typography.Paragraph type="secondary">{s.help[lang]}</Typography.Paragraph>}
          <Row gutter={16}>
            {s.items.map((item) =>
              item.kind === 'table' ? (
                <Col key={item.id} span={24} style={{ marginBottom: 16 }}>
                  <Typography.Title level={5}>{item.label[lang]}</Typography.Title>
                  {item.help && <Typography.Paragraph type="secondary">{item.help[lang]}</Typography.Paragraph>}
                  <ReportTable
                    table={item}
                    lang={lang}
                    readOnly={readOnly}
                    requireFilled={requireFilled}
                    totals={totals}
                    notes={notes}
                    onUseRegister={takeRegister}
                  />
                </Col>
              ) : (
                field(item)
              ),
            )}
          </Row>
        </Card>
      ))}
      {children}
    </Form>
  );
}
