import { Button, Flex, Form, Table, Tag, Tooltip, Typography, theme } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/domain/languages';
import type { FieldDefinition, ReportRow, TableDefinition } from '@portal/domain/report-forms/schema';
import { ComputedValue, FieldControl, fieldRules } from './FieldControl.tsx';
import { FieldNote } from './FieldNote.tsx';
import type { FieldNotes } from './paths.ts';

const NUMERIC = new Set(['integer', 'decimal', 'computed']);

interface Props {
  table: TableDefinition;
  lang: Language;
  readOnly: boolean;
  requireFilled: boolean;
  totals: Readonly<Record<string, number | null>>;
  notes: ReadonlyMap<string, FieldNotes>;
  onUseRegister: (path: string) => void;
}

/**
 * A table of a report form: fixed rows (labelled per cause, age group…) or rows the filer adds, every cell a form
 * field with the same rules as a single field, computed columns and the total row kept live.
 */
export function ReportTable({ table, lang, readOnly, requireFilled, totals, notes, onUseRegister }: Props) {
  const { t } = useTranslation('reportForms');
  const { token } = theme.useToken();
  const fixed = table.fixedRows;
  const max = fixed ? fixed.length : (table.maxRows ?? Infinity);

  return (
    <Form.List name={table.id}>
      {(rows, { add, remove }, { errors }) => {
        const cell = (c: FieldDefinition) => (_: unknown, row: { name: number; key: number }) => {
          const path = `${table.id}.${row.name}.${c.id}`;
          const note = notes.get(path);
          const label = `${c.label[lang]} — ${fixed?.[row.name]?.label[lang] ?? `${t('form.row')} ${row.name + 1}`}`;
          if (c.kind === 'computed') return <ComputedValue value={totals[path]} lang={lang} />;
          return (
            <div
              style={
                note?.change ? { background: token.colorWarningBg, borderRadius: token.borderRadiusSM } : undefined
              }
            >
              <Form.Item
                name={[row.name, c.id]}
                rules={fieldRules(c, t, requireFilled)}
                style={{ margin: 0 }}
                data-path={path}
              >
                <FieldControl field={c} lang={lang} disabled={readOnly} label={label} />
              </Form.Item>
              <FieldNote
                notes={note}
                lang={lang}
                compact
                onUseRegister={readOnly ? undefined : () => onUseRegister(path)}
              />
            </div>
          );
        };
        const columns: ColumnsType<{ name: number; key: number }> = [
          fixed
            ? {
                key: '_row',
                title: table.rowHeader?.[lang] ?? '',
                fixed: 'left',
                width: 220,
                render: (_, row) => {
                  const r = fixed[row.name];
                  return (
                    <>
                      {r?.label[lang]}
                      {r?.verified === false && (
                        <Tooltip title={t('form.unverifiedItem')}>
                          <Tag style={{ marginInlineStart: 4 }}>?</Tag>
                        </Tooltip>
                      )}
                    </>
                  );
                },
              }
            : { key: '_row', title: '#', width: 48, render: (_, row) => row.name + 1 },
          ...table.columns.map((c) => ({
            key: c.id,
            title: (
              <span>
                {c.label[lang]}
                {c.required && !readOnly && <Typography.Text type="danger"> *</Typography.Text>}
                {c.unit && <Typography.Text type="secondary"> ({c.unit[lang]})</Typography.Text>}
              </span>
            ),
            width: NUMERIC.has(c.kind) ? 130 : 200,
            align: NUMERIC.has(c.kind) ? ('right' as const) : undefined,
            render: cell(c),
          })),
          ...(!fixed && !readOnly
            ? [
                {
                  key: '_remove',
                  width: 48,
                  render: (_: unknown, row: { name: number }) => (
                    <Button
                      size="small"
                      icon={<DeleteOutlined />}
                      aria-label={t('form.removeRow')}
                      disabled={rows.length <= (table.minRows ?? 0)}
                      onClick={() => remove(row.name)}
                    />
                  ),
                },
              ]
            : []),
        ];
        return (
          <Flex vertical gap={8} data-testid={`report-table-${table.id}`}>
            <Table
              size="small"
              bordered
              pagination={false}
              rowKey="key"
              dataSource={rows}
              columns={columns}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('form.noRows') }}
              summary={
                table.totals && rows.length
                  ? () => (
                      <Table.Summary.Row>
                        <Table.Summary.Cell index={0}>
                          <strong>{t('form.total')}</strong>
                        </Table.Summary.Cell>
                        {table.columns.map((c, i) => (
                          <Table.Summary.Cell key={c.id} index={i + 1} align="right">
                            {NUMERIC.has(c.kind) && <ComputedValue value={totals[`${table.id}.${c.id}`]} lang={lang} />}
                          </Table.Summary.Cell>
                        ))}
                      </Table.Summary.Row>
                    )
                  : undefined
              }
            />
            <Form.ErrorList errors={errors} />
            {!fixed && !readOnly && (
              <span>
                <Button
                  icon={<PlusOutlined />}
                  disabled={rows.length >= max}
                  onClick={() => add(Object.fromEntries(table.columns.map((c) => [c.id, null])) as ReportRow)}
                >
                  {t('form.addRow')}
                </Button>
              </span>
            )}
          </Flex>
        );
      }}
    </Form.List>
  );
}
