import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Skeleton, Table, Timeline, Typography } from 'antd';
import type { FieldChange } from '@portal/domain/accidents/rules';
import { accidentApi, accidentKeys, type AccidentDetail } from '../api.ts';
import { errorText, money, showTime } from '../ui.tsx';

/** A changed field's label: 'victims.2.medicalCost' → "Người bị nạn 2 — Chi phí y tế" ('…Id'/'…Name' → the field). */
function useFieldLabel() {
  const { t } = useTranslation('accidents');
  const label = (prefix: string, key: string) =>
    t(`${prefix}.${key}`, { defaultValue: t(`${prefix}.${key.replace(/(Id|Name)$/, '')}`, { defaultValue: key }) });
  return (field: string) => {
    const m = /^victims\.(\d+)\.(\w+)$/.exec(field);
    if (m) return t('form.victimField', { n: m[1], field: label('fields.victim', m[2]!) });
    return label('fields', field);
  };
}

const MONEY = /(Cost|Damage)$/;

const shown = (field: string, value: unknown, t: (k: string) => string): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('form.yes') : t('form.no');
  if (typeof value === 'number') return MONEY.test(field) ? money(value) : String(value);
  if (field.endsWith('severity') && typeof value === 'string')
    return t(`${field.startsWith('victims.') ? 'victimSeverities' : 'severities'}.${value}`);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return showTime(value);
  return String(value);
};

/** Every version, newest first, each with what changed against the one before (ids hidden: their names show). */
export function VersionHistory({ detail }: { detail: AccidentDetail }) {
  const { t } = useTranslation('accidents');
  const label = useFieldLabel();
  const versions = useQuery({
    queryKey: accidentKeys.versions(detail.id),
    queryFn: ({ signal }) => accidentApi.versions(detail.id, signal),
  });
  const readable = (changes: FieldChange[]) =>
    changes.filter((c) => !/Id$/.test(c.field) || !changes.some((o) => o.field === c.field.replace(/Id$/, 'Name')));
  return (
    <Card size="small" title={t('form.historyTitle')} style={{ marginTop: 16 }} data-testid="accident-history">
      {versions.isLoading && <Skeleton active />}
      {versions.isError && <Alert type="error" showIcon message={errorText(versions.error)} />}
      {versions.data && (
        <Timeline
          items={versions.data.versions.map((v) => ({
            key: v.version,
            color: v.current ? 'blue' : 'gray',
            children: (
              <div data-testid={`version-${v.version}`}>
                <Typography.Text strong>
                  {t('form.historyVersion', { version: v.version })}
                  {v.current ? ` (${t('form.historyCurrent')})` : ''}
                </Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {t('form.historyBy', { at: showTime(v.at), name: v.changedByName ?? '—' })}
                </Typography.Text>
                <div>{v.reason ? t('form.historyReason', { reason: v.reason }) : t('form.historyFirst')}</div>
                {v.version > 1 &&
                  (readable(v.changes as FieldChange[]).length ? (
                    <Table
                      size="small"
                      style={{ marginTop: 8 }}
                      pagination={false}
                      rowKey="field"
                      dataSource={readable(v.changes as FieldChange[])}
                      columns={[
                        { title: t('form.diffField'), key: 'field', render: (_x, c) => label(c.field), width: '30%' },
                        { title: t('form.diffBefore'), key: 'before', render: (_x, c) => shown(c.field, c.before, t) },
                        { title: t('form.diffAfter'), key: 'after', render: (_x, c) => shown(c.field, c.after, t) },
                      ]}
                    />
                  ) : (
                    <Typography.Text type="secondary">{t('form.noChanges')}</Typography.Text>
                  ))}
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
