import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { FileExcelOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { isMenuGroup, type MenuNode } from '@portal/domain/menu';
import type { StatisticDimension, StatisticInfo } from '@portal/domain/statistics/index';
import { defaultYear, yearOptions } from '@portal/domain/format';
import { can, useAccess } from '../../app/access.ts';
import { useConfiguration } from '../../app/configuration.ts';
import { useMenu } from '../../app/menu.ts';
import { abilityOf, routeByPath } from '../../app/route-table.ts';
import { toast } from '../../app/toast.ts';
import { saveFile } from '../../catalog/api.ts';
import { statisticsApi, statisticsKeys, wardsQuery } from './api.ts';
import {
  apiQuery,
  applyAddress,
  byChanges,
  clickChanges,
  readState,
  recordsLink,
  recordsPath,
  wardCode,
  wardId,
  type AddressChanges,
} from './state.ts';
import { errorText, Figures, SummaryLine, unitOf, useFigureFormat, useRowLabels } from './ui.tsx';
import { useWardMap } from './ward-map.ts';

/** The pages a menu leads to. */
function leafPaths(nodes: readonly MenuNode[], out = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (isMenuGroup(n)) leafPaths(n.children, out);
    else out.add(n.path);
  }
  return out;
}

/** An accent-free match for the commune picker's search ("dalat" finds "Đà Lạt"). */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase();

interface ExplorerProps {
  info: StatisticInfo;
  /** Pickers before the statistic's own (the analysis page's choice of statistic). */
  before?: ReactNode;
}

/**
 * One statistic explored through its address: year, measure, one or two breakdowns, a commune, an employer and a
 * filter on a value (`?year=&measure=&by=&by2=&ward=&employer=&filter=`), the summary line, the chart with its table,
 * the records behind the figures and the Excel export. A click on a bar, a commune or a row narrows the address.
 */
