import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined, InfoCircleOutlined, MessageOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@portal/domain/format';
import type { Language } from '@portal/domain/languages';
import type { Scalar } from '@portal/domain/report-forms/schema';
import type { FieldNotes } from './paths.ts';

/** A value as the notes show it (numbers grouped as the language writes them, booleans in words). */
export function shownValue(value: Scalar | undefined, lang: Language, t: (key: string) => string): string {
  if (value === null || value === undefined || value === '') return t('form.blank');
  if (typeof value === 'number') return formatNumber(value, lang, { maxDecimals: 6 });
  if (typeof value === 'boolean') return t(value ? 'form.yes' : 'form.no');
  return value;
}

/**
 * What shows under a field: the reviewer's comment, the value before the change, the register's figure (with a
 * button that takes it, unless the form is read-only).
 */
export function FieldNote({
  notes,
  lang,
  onUseRegister,
  compact,
}: {
  notes: FieldNotes | undefined;
  lang: Language;
  onUseRegister?: (() => void) | undefined;
  /** In a table cell: icons with the text in a tooltip. */
  compact?: boolean;
}) {
  const { t } = useTranslation('reportForms');
  if (!notes) return null;
  const show = (v: Scalar | undefined) => shownValue(v, lang, t);
  const lines: { key: string; icon: ReactNode; text: string; type?: 'warning' | 'secondary' }[] = [];
  if (notes.comment)
    lines.push({
      key: 'comment',
      icon: <MessageOutlined />,
      text: `${t('form.comment')}: ${notes.comment}`,
      type: 'warning',
    });
  if (notes.change)
    lines.push({
      key: 'change',
      icon: <EditOutlined />,
      text: t('form.changedFrom', { value: show(notes.change.before) }),
    });
  if (notes.register !== undefined)
    lines.push({
      key: 'register',
      icon: <InfoCircleOutlined />,
      text: t('form.register', { value: show(notes.register) }),
      type: 'secondary',
    });
  if (!lines.length) return null;
  if (compact)
    return (
      <Flex gap={4} data-testid="field-note">
        {lines.map((l) => (
          <Tooltip key={l.key} title={l.text}>
            <Typography.Text type={l.type} aria-label={l.text}>
              {l.icon}
            </Typography.Text>
          </Tooltip>
        ))}
      </Flex>
    );
  return (
    <Flex vertical gap={2} data-testid="field-note">
      {notes.change && (
        <span>
          <Tag color="gold">{t('form.changed')}</Tag>
        </span>
      )}
      {lines.map((l) => (
        <Typography.Text key={l.key} type={l.type}>
          {l.icon} {l.text}
          {l.key === 'register' && onUseRegister && (
            <Button size="small" type="link" onClick={onUseRegister}>
              {t('form.useRegister')}
            </Button>
          )}
        </Typography.Text>
      ))}
    </Flex>
  );
}