export function StatisticExplorer({ info, before }: ExplorerProps) {
  const { t } = useTranslation('statistics');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const state = useMemo(() => readState(info, params), [info, params]);
  const query = useMemo(() => apiQuery(state), [state]);
  const access = useAccess();
  const province = useConfiguration()?.provinceCode ?? null;
  const menu = useMenu();
  const menuPaths = useMemo(() => leafPaths(menu.items), [menu.items]);

  const answer = useQuery({
    queryKey: statisticsKeys.one(info.slug, query),
    queryFn: ({ signal }) => statisticsApi.one(info.slug, query, signal),
    placeholderData: keepPreviousData,
  });
  const wards = useQuery(wardsQuery(province));
  const usesMap = state.by === 'ward' || state.by2 === 'ward';
  const wardMap = useWardMap(usesMap ? province : null);

  const a = answer.data && answer.data.slug === info.slug ? answer.data : undefined;
  const format = useFigureFormat(unitOf(info, a?.measure ?? state.measure));
  const labels = useRowLabels(state.by, state.by2);
  const change = useCallback(
    (changes: AddressChanges) => setParams(applyAddress(params, changes), { replace: false }),
    [params, setParams],
  );
  const onSelect = useCallback(
    (dimension: StatisticDimension, key: string | null) => {
      const changes = clickChanges(dimension, key);
      if (changes) change(changes);
    },
    [change],
  );

  const [exporting, setExporting] = useState(false);
  const exportExcel = () => {
    setExporting(true);
    statisticsApi
      .export(info.slug, query)
      .then((file) => saveFile(file, `${t('page.exportFile')}-${info.slug}.xlsx`))
      .catch((err: unknown) => toast.error(errorText(err)))
      .finally(() => setExporting(false));
  };

  const year = state.year ?? a?.year ?? defaultYear();
  const listPath = info.records ? recordsPath(info.records, (p) => menuPaths.has(p)) : undefined;
  const records = recordsLink(info, state, year, listPath);
  const recordsRoute = listPath ? routeByPath(listPath) : undefined;
  const mayOpenRecords =
    recordsRoute !== undefined && can(access, abilityOf(recordsRoute).action, abilityOf(recordsRoute).subject);
  const mayExport = can(access, 'export', 'Statistics');

  // The value a filter keeps, as the rows name it (else its coded text).
  const filterLabel = (() => {
    const f = state.filter;
    if (!f) return null;
    const row = a?.rows.find((r) =>
      f.dimension === a.by ? r.key === f.key : f.dimension === a.by2 ? r.key2 === f.key : false,
    );
    const label = row ? (f.dimension === a?.by ? row.label : row.label2) : null;
    return `${t(`dimensions.${f.dimension}`)}: ${labels.of(f.dimension, f.key, label)}`;
  })();
  const employerLabel = (() => {
    if (!state.employer) return null;
    const row = a?.by === 'employer' ? a.rows.find((r) => r.key === state.employer) : undefined;
    return `${t('dimensions.employer')}: ${row?.label ?? state.employer.slice(0, 8)}`;
  })();

  const title = t(`items.${info.key}.title`);
  const wardOptions = (wards.data ?? []).map((u) => ({ value: u.id, label: u.fullName }));
  // A commune given by code ('24778') or by an id the list does not have still shows as chosen.
  const wardValue = state.ward
    ? (wards.data?.find((u) => u.id === state.ward || u.code === wardCode(state.ward!))?.id ?? state.ward)
    : undefined;

  return (
    <Card>
      <Flex vertical gap={12}>
        <Flex wrap gap={8} justify="space-between" align="center">
          <Typography.Paragraph
            type="secondary"
            style={{ margin: 0, flex: '1 1 420px' }}
            data-testid="statistic-description"
          >
            {t(`items.${info.key}.description`)}
          </Typography.Paragraph>
          <Space wrap>
            {records && mayOpenRecords && (
              <Button
                icon={<FolderOpenOutlined />}
                href={records}
                onClick={(e) => {
                  // A link (it opens in a new tab too), followed inside the app.
                  if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
                  e.preventDefault();
                  void navigate(records);
                }}
                data-testid="statistic-records"
              >
                {t('page.records')}
              </Button>
            )}
            {mayExport && (
              <Button
                icon={<FileExcelOutlined />}
                loading={exporting}
                disabled={!a}
                onClick={exportExcel}
                data-testid="statistic-export"
              >
                {t('page.export')}
              </Button>
            )}
          </Space>
        </Flex>
        <Flex wrap gap={8} align="center">
          <Flex wrap gap={8} align="center">
            {before}
            <Select
              aria-label={t('page.year')}
              value={year}
              style={{ width: 96 }}
              options={yearOptions().map((y) => ({ value: y, label: String(y) }))}
              onChange={(v: number) => change({ year: v === defaultYear() ? null : v })}
              data-testid="statistic-year"
            />
            {info.measures.length > 1 && (
              <Select
                aria-label={t('page.measure')}
                value={state.measure}
                style={{ width: 190 }}
                options={info.measures.map((m) => ({ value: m.key, label: t(`measures.${m.key}`) }))}
                onChange={(v: string) => change({ measure: v === info.measures[0]!.key ? null : v })}
                data-testid="statistic-measure"
              />
            )}
            {info.dimensions.length > 1 && (
              <>
                <Select
                  aria-label={t('page.by')}
                  prefix={t('page.by')}
                  value={state.by}
                  style={{ width: 220 }}
                  options={info.dimensions.map((d) => ({ value: d, label: t(`dimensions.${d}`) }))}
                  onChange={(v: StatisticDimension) => change(byChanges(state, v))}
                  data-testid="statistic-by"
                />
                <Select
                  aria-label={t('page.by2')}
                  value={state.by2 ?? null}
                  placeholder={t('page.by2None')}
                  allowClear
                  style={{ width: 190 }}
                  options={info.dimensions
                    .filter((d) => d !== state.by)
                    .map((d) => ({ value: d, label: t(`dimensions.${d}`) }))}
                  onChange={(v: StatisticDimension | undefined) =>
                    change({
                      by2: v ?? null,
                      ...(state.filter && state.filter.dimension !== state.by && state.filter.dimension !== v
                        ? { filter: null }
                        : {}),
                    })
                  }
                  data-testid="statistic-by2"
                />
              </>
            )}
            <Select
              aria-label={t('page.ward')}
              value={wardValue ?? null}
              placeholder={t('page.wardAll')}
              allowClear
              showSearch={{ filterOption: (input, o) => fold(String(o?.label ?? '')).includes(fold(input)) }}
              loading={wards.isLoading}
              disabled={!province}
              style={{ width: 200 }}
              options={wardOptions}
              onChange={(v: string | undefined) => change({ ward: v ?? null })}
              data-testid="statistic-ward"
            />
          </Flex>
        </Flex>
        {(filterLabel || employerLabel) && (
          <Flex wrap gap={8} align="center" data-testid="statistic-filters">
            <Typography.Text type="secondary">{t('page.filtered')}:</Typography.Text>
            {filterLabel && (
              <Tag
                closable
                closeIcon={<span aria-label={t('page.clearFilter')}>×</span>}
                onClose={() => change({ filter: null })}
              >
                {filterLabel}
              </Tag>
            )}
            {employerLabel && (
              <Tag
                closable
                closeIcon={<span aria-label={t('page.clearFilter')}>×</span>}
                onClose={() => change({ employer: null })}
              >
                {employerLabel}
              </Tag>
            )}
          </Flex>
        )}
        {answer.isError && (
          <Alert
            type="error"
            showIcon
            message={t('page.loadFailed')}
            description={errorText(answer.error)}
            action={
              <Button size="small" onClick={() => void answer.refetch()}>
                {t('page.retry')}
              </Button>
            }
            data-testid="statistic-error"
          />
        )}
        {!a && answer.isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
        {a && (
          <div style={{ opacity: answer.isPlaceholderData ? 0.6 : 1, transition: 'opacity 0.2s' }}>
            <Flex vertical gap={16}>
              <SummaryLine answer={a} format={format} />
              <Figures
                answer={a}
                info={info}
                title={title}
                format={format}
                wardMap={wardMap.data}
                onSelect={onSelect}
              />
            </Flex>
          </div>
        )}
      </Flex>
    </Card>
  );
}

/** A commune's id for a 5-digit code (the overview's map links). */
export const wardParam = (code: string): string => wardId(code) ?? code;
